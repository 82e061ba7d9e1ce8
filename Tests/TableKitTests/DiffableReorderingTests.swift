import Testing
import TableKit
import TerminalUI
import TestSupport

/// A subclass as UIKit code writes one: rows are editable and movable, except "pinned", and
/// `moveRowAt` moves the item in a snapshot and applies it without animation (delete the item,
/// insert it before or after the item at the destination, or append it to the destination
/// section). `extra` runs in `moveRowAt` too.
@MainActor
final class MovingSource: TableViewDiffableDataSource<String, String>, TableViewEditingDataSource {
    var log: [String] = []
    var extra: ((inout Snap) -> Void)?

    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        itemIdentifier(for: indexPath) != "pinned"
    }

    override func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath) else { return }
        log.append("moveRowAt \(item) \(sourceIndexPath) -> \(destinationIndexPath), snapshot \(rows(snapshot()))")
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        if let target = itemIdentifier(for: destinationIndexPath), target != item {
            let after = destinationIndexPath.section == sourceIndexPath.section && destinationIndexPath.row > sourceIndexPath.row
            if after { snapshot.insertItems([item], afterItem: target) } else { snapshot.insertItems([item], beforeItem: target) }
        } else {
            snapshot.appendItems([item], toSection: sectionIdentifier(for: destinationIndexPath.section))
        }
        extra?(&snapshot)
        do { try apply(snapshot, animatingDifferences: false) { self.log.append("applied") } } catch { log.append("\(error)") }
    }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        log.append("commit delete \(item)")
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        try? apply(snapshot)
    }
}

/// Editing and reordering a diffable data source: by subclassing, as in UIKit, and with
/// `reorderingHandlers`.
@MainActor
@Suite struct DiffableReorderingTests {
    let table = TableView()
    let capture = PlanCapture()
    let controller: EditController

    init() {
        table.presenter = capture
        controller = EditController(tableView: table)
    }

    func drag(_ from: IndexPath, to: IndexPath) {
        table.setEditing(true, animated: false)
        #expect(controller.perform(.beginDrag(at: from)).isPerformed)
        controller.perform(.propose(to))
        controller.perform(.drop)
    }

    /// UIKit's subclass pattern: in `moveRowAt` the snapshot is still the one before the drop, the
    /// snapshot the override applies waits for the drop, and afterwards the data source's
    /// snapshot, the table and the override's model agree, within and across sections.
    @Test func subclassMovesRows() throws {
        let source = MovingSource(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(source) {} }
        try source.apply(snap([("A", ["a", "b", "pinned"]), ("B", ["d"])]))
        drag(IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(source.log == ["moveRowAt a [0, 0] -> [0, 1], snapshot [[\"a\", \"b\", \"pinned\"], [\"d\"]]", "applied"])
        #expect(rows(source.snapshot()) == [["b", "a", "pinned"], ["d"]])
        #expect(table.rowCounts == [3, 1])
        drag(IndexPath(row: 1, section: 0), to: IndexPath(row: 1, section: 1))
        #expect(rows(source.snapshot()) == [["b", "pinned"], ["d", "a"]])
        #expect(table.rowCounts == [2, 2])
        #expect(tableInvariantViolation(table) == nil)
        // A row the subclass refuses is not picked up.
        #expect(!controller.perform(.beginDrag(at: IndexPath(row: 1, section: 0))).isPerformed)
    }

    /// A snapshot applied in `moveRowAt` that changes more than the drop is applied as one batch
    /// after it, diffed against the snapshot that shows the drop.
    @Test func aSnapshotAppliedDuringTheDropIsAppliedAfterIt() throws {
        let source = MovingSource(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(source) {} }
        try source.apply(snap([("A", ["a", "b", "c"]), ("B", ["d"])]))
        source.extra = { $0.deleteItems(["d"]); $0.appendItems(["e"], toSection: "A") }
        capture.plans = []
        drag(IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(rows(source.snapshot()) == [["c", "a", "b", "e"], []])
        #expect(table.rowCounts == [4, 0])
        let update = try #require(capture.plans.last).update
        #expect(update.deletedRows == [IndexPath(row: 0, section: 1)])
        #expect(update.insertedRows == [IndexPath(row: 3, section: 0)])
        #expect(update.movedRows.isEmpty)
        #expect(source.log.last == "applied")
    }

    /// Without an override of `moveRowAt`, the snapshot still follows the drop.
    @Test func theSnapshotFollowsADropWithoutAnOverride() throws {
        let ds = TableViewDiffableDataSource<String, String>(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(ds) {} }
        ds.reorderingHandlers.canReorderItem = { _ in true }
        try ds.apply(snap([("A", ["a", "b"]), ("B", ["c"])]))
        drag(IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
        #expect(rows(ds.snapshot()) == [["b"], ["a", "c"]])
        #expect(ds.indexPath(for: "a") == IndexPath(row: 0, section: 1))
        #expect(tableInvariantViolation(table) == nil)
    }

    /// `reorderingHandlers`: `canReorderItem` decides which rows can be picked up (and makes them
    /// editable, with no delete control as the data source does not commit); `willReorder` runs
    /// before the snapshot changes, `didReorder` after, with a transaction whose differences turn
    /// the initial items into the final ones, for the whole list and for each section touched.
    @Test func reorderingHandlersReceiveTheTransaction() throws {
        let ds = TableViewDiffableDataSource<String, String>(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(ds) {} }
        var log: [String] = []
        var transactions: [DiffableDataSourceTransaction<String, String>] = []
        ds.reorderingHandlers.canReorderItem = { $0 != "pinned" }
        ds.reorderingHandlers.willReorder = { [unowned ds] t in log.append("will \(rows(ds.snapshot()) == rows(t.initialSnapshot))") }
        ds.reorderingHandlers.didReorder = { [unowned ds] t in
            log.append("did \(rows(ds.snapshot()) == rows(t.finalSnapshot))")
            transactions.append(t)
        }
        try ds.apply(snap([("A", ["pinned", "a", "b", "c"]), ("B", ["d", "e"])]))
        table.setEditing(true, animated: false)
        #expect(!controller.perform(.beginDrag(at: IndexPath(row: 0, section: 0))).isPerformed)
        #expect(table.editingInfo(for: IndexPath(row: 1, section: 0)).style == .none)

        drag(IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))            // within A
        drag(IndexPath(row: 2, section: 0), to: IndexPath(row: 1, section: 1))            // a: A → B
        #expect(log == ["will true", "did true", "will true", "did true"])
        #expect(rows(ds.snapshot()) == [["pinned", "c", "b"], ["d", "a", "e"]])
        try #require(transactions.count == 2)

        let within = transactions[0]
        #expect(rows(within.initialSnapshot) == [["pinned", "a", "b", "c"], ["d", "e"]])
        #expect(rows(within.finalSnapshot) == [["pinned", "c", "a", "b"], ["d", "e"]])
        #expect(within.initialSnapshot.itemIdentifiers.applying(within.difference) == within.finalSnapshot.itemIdentifiers)
        #expect(Array(within.difference) == [.remove(offset: 3, element: "c", associatedWith: 1), .insert(offset: 1, element: "c", associatedWith: 3)])
        #expect(within.sectionTransactions.map(\.sectionIdentifier) == ["A"])

        let across = transactions[1]
        #expect(across.initialSnapshot.itemIdentifiers.applying(across.difference) == across.finalSnapshot.itemIdentifiers)
        #expect(across.sectionTransactions.map(\.sectionIdentifier) == ["A", "B"])
        for section in across.sectionTransactions + within.sectionTransactions {
            #expect(section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
        }
        #expect(across.sectionTransactions[1].finalSnapshot.items == ["d", "a", "e"])
        #expect(across.sectionTransactions[1].finalSnapshot.index(of: "a") == 1)
    }

    /// A plain diffable data source answers UIKit's defaults: rows are neither editable nor
    /// movable, so edit mode shows no controls and no handles.
    @Test func plainDataSourceRowsAreNotEditable() throws {
        let ds = TableViewDiffableDataSource<String, String>(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(ds) {} }
        try ds.apply(snap([("A", ["a", "b"])]))
        table.setEditing(true, animated: false)
        let info = table.editingInfo(for: IndexPath(row: 0, section: 0))
        #expect(!info.canEdit && !info.canMove && info.style == .none)
        #expect(!controller.perform(.beginDrag(at: IndexPath(row: 0, section: 0))).isPerformed)
    }

    /// A subclass that conforms to `TableViewEditingDataSource` deletes in `commit` by applying a
    /// snapshot without the item; the table shows delete controls for its rows.
    @Test func subclassCommitsDeletes() throws {
        let source = MovingSource(tableView: table) { _, _, item in textCell(item) }
        defer { withExtendedLifetime(source) {} }
        try source.apply(snap([("A", ["a", "b", "c"])]))
        table.setEditing(true, animated: false)
        #expect(table.editingInfo(for: IndexPath(row: 1, section: 0)).style == .delete)
        EditController(tableView: table).perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        controller.handle(.char("-"))
        controller.handle(.enter)
        #expect(source.log == ["commit delete b"])
        #expect(rows(source.snapshot()) == [["a", "c"]])
        #expect(table.rowCounts == [2])
        #expect(tableInvariantViolation(table) == nil)
    }
}
