import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// The diffable data source on screen: which rows ask the cell provider, which keep their cells,
/// completions and animation; and the guide's diffable example.
@MainActor
@Suite struct DiffableDataSourceScreenTests {
    /// A table of `count` items in one section, drawn 12 lines high, logging the cell provider's
    /// calls; registered cells, so a reconfigured row gets its own cell back.
    @MainActor
    final class Rig {
        let view = TableRenderer(tableView: TableView(style: .plain))
        var asked: [String] = []
        var dataSource: TableViewDiffableDataSource<String, String>!

        init(_ items: [String], animations: Bool = false) throws {
            view.animationsEnabled = animations
            view.tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
            dataSource = TableViewDiffableDataSource(tableView: view.tableView) { [unowned self] tableView, indexPath, item in
                asked.append(item)
                let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
                cell.textLabel?.text = item
                return cell
            }
            var snapshot = DiffableDataSourceSnapshot<String, String>()
            snapshot.appendSections(["A"])
            snapshot.appendItems(items)
            try dataSource.apply(snapshot, animatingDifferences: false)
        }

        func draw() -> String {
            var grid = CellGrid(width: 30, height: 12)
            view.layOut(height: 12)
            view.render(into: &grid, top: 0, height: 12)
            return grid.text
        }
    }

    /// The cell provider is asked for the rows on screen, then only for rows new on screen:
    /// rows that stay or move keep their cells (the same objects).
    @Test func cellProviderIsAskedOnlyForRowsOnScreenAndNewRows() throws {
        let rig = try Rig((0..<100).map { "row \($0)" })
        _ = rig.draw()
        let firstScreen = rig.asked
        #expect(!firstScreen.isEmpty && firstScreen.count < 15)
        #expect(firstScreen == (0..<firstScreen.count).map { "row \($0)" })
        let cellOfRow2 = try #require(rig.view.tableView.cellForRow(at: IndexPath(row: 2, section: 0)))
        rig.asked = []
        var snapshot = rig.dataSource.snapshot()
        snapshot.insertItems(["new"], beforeItem: "row 0")
        snapshot.moveItem("row 2", afterItem: "row 4")
        snapshot.deleteItems(["row 1", "row 50"])
        try rig.dataSource.apply(snapshot)
        let screen = rig.draw()
        #expect(rig.asked == ["new"])             // one row in, one out: the same rows fill the screen
        #expect(rig.view.tableView.cellForRow(at: IndexPath(row: 4, section: 0)) === cellOfRow2)
        #expect(screen.contains("new") && !screen.contains("row 1 "))
    }

    /// A reloaded row that stays is asked for a cell (its old one goes to the reuse queue); one that also moves keeps its cell and is asked
    /// again with it (moved and reconfigured); a reconfigured row is asked again with its cell.
    @Test func reloadsAndReconfiguresOnScreen() throws {
        let rig = try Rig(["a", "b", "c", "d"])
        _ = rig.draw()
        let cells = (0..<4).map { rig.view.tableView.cellForRow(at: IndexPath(row: $0, section: 0)) }
        rig.asked = []
        var snapshot = rig.dataSource.snapshot()
        snapshot.moveItem("b", afterItem: "d")                  // a, c, d, b: b moves
        snapshot.reloadItems(["a", "b"])
        snapshot.reconfigureItems(["c"])
        try rig.dataSource.apply(snapshot)
        _ = rig.draw()
        #expect(Set(rig.asked) == ["a", "b", "c"] && rig.asked.count == 3)
        let table = rig.view.tableView
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "a")   // a: reloaded
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === cells[1])      // b: moved, same cell
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cells[2])      // c: reconfigured
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cells[3])      // d: untouched
    }

    /// Completions: once the animation ends (`true`), or `false` when a new `apply` cuts it
    /// short; `animatingDifferences: false` runs it at once, with no animation.
    @Test func completionsReportWhetherTheAnimationFinished() throws {
        let rig = try Rig(["a", "b"], animations: true)
        let clock = ManualClock()
        rig.view.clock = clock
        _ = rig.draw()
        var log: [String] = []
        var snapshot = rig.dataSource.snapshot()
        snapshot.appendItems(["c"])
        try rig.dataSource.apply(snapshot) { log.append("first \($0)") }
        #expect(rig.view.isAnimating && log.isEmpty)
        snapshot.appendItems(["d"])
        try rig.dataSource.apply(snapshot) { log.append("second \($0)") }
        #expect(log == ["first false"])
        clock.now = 10
        _ = rig.draw()
        #expect(log == ["first false", "second true"])
        snapshot.deleteItems(["a"])
        try rig.dataSource.apply(snapshot, animatingDifferences: false) { log.append("third") }
        #expect(log.last == "third" && !rig.view.isAnimating)
        #expect(rig.view.tableView.rowCounts == [3])
    }

    /// docs/library-guide.md, "Diffable data source": the list, a ripening batch, the refused
    /// duplicate, deleting through `commit`, and a drag kept in step by `reorderingHandlers`.
    @Test func theGuidesFruitList() throws {
        let (tableView, dataSource) = try makeFruitList()
        let renderer = TableRenderer(tableView: tableView)
        renderer.animationsEnabled = false
        #expect(screen(renderer).contains("Ripe") && screen(renderer).contains("Mango"))
        var finished: Bool?
        try ripen(dataSource) { finished = $0 }
        #expect(finished == true)
        #expect(dataSource.snapshot().itemIdentifiers == ["Kiwi", "Apple", "Banana", "Mango", "Cherry"])
        let lines = screen(renderer).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.firstIndex { $0.contains("Mango") }! < lines.firstIndex { $0.contains("Cherry") }!)
        #expect(addAppleTwice(dataSource) == "appendItems(_:toSection:): supplied item identifiers are not unique. Duplicate identifiers: \"Apple\"")

        let order = FruitOrder()
        order.fruits = dataSource.snapshot().itemIdentifiers
        order.follow(dataSource)
        let controller = EditController(tableView: tableView)
        tableView.setEditing(true, animated: false)
        #expect(controller.perform(.beginDrag(at: IndexPath(row: 0, section: 0))).isPerformed)   // Kiwi, to the end of Unripe
        controller.perform(.propose(IndexPath(row: 0, section: 1)))
        controller.perform(.drop)
        #expect(order.fruits == ["Apple", "Banana", "Mango", "Cherry", "Kiwi"])
        #expect(order.fruits == dataSource.snapshot().itemIdentifiers)
        EditController(tableView: tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.handle(.char("-"))
        controller.handle(.char("y"))
        #expect(dataSource.snapshot().itemIdentifiers == ["Banana", "Mango", "Cherry", "Kiwi"])
        #expect(tableView.rowCounts == [3, 1])
        withExtendedLifetime(dataSource) {}
    }
}
