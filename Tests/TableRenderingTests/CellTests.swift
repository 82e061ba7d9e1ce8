import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Cells as UIKit code uses them: registered classes, reuse, the visible cell of a row, changing
/// it in place, reconfiguring, and what each style and accessory draws.
@MainActor
@Suite struct CellTests {
    /// A registered subclass, counting how often it is made and prepared for reuse.
    final class TaskCell: TableViewCell {
        static var made = 0
        var prepared = 0
        required init(style: CellStyle, reuseIdentifier: String?) {
            TaskCell.made += 1
            super.init(style: style, reuseIdentifier: reuseIdentifier)
        }
        override func prepareForReuse() {
            super.prepareForReuse()
            prepared += 1
        }
    }

    /// A data source over numbered tasks that dequeues `TaskCell`s and logs `cellForRowAt`.
    final class Tasks: TableViewDataSource {
        var titles: [String]
        var done: Set<String> = []
        var asked: [IndexPath] = []
        init(_ count: Int) { titles = (0..<count).map { "Task \($0)" } }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            asked.append(indexPath)
            let cell = tableView.dequeueReusableCell(withIdentifier: "task", for: indexPath)
            cell.textLabel?.text = titles[indexPath.row]
            cell.accessoryType = done.contains(titles[indexPath.row]) ? .checkmark : .uncheckedBox
            return cell
        }
    }

    func makeTable(_ tasks: Tasks) -> TableRenderer {
        let view = TableRenderer(tableView: TableView(style: .plain))
        view.animationsEnabled = false
        view.tableView.register(TaskCell.self, forCellReuseIdentifier: "task")
        view.tableView.dataSource = tasks
        return view
    }

    @Test func registeredSubclassesAreMadeAndReusedAsRowsScroll() throws {
        let tasks = Tasks(100)
        let view = makeTable(tasks)
        TaskCell.made = 0
        _ = draw(view, height: 6)                       // header + 5 rows
        #expect(TaskCell.made == 5)
        #expect(view.tableView.indexPathsForVisibleRows == (0..<5).map { IndexPath(row: $0, section: 0) })
        let first = try #require(view.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? TaskCell)
        // Scrolling a page down: the rows that left give their cells back, the new rows take them.
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 40, section: 0)))))
        _ = draw(view, height: 6)
        #expect(TaskCell.made <= 6)
        #expect(view.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        #expect(view.tableView.visibleCells.contains { $0 === first })
        #expect(first.prepared == 1)
        #expect(view.tableView.visibleCells.count == view.tableView.indexPathsForVisibleRows?.count)
    }

    /// UIKit's checkmark idiom: change the visible cell, and the next frame shows it, without
    /// asking the data source again.
    @Test func changingAVisibleCellShowsAtTheNextFrame() throws {
        let tasks = Tasks(3)
        let view = makeTable(tasks)
        #expect(draw(view, height: 4).lines[2].hasPrefix(" ☐ Task 1"))
        tasks.asked = []
        let cell = try #require(view.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        cell.accessoryType = .checkmark
        #expect(draw(view, height: 4).lines[2].hasPrefix(" ☑ Task 1"))
        #expect(tasks.asked.isEmpty)
    }

    /// `reconfigureRows` asks the data source again and hands it the row's own cell; `reloadRows`
    /// gives the row a cell that has been prepared for reuse.
    @Test func reconfigureKeepsTheCellAndReloadReplacesIt() throws {
        let tasks = Tasks(3)
        let view = makeTable(tasks)
        _ = draw(view, height: 4)
        let p = IndexPath(row: 2, section: 0)
        let cell = try #require(view.tableView.cellForRow(at: p) as? TaskCell)
        tasks.titles[2] = "Task 2 (done)"
        tasks.done = ["Task 2 (done)", "Task 2 again"]
        tasks.asked = []
        view.tableView.reconfigureRows(at: [p])
        #expect(draw(view, height: 4).lines[3].hasPrefix(" ☑ Task 2 (done)"))
        #expect(tasks.asked == [p])
        #expect(view.tableView.cellForRow(at: p) === cell)
        #expect(cell.prepared == 0)
        tasks.titles[2] = "Task 2 again"
        try view.tableView.reloadRows(at: [p], with: .none)
        #expect(draw(view, height: 4).lines[3].hasPrefix(" ☑ Task 2 again"))
        #expect(tasks.asked == [p, p])
    }

    /// Cells follow their rows through a batch: a row moved by an insert above keeps its cell.
    @Test func cellsFollowTheirRowsThroughBatches() throws {
        let tasks = Tasks(3)
        let view = makeTable(tasks)
        _ = draw(view, height: 6)
        let cell = view.tableView.cellForRow(at: IndexPath(row: 1, section: 0))
        tasks.titles.insert("New", at: 0)
        try view.tableView.insertRows(at: [IndexPath(row: 0, section: 0)])
        #expect(view.tableView.cellForRow(at: IndexPath(row: 2, section: 0)) === cell)
        #expect(view.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        #expect(draw(view, height: 6).lines[1].hasPrefix(" ☐ New"))
    }

    /// What each cell style, accessory, indentation and disabled label draws, in both themes.
    @Test func stylesAndAccessories() {
        final class Gallery: TableViewDataSource, TableViewDelegate {
            let rows: [(TableViewCell.CellStyle, TableViewCell.AccessoryType, Int)] = [
                (.default, .none, 0), (.default, .checkmark, 0), (.default, .uncheckedBox, 1),
                (.value1, .disclosureIndicator, 0), (.value2, .detailButton, 0),
                (.subtitle, .detailDisclosureButton, 0), (.default, .none, 2),
            ]
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
                let (style, accessory, level) = rows[p.row]
                let cell = TableViewCell(style: style, reuseIdentifier: nil)
                cell.textLabel?.text = "\(style)"
                cell.detailTextLabel?.text = "detail"
                cell.accessoryType = accessory
                cell.indentationLevel = level
                cell.textLabel?.isEnabled = p.row != 6
                return cell
            }
            func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Cells" }
            /// The delegate's level replaces the cell's when it is not 0.
            func tableView(_ tableView: TableView, indentationLevelForRowAt p: IndexPath) -> Int { p.row == 6 ? 3 : 0 }
        }
        let gallery = Gallery()
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.tableView.dataSource = gallery
        view.tableView.delegate = gallery
        var screens = [draw(view, width: 40, height: 10).screenshot]
        view.theme = .ascii
        screens.append(draw(view, width: 40, height: 10).screenshot)
        assertGolden(screens.joined(separator: "\n-----\n"), "cell-styles")
        #expect(view.tableView.cellForRow(at: IndexPath(row: 6, section: 0))?.indentationLevel == 3)
    }
}
