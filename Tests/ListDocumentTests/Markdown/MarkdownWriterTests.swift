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

    /// Edits `bytes` at random, writes, and checks the result with cmark-gfm. Returns problems.
    static func check(_ bytes: [UInt8], seed: UInt64, edits: Int) throws -> [String] {
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        var editor = ListEdits(seed: seed)
        editor.apply(edits, to: &list, scan)
        let out: [UInt8]
        do {
            out = try MarkdownWriter.write(bytes, scan, list, name: "t.md")
        } catch {
            // What Markdown cannot express: an item right before a passage indented into it, or
            // after an HTML block left open; two indented code blocks in a row; a new first line
            // for an item whose first line opens a code or HTML block; text under an item that an
            // item above it, written narrower, would take in.
            if ["as part of that row", "never closes", "as one", "lines under it belong", "no longer fits"].contains(where: error.message.contains) {
                return []
            }
            return ["write failed: \(error)"]
        }
        return try problems(out, list, scan, bytes)
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
        if !problems.isEmpty { problems.append("written: \(String(decoding: out, as: UTF8.self).debugDescription)") }
        return problems
    }

    @Test func corpusAfterRandomEdits() throws {
        var failures = 0
        for (name, bytes) in try Corpus.files() {
            for seed in UInt64(1)...20 {
                let problems = try Self.check(bytes, seed: seed, edits: Int(seed % 7) + 1)
                if !problems.isEmpty {
                    failures += 1
                    if failures <= 5 { Issue.record("\(name) seed \(seed): \(problems.joined(separator: "; "))") }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func generatedDocumentsAfterRandomEdits() throws {
        var failures = 0
        for seed in UInt64(1)...Generated.count {
            var generator = MarkdownGenerator(seed: seed)
            let bytes = generator.document()
            let problems = try Self.check(bytes, seed: seed, edits: Int(seed % 5) + 1)
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record("seed \(seed): \(problems.joined(separator: "; ")) from \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(failures == 0)
    }
}
