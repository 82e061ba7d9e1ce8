import TableKit
import ListStorage

/// What a row shows besides its text, as the next save writes it: an ordered item's number and
/// whether the item has more lines than its first (`MarkdownWriter.shownMarks`, the writer's own
/// layout: one source of truth for the numbers shown and the numbers saved).
extension ListDocument {
    /// The marks of section `s`'s rows (index space: the model's, as it is now), one per row;
    /// nil when the format shows none (plain text, JSON).
    ///
    ///     // "1. Unpack\n2. Assemble\n   with the short screws\n"
    ///     doc.shownMarks(ofSection: 0)    // [("1.", false), ("2.", true)]
    ///
    /// A row that only an earlier version of the file holds (undo across a save) is laid out as
    /// a new row.
    ///
    /// - Complexity: O(rows of the section × log rows + blocks of the file's sections they come
    ///   from); the editor keeps the result while the section's rows are unchanged.
    package func shownMarks(ofSection s: Int) -> [MarkdownWriter.ShownMark]? {
        guard format == .markdown, model.sections.indices.contains(s) else { return nil }
        var one = ListModel()
        one.sections = [model.sections[s]]
        let rows = MarkdownFormat.list(one, over: markdown, carried: carriedLines).sections[0].rows
        return MarkdownWriter.shownMarks(of: rows, in: markdown?.bytes ?? [], markdown?.scan ?? MarkdownScan())
    }
}
