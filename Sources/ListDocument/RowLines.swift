/// The other lines of a list item (its wrapped text, its paragraphs and code, the text under its
/// nested items), as the format holds them: what a copy or a delete keeps in the editor's register
/// besides the row, so that a paste writes the item back complete.
///
///     let lines = document.otherLines(of: row.id)      // "- Added\n  a second line\n": "a second line\n"
///     let copy = document.model.makeRow(row.text, attributes: row.attributes)
///     document.carry(lines!, to: copy.id)              // the copy is saved with that line
///
/// Opaque outside ListDocument: only Markdown items have other lines; a row of another format
/// has none. The table (TableKit) never sees them: the document keeps them by row identity.
public struct RowLines: Equatable, Sendable {
    package let markdown: MarkdownList.OtherLines

    init(markdown: MarkdownList.OtherLines) { self.markdown = markdown }

    /// How many lines there are (blank lines included).
    public var lineCount: Int { markdown.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
}
