/// The batch that turns one snapshot into another, in linear time: identifiers are unique, so
/// every identifier is looked up once in the old snapshot's index (Heckel's observation) instead of
/// searching for an edit script (Myers' O(N·D)).
///
///     old [A: [a, b, c]]   new [A: [c, a, x]]
///     → delete [0, 1] (b), insert [0, 2] (x), move [0, 2] → [0, 0] (c); a stays
///
/// Sections first: old sections not in the new snapshot are deleted, new ones inserted, and of the
/// sections in both, a longest increasing subsequence (by old index, in new order) stays put while
/// the others are moved. Then items: an item in both snapshots whose old and new sections are both
/// kept is a move or stays (a longest increasing subsequence of the items that stay in the same
/// section stays put; items that change section are moves); the rest are deletes and inserts. So a
/// pure permutation of n rows costs n − LIS moves, the fewest possible. Indexes are UIKit's: deletes
/// and move sources in the old snapshot, inserts and move destinations in the new.
///
/// Two cases cannot be moves, because the table forbids moving a row out of a deleted section or
/// into an inserted one: an item whose old section is deleted, or whose new section is inserted, is
/// deleted and inserted (it gets a new cell, without a slide).
///
/// Reloads: an item marked by `reloadItems` (or in a section marked by `reloadSections`) that stays
/// is reloaded (`reloadRows`). UIKit forbids reloading a row that moves in the same batch; such an
/// item is moved and reconfigured instead: it keeps its cell, slides to its place, and the cell
/// provider is asked again with that cell. Items marked by `reconfigureItems` that stay or move are
/// reconfigured. Marked items that are inserted need nothing.
extension DiffableDataSourceSnapshot {
    /// What `apply` issues: one batch, and the rows to reconfigure (original index paths).
    struct Changes {
        var update = BatchUpdate()
        var reconfigured: [IndexPath] = []
    }

    /// The batch from `old` to `new`; both must be free of refusals.
    ///
    /// - Complexity: O(n log n) for n items and sections (the two subsequences); O(n) lookups.
    static func changes(from old: Self, to new: Self, animation: TableView.RowAnimation) -> Changes {
        var changes = Changes()
        let oldSectionCount = old.order.count, newSectionCount = new.order.count

        // Sections.
        var finalOfOld = [Int](repeating: -1, count: oldSectionCount)
        var originalOfNew = [Int](repeating: -1, count: newSectionCount)
        for j in 0..<newSectionCount {
            guard let slot = old.slotOfSection[new.section(at: j)] else { continue }
            let o = old.positionOfSlot[slot]
            originalOfNew[j] = o
            finalOfOld[o] = j
        }
        let survivors = (0..<newSectionCount).filter { originalOfNew[$0] >= 0 }
        let staying = longestIncreasingSubsequence(survivors.map { originalOfNew[$0] })
        for (k, j) in survivors.enumerated() where !staying[k] {
            changes.update.moveSection(originalOfNew[j], toSection: j)
        }
        let deletedSections = (0..<oldSectionCount).filter { finalOfOld[$0] < 0 }
        let insertedSections = (0..<newSectionCount).filter { originalOfNew[$0] < 0 }
        if !deletedSections.isEmpty { changes.update.deleteSections(deletedSections, with: animation) }
        if !insertedSections.isEmpty { changes.update.insertSections(insertedSections, with: animation) }

        // Items, section by kept section. What happened to each old row of a kept section:
        // unclaimed (deleted, or inserted elsewhere), kept in place, or moved.
        var fate = (0..<oldSectionCount).map { [Fate](repeating: .unclaimed, count: finalOfOld[$0] < 0 ? 0 : old.items(at: $0).count) }
        var inserts: [IndexPath] = []
        var candidates: [(newRow: Int, oldRow: Int)] = []
        for j in survivors {
            let o = originalOfNew[j]
            candidates.removeAll(keepingCapacity: true)
            for (r, item) in new.items(at: j).enumerated() {
                guard let location = old.locations[item] else {
                    inserts.append(IndexPath(row: r, section: j))
                    continue
                }
                let from = old.positionOfSlot[location.slot]
                if finalOfOld[from] < 0 {
                    inserts.append(IndexPath(row: r, section: j))     // out of a deleted section
                } else if from == o {
                    candidates.append((r, location.row))
                } else {
                    fate[from][location.row] = .moved
                    changes.update.moveRow(from: IndexPath(row: location.row, section: from), to: IndexPath(row: r, section: j))
                }
            }
            let stays = longestIncreasingSubsequence(candidates.map(\.oldRow))
            for (k, candidate) in candidates.enumerated() {
                if stays[k] {
                    fate[o][candidate.oldRow] = .kept
                } else {
                    fate[o][candidate.oldRow] = .moved
                    changes.update.moveRow(from: IndexPath(row: candidate.oldRow, section: o), to: IndexPath(row: candidate.newRow, section: j))
                }
            }
        }
        var deletes: [IndexPath] = []
        for o in 0..<oldSectionCount {
            for (row, f) in fate[o].enumerated() where f == .unclaimed { deletes.append(IndexPath(row: row, section: o)) }
        }
        if !deletes.isEmpty { changes.update.deleteRows(deletes, with: animation) }
        if !inserts.isEmpty { changes.update.insertRows(inserts, with: animation) }

        // Reloads and reconfigures of the items that stay or move.
        var reloaded = new.reloadedItems
        for section in new.reloadedSections { reloaded.formUnion(new.itemIdentifiers(inSection: section)) }
        var reloads: [IndexPath] = []
        func origin(of item: Item) -> (path: IndexPath, fate: Fate)? {
            guard let location = old.locations[item] else { return nil }
            let o = old.positionOfSlot[location.slot]
            guard finalOfOld[o] >= 0 else { return nil }
            return (IndexPath(row: location.row, section: o), fate[o][location.row])
        }
        for item in reloaded {
            guard let (path, f) = origin(of: item) else { continue }
            if f == .kept { reloads.append(path) } else if f == .moved { changes.reconfigured.append(path) }
        }
        for item in new.reconfiguredItems where !reloaded.contains(item) {
            guard let (path, f) = origin(of: item), f != .unclaimed else { continue }
            changes.reconfigured.append(path)
        }
        if !reloads.isEmpty { changes.update.reloadRows(reloads.sorted(), with: animation) }
        changes.reconfigured.sort()
        return changes
    }

    enum Fate: UInt8 { case unclaimed, kept, moved }
}

/// Which elements of `values` (distinct) form a longest strictly increasing subsequence: patience
/// sorting with predecessor links.
///
///     longestIncreasingSubsequence([3, 0, 1, 4, 2])   // [false, true, true, false, true]: 0, 1, 2
///
/// - Complexity: O(n log n).
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []                 // index in `values` of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    tails.reserveCapacity(values.count)
    for (i, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var chosen = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        chosen[i] = true
        i = previous[i]
    }
    return chosen
}
