import Foundation
import Testing
import TestSupport
@testable import ListDocument

@Suite struct MarkdownWriterUntouchedTests {
    /// Saving the list exactly as read gives the file back, byte for byte.
    @Test func corpusSavesByteForByte() throws {
        for (name, bytes) in try Corpus.files() {
            let scan = MarkdownScanner.scan(bytes)
            #expect(try MarkdownWriter.write(bytes, scan, MarkdownList(scan), name: name) == bytes, "\(name)")
            #expect(try MarkdownWriter(file: bytes, scan: scan, name: name).render(MarkdownList(scan), wholeSections: false).bytes == bytes, "\(name)")
        }
    }

    /// Files with no section at all (only blank lines, or nothing) write back as they are, in
    /// one piece and unit by unit (found by the fuzzer: a file of one blank line crashed the
    /// unit-by-unit writer).
    @Test(arguments: ["", "\n", "\n\n", "\r\n", "  \n\t\n"])
    func filesWithoutSectionsSaveByteForByte(_ text: String) throws {
        let bytes = Array(text.utf8)
        let scan = MarkdownScanner.scan(bytes)
        #expect(try MarkdownWriter.write(bytes, scan, MarkdownList(scan), name: "blank.md") == bytes)
        #expect(try MarkdownWriter(file: bytes, scan: scan, name: "blank.md").render(MarkdownList(scan), wholeSections: false).bytes == bytes)
    }

    /// Block by block too (the writer copies an untouched file, or section, whole): every
    /// separator between untouched neighbours is the file's own.
    @Test func generatedDocumentsSaveByteForByte() throws {
        for seed in UInt64(1)...Generated.count * 3 {
            var generator = MarkdownGenerator(seed: seed)
            let bytes = generator.document()
            let scan = MarkdownScanner.scan(bytes)
            do {
                let writer = MarkdownWriter(file: bytes, scan: scan, name: "g.md")
                let out = try writer.render(MarkdownList(scan), wholeSections: false).bytes
                try writer.verify(out, MarkdownList(scan))
                #expect(out == bytes, "seed \(seed): \(String(decoding: out, as: UTF8.self).debugDescription)")
            } catch {
                Issue.record("seed \(seed): \(error) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
    }
}

@Suite struct MarkdownWriterEditTests {
    /// What cmark-gfm should find in the written file: the edited list's items and headings.
    static func expected(_ list: MarkdownList, _ scan: MarkdownScan, _ bytes: [UInt8]) -> CmarkReference.Document {
        var doc = CmarkReference.Document()
        for section in list.sections {
            switch section.heading {
            case .untitled: break
            case .original(let b, _, let level): doc.headings.append(.init(level: level, text: "\(b)"))
            case .new(_, let level): doc.headings.append(.init(level: level, text: ""))
            }
            for row in section.rows where ListEdits.isItem(row, scan) {
                // The row's text (compared with the unescaped source cmark-gfm finds).
                let text = row.text ?? MarkdownText.item(source: bytes[scan.blocks[row.block!].textRange])
                doc.items.append(.init(level: row.level, completed: row.checkbox, line: 0, text: CmarkReference.trim(text)))
            }
        }
        return doc
    }

    /// What a random edit came to: written (and what cmark-gfm found wrong in the file), or
    /// refused with one of the documented reasons (and what is wrong with the refusal: an
    /// undocumented message, or a documented one whose premise the list does not meet).
    enum Outcome {
        case written(problems: [String])
        case refused(message: String, problems: [String])

        var problems: [String] {
            switch self {
            case .written(let p), .refused(_, let p): p
            }
        }
    }

    /// Edits `bytes` at random, writes, and checks the result with cmark-gfm.
    static func check(_ bytes: [UInt8], seed: UInt64, edits: Int) throws -> Outcome {
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        var editor = ListEdits(seed: seed)
        editor.apply(edits, to: &list, scan)
        let out: [UInt8]
        do {
            out = try MarkdownWriter.write(bytes, scan, list, name: "t.md")
        } catch {
            return .refused(message: error.message, problems: refusalProblems(error.message, list, scan, bytes))
        }
        return .written(problems: try problems(out, list, scan, bytes))
    }

    /// A refusal must be one of those docs/file-formats.md lists under "What cannot be
    /// written", worded as the writer words it, and the places it names must be what it says
    /// they are: otherwise the list was expressible and the refusal is a failure.
    static func refusalProblems(_ message: String, _ list: MarkdownList, _ scan: MarkdownScan, _ bytes: [UInt8]) -> [String] {
        /// The row a message names ("row 2 of section 1").
        func row(_ r: Substring, _ s: Substring) -> MarkdownList.Row? {
            guard let s = Int(s), let r = Int(r), s < list.sections.count, r < list.sections[s].rows.count else { return nil }
            return list.sections[s].rows[r]
        }
        /// The original block of "the passage at row R of section S", "the heading of section S",
        /// "the text under row R of section S" or "row R of section S".
        func block(_ place: Substring) -> (kind: Substring, block: Int?)? {
            if let m = place.wholeMatch(of: /the heading of section (\d+)/) {
                guard let s = Int(m.output.1), s < list.sections.count else { return nil }
                if case .original(let b, _, _) = list.sections[s].heading { return ("heading", b) }
                return ("heading", nil)
            }
            guard let m = place.wholeMatch(of: /(the passage at |the text under )?row (\d+) of section (\d+)/),
                  let r = row(m.output.2, m.output.3) else { return nil }
            return (m.output.1 ?? "row", r.block)
        }
        /// Whether a block's first line is indented.
        func indented(_ b: Int) -> Bool {
            let first = scan.bytes(of: b, in: bytes).first
            return first == 0x20 || first == 0x09
        }
        let wrong = ["refused with an undocumented or mistaken reason: \(message)"]
        if let m = message.wholeMatch(of: /the front matter must stay first in the file \(it is row (\d+) of section (\d+)\)/) {
            guard let r = row(m.output.1, m.output.2), let b = r.block, scan.blocks[b].kind == .passage, scan.blocks[b].passageKind == .frontMatter,
                  m.output.1 != "0" || m.output.2 != "0" else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /(.+) cannot follow (.+): Markdown would read it, indented as it is, as part of that row/) {
            // A passage or heading indented (as deep as the item's text) after an item.
            guard let y = block(m.output.1), let x = block(m.output.2), y.kind != "row", x.kind != "the passage at ",
                  let b = y.block, indented(b) else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /(.+) cannot follow (.+): Markdown would read the two code blocks as one/) {
            guard let y = block(m.output.1)?.block, let x = block(m.output.2)?.block,
                  scan.blocks[x].passageKind == .indentedCode, scan.blocks[y].passageKind == .indentedCode else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /(.+) cannot follow (.+): that ends inside an HTML block that never closes, which would take it in/) {
            guard block(m.output.1) != nil, let x = block(m.output.2), let b = x.block,
                  scan.blocks[b].ending == .unclosed, scan.unclosedFences[b] == nil else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /cannot change the first line of row (\d+) of section (\d+): it opens a code block or HTML block that the lines under it belong to/) {
            // An original item whose first line changes (text or checkbox) and has lines under it.
            guard let r = row(m.output.1, m.output.2), let b = r.block, scan.blocks[b].kind == .item,
                  r.text != nil || (r.checkbox == nil) != (scan.blocks[b].checkbox == nil) else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /cannot empty the first line of row (\d+) of section (\d+): the lines under it belong to its first paragraph and would read as something else/) {
            guard let r = row(m.output.1, m.output.2), r.block != nil, r.text == "" else { return wrong }
            return []
        }
        if let m = message.wholeMatch(of: /the text under row (\d+) of section (\d+) would become part of row (\d+) of section (\d+): its indentation no longer fits there/) {
            // Text after an item's nested items, and a deeper item written above it.
            guard let owner = row(m.output.1, m.output.2), let inner = row(m.output.3, m.output.4), owner.block != nil,
                  inner.level > owner.level else { return wrong }
            return []
        }
        return wrong
    }

    /// Runs `check` on every case, records the first problems, and fails when any case has one
    /// or when more than `maxRefused` of the cases were refused (each refusal documented, but a
    /// test that refuses most edits checks little).
    static func run(_ cases: [(name: String, bytes: [UInt8], seed: UInt64, edits: Int)], maxRefused: Double) throws {
        var failures = 0, refused = 0
        for c in cases {
            let outcome = try check(c.bytes, seed: c.seed, edits: c.edits)
            if case .refused = outcome { refused += 1 }
            guard !outcome.problems.isEmpty else { continue }
            failures += 1
            if failures <= 5 {
                Issue.record("\(c.name) seed \(c.seed): \(outcome.problems.joined(separator: "; ")) from \(String(decoding: c.bytes, as: UTF8.self).debugDescription)")
            }
        }
        #expect(failures == 0)
        #expect(Double(refused) <= maxRefused * Double(cases.count), "\(refused) of \(cases.count) edited lists refused")
    }

    /// What cmark-gfm finds in `out` (written for `list` over `bytes`) that `list` does not say:
    /// other items, task states, levels or heading levels.
    static func problems(_ out: [UInt8], _ list: MarkdownList, _ scan: MarkdownScan, _ bytes: [UInt8]) throws -> [String] {
        let back = MarkdownScanner.scan(out)
        var body = out[...]
        if let first = back.blocks.first, first.kind == .passage, first.passageKind == .frontMatter { body = out[back.end(of: 0)...] }
        let reference = try CmarkReference.read(Array(body))
        let want = expected(list, scan, bytes)
        var problems: [String] = []
        let lines = CmarkReference.sourceLines(Array(body))
        if reference.items.count != want.items.count {
            problems.append("cmark finds \(reference.items.count) items, the list has \(want.items.count)")
        }
        for (k, (r, w)) in zip(reference.items, want.items).enumerated() {
            var w = w
            w.line = r.line
            if let checked = w.completed, r.line >= 1, r.line <= lines.count {
                let text = String(decoding: lines[r.line - 1], as: UTF8.self)
                w.completed = checked || text.contains("[x]") || text.contains("[X]")
            }
            var r = r
            r.text = r.text.map { CmarkReference.trim(MarkdownText.item(source: Array($0.utf8))) }
            if r.text == nil { w.text = nil }
            if r.line == 1 && body.starts(with: [0xEF, 0xBB, 0xBF]) {  // (see ScanComparison)
                if w.completed != nil { w.text = r.text }
                w.completed = nil
            }
            let next = reference.items[(k + 1)...].first { $0.level <= r.level }?.line ?? lines.count + 1
            if r.completed != w.completed, (r.line..<max(r.line, min(lines.count, next - 1)))
                .contains(where: { ScanComparison.looksLikeTask(String(decoding: lines[$0], as: UTF8.self)) }) {
                // cmark-gfm 0.29 also reads a task from a later line of the item (see ScanComparison).
                w.completed = r.completed
            }
            if r != w { problems.append("item \(k): cmark \(r), list \(w)") }
        }
        if reference.headings.map(\.level) != want.headings.map(\.level) {
            problems.append("heading levels: cmark \(reference.headings.map(\.level)), list \(want.headings.map(\.level))")
        }
        if reference.items.count == want.items.count {
            // Which list and which section each item is in, and which item it is nested in.
            var rows: [(section: Int, row: Int)] = []
            let structure = ListStructure.of(list, scan, rows: &rows)
            let original = ListStructure.blocks(scan)
            let owners = Set(scan.blocks.filter { $0.kind == .tail }.map(\.owner))
            func row(_ k: Int) -> MarkdownList.Row { list.sections[rows[k].section].rows[rows[k].row] }
            // The first list of each run of neighbouring lists of the file (`- a` then `* b`
            // under one parent).
            func fileRun(_ b: Int) -> Int {
                var l = original.list[b]
                while original.previous[l] >= 0 { l = original.list[original.previous[l]] }
                return l
            }
            problems += structure.differences(reference) { a, b in
                // Text of their parent after its nested items (a tail) may stand between them.
                let p = structure.parents[b]
                if p >= 0 && row(p).block.map(owners.contains) == true { return true }
                // A boundary between neighbouring lists of the file stays: an item of the upper
                // list above the break, one of the lower below it.
                let siblings = structure.lists.indices.filter { structure.lists[$0] == structure.lists[a] }
                let above = siblings.filter { $0 <= a }.compactMap { row($0).block }
                let below = siblings.filter { $0 >= b }.compactMap { row($0).block }
                return above.contains { x in
                    below.contains { y in fileRun(x) == fileRun(y) && original.list[x] < original.list[y] }
                }
            }
            // Two neighbouring lists of the file whose items are all still in order (every item
            // of the upper one above every item of the lower one, in one run of siblings) stay
            // two lists: a merge is a failure.
            var byList: [Int: [Int: [Int]]] = [:]   // expected list → file list → items
            for k in structure.lists.indices {
                guard let b = row(k).block else { continue }
                byList[structure.lists[k], default: [:]][original.list[b], default: []].append(k)
            }
            for (_, lists) in byList {
                for (lower, items) in lists {
                    let previous = original.previous[lower]
                    guard previous >= 0, let upper = lists[original.list[previous]], let x = upper.last, let y = items.first, x < y else { continue }
                    if reference.lists[x] == reference.lists[y] {
                        problems.append("items \(x) and \(y): two lists in the file, in order, but cmark reads one")
                    }
                }
            }
            problems += untouchedBytesProblems(out, back, list, scan, bytes)
            let untitled = list.sections.first?.heading == .untitled
            for (k, item) in reference.items.enumerated() {
                let before = reference.headings.count { $0.line < item.line }
                let want = rows[k].section + (untitled ? 0 : 1)
                if before != want { problems.append("item \(k): cmark reads it after \(before) headings, the list after \(want)") }
            }
        }
        if !problems.isEmpty { problems.append("written: \(String(decoding: out, as: UTF8.self).debugDescription)") }
        return problems
    }

    /// Rows the edit did not touch whose bytes changed: a passage's content, or the content of
    /// an item that stayed in place (in every longest run of rows still in the file's order),
    /// with its text, checkbox, level and parent, under items that stayed likewise and kept
    /// their indentation and marker, and that kept its number (a renumbered item may be
    /// re-indented).
    static func untouchedBytesProblems(_ out: [UInt8], _ back: MarkdownScan, _ list: MarkdownList, _ scan: MarkdownScan, _ bytes: [UInt8]) -> [String] {
        var outBlocks: [Int] = []
        back.forEachSection { _ in } row: { outBlocks.append($0) }
        var rows: [MarkdownList.Row] = []
        for section in list.sections { rows += section.rows }
        guard outBlocks.count == rows.count else { return [] }   // (the writer's check says why)
        // Rows in every longest increasing run of original blocks: they stayed in place.
        let sequence = rows.indices.compactMap { i in rows[i].block.map { (i, $0) } }
        func longest(_ values: [Int]) -> [Int] {   // per position: the longest increasing run ending there
            var tails: [Int] = [], result: [Int] = []
            for v in values {
                var lo = 0, hi = tails.count
                while lo < hi { let mid = (lo + hi) / 2; if tails[mid] < v { lo = mid + 1 } else { hi = mid } }
                if lo == tails.count { tails.append(v) } else { tails[lo] = v }
                result.append(lo + 1)
            }
            return result
        }
        let left = longest(sequence.map(\.1))
        let right = Array(longest(sequence.map { -$0.1 }.reversed()).reversed())
        let total = left.max() ?? 0
        var onLength: [Int: Int] = [:]
        for j in sequence.indices where left[j] + right[j] - 1 == total { onLength[left[j], default: 0] += 1 }
        var stayed = Set<Int>()
        for j in sequence.indices where left[j] + right[j] - 1 == total && onLength[left[j]] == 1 { stayed.insert(sequence[j].0) }
        let original = ListStructure.blocks(scan)
        func content(_ b: Int, _ file: [UInt8], _ s: MarkdownScan) -> ArraySlice<UInt8> {
            var c = file[MarkdownWriter.split(b, file, s).content]
            if c.starts(with: [0xEF, 0xBB, 0xBF]) { c = c.dropFirst(3) }
            while let last = c.last, last == 0x0A || last == 0x0D { c = c.dropLast() }
            return c
        }
        /// Indentation and marker, and what lies between the marker and the text.
        func head(_ b: Int, _ file: [UInt8], _ s: MarkdownScan) -> (ArraySlice<UInt8>, Int) {
            let block = s.blocks[b]
            let start = MarkdownWriter.lineStart(file, before: block.markerOffset)
            return (file[start..<(block.markerOffset + block.markerWidth)], block.textRange.lowerBound - block.markerOffset - block.markerWidth)
        }
        let writer = MarkdownWriter(file: bytes, scan: scan, name: "t.md")
        var problems: [String] = []
        var keptHead = Array(repeating: false, count: rows.count)   // an item that stayed with its columns
        var atLevel: [Int] = []   // row indices of the open items by level
        for (i, row) in rows.enumerated() {
            let ob = outBlocks[i]
            guard let b = row.block else {
                if back.blocks[ob].kind == .item { atLevel.removeLast(max(0, atLevel.count - row.level)); atLevel.append(i) } else { atLevel.removeAll() }
                continue
            }
            if scan.blocks[b].kind == .passage {
                atLevel.removeAll()
                let was = content(b, bytes, scan), now = content(ob, out, back)
                let same = scan.blocks[b].ending == .unclosed ? now.starts(with: was) : now.elementsEqual(was)
                if !same { problems.append("row \(i): a passage's bytes changed: \(String(decoding: now, as: UTF8.self).debugDescription)") }
                continue
            }
            atLevel.removeLast(max(0, atLevel.count - row.level))
            let parent = atLevel.last ?? -1
            atLevel.append(i)
            let parentBlock = parent >= 0 ? rows[parent].block ?? -2 : -1
            let untouched = stayed.contains(i) && row.level == Int(scan.blocks[b].level) && parentBlock == original.parent[b]
                && (parent < 0 || keptHead[parent]) && (row.text == nil || row.text == MarkdownText.item(source: bytes[scan.blocks[b].textRange]))
                && row.checkbox == scan.blocks[b].checkbox
            guard untouched else { continue }
            let (h0, p0) = head(b, bytes, scan), (h1, p1) = head(ob, out, back)
            if case .ordered(let n0, _) = scan.blocks[b].marker, case .ordered(let n1, _) = back.blocks[ob].marker, n0 != n1 {
                continue   // renumbered: its lines may move
            }
            keptHead[i] = h0.elementsEqual(h1) && p0 == p1
            // (An item that shares its first line with another, `- - a`, is written with it.)
            let g = writer.geometry(b)
            if g.startsMidLine || g.endsMidLine { continue }
            // (What follows it in the file may now be read as part of its block: text of its
            // parent after nested items that moved away.)
            let was = content(b, bytes, scan), now = content(ob, out, back)
            let rest = now.dropFirst(was.count)
            let same = now.starts(with: was) && (scan.blocks[b].ending == .unclosed || rest.isEmpty || rest.first == 0x0A || rest.first == 0x0D)
            if !same {
                problems.append("row \(i): an untouched item's bytes changed: \(String(decoding: was, as: UTF8.self).debugDescription) became \(String(decoding: now, as: UTF8.self).debugDescription)")
            }
        }
        return problems
    }

    @Test func corpusAfterRandomEdits() throws {
        var cases: [(name: String, bytes: [UInt8], seed: UInt64, edits: Int)] = []
        for (name, bytes) in try Corpus.files() {
            for seed in UInt64(1)...20 { cases.append((name, bytes, seed, Int(seed % 7) + 1)) }
        }
        try Self.run(cases, maxRefused: 0.1)
    }

    @Test func generatedDocumentsAfterRandomEdits() throws {
        var cases: [(name: String, bytes: [UInt8], seed: UInt64, edits: Int)] = []
        for seed in UInt64(1)...Generated.count {
            var generator = MarkdownGenerator(seed: seed)
            cases.append(("generated", generator.document(), seed, Int(seed % 5) + 1))
        }
        try Self.run(cases, maxRefused: 0.1)
    }
}
