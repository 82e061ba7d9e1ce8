import TableKit
import ListStorage
internal import Algorithms

/// `listedit merge`: three versions of a list file merged into ours' bytes (docs/merging.md).
extension ListDocument {
    /// One version of a file given to `merge(base:ours:theirs:format:name:)`: its bytes, and
    /// the name its errors give (`BASE`'s path, say).
    package struct MergeInput {
        package var bytes: [UInt8]
        package var name: String
        package init(bytes: [UInt8], name: String) { self.bytes = bytes; self.name = name }
    }

    /// Merges the versions `ours` and `theirs` of a list file with their ancestor `base`
    /// (`ListMerge`), written over ours: a row or heading not involved in a change keeps its
    /// bytes (a save's surgical write, over ours' file; a row taken from theirs brings its own
    /// bytes, its other lines included, written in place of ours' row's lines where only theirs
    /// changed it and did not move it, so that the blank lines around it stay ours'). Each conflict is written as git writes one, around that
    /// row's lines only (`<<<<<<< ours`, ours' version, `=======`, theirs', `>>>>>>> theirs`).
    ///
    ///     let (bytes, conflicts) = try ListDocument.merge(base: b, ours: o, theirs: t, format: .markdown, name: "todo.md")
    ///
    /// - Parameter name: the file the result is for (messages about what it cannot hold).
    /// - Throws: a version's parse error (naming that version), or what the format cannot hold.
    /// - Complexity: O(n log n) for n rows, typically, plus the write (O(size of the file)).
    package static func merge(base: MergeInput, ours: MergeInput, theirs: MergeInput, format: ListFormat,
                              name: String) throws(DocumentError) -> (bytes: [UInt8], conflicts: Int) {
        let b = try parse(base.bytes, format: format, name: base.name, generation: 3)
        var o = try parse(ours.bytes, format: format, name: ours.name, generation: 1)
        let t = try parse(theirs.bytes, format: format, name: theirs.name, generation: 2)
        let (baseVersion, _) = mergeVersion(b.0, b.2, forms: true)
        var (oursVersion, oursRows) = mergeVersion(o.0, o.2, forms: true)
        let (theirsVersion, theirsRows) = mergeVersion(t.0, t.2, forms: true)
        var result = ListMerge.merge(base: baseVersion, ours: oursVersion, theirs: theirsVersion, theirsInPlace: format == .markdown)
        var oursBytes = ours.bytes
        // Rows whose lines merged line by line, and rows theirs changed where ours has them: ours'
        // file with those lines, read again, so that the writer copies them as any row's bytes.
        // Should the lines read as other rows there, theirs' rows are rows of their own instead,
        // and failing that, rows whose lines both sides changed are conflicts.
        for (linesOfRows, inPlace) in [(true, true), (true, false), (false, false)] where format != .json {
            if !linesOfRows || !inPlace {
                result = ListMerge.merge(base: baseVersion, ours: oursVersion, theirs: theirsVersion, linesOfRows: linesOfRows)
            }
            if result.mergedLines.isEmpty && result.theirsInPlace.isEmpty { break }
            guard let file = o.2 as? MarkdownFormat.File, let theirsFile = t.2 as? MarkdownFormat.File else { continue }
            let blocks = result.theirsInPlace.compactMapValues { k in linesRange(of: theirsRows[k].id, in: theirsFile).map { Array(theirsFile.bytes[$0.range]) } }
            if let patched = withMergedLines(result.mergedLines, blocks: blocks, rows: oursRows, in: file),
               let again = try? parse(patched, format: format, name: ours.name, generation: 1),
               case let (version, rows) = mergeVersion(again.0, again.2, forms: true),
               version.ranges == oursVersion.ranges,
               version.rows.indices.allSatisfy({ j in
                   if let k = result.theirsInPlace[j] { return version.rows[j] == theirsVersion.rows[k] }
                   guard let lines = result.mergedLines[j] else { return version.rows[j] == oursVersion.rows[j] }
                   return version.rows[j].body == lines && version.rows[j].attributes == oursVersion.rows[j].attributes
                       && (version.rows[j].attributes.isPassage || version.rows[j].text == oursVersion.rows[j].text)
               }) {
                (o, oursBytes, oursVersion, oursRows) = (again, patched, version, rows)
                break
            }
        }
        // Front matter changed two ways: ours' is written, and the markers with theirs around
        // it once the rest is written (theirs' after ours' would not read as front matter).
        var frontMatter: (ours: [UInt8], theirs: [UInt8])?
        let conflictOfFirstRows: [ListMerge.Item] = [.conflictStart, .row(.ours(0)), .conflictMiddle, .row(.theirs(0)), .conflictEnd]
        if let oursFile = o.2 as? MarkdownFormat.File, let theirsFile = t.2 as? MarkdownFormat.File,
           result.sections.first.map({ Array($0.items.prefix(5)) == conflictOfFirstRows }) == true,
           isFrontMatter(oursRows[0].id, in: oursFile), isFrontMatter(theirsRows[0].id, in: theirsFile) {
            frontMatter = (otherLines(of: oursRows[0].id, in: oursFile), otherLines(of: theirsRows[0].id, in: theirsFile))
            result.sections[0].items.replaceSubrange(0..<5, with: [.row(.ours(0))])
        }
        var doc = ListDocument(model: o.0, path: nil, format: format)
        doc.path = name
        (doc.file, doc.lineEnding) = (o.2, o.1)
        // The keys listedit does not know of a JSON list: ours', theirs' for rows taken from
        // theirs, merged line by line (`keyLines`) where both sides changed a row's, a
        // section's or the document's.
        var extras = o.2 as? JSONListFormat.Extras
        let theirExtras = t.2 as? JSONListFormat.Extras, baseExtras = b.2 as? JSONListFormat.Extras
        let knownKeys = [baseExtras, extras, theirExtras].flatMap { e in (e?.rows.values).map(Array.init) ?? [] }
        doc.savedBytes = oursBytes
        doc.savedModel = o.0
        doc.savedModelIsRead = true
        doc.generation = 3

        // The merged model, over ours (its rows keep their identities, and so their bytes).
        let markdown = format == .markdown
        var model = o.0
        model.sections = []
        var markers: [(item: ListMerge.Item, position: MarkerPosition)] = []
        // Per conflict holding both versions: ours' row and theirs' (flat indices).
        var pairs: [(ours: Int, theirs: Int)] = []
        var titleConflicts: [(section: Int, theirs: String)] = []
        var flat = 0
        func make(_ pick: ListMerge.Pick) -> ListModel.Row {
            func adopted(_ row: ListModel.Row, text: String, attributes: ListModel.Row.Attributes) -> ListModel.Row {
                if markdown { return ListModel.Row(id: row.id, text: text, attributes: attributes) }
                let made = model.makeRow(text, attributes: attributes)
                if let keys = theirExtras?.rows[row.id] { extras?.rows[made.id] = keys }
                return made
            }
            switch pick {
            case .ours(let j): return oursRows[j]
            case .theirs(let k): return adopted(theirsRows[k], text: theirsRows[k].text, attributes: theirsRows[k].attributes)
            case .combined(.ours, let i, let text, let attributes):
                // A passage whose lines merged: its text is its merged first line.
                let passageLines = attributes.isPassage && result.mergedLines[i] != nil
                if !markdown, let lines = result.mergedLines[i], let keys = keys(ofLines: lines, known: knownKeys) {
                    extras?.rows[oursRows[i].id] = keys.isEmpty ? nil : keys
                }
                return ListModel.Row(id: oursRows[i].id, text: passageLines ? oursRows[i].text : text, attributes: attributes)
            case .combined(.theirs, let i, let text, let attributes): return adopted(theirsRows[i], text: text, attributes: attributes)
            }
        }
        // A JSON section's source is its place in the file read: theirs' sections get new ones.
        var nextSource: UInt64 = extras == nil ? 0 : (o.0.sections.compactMap(\.source).max() ?? 0) &+ 1
        for merged in result.sections {
            var section = merged.from == .ours ? o.0.sections[merged.index] : t.0.sections[merged.index]
            if merged.from == .theirs && !markdown { section.source = nil }
            if var json = extras {
                let keys = { (e: JSONListFormat.Extras?, v: [ListModel.Section], i: Int?) in i.flatMap { v[$0].source }.flatMap { e?.sections[$0] } ?? [] }
                let (x, y, z) = (keys(baseExtras, b.0.sections, merged.base), keys(extras, o.0.sections, merged.from == .ours ? merged.index : nil),
                                 keys(theirExtras, t.0.sections, merged.theirs))
                let mergedKeys = mergeKeys(x, y, z, known: [x, y, z])
                if mergedKeys == nil { result.conflicts += 1 }
                let kept = mergedKeys ?? y
                if section.source == nil && !kept.isEmpty { section.source = nextSource; nextSource += 1 }
                if let source = section.source { json.sections[source] = kept.isEmpty ? nil : kept }
                extras = json
            }
            section.title = merged.title
            // The first heading deleted on a side (its rows now open that side's file,
            // untitled): first, the section is written without a heading, not with an empty
            // one (`#`); after sections the other side added above it, its rows join the
            // section above, as under a deleted heading (an untitled section cannot follow one).
            let headingDeleted = markdown && merged.title.isEmpty && merged.titleConflict == nil
                && [merged.from == .ours ? o.0.sections[merged.index] : t.0.sections[merged.index], merged.theirs.map { t.0.sections[$0] }]
                    .contains(where: { $0?.source == MarkdownFormat.untitled })
            if headingDeleted { section.source = MarkdownFormat.untitled }
            if let conflict = merged.titleConflict { titleConflicts.append((model.sections.count, conflict.theirs)) }
            var rows: [ListModel.Row] = []
            var above: Int?
            var pending: [ListMerge.Item] = []
            // In a conflict: the part being written (after `conflictStart`: ours', after
            // `conflictMiddle`: theirs'), and ours' row there (its flat index).
            var part: ListMerge.Item?
            var oursRow: Int?
            for item in merged.items {
                switch item {
                case .row(let pick):
                    var row = make(pick)
                    if row.isPassage {
                        above = nil
                    } else {
                        row.level = min(row.level, RowList.levelCap(below: above))
                        above = row.level
                    }
                    if part == .conflictStart { oursRow = flat }
                    if part == .conflictMiddle, let o = oursRow, pending == [.conflictMiddle] {
                        // Theirs' version after ours': `=======` right after ours' lines, the
                        // blank lines between the two dropped, so that those after the
                        // conflict stay outside it, for either side.
                        markers.append((.conflictMiddle, .between(o)))
                        pairs.append((o, flat))
                    } else {
                        markers += pending.map { ($0, .before(flat)) }
                    }
                    pending = []
                    rows.append(row)
                    flat += 1
                case .conflictStart, .conflictMiddle:
                    if item == .conflictStart { oursRow = nil }
                    part = item
                    pending.append(item)
                case .conflictEnd:
                    part = nil
                    markers += (pending + [item]).map { ($0, .after(flat - 1)) }
                    pending = []
                }
            }
            if headingDeleted, let last = model.sections.indices.last {
                model.sections[last].rows.append(contentsOf: rows)
            } else {
                section.rows = RowList(rows)
                model.sections.append(section)
            }
        }
        doc.model = model
        if var json = extras {
            let (x, y, z) = (baseExtras?.top ?? [], json.top, theirExtras?.top ?? [])
            if let top = mergeKeys(x, y, z, known: [x, y, z]) { json.top = top } else { result.conflicts += 1 }
            // Keys changed, rows maybe not: the file is written, not ours' bytes copied.
            if let read = o.2 as? JSONListFormat.Extras, !sameKeys(read, json) { doc.savedBytes = nil }
            doc.file = json
        }
        if let file = t.2 as? MarkdownFormat.File { doc.earlierVersions = [file.buffer] }
        var bytes = try doc.serialized()
        if !markers.isEmpty || !titleConflicts.isEmpty {
            bytes = try withConflictMarkers(bytes, markers, pairs, titleConflicts, format: format, name: name, lineEnding: o.1)
        }
        if let frontMatter, bytes.starts(with: frontMatter.ours) {
            let newline = Array(o.1.utf8)
            func line(_ text: String) -> [UInt8] { Array(text.utf8) + newline }
            func ended(_ lines: [UInt8]) -> [UInt8] { lines.last == 0x0A || lines.isEmpty ? lines : lines + newline }
            var rest = bytes[frontMatter.ours.count...]
            // Ours' last line's ending, when its lines stop before it.
            if frontMatter.ours.last != 0x0A {
                if rest.first == 0x0D { rest = rest.dropFirst() }
                if rest.first == 0x0A { rest = rest.dropFirst() }
            }
            bytes = line("<<<<<<< ours") + ended(frontMatter.ours) + line("=======") + ended(frontMatter.theirs) + line(">>>>>>> theirs") + rest
        }
        if format != .json && o.1 == t.1 { bytes = withEnds(bytes, base: base.bytes, ours: ours.bytes, theirs: theirs.bytes) }
        if format != .json && o.1 != t.1 {
            // The line ending merged as a row's part is: theirs' where only theirs changed it,
            // else ours'. Rows taken from the other side end their lines so too, when the side
            // whose ending it is ends every line so (none is left mixed).
            let (ending, model) = o.1 == b.1 ? (t.1, theirs.bytes) : (o.1, ours.bytes)
            if withLineEnding(model, ending) == model { bytes = withLineEnding(bytes, ending) }
        }
        if format == .markdown, ours.bytes.starts(with: PlainTextFormat.byteOrderMark), !bytes.starts(with: PlainTextFormat.byteOrderMark) {
            // Ours' byte-order mark is kept: the writer keeps it before ours' first block, which
            // a row of theirs can now precede (added or moved first).
            bytes = PlainTextFormat.byteOrderMark + bytes
        }
        return (bytes, result.conflicts)
    }

    /// The file's ends merged as its rows are: the blank lines that open it and those that close
    /// it (with its final newline, or none) are ours' as the writer keeps them, or theirs' where
    /// only theirs changed them (`- N6` added to a file of one blank line: no blank line first).
    ///
    ///     withEnds(Array("\n- N6\n".utf8), base: Array("\n".utf8), ours: Array("\n".utf8), theirs: Array("- N6\n\n".utf8))   // "- N6\n\n"
    ///
    /// - Complexity: O(size of the blank ends).
    static func withEnds(_ bytes: [UInt8], base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8] {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        // The blank lines at the start (whole lines), and from the end of the last text on.
        func opening(_ b: [UInt8]) -> Int {
            var n = 0
            for (i, byte) in b.enumerated() {
                if byte == 0x0A { n = i + 1 } else if !blank(byte) { break }
            }
            return n
        }
        func closing(_ b: [UInt8]) -> Int { b.count - (b.lastIndex { !blank($0) }.map { $0 + 1 } ?? b.count) }
        var out = bytes
        let (x, y, z) = (closing(base), closing(ours), closing(theirs))
        if base.suffix(x) == ours.suffix(y) && base.suffix(x) != theirs.suffix(z) && out.contains(where: { !blank($0) }) {
            out = Array(out.dropLast(closing(out))) + theirs.suffix(z)
        }
        let (i, j, k) = (opening(base), opening(ours), opening(theirs))
        if base.prefix(i) == ours.prefix(j) && base.prefix(i) != theirs.prefix(k) && out.prefix(opening(out)) == ours.prefix(j) {
            out = Array(theirs.prefix(k)) + out.dropFirst(opening(out))
        }
        return out
    }

    /// `bytes` with every line ending `ending` (`"\r\n"` or `"\n"`).
    ///
    ///     withLineEnding(Array("- A\r\n- C\n".utf8), "\r\n")   // "- A\r\n- C\r\n"
    ///
    /// - Complexity: O(size of `bytes`).
    static func withLineEnding(_ bytes: [UInt8], _ ending: String) -> [UInt8] {
        let crlf = ending == "\r\n"
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + (crlf ? bytes.count / 16 : 0))
        for (i, byte) in bytes.enumerated() {
            if byte == 0x0A {
                let cr = i > 0 && bytes[i - 1] == 0x0D
                if crlf && !cr { out.append(0x0D) } else if !crlf && cr { out.removeLast() }
            }
            out.append(byte)
        }
        return out
    }

    /// Whether two JSON files' unknown keys are the same (the document's, each section's, each
    /// row's).
    static func sameKeys(_ a: JSONListFormat.Extras, _ b: JSONListFormat.Extras) -> Bool {
        keyLines(a.top) == keyLines(b.top) && a.sections.mapValues(keyLines) == b.sections.mapValues(keyLines)
            && a.rows.mapValues(keyLines) == b.rows.mapValues(keyLines)
    }

    /// Whether row `id` is `file`'s front matter (its first block).
    static func isFrontMatter(_ id: ListModel.RowID, in file: MarkdownFormat.File) -> Bool {
        guard let block = file.scan.blocks.first, block.kind == .passage, block.passageKind == .frontMatter else { return false }
        return file.buffer.offset(of: id) == Int(block.start)
    }

    /// Where a conflict marker goes: before a row's first line, or after its own lines (the
    /// blank lines after it stay after the marker), or after its own lines in place of the
    /// blank lines between it and the next row (`=======` between ours' and theirs' versions);
    /// rows counted through the whole list.
    enum MarkerPosition { case before(Int), after(Int), between(Int) }

    /// A model as the merge compares it, and its rows in order: each Markdown row with its other
    /// lines, each JSON row with the keys listedit does not know (`keyLines`) as its other lines;
    /// with `forms`, each Markdown item with its form (`itemForm`).
    ///
    /// - Complexity: O(rows + size of the file).
    static func mergeVersion(_ model: ListModel, _ file: (any FormatFile)?, forms: Bool = false) -> (ListMerge.Version, [ListModel.Row]) {
        let markdown = file as? MarkdownFormat.File, extras = file as? JSONListFormat.Extras
        var rows: [ListModel.Row] = []
        var sections: [(title: String, rows: [ListMerge.Row])] = []
        for section in model.sections {
            var merged: [ListMerge.Row] = []
            merged.reserveCapacity(section.rows.count)
            for row in section.rows {
                rows.append(row)
                var body = markdown.map { otherLines(of: row.id, in: $0) } ?? extras.map { keyLines($0.rows[row.id] ?? []) } ?? []
                if let markdown, let split = MarkdownText.paragraph(of: row.text) {
                    // A text holding its item's first paragraph (a rename): its other lines with
                    // that paragraph's, so that a change of theirs to those lines is seen (a
                    // conflict, both kept). Its text stays whole: changed, it is never taken
                    // for a row of theirs that reads the same first line.
                    body = paragraphBody(split.rest, of: row.id, in: markdown)
                }
                let form = forms ? markdown.map { itemForm(of: row.id, in: $0) } ?? [] : []
                merged.append(ListMerge.Row(text: row.text, attributes: row.attributes, body: body, form: form))
            }
            sections.append((section.title, merged))
        }
        return (ListMerge.Version(sections), rows)
    }

    /// How a Markdown item's first line is written besides its number, checkbox and text
    /// (`ListMerge.Row.form`): its indentation, its marker character (`-`, or the `.` of `1.`)
    /// and the spaces after the marker; empty for a passage.
    ///
    ///     itemForm(of: row, in: file)   // "    * " for "    * [x] sub", "   . " for "   12. Call Bob"
    static func itemForm(of id: ListModel.RowID, in file: MarkdownFormat.File) -> [UInt8] {
        guard let offset = file.buffer.offset(of: id), let b = MarkdownFormat.block(at: offset, in: file.scan) else { return [] }
        let block = file.scan.blocks[b]
        guard block.kind == .item else { return [] }
        let markerEnd = block.markerOffset + block.markerWidth
        var spaces = markerEnd
        while spaces < file.bytes.count, file.bytes[spaces] == 0x20 || file.bytes[spaces] == 0x09 { spaces += 1 }
        return Array(file.bytes[Int(block.start)..<block.markerOffset]) + [file.bytes[markerEnd - 1]] + Array(file.bytes[markerEnd..<spaces])
    }

    /// A JSON row's (or section's, or document's) keys listedit does not know, one line each
    /// (`"due": "mon"`), as the merge compares and merges them: line by line, so keys changed
    /// on different sides are both kept.
    static func keyLines(_ keys: [(key: String, json: String)]) -> [UInt8] {
        keys.flatMap { Array("\(JSONListFormat.quote($0.key)): \($0.json)\n".utf8) }
    }

    /// Keys listedit does not know (of a row, a section or the document) merged: the side that
    /// changed them, or both sides' changes line by line (`keyLines`); nil when both changed
    /// the same key, or keys next to each other, differently (a conflict).
    static func mergeKeys(_ base: [(key: String, json: String)], _ ours: [(key: String, json: String)], _ theirs: [(key: String, json: String)],
                          known: [[(key: String, json: String)]]) -> [(key: String, json: String)]? {
        let (x, y, z) = (keyLines(base), keyLines(ours), keyLines(theirs))
        if y == z || z == x { return ours }
        if y == x { return theirs }
        return ListMerge.mergeLines(x, y, z).flatMap { keys(ofLines: $0, known: known) }
    }

    /// The keys `keyLines` wrote in `lines`, each found among `known` (the keys of the versions
    /// merged), or nil when a line is none of them.
    static func keys(ofLines lines: [UInt8], known: [[(key: String, json: String)]]) -> [(key: String, json: String)]? {
        var byLine: [[UInt8]: (key: String, json: String)] = [:]
        for pair in known.joined() { byLine[keyLines([pair])] = pair }
        var out: [(key: String, json: String)] = []
        for line in lines.split(separator: 0x0A) {
            guard let pair = byLine[Array(line) + [0x0A]] else { return nil }
            out.append(pair)
        }
        return out
    }

    /// The lines after the first of row `id` whose text holds its item's first paragraph, that
    /// paragraph's later lines being `rest` (`MarkdownWriter.otherLines(of:in:_:replacingParagraphWith:)`);
    /// for a row the file does not hold, `rest` alone, one line each.
    static func paragraphBody(_ rest: [String], of id: ListModel.RowID, in file: MarkdownFormat.File) -> [UInt8] {
        guard let offset = file.buffer.offset(of: id), let b = MarkdownFormat.block(at: offset, in: file.scan),
              file.scan.blocks[b].kind == .item else {
            var bytes: [UInt8] = []
            for line in rest { bytes += MarkdownWriter.escapeParagraphLine(line) + [0x0A] }
            return bytes
        }
        return MarkdownWriter.otherLines(of: b, in: file.bytes, file.scan, replacingParagraphWith: rest)
    }

    /// A Markdown row's lines after its first (a passage's: all of them), without the blank
    /// lines after it.
    static func otherLines(of id: ListModel.RowID, in file: MarkdownFormat.File) -> [UInt8] {
        otherLinesRange(of: id, in: file).map { Array(file.bytes[$0]) } ?? []
    }

    /// Where `otherLines(of:in:)` are in the file (an empty range after the first line when
    /// there are none), or nil for a row the file does not hold.
    static func otherLinesRange(of id: ListModel.RowID, in file: MarkdownFormat.File) -> Range<Int>? {
        guard let (content, item) = linesRange(of: id, in: file) else { return nil }
        if !item { return content }
        guard let newline = file.bytes[content].firstIndex(of: 0x0A) else { return content.upperBound..<content.upperBound }
        return (newline + 1)..<content.upperBound
    }

    /// Where a Markdown row's lines are in the file, from its first line's start (an item's
    /// indentation), without the blank lines after it; and whether it is an item. Nil for a row
    /// the file does not hold.
    static func linesRange(of id: ListModel.RowID, in file: MarkdownFormat.File) -> (range: Range<Int>, item: Bool)? {
        guard let offset = file.buffer.offset(of: id), let b = MarkdownFormat.block(at: offset, in: file.scan) else { return nil }
        return (MarkdownWriter.split(b, file.bytes, file.scan).content, file.scan.blocks[b].kind == .item)
    }

    /// `file`'s bytes with the other lines of `rows[j]` replaced by `lines[j]` for each `j` in
    /// `lines`, and all the lines of `rows[j]` (`linesRange`) by `blocks[j]` for each `j` in
    /// `blocks`; nil when a row's lines are not found.
    ///
    /// - Complexity: O(size of the file + rows replaced × log).
    static func withMergedLines(_ lines: [Int: [UInt8]], blocks: [Int: [UInt8]] = [:], rows: [ListModel.Row],
                                in file: MarkdownFormat.File) -> [UInt8]? {
        var replaced: [(range: Range<Int>, lines: [UInt8])] = []
        for (j, merged) in lines {
            guard let range = otherLinesRange(of: rows[j].id, in: file) else { return nil }
            replaced.append((range, merged))
        }
        for (j, block) in blocks {
            guard let range = linesRange(of: rows[j].id, in: file)?.range else { return nil }
            replaced.append((range, block))
        }
        replaced.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        var p = 0
        for r in replaced {
            out += file.bytes[p..<r.range.lowerBound]
            out += r.lines
            p = r.range.upperBound
        }
        return out + file.bytes[p...]
    }

    /// `bytes` (the merged file) with git's conflict markers written as lines around the rows
    /// (and headings) in conflict: the file is read again to find each row's lines. `pairs`:
    /// the conflicts holding both versions, ours' row and theirs' (flat indices), whose
    /// ordered-list numbers are made one position (`sharedNumbers`).
    static func withConflictMarkers(_ bytes: [UInt8], _ markers: [(item: ListMerge.Item, position: MarkerPosition)],
                                    _ pairs: [(ours: Int, theirs: Int)],
                                    _ titles: [(section: Int, theirs: String)], format: ListFormat, name: String,
                                    lineEnding: String) throws(DocumentError) -> [UInt8] {
        let (model, _, file) = try parse(bytes, format: format, name: name, generation: 4)
        let markdown = file as? MarkdownFormat.File
        func lineStart(_ p: Int) -> Int {
            var p = p
            while p > 0 && bytes[p - 1] != 0x0A { p -= 1 }
            return p
        }
        func lineEnd(_ p: Int) -> Int {
            var p = p
            while p < bytes.count && bytes[p] != 0x0A { p += 1 }
            return min(p + 1, bytes.count)
        }
        // Each row's first line start, in order; the line starts where a row's lines stop.
        var starts: [Int] = []
        var stops: [Int] = [bytes.count]
        if let buffer = file.rowBuffer {
            // Rows that point into the file (Markdown, plain text): where they point.
            for section in model.sections {
                if let source = section.source, let o = buffer.offset(of: .init(raw: source)) { stops.append(lineStart(o)) }
                for row in section.rows { starts.append(lineStart(buffer.offset(of: row.id) ?? 0)) }
            }
        } else {
            // One row a line, indented eight spaces.
            var p = 0
            while p < bytes.count {
                let e = lineEnd(p)
                if e - p > 9, bytes[p..<p + 8].allSatisfy({ $0 == 0x20 }), bytes[p + 8] == UInt8(ascii: "\"") || bytes[p + 8] == UInt8(ascii: "{") {
                    starts.append(p)
                }
                stops.append(e)
                p = e
            }
        }
        stops += starts
        stops.sort()
        func after(_ r: Int) -> Int {
            let from = starts[r]
            let i = stops.partitioningIndex { $0 > from }
            var p = i < stops.count ? stops[i] : bytes.count
            // Blank lines before the next row stay after the marker.
            while p > lineEnd(from) {
                let ls = lineStart(p - 1)
                guard bytes[ls..<p].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else { break }
                p = ls
            }
            return p
        }
        let newline = Array(lineEnding.utf8)
        // Each replaces the bytes from `at` to `end` (none for a marker line) with `text`.
        var inserts: [(at: Int, end: Int, text: [UInt8])] = []
        for (item, position) in markers {
            let at: Int
            var end: Int?
            switch position {
            case .before(let r): at = starts[r]
            case .after(let r): at = after(r)
            case .between(let r):
                at = after(r)
                if r + 1 < starts.count, starts[r + 1] > at, bytes[at..<starts[r + 1]].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                    end = starts[r + 1]
                }
            }
            let marker: String
            switch item {
            case .conflictStart: marker = "<<<<<<< ours"
            case .conflictMiddle: marker = "======="
            default: marker = ">>>>>>> theirs"
            }
            inserts.append((at, end ?? at, Array(marker.utf8) + newline))
        }
        if let markdown {
            for (s, theirs) in titles {
                guard let source = model.sections[s].source, let o = markdown.buffer.offset(of: .init(raw: source)) else { continue }
                let level = max(1, min(6, model.sections[s].level))
                inserts.append((lineStart(o), lineStart(o), Array("<<<<<<< ours".utf8) + newline))
                inserts.append((lineEnd(o), lineEnd(o), Array("=======".utf8) + newline + Array((String(repeating: "#", count: level) + " " + theirs).utf8)
                    + newline + Array(">>>>>>> theirs".utf8) + newline))
            }
            // After the markers at the same place: a number follows its line's marker line.
            inserts += sharedNumbers(pairs, model, markdown)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + inserts.count * 16)
        var p = 0
        for insert in inserts.enumerated().sorted(by: { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }).map(\.element) {
            out += bytes[p..<max(p, insert.at)]
            if insert.at == insert.end, let last = out.last, last != 0x0A { out += newline }
            out += insert.text
            p = max(p, insert.end)
        }
        out += bytes[p...]
        return out
    }

    /// The ordered-list numbers to write so that theirs' version of each conflict in `pairs`
    /// (ours' row and theirs', flat indices in `model`, read from `file`) has the number of
    /// ours' version: both are one item, whichever is kept. A list numbered in sequence is
    /// numbered again with each such pair as one position (`1. A`, `2. B ours`, `2. B theirs`,
    /// `3. C`); another keeps its numbers, theirs' version taking ours' number.
    ///
    ///     // 1. A / <<<<<<< / 2. B ours / ======= / 3. B theirs / >>>>>>> / 4. C   becomes
    ///     // 1. A / <<<<<<< / 2. B ours / ======= / 2. B theirs / >>>>>>> / 3. C
    ///
    /// - Returns: the digits to replace: `at..<end` in the file's bytes, and the new digits.
    /// - Complexity: O(rows × log blocks).
    static func sharedNumbers(_ pairs: [(ours: Int, theirs: Int)], _ model: ListModel,
                              _ file: MarkdownFormat.File) -> [(at: Int, end: Int, text: [UInt8])] {
        guard !pairs.isEmpty else { return [] }
        let oursOf = Dictionary(pairs.map { ($0.theirs, $0.ours) }, uniquingKeysWith: { a, _ in a })
        // The file's lists of items, each its rows (flat index) and blocks in order.
        var lists: [[(row: Int, block: Int)]] = []
        var open: [[(row: Int, block: Int)]] = []
        var flat = 0
        for section in model.sections {
            lists += open
            open = []
            for row in section.rows {
                defer { flat += 1 }
                guard let offset = file.buffer.offset(of: row.id), let b = MarkdownFormat.block(at: offset, in: file.scan),
                      file.scan.blocks[b].kind == .item else {
                    lists += open
                    open = []
                    continue
                }
                let level = Int(file.scan.blocks[b].level)
                while open.count > level + 1 { lists.append(open.removeLast()) }
                while open.count < level + 1 { open.append([]) }
                if file.scan.blocks[b].startsList { lists.append(open[level]); open[level] = [] }
                open[level].append((flat, b))
            }
        }
        lists += open
        var out: [(at: Int, end: Int, text: [UInt8])] = []
        for list in lists where list.count > 1 {
            let numbers = list.compactMap { item -> Int? in
                if case .ordered(let n, _) = file.scan.blocks[item.block].marker { return n }
                return nil
            }
            guard numbers.count == list.count else { continue }
            let rows = Set(list.map(\.row))
            let shared = list.indices.map { i in i > 0 && oursOf[list[i].row].map(rows.contains) == true }
            guard shared.contains(true) else { continue }
            let inSequence = numbers.indices.allSatisfy { numbers[$0] == numbers[0] + $0 }
            var new = numbers
            var next = numbers[0]
            for i in list.indices {
                if shared[i] { new[i] = new[i - 1] } else if inSequence { new[i] = next; next += 1 }
            }
            for i in list.indices where new[i] != numbers[i] {
                let block = file.scan.blocks[list[i].block]
                out.append((block.markerOffset, block.markerOffset + block.markerWidth - 1, Array(String(new[i]).utf8)))
            }
        }
        return out
    }
}
