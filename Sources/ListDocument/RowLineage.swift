import TableKit
import ListStorage

/// Where the rows and headings of a saved version of the file came from: a save reads the
/// written bytes back, so every row gets an identity of the new version; the lineage gives, for
/// each, the identity it had in the list saved (a row of the version before, a new row, or a row
/// of an older version that undo brought back). Followed back version by version
/// (`identity(of:in:through:)`), it tells whether a section undo brought back holds an earlier
/// version's rows themselves, not rows that only read the same (a pasted copy, a row typed
/// again): only those are written as that version had them
/// (`MarkdownFormat.restoringEarlierSections`).
///
///     // "# L\n- a\n- b\n" saved as "# L\n- b\n- a\n" (a moved down): read back, b and a get
///     // identities of version 2; the lineage maps each to its identity of version 1
///     let lineage = RowLineage(saved: before, readBack: model)
///     lineage.previous(of: model.sections[0].rows[1].id)   // a's identity in version 1
struct RowLineage: Sendable {
    /// The identities of the version read back (rows and headings), ascending.
    private var ids: [UInt64] = []
    /// Per identity in `ids`, the identity it had in the list saved.
    private var previous: [UInt64] = []

    /// The lineage of `readBack` (the list the written bytes read as) from `saved` (the list
    /// written). Sections and rows are paired in order; a section whose rows do not pair one to
    /// one (the save dropped or added rows) gives none of its rows a lineage, nor do sections
    /// when their counts differ: those rows then match no earlier version.
    ///
    /// - Complexity: O(rows); no text is decoded, nothing hashed (two flat arrays).
    init(saved: ListModel, readBack: ListModel) {
        guard saved.sections.count == readBack.sections.count else { return }
        var pairs: [(new: UInt64, old: UInt64)] = []
        for (old, new) in zip(saved.sections, readBack.sections) {
            if let o = old.source, let n = new.source, o != MarkdownFormat.untitled, n != MarkdownFormat.untitled {
                pairs.append((n, o))
            }
            guard old.rows.count == new.rows.count else { continue }
            var oldIDs: [UInt64] = []
            oldIDs.reserveCapacity(old.rows.count)
            old.rows.forEachRow(undecodedIn: old.rows.textBuffer) { id, _, _ in oldIDs.append(id.raw) }
            var r = 0
            new.rows.forEachRow(undecodedIn: new.rows.textBuffer) { id, _, _ in
                pairs.append((id.raw, oldIDs[r]))
                r += 1
            }
        }
        // Read in file order, the new identities (offsets in the new bytes) ascend already.
        if !zip(pairs, pairs.dropFirst()).allSatisfy({ $0.new < $1.new }) { pairs.sort { $0.new < $1.new } }
        ids = pairs.map(\.new)
        previous = pairs.map(\.old)
    }

    /// The identity row or heading `id` (of the version read back) had in the list saved; nil
    /// when it has no lineage.
    ///
    /// - Complexity: O(log rows).
    func previous(of id: ListModel.RowID) -> ListModel.RowID? {
        var low = 0, high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id.raw { low = mid + 1 } else { high = mid }
        }
        return low < ids.count && ids[low] == id.raw ? .init(raw: previous[low]) : nil
    }

    /// The base of the version identity `id` belongs to (`TextBuffer.idBase`).
    static func versionBase(of id: ListModel.RowID) -> UInt64 {
        (id.raw >> ListModel.RowID.versionShift) << ListModel.RowID.versionShift
    }

    /// The identity the row or heading `id` started with: followed back through the lineages of
    /// the saves since (`lineages`, by `TextBuffer.idBase`), as far as they are kept, to the
    /// identity it was read with or made with. Two identities are the same row when they have the
    /// same root: a row undo brought back (an identity of the version before a save) and the row
    /// read back from it, or a row redo brought back and the row the save read back for it.
    ///
    /// - Complexity: O(versions × log rows).
    static func root(of id: ListModel.RowID, through lineages: [UInt64: RowLineage]) -> ListModel.RowID {
        var id = id
        while !id.isNew, let lineage = lineages[versionBase(of: id)], let before = lineage.previous(of: id) { id = before }
        return id
    }
}
