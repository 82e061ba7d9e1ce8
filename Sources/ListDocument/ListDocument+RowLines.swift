import TableKit
import ListStorage

/// Items copied whole: a new row (fresh identity) that carries the other lines of the item it
/// copies, kept by the document by identity and written under the row's first line by the
/// Markdown writer (`MarkdownList.Row.lines`). The editor's register uses it: `y` or a delete
/// keeps each row's `otherLines`, and `p` gives the pasted rows them with `carry`.
extension ListDocument {
    /// The other lines of row `id` (see `RowLines`): a Markdown item of the file (or of an
    /// earlier version of it, for a row undo brought back across a save), or a new row that
    /// carries some; nil for none, for a passage, and in other formats.
    ///
    /// - Complexity: O(blocks of the file) plus O(size of the item); O(size of an earlier
    ///   version) more for a row of one (it is scanned again).
    ///
    /// With `text`, the row's text: when it holds line breaks it is the item's whole first
    /// paragraph (a rename of a multi-line item, `MarkdownText.paragraph(of:)`), and the other
    /// lines are that paragraph's later lines (as the writer writes them) followed by the lines
    /// after the paragraph in the file: what the item holds under its first line once saved, so
    /// that a copy with the text's first line and these lines writes each line once.
    ///
    ///     // "- a\n  b\n\n  More.\n", text "a\nB": "B\n\nMore.\n"
    public func otherLines(of id: ListModel.RowID, text: String? = nil) -> RowLines? {
        guard format == .markdown, let split = text.flatMap(MarkdownText.paragraph(of:)) else {
            return otherLines(of: id, afterParagraph: false)
        }
        var bytes: [UInt8] = []
        for line in split.rest { bytes += MarkdownWriter.escapeParagraphLine(line) + [0x0A] }
        let after = otherLines(of: id, afterParagraph: true)?.markdown
        if let after {
            // (A carried row's lines follow its paragraph after the blank line they need.)
            if !bytes.isEmpty, carriedLines[id] != nil, after.bytes.first != 0x0A { bytes.append(0x0A) }
            bytes += after.bytes
        }
        guard !bytes.isEmpty else { return nil }
        return RowLines(markdown: .init(bytes: bytes, ending: after?.ending ?? .paragraph))
    }

    private func otherLines(of id: ListModel.RowID, afterParagraph: Bool) -> RowLines? {
        if let carried = carriedLines[id] { return carried }
        guard format == .markdown, let markdown else { return nil }
        if let offset = markdown.buffer.offset(of: id), offset <= markdown.bytes.count {
            return Self.otherLines(at: offset, in: markdown.bytes, markdown.scan, afterParagraph: afterParagraph)
        }
        for buffer in earlierVersions.reversed() {
            guard let offset = buffer.offset(of: id) else { continue }
            return Self.otherLines(at: offset, in: buffer.bytes, MarkdownScanner.scan(buffer.bytes), afterParagraph: afterParagraph)
        }
        return nil
    }

    private static func otherLines(at offset: Int, in bytes: [UInt8], _ scan: MarkdownScan, afterParagraph: Bool) -> RowLines? {
        guard let b = MarkdownFormat.block(at: offset, in: scan) else { return nil }
        return MarkdownWriter.otherLines(of: b, in: bytes, scan, afterParagraph: afterParagraph).map(RowLines.init(markdown:))
    }

    /// The item's first paragraph as a rename edits it: the row's text, then the later lines of
    /// that paragraph in the file (each its text without indentation), unless the text holds
    /// line breaks already (it is then the paragraph). `[text]` for a row of another format, a
    /// new row or a passage.
    ///
    /// - Complexity: O(blocks of the file) plus O(size of the item).
    public func paragraph(of row: ListModel.Row) -> [String] {
        if let split = MarkdownText.paragraph(of: row.text) { return [split.first] + split.rest }
        guard format == .markdown, !row.isPassage, carriedLines[row.id] == nil, let markdown,
              let offset = markdown.buffer.offset(of: row.id), offset <= markdown.bytes.count,
              let b = MarkdownFormat.block(at: offset, in: markdown.scan) else { return [row.text] }
        return [row.text] + MarkdownWriter.paragraph(of: b, in: markdown.bytes, markdown.scan)
    }

    /// Gives new row `id` the other lines `lines` (taken from another row by `otherLines(of:)`):
    /// a save writes them under its first line, at its content column.
    public mutating func carry(_ lines: RowLines, to id: ListModel.RowID) {
        carriedLines[id] = lines
    }

    /// `text` as row `id` should hold it: a text holding line breaks that gives the item's first
    /// paragraph exactly as the file has it is its first line alone (as the row was read), so
    /// that an undo back to the file's text leaves the model as it was read; any other text is
    /// itself.
    ///
    /// - Complexity: O(blocks of the file) plus O(size of the item) for a text with line breaks.
    public func heldText(_ text: String, for id: ListModel.RowID) -> String {
        guard let split = MarkdownText.paragraph(of: text), isAsRead(text, for: id) else { return text }
        return split.first
    }

    /// Whether `text`, holding line breaks, is exactly the first paragraph of the item row `id`
    /// names, in the file or in the earlier version of it the row comes from (undo across a
    /// save gives a renamed row back its identity then, and so its bytes).
    ///
    /// - Complexity: O(blocks of the file) plus O(size of the item); O(size of an earlier
    ///   version) for a row of one (it is scanned again).
    public func isAsRead(_ text: String, for id: ListModel.RowID) -> Bool {
        guard let split = MarkdownText.paragraph(of: text), format == .markdown, carriedLines[id] == nil, let markdown else { return false }
        func matches(_ offset: Int, _ bytes: [UInt8], _ scan: MarkdownScan) -> Bool {
            guard offset <= bytes.count, let b = MarkdownFormat.block(at: offset, in: scan), scan.blocks[b].kind == .item else { return false }
            return split.first == MarkdownText.item(source: bytes[scan.blocks[b].textRange])
                && split.rest == MarkdownWriter.paragraph(of: b, in: bytes, scan)
        }
        if let offset = markdown.buffer.offset(of: id) { return matches(offset, markdown.bytes, markdown.scan) }
        for buffer in earlierVersions.reversed() {
            guard let offset = buffer.offset(of: id) else { continue }
            return matches(offset, buffer.bytes, MarkdownScanner.scan(buffer.bytes))
        }
        return false
    }
}
