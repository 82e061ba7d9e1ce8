import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// `scrollToRow` honoured at the next layout, and selected rows as drawn.
@MainActor
@Suite struct ScrollTests {
    let fixture = Fixture([("Numbers", (0..<100).map { "Row \($0)" })])

    func firstRowShown(_ view: TableRenderer) -> Int? {
        view.tableView.indexPathsForVisibleRows?.first?.row
    }

    /// 12 lines, plain: the header and rows; each position puts row 50 on the line it names, and
    /// the cursor (row 0) moves to the nearest row inside the scroll margins.
    @Test(arguments: [(TableView.ScrollPosition.top, 0), (.middle, 5), (.bottom, 11), (.none, 11)])
    func positions(_ position: TableView.ScrollPosition, line: Int) throws {
        let view = makeView(fixture, style: .plain)
        _ = draw(view)
        view.tableView.scrollToRow(at: IndexPath(row: 50, section: 0), at: position, animated: true)
        #expect(view.tableView.indexPathsForVisibleRows?.first?.row == 0)   // nothing until the next layout
        let grid = draw(view)
        #expect(grid.lines[line].hasPrefix(" Row 50"))
        let cursor = try #require(grid.cursor)
        #expect(cursor.y >= view.scrollMargin && cursor.y <= 11 - view.scrollMargin)
        // Honoured once: the next frame keeps the same lines.
        #expect(draw(view).lines == grid.lines)
    }

    @Test func noneScrollsOnlyAsFarAsNeeded() {
        let view = makeView(fixture, style: .plain)
        _ = draw(view)
        view.tableView.scrollToRow(at: IndexPath(row: 3, section: 0), at: .none, animated: false)
        _ = draw(view)
        #expect(firstRowShown(view) == 0)
    }

    @Test func aRequestFollowsItsRowThroughABatchAndDiesWithIt() throws {
        let view = makeView(fixture, style: .plain)
        _ = draw(view)
        view.tableView.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        fixture.sections[0].rows.insert("New", at: 0)
        try view.tableView.insertRows(at: [IndexPath(row: 0, section: 0)])
        #expect(draw(view).lines[0].hasPrefix(" Row 50"))
        view.tableView.scrollToRow(at: IndexPath(row: 80, section: 0), at: .top, animated: false)
        fixture.sections[0].rows.remove(at: 80)
        try view.tableView.deleteRows(at: [IndexPath(row: 80, section: 0)])
        #expect(draw(view).lines[0].hasPrefix(" Row 50"))
    }

    /// Selected rows are highlighted; a cell with selection style `.none` is not; in multiple
    /// selection during editing, marks replace the editing controls.
    @Test func selectedRowsAsDrawn() throws {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.tableView.allowsMultipleSelection = true
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        view.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        view.tableView.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
        let grid = draw(view)
        #expect(grid[4, 1].style.role == .cursor)       // Milk
        #expect(grid[4, 2].style.role == .selected)     // Eggs
        #expect(grid[4, 3].style.role == .normal)       // Bread
        #expect(grid[4, 7].style.role == .selected)     // Screws
        var screens = [grid.screenshot]
        view.tableView.allowsMultipleSelectionDuringEditing = true
        view.tableView.setEditing(true, animated: false)
        view.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        let editing = draw(view)
        screens.append(editing.screenshot)
        assertGolden(screens.joined(separator: "\n-----\n"), "selection")
        // A selected row's mark and handle keep the row's colours (no block of the handle's own
        // colour in reverse video); an unselected row draws them in their own colours.
        let handleX = try #require(Array(editing.lines[3]).firstIndex(of: "≡"))
        #expect(editing.lines[3].contains("● Bread"))
        #expect(editing[handleX, 3].style == editing[4, 3].style)          // Bread, selected
        #expect(editing[handleX, 3].style.role == .selected && editing[handleX, 3].style.reverse)
        #expect(editing[handleX, 2].style.role == .handle && !editing[handleX, 2].style.reverse)   // Eggs
    }
}
