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
    /// The section is laid out as the save lays it out (`MarkdownFormat.layout`, the one path):
    /// a section undo brought back to an earlier version shows that version's numbers, and a row
    /// only an earlier version holds (undo across a save) the marks of its block there.
    ///
    /// - Complexity: O(rows of the section × log rows + blocks of the file's sections they come
    ///   from); with rows of earlier versions, plus a scan of the versions they name. The editor
    ///   keeps the result while the section's rows are unchanged.
    package func shownMarks(ofSection s: Int) -> [MarkdownWriter.ShownMark]? {
        // (While a large file loads, its blocks are not scanned yet: marks come once it is read.)
        guard format == .markdown, loading == nil, model.sections.indices.contains(s) else { return nil }
        let laid = MarkdownFormat.layout(model, over: markdown, earlier: earlierVersions, untouched: nil,
                                         restoring: restoringSections, carried: carriedLines, only: s)
        let over = laid.over
        var marks = MarkdownWriter.shownMarks(of: laid.list.sections[0], in: over?.bytes ?? [], over?.scan ?? MarkdownScan())
        if let frontMatter = laid.frontMatter {
            // (Written before the rest, as its version had it: its mark is its block's there.)
            marks.insert(MarkdownWriter.shownMark(ofBlock: 0, in: frontMatter, MarkdownScanner.scan(frontMatter)), at: 0)
        }
        return marks
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
