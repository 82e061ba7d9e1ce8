import TableKit

/// The diffable data source: `apply` of a snapshot to a table already showing another (the diff,
/// the table's validation of the one batch, and its application to the headless table; no
/// renderer), for `items` integer identifiers in 10 sections and in one:
///
/// * 1% of the items moved (to random places, across sections too), 1% inserted, 1% deleted;
/// * every item in reverse order (in 10 sections, items change section).
///
/// Beside them, in the same run: the table's validation of the same batch alone (the part of
/// `apply` that is not the diff), and Swift's `CollectionDifference` (`difference(from:)`, Myers'
/// O(N·D) edit script) on the same two lists of items, as the reference the linear diff replaces.
@MainActor
extension Bench {
    /// Keeps the last batch's update, to time its validation alone.
    final class LastUpdate: TableViewPresenter {
        var update = BatchUpdate()
        func tableView(_ tableView: TableView, didApply plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
            update = plan.update
            for completion in completions { completion(true) }
        }
    }

    static func measureDiffable(items: Int, runs: Int) throws {
        typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
        var g = UInt64(99)
        func next(_ n: Int) -> Int { g = g &* 6364136223846793005 &+ 1442695040888963407; return Int((g >> 33) % UInt64(max(1, n))) }
        func snapshot(_ sections: [[Int]]) -> Snapshot {
            var s = Snapshot()
            s.appendSections(Array(sections.indices))
            for (i, ids) in sections.enumerated() { s.appendItems(ids, toSection: i) }
            return s
        }
        for sectionCount in [10, 1] {
            let per = items / sectionCount
            let old = (0..<sectionCount).map { s in Array(s * per..<(s + 1) * per) }
            // 1% deleted, 1% moved to random places, 1% new at random places: every item gets a
            // sort key (its row, or a random place), and each section is sorted by it.
            let onePercent = max(1, items / 100)
            var gone = Set<Int>(), moved = Set<Int>()
            while gone.count < onePercent { gone.insert(next(items)) }
            while moved.count < onePercent { let i = next(items); if !gone.contains(i) { moved.insert(i) } }
            var keyed = [[(key: Double, id: Int)]](repeating: [], count: sectionCount)
            for (s, ids) in old.enumerated() {
                for (r, id) in ids.enumerated() where !gone.contains(id) && !moved.contains(id) { keyed[s].append((Double(r), id)) }
            }
            for id in moved.sorted() + Array(items..<items + onePercent) {
                keyed[next(sectionCount)].append((Double(next(per * 1000)) / 1000, id))
            }
            let churned = keyed.map { $0.sorted { $0.key < $1.key }.map(\.id) }
            let flat = Array(old.joined().reversed())
            let reversed = (0..<sectionCount).map { s in Array(flat[s * per..<(s + 1) * per]) }

            emit("")
            emit("== diffable data source, \(items) items, \(sectionCount) section\(sectionCount == 1 ? "" : "s")")
            emit("figure".padding(32) + " " + "median".leftPad(10) + " " + "worst".leftPad(10))
            let before = snapshot(old)
            for (name, target) in [("1% moved, inserted, deleted", churned), ("full reversal", reversed)] {
                let after = snapshot(target)
                var applies: [Double] = [], validations: [Double] = []
                for _ in 0..<runs {
                    let table = TableView()
                    let presenter = LastUpdate()
                    table.presenter = presenter
                    let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { _, _, _ in nil }
                    try dataSource.apply(before, animatingDifferences: false)
                    let t0 = now()
                    try dataSource.apply(after, animatingDifferences: false)
                    applies.append(now() - t0)
                    let counts = target.map(\.count)
                    let t1 = now()
                    _ = try BatchValidator.plan(for: presenter.update, oldRowCounts: old.map(\.count),
                                                newSectionCount: counts.count, newRowCount: { counts[$0] })
                    validations.append(now() - t1)
                    withExtendedLifetime(dataSource) {}
                }
                row("apply: \(name)", applies)
                row("  of which validation alone", validations)
                if name.hasPrefix("1%") {
                    // Myers on the flat lists; one run when it is slow.
                    let a = Array(old.joined()), b = Array(target.joined())
                    var references: [Double] = []
                    for _ in 0..<runs {
                        let t0 = now()
                        _ = b.difference(from: a)
                        let took = now() - t0
                        references.append(took)
                        if took > 1 { break }
                    }
                    row("  CollectionDifference (Myers)", references)
                    emit("(apply / CollectionDifference, medians of this run: \(format3(stats(applies).median / stats(references).median)))")
                }
            }
        }
    }
}
