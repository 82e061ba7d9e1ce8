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
        // (While a large file loads, its blocks are not scanned yet: marks come once it is read.)
        guard format == .markdown, loading == nil, model.sections.indices.contains(s) else { return nil }
        var one = ListModel()
        one.sections = [model.sections[s]]
        let rows = MarkdownFormat.list(one, over: markdown, carried: carriedLines).sections[0].rows
        return MarkdownWriter.shownMarks(of: rows, in: markdown?.bytes ?? [], markdown?.scan ?? MarkdownScan())
    }

    /// Whether section `s` holds the file's rows as read or last saved, untouched since: the next
    /// save copies it as the file has it, so each row shows its marks as the file has them
    /// (`shownMark(ofFileRow:)`), and the section need not be laid out (a 10^6-row section
    /// opened shows its first screen without it).
    ///
    /// - Complexity: O(1).
    package func showsFileRows(ofSection s: Int) -> Bool {
        guard format == .markdown, savedModelIsRead, loading == nil, let markdown, markdown.scan.length == markdown.bytes.count,
              model.sections.indices.contains(s), savedModel.sections.indices.contains(s) else { return false }
        return model.sections[s].rows.sharesStorage(with: savedModel.sections[s].rows)
    }

    /// The marks of row `id` as the file has them (see `showsFileRows(ofSection:)`); nil for a
    /// row the file does not hold.
    ///
    /// - Complexity: O(log blocks + size of the row's block and of the blocks nested in it).
    package func shownMark(ofFileRow id: ListModel.RowID) -> MarkdownWriter.ShownMark? {
        guard let markdown, let offset = markdown.buffer.offset(of: id), let b = MarkdownFormat.block(at: offset, in: markdown.scan),
              markdown.scan.blocks[b].isRow else { return nil }
        return MarkdownWriter.shownMark(ofBlock: b, in: markdown.bytes, markdown.scan)
    }
}
