import Testing
import TableKit
import TestSupport

/// A snapshot from plain arrays.
func snap(_ sections: [(String, [String])]) -> Snap {
    var s = Snap()
    s.appendSections(sections.map(\.0))
    for (id, items) in sections { s.appendItems(items, toSection: id) }
    return s
}

/// The rows of a snapshot as plain arrays.
func rows(_ s: Snap) -> [[String]] { s.sectionIdentifiers.map { s.itemIdentifiers(inSection: $0) } }

/// A table driven by a diffable data source, with a presenter that keeps every batch's plan.
@MainActor
final class DiffRig {
    let table = TableView()
    let capture = PlanCapture()
    let dataSource: TableViewDiffableDataSource<String, String>

    init() {
        table.presenter = capture
        dataSource = TableViewDiffableDataSource(tableView: table) { _, _, item in textCell(item) }
    }
}

/// A longest strictly increasing subsequence's length, the plain O(n²) way.
func lisLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// Applies `old` then `new` through a real table and checks the one batch against the plain
/// reference table (`ReferenceTable`) and the expected identity mapping. Returns what is wrong, or
/// nil.
///
/// An item is *carried* when it is in both snapshots, its old section is still there and its new
/// section was there before: it must keep its identity (stay or move, never delete + insert) and
/// land at its new place. Every other new row must be new (inserted, or in an inserted section).
/// The batch must move the fewest rows and sections the table's rules allow: sections in both
/// minus the longest run that keeps its order, items that change section, and per section, the
/// items that stay in it minus the longest run that keeps its order.
@MainActor
func diffViolation(from old: Snap, to new: Snap) -> String? {
    let rig = DiffRig()
    do { try rig.dataSource.apply(old, animatingDifferences: false) } catch { return "the old snapshot was refused: \(error)" }
    rig.capture.plans = []
    var completions = 0
    do { try rig.dataSource.apply(new) { completions += 1 } } catch { return "refused: \(error)" }
    guard rig.capture.plans.count == 1, completions == 1, let plan = rig.capture.plans.first else {
        return "\(rig.capture.plans.count) batches, \(completions) completions"
    }
    let oldRows = rows(old), newRows = rows(new)
    let oldSections = old.sectionIdentifiers, newSections = new.sectionIdentifiers
    if rig.table.rowCounts != newRows.map(\.count) { return "table counts \(rig.table.rowCounts)" }
    let ds = rig.dataSource
    let answered = (0..<ds.numberOfSections(in: rig.table)).map { s in
        (0..<ds.tableView(rig.table, numberOfRowsInSection: s)).map { ds.itemIdentifier(for: IndexPath(row: $0, section: s)) ?? "?" }
    }
    if answered != newRows { return "the data source answers \(answered)" }
    if ds.snapshot() != new.withoutMarksForTests { return "snapshot() is \(ds.snapshot())" }

    var newPlace: [String: IndexPath] = [:], newSectionOf: [String: String] = [:]
    for (s, items) in newRows.enumerated() {
        for (r, item) in items.enumerated() { newPlace[item] = IndexPath(row: r, section: s); newSectionOf[item] = newSections[s] }
    }
    var oldSectionOf: [String: String] = [:], oldPlace: [String: IndexPath] = [:]
    for (s, items) in oldRows.enumerated() {
        for (r, item) in items.enumerated() { oldSectionOf[item] = oldSections[s]; oldPlace[item] = IndexPath(row: r, section: s) }
    }
    func carried(_ item: String) -> Bool {
        guard let from = oldSectionOf[item], let to = newSectionOf[item] else { return false }
        return newSections.contains(from) && oldSections.contains(to)
    }
    let moved = Set(plan.update.movedRows.map(\.from))
    var reloaded = Set(new.reloadedItemIdentifiers)
    for id in new.reloadedSectionIdentifiers { reloaded.formUnion(new.itemIdentifiers(inSection: id)) }

    // The identity mapping.
    for (s, items) in oldRows.enumerated() {
        for (r, item) in items.enumerated() {
            let expected = carried(item) ? newPlace[item] : nil
            let got = plan.finalIndexPath(forOriginal: IndexPath(row: r, section: s))
            if got != expected { return "\(item) at [\(s), \(r)] goes to \(String(describing: got)), not \(String(describing: expected))" }
        }
    }
    // The plain reference table, run on the same batch.
    guard case .success(let labels) = ReferenceTable.run(old: oldRows, update: plan.update, newCounts: newRows.map(\.count)) else {
        return "the reference table refuses \(plan.update): \(ReferenceTable.run(old: oldRows, update: plan.update, newCounts: newRows.map(\.count)))"
    }
    for (s, items) in newRows.enumerated() {
        for (r, item) in items.enumerated() {
            let label = labels[s][r]
            if carried(item) {
                let reload = reloaded.contains(item) && !moved.contains(oldPlace[item]!)
                if label != item + (reload ? "'" : "") { return "reference has \(label) where \(item) belongs" }
            } else if label != "new" && !label.hasPrefix("S\(s).") {
                return "reference keeps \(label) where new \(item) belongs"
            }
        }
    }
    // The fewest moves.
    let kept = newSections.filter(oldSections.contains)
    let sectionMoves = kept.count - lisLength(kept.map { oldSections.firstIndex(of: $0)! })
    if plan.update.movedSections.count != sectionMoves { return "\(plan.update.movedSections.count) section moves, not \(sectionMoves)" }
    var rowMoves = 0
    for (s, items) in newRows.enumerated() {
        let staying = items.filter { carried($0) && oldSectionOf[$0] == newSections[s] }
        rowMoves += items.filter { carried($0) && oldSectionOf[$0] != newSections[s] }.count
        rowMoves += staying.count - lisLength(staying.map { oldPlace[$0]!.row })
    }
    if plan.update.movedRows.count != rowMoves { return "\(plan.update.movedRows.count) row moves, not \(rowMoves)" }
    return nil
}

extension DiffableDataSourceSnapshot {
    /// The same sections and items without reload and reconfigure marks.
    var withoutMarksForTests: Self {
        var copy = Self()
        copy.appendSections(sectionIdentifiers)
        for s in sectionIdentifiers { copy.appendItems(itemIdentifiers(inSection: s), toSection: s) }
        return copy
    }
}

/// Every snapshot with up to `maxSections` sections drawn from `sectionNames` and each item of
/// `itemNames` absent or in one section, at most `maxItems` per section. Items are placed one by one
/// at every free position, so every arrangement comes up exactly once.
func allSnapshots(sections sectionNames: [String], items itemNames: [String], maxSections: Int, maxItems: Int) -> [Snap] {
    var orders: [[String]] = [[]]
    var frontier: [[String]] = [[]]
    for _ in 0..<maxSections {
        frontier = frontier.flatMap { order in sectionNames.filter { !order.contains($0) }.map { order + [$0] } }
        orders += frontier
    }
    var out: [Snap] = []
    for order in orders {
        var arrangements: [[[String]]] = [order.map { _ in [] }]
        for item in itemNames {
            var next: [[[String]]] = []
            for a in arrangements {
                next.append(a)
                for s in a.indices where a[s].count < maxItems {
                    for r in 0...a[s].count {
                        var b = a
                        b[s].insert(item, at: r)
                        next.append(b)
                    }
                }
            }
            arrangements = next
        }
        out += arrangements.map { snap(Array(zip(order, $0))) }
    }
    return out
}

/// The diff and `apply`: every pair of small snapshots, random large ones, the fewest moves, and
/// the data source's UIKit behaviours that need no screen.
@MainActor
@Suite struct DiffableDataSourceTests {
    /// Every pair of snapshots with up to two sections of {A, B} and items from {a, b, c} (131
    /// snapshots, 17,161 pairs), and with up to three sections of {A, B, C} and the item a (49
    /// snapshots: every section permutation, with an item crossing them): one valid batch, the
    /// table and the data source show the new snapshot, every carried item keeps its identity and
    /// lands in place, and the moves are the fewest.
    @Test(arguments: [(["A", "B"], ["a", "b", "c"], 131), (["A", "B", "C"], ["a"], 49)])
    func everyPairOfSmallSnapshots(sections: [String], items: [String], count: Int) {
        let all = allSnapshots(sections: sections, items: items, maxSections: sections.count, maxItems: 3)
        #expect(all.count == count)
        var failures = 0
        for old in all {
            for new in all {
                if let broken = diffViolation(from: old, to: new) {
                    Issue.record("\(old) → \(new): \(broken)")
                    failures += 1
                    if failures > 5 { return }
                }
            }
        }
    }

    /// Seeded random pairs from larger small spaces: up to two sections of {A, B, C} with items
    /// from {a, b, c} (343 snapshots), and up to three with items from {a, b} (196 snapshots).
    @Test(arguments: [(2, ["a", "b", "c"], 343), (3, ["a", "b"], 196)])
    func randomPairsOfSmallSnapshots(maxSections: Int, items: [String], count: Int) {
        let all = allSnapshots(sections: ["A", "B", "C"], items: items, maxSections: maxSections, maxItems: 3)
        #expect(all.count == count)
        var g = SplitMix64(seed: UInt64(count))
        for _ in 0..<3000 {
            let old = all.randomElement(using: &g)!, new = all.randomElement(using: &g)!
            if let broken = diffViolation(from: old, to: new) {
                Issue.record("\(old) → \(new): \(broken)")
                return
            }
        }
    }

    /// Random snapshots of a few hundred items, each turned into another by random snapshot calls
    /// (moves within and across sections, section moves, inserts, deletes) with random reload and
    /// reconfigure marks, or into an unrelated random snapshot.
    @Test(arguments: 0..<30)
    func randomLargeSnapshots(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let sectionNames = (0..<8).map { "S\($0)" }, itemNames = (0..<400).map { "i\($0)" }
        func randomSnapshot() -> Snap {
            var s = Snap()
            s.appendSections(Array(sectionNames.shuffled(using: &g).prefix(Int.random(in: 1...6, using: &g))))
            for item in itemNames.shuffled(using: &g).prefix(Int.random(in: 0...300, using: &g)) {
                s.appendItems([item], toSection: s.sectionIdentifiers.randomElement(using: &g)!)
            }
            return s
        }
        let old = randomSnapshot()
        var new = old
        if seed % 5 == 4 {
            new = randomSnapshot()
        } else {
            for _ in 0..<Int.random(in: 1...40, using: &g) {
                let items = new.itemIdentifiers, sections = new.sectionIdentifiers
                switch Int.random(in: 0..<10, using: &g) {
                case 0...3 where items.count > 1:
                    let a = items.randomElement(using: &g)!, b = items.randomElement(using: &g)!
                    if a != b { new.moveItem(a, afterItem: b) }
                case 4: new.deleteItems([items.randomElement(using: &g)].compactMap { $0 })
                case 5:
                    if let absent = itemNames.filter({ new.indexOfItem($0) == nil }).randomElement(using: &g) {
                        new.appendItems([absent], toSection: sections.randomElement(using: &g)!)
                    }
                case 6 where sections.count > 1:
                    let a = sections.randomElement(using: &g)!, b = sections.randomElement(using: &g)!
                    if a != b { new.moveSection(a, beforeSection: b) }
                case 7 where sections.count > 1: new.deleteSections([sections.randomElement(using: &g)!])
                case 8:
                    if let absent = sectionNames.filter({ new.indexOfSection($0) == nil }).randomElement(using: &g) {
                        new.insertSections([absent], beforeSection: sections.randomElement(using: &g)!)
                    }
                default: break
                }
            }
        }
        let items = new.itemIdentifiers
        if !items.isEmpty {
            new.reloadItems((0..<5).map { _ in items.randomElement(using: &g)! })
            new.reconfigureItems((0..<5).map { _ in items.randomElement(using: &g)! })
            if seed % 3 == 0 { new.reloadSections([new.sectionIdentifiers.randomElement(using: &g)!]) }
        }
        #expect(new.error == nil)
        if let broken = diffViolation(from: old, to: new) { Issue.record("seed \(seed): \(broken)") }
    }

    /// A pure permutation of n rows moves n − LIS rows (the rest stay), a reversal n − 1.
    @Test(arguments: 0..<10)
    func permutationsMoveTheFewestRows(seed: UInt64) throws {
        var g = SplitMix64(seed: seed)
        let n = 300
        let items = (0..<n).map { "i\($0)" }
        let shuffled = seed == 0 ? Array(items.reversed()) : items.shuffled(using: &g)
        let rig = DiffRig()
        try rig.dataSource.apply(snap([("A", items)]))
        try rig.dataSource.apply(snap([("A", shuffled)]))
        let update = try #require(rig.capture.plans.last).update
        let expected = n - lisLength(shuffled.map { Int($0.dropFirst())! })
        #expect(update.movedRows.count == expected)
        #expect(update.deletedRows.isEmpty && update.insertedRows.isEmpty)
        if seed == 0 { #expect(expected == n - 1) }
        #expect(rows(rig.dataSource.snapshot()) == [shuffled])
    }

    /// A snapshot holding a refused call throws its error at `apply`, naming the identifier, and
    /// nothing changes: no batch, same snapshot, no completion.
    @Test func applyThrowsTheFirstRefusalAndChangesNothing() throws {
        let rig = DiffRig()
        try rig.dataSource.apply(snap([("Groceries", ["Milk"])]))
        rig.capture.plans = []
        var snapshot = rig.dataSource.snapshot()
        snapshot.appendItems(["Eggs", "Milk"])
        snapshot.deleteItems(["Milk"])                       // later calls still work
        var completed = false
        #expect(throws: DiffableDataSourceError.duplicateItemIdentifiers(["\"Milk\""], operation: "appendItems(_:toSection:)")) {
            try rig.dataSource.apply(snapshot) { completed = true }
        }
        #expect(!completed && rig.capture.plans.isEmpty)
        #expect(rows(rig.dataSource.snapshot()) == [["Milk"]])
        #expect(throws: DiffableDataSourceError.self) { try rig.dataSource.applySnapshotUsingReloadData(snapshot) }
        #expect(rows(rig.dataSource.snapshot()) == [["Milk"]])
        #expect(rig.table.rowCounts == [1])
        var sections = Snap()
        sections.appendSections(["A", "B", "A"])
        let error = #expect(throws: DiffableDataSourceError.self) { try rig.dataSource.apply(sections) }
        #expect(error?.description == "appendSections(_:): supplied section identifiers are not unique. Duplicate identifiers: \"A\"")
    }

    /// Identifiers to places and back, in the table's current index space.
    @Test func identifiersAndIndexPaths() throws {
        let rig = DiffRig()
        try rig.dataSource.apply(snap([("A", ["a", "b"]), ("B", ["c"])]))
        let ds = rig.dataSource
        #expect(ds.itemIdentifier(for: IndexPath(row: 0, section: 1)) == "c")
        #expect(ds.itemIdentifier(for: IndexPath(row: 2, section: 0)) == nil)
        #expect(ds.itemIdentifier(for: IndexPath(row: 0, section: 2)) == nil)
        #expect(ds.indexPath(for: "b") == IndexPath(row: 1, section: 0))
        #expect(ds.indexPath(for: "z") == nil)
        #expect(ds.sectionIdentifier(for: 1) == "B" && ds.sectionIdentifier(for: 2) == nil && ds.sectionIdentifier(for: -1) == nil)
        #expect(ds.index(for: "B") == 1 && ds.index(for: "Z") == nil)
        try ds.apply(snap([("B", ["b", "c"]), ("A", ["a"])]))
        #expect(ds.indexPath(for: "b") == IndexPath(row: 0, section: 0))
        #expect(ds.index(for: "A") == 1)
        #expect(rig.table.dataSource === ds)
    }

    /// An empty diff still runs the completion (with `true`), and issues an empty batch.
    /// `animatingDifferences: false` marks the batch as not animated.
    @Test func completionsAndAnimation() throws {
        let rig = DiffRig()
        var log: [String] = []
        try rig.dataSource.apply(snap([("A", ["a"])]), animatingDifferences: false) { log.append("first") }
        #expect(rig.capture.plans.last?.update.isAnimated == false)
        try rig.dataSource.apply(snap([("A", ["a"])])) { (finished: Bool) in log.append("same \(finished)") }
        #expect(rig.capture.plans.last?.update.isEmpty == true)
        #expect(rig.capture.plans.last?.update.isAnimated == true)
        try rig.dataSource.applySnapshotUsingReloadData(snap([("B", ["b", "c"])])) { log.append("reload") }
        #expect(log == ["first", "same true", "reload"])
        #expect(rig.table.rowCounts == [2])
        #expect(rig.dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "c")
    }

    /// Reload marks: an item that stays is reloaded; one that also moves is moved and reconfigured
    /// (UIKit forbids reloading a moved row); an inserted one needs nothing. Reconfigure marks
    /// never delete, insert or reload. Marks are not kept in the data source's snapshot.
    @Test func reloadsAndReconfigures() throws {
        let rig = DiffRig()
        try rig.dataSource.apply(snap([("A", ["a", "b", "c", "d"])]))
        var next = snap([("A", ["a", "c", "d", "b", "e"])])      // b moves; a, c and d stay
        next.reloadItems(["a", "b", "e"])
        next.reconfigureItems(["d"])
        try rig.dataSource.apply(next)
        let update = try #require(rig.capture.plans.last).update
        #expect(update.reloadedRows == [IndexPath(row: 0, section: 0)])
        #expect(update.movedRows.count == 1)
        #expect(update.insertedRows == [IndexPath(row: 4, section: 0)])
        #expect(update.deletedRows.isEmpty)
        #expect(rig.dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
        #expect(rig.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
        // A reloaded section reloads its rows that stay.
        var again = rig.dataSource.snapshot()
        again.reloadSections(["A"])
        try rig.dataSource.apply(again)
        #expect(rig.capture.plans.last?.update.reloadedRows.count == 5)
        #expect(rig.capture.plans.last?.update.reloadedSections.isEmpty == true)
    }

    /// Items whose section is deleted, or whose new section is inserted, cannot be moves (the table
    /// forbids moving out of a deleted or into an inserted section): they are deleted and inserted.
    @Test func itemsLeavingDeletedOrEnteringInsertedSectionsAreNotMoves() throws {
        let rig = DiffRig()
        try rig.dataSource.apply(snap([("A", ["a", "b"]), ("B", ["c"])]))
        try rig.dataSource.apply(snap([("C", ["a"]), ("A", ["c", "b"])]))
        let update = try #require(rig.capture.plans.last).update
        #expect(update.deletedSections == [1] && update.insertedSections == [0])
        #expect(update.deletedRows == [IndexPath(row: 0, section: 0)])      // a
        #expect(update.insertedRows == [IndexPath(row: 0, section: 1)])     // c
        #expect(update.movedRows.isEmpty)
        #expect(rows(rig.dataSource.snapshot()) == [["a"], ["c", "b"]])
    }

    /// The cell provider is asked for a row only when the table wants its cell, with the item.
    @Test func cellProviderReceivesTheItem() throws {
        let table = TableView()
        var asked: [String] = []
        let ds = TableViewDiffableDataSource<Int, Int>(tableView: table) { tableView, indexPath, item in
            asked.append("\(indexPath) \(item)")
            return textCell("\(item)")
        }
        var s = DiffableDataSourceSnapshot<Int, Int>()
        s.appendSections([0, 1])
        s.appendItems([10, 11], toSection: 0)
        s.appendItems([20], toSection: 1)
        defer { withExtendedLifetime(ds) {} }
        try ds.apply(s)
        #expect(asked.isEmpty)
        let cell = table.preparedCell(forRowAt: IndexPath(row: 0, section: 1))
        #expect(cell?.textLabel?.text == "20")
        #expect(asked == ["[1, 0] 20"])
    }
}
