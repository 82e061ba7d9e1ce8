/// Rows inside a changed section copied from the file as runs, not laid out and written one by
/// one: what makes a save (or `listedit apply`) of a few changes in a long list cost in
/// proportion to the changes rather than to the rows of the sections they touch.
///
///     # Week                          the file: one list of 100,000 items
///     - a                             a batch deletes `- c`: `- a` and `- b` are laid out,
///     - b                             the inside of the run `- d` ... (all but its first and
///     - c                             last rows) is copied as it stands in the file, its last
///     - d ...                         row is laid out again
///
/// Only where that is what the whole layout writes, byte for byte: a section whose rows are
/// all items at the top level of one bullet list of the file, a list of top-level items only
/// (no nested item, no text under an item, no passage, no item ending inside a fence or an HTML
/// block; numbers of an ordered list change with the rows around them). There every row of the
/// file's list lands in that list, which keeps its marker, spacing and looseness whatever else
/// moves (`style`), and an item placed as the file has it, after its own previous sibling placed
/// as the file has it, is placed as the file has it (`column`). So a run of unchanged rows,
/// consecutive in the file, whose first row is placed as the file has it is written as the file
/// has it: that first row is laid out (with the rows around it) and checked; the rows after it
/// but the last are copied; the last is laid out knowing that its previous sibling stands as in
/// the file, and checked too. Any other section, or a check that fails, is laid out whole.
/// `MarkdownCopiedRowsTests.copiedRunsWriteWhatTheWholeLayoutWrites` compares both on random edits.
extension MarkdownWriter {
    /// A section's rows with the insides of long unchanged runs left out.
    struct CopiedRows {
        /// The rows laid out: the section's rows without the runs' insides.
        var rows: [MarkdownList.Row]
        /// Per row of `rows` that starts a run: the file's blocks copied after it.
        var after: [Int: ClosedRange<Int>]
        /// Per row of `rows` that starts a run: the rows of the section (its index space) that
        /// the copied blocks are, for the check (`checkedAroundCopiedRows`).
        var skipped: [Int: Range<Int>] = [:]
    }

    /// The rows of `section` to lay out and the runs copied between them, or nil when the
    /// section is not one whose runs can be copied (see above) or has no run long enough.
    ///
    /// - Complexity: O(rows of the section + blocks of its file list); no geometry is read.
    func copiedRows(_ section: MarkdownList.Section) -> CopiedRows? {
        let rows = section.rows
        guard rows.count >= 8 else { return nil }
        // Every row a top-level item; the original ones all of one file list.
        var list: Int32 = -1
        for row in rows {
            guard row.level == 0 else { return nil }
            guard let b = row.block else { continue }
            guard scan.blocks[b].kind == .item, listOf[b] >= 0, list < 0 || listOf[b] == list else { return nil }
            list = listOf[b]
        }
        guard list >= 0, case .bullet = scan.blocks[Int(list)].marker else { return nil }
        // That list: top-level items only, each ending cleanly, up to the next heading.
        var i = Int(list)
        while i < scan.blocks.count && scan.blocks[i].kind != .heading {
            let block = scan.blocks[i]
            guard block.kind == .item, block.level == 0, listOf[i] == list,
                  block.ending == .closed || block.ending == .paragraph else { return nil }
            i += 1
        }
        func unchanged(_ row: MarkdownList.Row) -> Bool {
            guard let b = row.block else { return false }
            return row.text == nil && row.paragraph == nil && row.checkbox == scan.blocks[b].checkbox
        }
        var kept: [MarkdownList.Row] = []
        var after: [Int: ClosedRange<Int>] = [:]
        var skipped: [Int: Range<Int>] = [:]
        var k = 0
        while k < rows.count {
            var j = k
            if unchanged(rows[k]) {
                // (Unchanged rows are the file's: they have blocks.)
                while j + 1 < rows.count && unchanged(rows[j + 1]), let next = rows[j + 1].block, next == rows[j].block.map({ $0 + 1 }) { j += 1 }
            }
            if j - k >= 3, let from = rows[k + 1].block, let to = rows[j - 1].block {
                // Its first and last rows are laid out; the ones between are copied.
                kept.append(rows[k])
                after[kept.count - 1] = from...to
                skipped[kept.count - 1] = (k + 1)..<j
                kept.append(rows[j])
                k = j + 1
            } else {
                kept.append(rows[k])
                k += 1
            }
        }
        return after.isEmpty ? nil : CopiedRows(rows: kept, after: after, skipped: skipped)
    }

    /// Whether a row laid out among `CopiedRows.rows` is placed as the file has it: what a
    /// copied run next to it needs.
    func placedAsInFile(_ p: Placed) -> Bool {
        guard let b = p.row.block, let g = p.geometry else { return false }
        return p.markerCol == g.markerCol && p.contentCol == g.contentCol && !p.continuesWithNext && !g.endsMidLine
            && !g.startsMidLine && p.marker.elementsEqual(file[scan.blocks[b].markerOffset..<g.markerEnd])
    }
}
