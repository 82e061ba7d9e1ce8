import TableKit
import ListStorage
internal import Algorithms

/// Markdown files between the model and the file, through the Markdown engine (`Markdown/`):
/// headings start sections, list items (at any depth, with their checkboxes) are rows, and every
/// other block (paragraphs, code, quotes, tables, front matter...) is a passage row, kept byte for
/// byte. The rules are in docs/file-formats.md, "Markdown".
///
///     let read = try MarkdownFormat.read(bytes, name: "todo.md", generation: 1)
///     read.model.sections[0].rows[0].checkbox       // false for "- [ ] milk"
///     let saved = try MarkdownFormat.write(read.model, over: read.file, name: "todo.md")
///
/// Rows read from the file point into its bytes; a row's identity is the buffer's base plus an
/// offset inside its block (the first-line text's start, or the block's start when the text is
/// empty), so the writer finds each row's block again by a binary search.
package enum MarkdownFormat {
    /// A file as read: its bytes (shared with the rows), its scan, and the model.
    package struct File: Sendable {
        package var buffer: TextBuffer
        package var scan: MarkdownScan
        /// The file's bytes: the buffer's, or the part of them scanned when a load stopped early
        /// (`ProgressiveLoad.deliveredFile`).
        package var bytes: [UInt8]

        package init(buffer: TextBuffer, scan: MarkdownScan, bytes: [UInt8]? = nil) {
            self.buffer = buffer
            self.scan = scan
            self.bytes = bytes ?? buffer.bytes
        }
    }

    /// The `source` of the untitled first section (rows before any heading).
    package static let untitled: UInt64 = .max

    /// Reads a Markdown file; `generation` makes the rows' identities differ from those of other
    /// versions of the file read before (see `TextBuffer.init(_:generation:)`).
    ///
    /// - Complexity: O(size of the file); no string is made for a row whose text is its bytes.
    package static func read(_ bytes: [UInt8], name: String, generation: UInt64 = 0) throws(DocumentError) -> (model: ListModel, file: File) {
        guard bytes.count < Int(UInt32.max) else { throw DocumentError(.io, file: name, "file too large (4 GiB at most)") }
        // The UTF-8 check runs on the other core while the scanner reads the same bytes (each
        // takes about a fifth of opening a large file); no row is built before it has passed.
        let validation = UTF8Validation(bytes)
        let scan = MarkdownScanner.scan(bytes)
        if !validation.wait() {
            _ = try TextLines.split(bytes, name: name)  // names the offending line
            throw DocumentError(.invalidUTF8, file: name, "not valid UTF-8; the file was not changed")
        }
        let buffer = TextBuffer(bytes, generation: generation)
        var model = ListModel()
        bytes.withUnsafeBufferPointer { b in
            // Sections as `MarkdownScan.sections()` groups them, built a row at a time.
            var heading: Int?
            var rows = ListModel.FileSectionBuilder(buffer: buffer)
            var open = false   // (a row comes only inside a section: after its `forEachSection` call)
            func finish() {
                guard open else { return }
                model.sections.append(section(rows, heading: heading, scan: scan, buffer: buffer))
            }
            scan.forEachSection { h in
                finish()
                heading = h
                rows = ListModel.FileSectionBuilder(buffer: buffer)
                open = true
            } row: { i in
                appendRow(scan, i, b, to: &rows)
            }
            finish()
        }
        return (model, File(buffer: buffer, scan: scan))
    }

    /// The section of `rows` under `heading` (a block of `scan`; nil: the untitled first section).
    static func section(_ rows: ListModel.FileSectionBuilder, heading: Int?, scan: MarkdownScan, buffer: TextBuffer) -> ListModel.Section {
        var section = rows.section(title: heading.map { scan.title(of: $0, in: buffer.bytes) } ?? "")
        if let heading {
            section.level = Int(scan.blocks[heading].level)
            section.source = buffer.idBase + UInt64(scan.blocks[heading].start)
        } else {
            section.source = untitled
        }
        return section
    }

    /// Appends row block `i` of `scan` to `rows` (`b`: the file's bytes).
    @inline(__always)
    static func appendRow(_ scan: MarkdownScan, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, to rows: inout ListModel.FileSectionBuilder) {
        let r = row(scan, i, b)
        if let text = r.text {
            rows.append(text: text, offset: r.offset, attributes: r.attributes)
        } else {
            rows.append(offset: r.offset, length: r.length, attributes: r.attributes)
        }
    }

    /// Row `block` of the scan: where its text is, its attributes, and its text when that is not
    /// its bytes (escapes removed).
    private static func row(_ scan: MarkdownScan, _ i: Int, _ b: UnsafeBufferPointer<UInt8>)
        -> (offset: UInt32, length: UInt32, attributes: ListModel.Row.Attributes, text: String?) {
        let block = scan.blocks[i]
        if block.kind == .passage {
            let start = Int(block.start)
            var end = start
            let limit = scan.end(of: i)
            while end < limit && b[end] != 0x0A && b[end] != 0x0D { end += 1 }
            return (block.start, UInt32(end - start), .init(isPassage: true), nil)
        }
        let attributes = ListModel.Row.Attributes(level: Int(block.level), checkbox: block.checkbox)
        let range = block.textRange
        if range.isEmpty { return (block.start, 0, attributes, nil) }
        let first = b[range.lowerBound]
        // Only these can start an escape that reading removes (`MarkdownText.unescapeItem`).
        if first == UInt8(ascii: "&") || first == UInt8(ascii: "\\") || (first >= 0x30 && first <= 0x39) {
            let source = UnsafeBufferPointer(rebasing: b[range])
            let text = MarkdownText.item(source: source)
            if !text.utf8.elementsEqual(source) { return (UInt32(range.lowerBound), UInt32(range.count), attributes, text) }
        }
        return (UInt32(range.lowerBound), UInt32(range.count), attributes, nil)
    }

    /// The block of `scan` that holds `offset` (the last block starting at or before it).
    static func block(at offset: Int, in scan: MarkdownScan) -> Int? {
        guard let first = scan.blocks.first, Int(first.start) <= offset else { return nil }
        return scan.blocks.partitioningIndex { Int($0.start) > offset } - 1
    }

    /// `previous + 1` when that block holds `offset` (the next row of the file).
    @inline(__always)
    static func follows(_ previous: Int, _ offset: Int, _ scan: MarkdownScan) -> Int? {
        let next = previous + 1
        guard next < scan.blocks.count, Int(scan.blocks[next].start) <= offset,
              next + 1 == scan.blocks.count || offset < Int(scan.blocks[next + 1].start) else { return nil }
        return next
    }

    /// The writer's list for `model` over `file`: rows and headings of the file named by block,
    /// changed texts given, new rows and sections new. Every level is given as the model has it:
    /// a model that breaks the level rule (what Markdown can nest: 0 for a section's first item
    /// and after a passage, at most one deeper than the item above; RowList+Levels) is refused
    /// by the writer with the row named (`MarkdownWriter.validate`), in release builds too, and
    /// never written as something else than what the screen shows.
    ///
    /// Rows and headings of earlier versions of the file (kept by undo across a save) are found
    /// through `earlier`, in a file `combining` made.
    ///
    /// - Complexity: O(rows); texts are decoded only for rows edited in memory.
    /// - Parameter untouched: per section of `model`, the blocks of `file` it is known to be as
    ///   the file has them (`untouchedSections`): written as such, without a look at its rows.
    /// - Parameter carried: new rows' other lines (`ListDocument.carry(_:to:)`), by identity.
    static func list(_ model: ListModel, over file: File?, earlier: EarlierRows? = nil,
                     untouched: [ClosedRange<Int>?]? = nil, carried: [ListModel.RowID: RowLines] = [:]) -> MarkdownList {
        var sections: [MarkdownList.Section] = []
        sections.reserveCapacity(model.sections.count)
        for (s, section) in model.sections.enumerated() {
            if let file, let untouched, untouched.count == model.sections.count, let range = untouched[s] {
                let first = file.scan.blocks[range.lowerBound]
                let heading: MarkdownList.Heading = first.kind == .heading
                    ? .original(block: range.lowerBound, title: nil, level: Int(first.level)) : .untitled
                sections.append(.init(heading: heading, rows: [], untouched: range))
                continue
            }
            var heading = MarkdownList.Heading.new(title: section.title, level: min(6, max(1, section.level)))
            if s == 0 && section.title.isEmpty && (section.source == untitled || (section.source == nil && !section.rows.isEmpty)) {
                heading = .untitled
            } else if let file, let source = section.source,
                      let offset = file.buffer.offset(of: .init(raw: source)) ?? earlier?.offset(of: .init(raw: source)),
                      let b = block(at: offset, in: file.scan), file.scan.blocks[b].kind == .heading,
                      Int(file.scan.blocks[b].start) == offset {
                let title = section.title == file.scan.title(of: b, in: file.bytes) ? nil : section.title
                heading = .original(block: b, title: title, level: min(6, max(1, section.level)))
            }
            var rows: [MarkdownList.Row] = []
            rows.reserveCapacity(section.rows.count)
            var previous = -1   // the block of the row before: rows mostly follow in file order
            // (The file's parts bound once: `if let file` in the loop copied its struct, four
            // retains and releases, for each of up to 10^6 rows. Without a file the scan is
            // empty, so no row finds a block.)
            let buffer = file?.buffer, scan = file?.scan ?? MarkdownScan(), bytes = file?.bytes ?? []
            section.rows.forEachRow(undecodedIn: buffer) { id, attributes, text in
                var row = MarkdownList.Row(block: nil, text: text ?? "", checkbox: attributes.checkbox, level: attributes.level,
                                           lines: carried.isEmpty ? nil : carried[id]?.markdown)
                // A text holding line breaks is the item's whole first paragraph.
                let split = text.flatMap(MarkdownText.paragraph(of:))
                if let split {
                    row.text = split.first
                    row.paragraph = split.rest.isEmpty ? nil : split.rest
                }
                if let offset = buffer?.offset(of: id) ?? earlier?.offset(of: id),
                   let b = Self.follows(previous, offset, scan) ?? block(at: offset, in: scan), scan.blocks[b].isRow {
                    previous = b
                    row.block = b
                    if let split, scan.blocks[b].kind == .item {
                        // Lines the text gives as the file has them are kept (their bytes too).
                        let original = MarkdownText.item(source: bytes[scan.blocks[b].textRange])
                        let kept = split.rest == MarkdownWriter.paragraph(of: b, in: bytes, scan)
                        row.paragraph = kept ? nil : split.rest
                        if kept && split.first == original { row.text = nil }
                    } else if let text, scan.blocks[b].kind == .item,
                       text == MarkdownText.item(source: bytes[scan.blocks[b].textRange]) {
                        row.text = nil
                    } else if text == nil || scan.blocks[b].kind == .passage {
                        row.text = nil
                        row.paragraph = nil
                    }
                }
                rows.append(row)
            }
            sections.append(.init(heading: heading, rows: rows))
        }
        return MarkdownList(sections: sections)
    }

    /// The bytes of `model` written over `file` (only what changed is rewritten), or a new file
    /// when there is none.
    ///
    /// `earlier`: the file's earlier versions, which rows kept by undo across a save still name
    /// (see `combining`).
    static func write(_ model: ListModel, over file: File?, name: String, earlier: [TextBuffer] = [],
                      restoring: Restoring? = nil,
                      carried: [ListModel.RowID: RowLines] = [:]) throws(DocumentError) -> [UInt8] {
        try write(model, over: file, name: name, earlier: earlier, untouched: nil, restoring: restoring, carried: carried).written.bytes
    }

    /// `write`, writing the sections `untouched` names as the file has them (see `list`), and
    /// returning the list written and the splice of the output's scan (for `reread`; none when
    /// rows of earlier versions were written: the output is then read again whole; none either
    /// when `splice` is false: the output will not be read back).
    ///
    /// `restoring`: what puts back sections undo brought back to an earlier version (see
    /// `restoringEarlierSections`); `carried`: new rows' other lines.
    static func write(_ model: ListModel, over file: File?, name: String, earlier: [TextBuffer] = [], untouched: [ClosedRange<Int>?]?,
                      restoring: Restoring? = nil,
                      carried: [ListModel.RowID: RowLines] = [:], splice: Bool = true) throws(DocumentError) -> (written: MarkdownWriter.Written, list: MarkdownList) {
        // The rows before the first heading have no heading to move with: they stay first.
        if let s = model.sections.indices.dropFirst().first(where: { model.sections[$0].source == untitled }) {
            throw DocumentError(.cannotRepresent, file: name,
                                "the untitled first section (the rows before the first heading) must stay first in the file (it would be section \(s))")
        }
        let laid = layout(model, over: file, earlier: earlier, untouched: untouched, restoring: restoring, carried: carried)
        try refuseUnplacedPassages(of: laid.model, in: laid.list, name: name)
        // Without `splice` the output's scan is dropped once checked (nothing reads it back);
        // a new file or one with earlier versions' sections appended keeps the writer's default.
        var written = try MarkdownWriter.writeKeepingScans(laid.over?.bytes ?? [], laid.over?.scan ?? MarkdownScan(), laid.list, name: name,
                                                           ownLength: laid.ownLength,
                                                           splice: laid.over != nil && laid.ownLength == nil ? splice : true)
        if let frontMatter = laid.frontMatter {
            written.bytes = frontMatter + written.bytes
            written.splice = nil
        }
        if laid.ownLength != nil { written.splice = nil }
        return (written, laid.list)
    }

    /// What the writer lays out for `model` over `file`, for a save (`write`) and for the marks
    /// the screen shows (`ListDocument.shownMarks`): one path, so the numbers and `…` shown are
    /// those the save writes, also for rows undo brought back across a save.
    struct Layout {
        /// The model as written: sections undo brought back put back as their version had them
        /// (`restoringEarlierSections`), without front matter of an earlier version.
        var model: ListModel
        /// The writer's list for `model`.
        var list: MarkdownList
        /// The bytes the list's blocks are in: the file, or the file with sections of earlier
        /// versions after it (`combining`); nil for a new file.
        var over: File?
        /// Where the file proper ends in `over` when sections of earlier versions follow it.
        var ownLength: Int?
        /// Front matter of an earlier version, written first (`earlierFrontMatter`).
        var frontMatter: [UInt8]?
    }

    /// The layout of `model` written over `file` (see `write` for the parameters); with `only`,
    /// of that section alone (index space: `model`'s), as the save lays it out: its list is
    /// `list.sections[0]`.
    ///
    /// - Complexity: O(rows of the sections laid out), plus `restoringEarlierSections` and
    ///   `combining` when rows of earlier versions are there.
    static func layout(_ model: ListModel, over file: File?, earlier: [TextBuffer], untouched: [ClosedRange<Int>?]?,
                       restoring: Restoring?, carried: [ListModel.RowID: RowLines], only: Int? = nil) -> Layout {
        // A section an undo brought back to an earlier version's: written as that version had it.
        var model = restoring.map { restoringEarlierSections(model, $0, untouched: untouched, only: only) } ?? model
        var untouched = untouched, frontMatter: [UInt8]?
        if let file, only ?? 0 == 0, let (bytes, rest) = earlierFrontMatter(of: model, over: file, earlier: earlier) {
            // Front matter of an earlier version (undo across a save): put first, as it was.
            frontMatter = bytes
            model = rest
            untouched = nil
        }
        if let only {
            var one = ListModel()
            one.sections = [model.sections[only]]
            model = one
            untouched = nil
        }
        if let file, let (combined, rows) = combining(model, over: file, earlier: earlier) {
            // Rows of an earlier version of the file (undo across a save): written over the file
            // with the earlier sections they come from appended (MarkdownFormat+EarlierVersions).
            return Layout(model: model, list: list(model, over: combined, earlier: rows, carried: carried), over: combined,
                          ownLength: file.bytes.count, frontMatter: frontMatter)
        }
        return Layout(model: model, list: list(model, over: file, untouched: untouched, carried: carried), over: file,
                      frontMatter: frontMatter)
    }

    /// Refuses a passage of `model` that `list` names no block for: its bytes are in neither the
    /// file nor an earlier version of it the writer has (`combining`), and the list writes a row
    /// without a block as a new item, which would hold its first line and lose the rest. A
    /// passage is text listedit never edits, so it is written byte for byte or not at all: the
    /// save refuses, naming it, and writes nothing.
    ///
    /// - Complexity: O(rows of the sections that hold passages and are not untouched).
    static func refuseUnplacedPassages(of model: ListModel, in list: MarkdownList, name: String) throws(DocumentError) {
        for (s, section) in model.sections.enumerated() where section.rows.passageCount > 0 {
            let rows = list.sections[s].rows
            guard rows.count == section.rows.count else { continue }   // untouched: as the file has it
            for r in rows.indices where rows[r].block == nil && section.rows.attributes(at: r).isPassage {
                throw DocumentError(.cannotRepresent, file: name,
                                    "cannot write the passage at \(MarkdownWriter.place(r, s)) (\"\(section.rows[r].text)\"): "
                                        + "its bytes are not in the file or in an earlier version of it, and written as a list item "
                                        + "it would lose its text; nothing was written")
            }
        }
    }

    /// Whether a title or row text can stand on one line and read back the same: no line break
    /// inside, no `\r` at the end.
    static func fitsOnALine(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.contains(0x0A) && text.last != 0x0D
    }

    static func refuse(_ what: String, name: String) -> DocumentError {
        DocumentError(.cannotRepresent, file: name,
                      "\(what) contains a line break, which a Markdown or plain-text list cannot hold; save as .json")
    }

    /// Titles and item texts of a Markdown file (passages left out).
    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let (model, file) = try read(bytes, name: name)
        let crlf = file.bytes.firstIndex(of: 0x0A).map { $0 > 0 && file.bytes[$0 - 1] == 0x0D } ?? false
        return ParsedList(sections: model.sections.map { .init(title: $0.title, rows: $0.rows.filter { !$0.isPassage }.map(\.text)) },
                          lineEnding: crlf ? "\r\n" : "\n")
    }

    /// A new Markdown file of a list of strings (a converted list).
    static func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8] {
        let model = ListModel(sections: list.sections.map { ($0.title, $0.rows) })
        var bytes = try write(model, over: nil, name: name)
        if list.lineEnding == "\r\n" { bytes = crlf(bytes) }
        return bytes
    }

    /// `\n` line ends written as `\r\n`.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for c in bytes {
            if c == 0x0A { out.append(0x0D) }
            out.append(c)
        }
        return out
    }
}
