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
    public func otherLines(of id: ListModel.RowID) -> RowLines? {
        if let carried = carriedLines[id] { return carried }
        guard format == .markdown, let markdown else { return nil }
        if let offset = markdown.buffer.offset(of: id), offset <= markdown.bytes.count {
            return Self.otherLines(at: offset, in: markdown.bytes, markdown.scan)
        }
        for buffer in earlierVersions.reversed() {
            guard let offset = buffer.offset(of: id) else { continue }
            return Self.otherLines(at: offset, in: buffer.bytes, MarkdownScanner.scan(buffer.bytes))
        }
        return nil
    }

    private static func otherLines(at offset: Int, in bytes: [UInt8], _ scan: MarkdownScan) -> RowLines? {
        guard let b = MarkdownFormat.block(at: offset, in: scan) else { return nil }
        return MarkdownWriter.otherLines(of: b, in: bytes, scan).map(RowLines.init(markdown:))
    }

    /// Gives new row `id` the other lines `lines` (taken from another row by `otherLines(of:)`):
    /// a save writes them under its first line, at its content column.
    public mutating func carry(_ lines: RowLines, to id: ListModel.RowID) {
        carriedLines[id] = lines
    }
}
