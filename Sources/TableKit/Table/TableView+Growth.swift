import Foundation

/// Rows and sections that arrive while a file loads: the data source already holds them, and the
/// table learns of them without a batch (a batch of 10^6 inserted rows would cost seconds to
/// validate, and nothing about them needs validating: nothing before them moves).
extension TableView {
    /// The data source added `count` rows to section `path.section`, the first at `path.row`
    /// (final space), after every row it held before but those at or after `path.row` that it
    /// shows after them (a placeholder such as `Add item`), which move down by `count`. The
    /// cursor, a drag, a Delete button, a swipe, the selection and the cells follow, as after a
    /// batch that inserted those rows; nothing animates.
    ///
    /// - Complexity: O(1) when nothing follows the new rows, else O(`count`) (no index paths).
    public func rowsDidArrive(count: Int, at path: IndexPath) {
        let s = path.section
        guard count > 0, s < rowCounts.count, path.row <= rowCounts[s] else { return }
        let old = rowCounts[s]
        var counts = rowCounts
        counts[s] += count
        var placements: [Int: RowPlacement] = [:]
        if path.row < old {
            // The new rows take their slots; the rows after them (a placeholder) follow.
            placements[s] = RowPlacement(originalSection: s, vacated: [], fixed: Array(path.row..<(path.row + count)),
                                         sources: Array(repeating: nil, count: count), count: old + count)
        }
        grow(to: counts, placements: placements)
    }

    /// The data source added sections at the end, holding `rows` rows each.
    ///
    /// - Complexity: O(sections).
    public func sectionsDidArrive(rows: [Int]) {
        guard !rows.isEmpty else { return }
        grow(to: rowCounts + rows, placements: [:])
    }

    private func grow(to counts: [Int], placements: [Int: RowPlacement]) {
        let old = rowCounts
        let plan = BatchPlan(update: BatchUpdate(), oldRowCounts: old, newRowCounts: counts,
                             sectionSources: (0..<counts.count).map { $0 < old.count ? .original($0) : .inserted },
                             finalSectionOfOriginal: Array(0..<old.count), rowPlacements: placements,
                             reloadedKeys: [], moves: [])
        rowCounts = counts
        remapInteraction(plan)
        presenter?.tableView(self, didApply: plan, completions: [])
    }
}
