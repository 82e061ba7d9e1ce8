internal import Algorithms

/// The batch that turns one snapshot into another, in O(n log n): identifiers are unique, so
/// every identifier is looked up once in the old snapshot's index (Heckel's observation, O(n))
/// instead of searching for an edit script (Myers' O(N·D)); the longest increasing subsequences
/// that pick what stays are the O(n log n) part. Measured at 10^5 items (docs/benchmarks.md):
/// about 12 ms for 3% changed, 48 ms for a full reversal, validation included.
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
/// Identifiers are hashed once, in ``origins(in:)``: it is `@inlinable`, so it is specialised for
/// the caller's identifier types (inside TableKit they are unknown and every hash and comparison
/// would go through witness tables), and the rest of the diff works on its integer result.
///
/// Reloads: an item marked by `reloadItems` (or in a section marked by `reloadSections`) that stays
/// is reloaded (`reloadRows`). UIKit forbids reloading a row that moves in the same batch; such an
/// item is moved and reconfigured instead: it keeps its cell, slides to its place, and the cell
/// provider is asked again with that cell. Items marked by `reconfigureItems` that stay or move are
/// reconfigured. Marked items that are inserted need nothing.
extension DiffableDataSourceSnapshot {
    typealias Changes = DiffableChanges
    @usableFromInline typealias Origin = DiffableItemOrigin
    typealias Fate = DiffableRowFate

    /// For each item of this snapshot, section after section (its flat index), where it was in
    /// `old`: the one pass over identifiers.
    ///
    ///     old [A: [a, b]]   new [A: [b, c]]   → [(0, 1), (-1, _)]
    ///
    /// Most items sit next to the item before them in `old` too, after it or (in a reversed run)
    /// before it, so those two places are compared first and only the rest are hashed: a snapshot
    /// that changed 3% of 10^5 items hashes about 3% of them. Identifiers are unique, so an equal
    /// identifier is the item.
    ///
    /// - Complexity: O(items) comparisons and O(changed items) hash look-ups, specialised for the
    ///   caller's identifier type.
    @inlinable
    func origins(in old: Self) -> [Origin] {
        var result: [Origin] = []
        result.reserveCapacity(starts[order.count])
        var previous = Origin(section: -1, row: 0), previousSlot = -1
        var previousItems: [Item] = []     // the items of `old`'s section at `previousSlot`
        for slot in order {
            for item in slotItems[slot] {
                if previousSlot >= 0 {
                    let after = previous.row + 1, before = previous.row - 1
                    if after < previousItems.count && previousItems[after] == item {
                        previous.row = after
                        result.append(previous)
                        continue
                    }
                    if before >= 0 && previousItems[before] == item {
                        previous.row = before
                        result.append(previous)
                        continue
                    }
                }
                guard let location = old.locations[item] else {
                    result.append(Origin(section: -1, row: 0))
                    continue
                }
                if location.slot != previousSlot {
                    previousSlot = location.slot
                    previousItems = old.slotItems[location.slot]
                }
                previous = Origin(section: old.positionOfSlot[location.slot], row: location.row)
                result.append(previous)
            }
        }
        return result
    }

    /// The batch from `old` to `new`; both must be free of refusals.
    ///
    /// - Parameter origins: `new.origins(in: old)`; computed here (unspecialised) when `nil`.
    /// - Complexity: O(n log n) for n items and sections (the two subsequences); O(n) lookups, in
    ///   `origins`.
    static func changes(from old: Self, to new: Self, origins: [Origin]? = nil, animation: TableView.RowAnimation) -> Changes {
        let origins = origins ?? new.origins(in: old)
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
            let first = new.starts[j]
            for r in 0..<(new.starts[j + 1] - first) {
                let origin = origins[first + r]
                let from = origin.section
                if from < 0 || finalOfOld[from] < 0 {
                    inserts.append(IndexPath(row: r, section: j))     // new, or out of a deleted section
                } else if from == o {
                    candidates.append((r, origin.row))
                } else {
                    fate[from][origin.row] = .moved
                    changes.update.moveRow(from: IndexPath(row: origin.row, section: from), to: IndexPath(row: r, section: j))
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
}

// The diff's own types are not nested in the generic snapshot: nested, they would be generic
// too, and the diff's loops over them would look their metadata up at run time.

/// What `apply` issues: one batch, and the rows to reconfigure (original index paths).
struct DiffableChanges {
    var update = BatchUpdate()
    var reconfigured: [IndexPath] = []
}

/// Where an item of a snapshot was in the previous one: its section and row there, or
/// `section == -1` when it is new.
@usableFromInline
struct DiffableItemOrigin: Sendable {
    /// Section index in the old snapshot, or -1.
    @usableFromInline var section: Int
    /// Row in the old snapshot's section.
    @usableFromInline var row: Int

    @inlinable init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }
}

/// What happened to an old row of a kept section.
enum DiffableRowFate: UInt8 { case unclaimed, kept, moved }

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
        let lo = tails.partitioningIndex { values[$0] >= v }
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
