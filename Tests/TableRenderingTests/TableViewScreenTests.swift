import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Golden screens of the table view.
@MainActor
@Suite struct TableViewScreenTests {
    @Test func normalMode() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        assertGolden(draw(view).screenshot, "normal-grouped")
    }

    @Test func plainStyle() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture, style: .plain)
        defer { withExtendedLifetime(fixture) {} }
        assertGolden(draw(view).screenshot, "normal-plain")
    }

    /// `.grouped` is `.insetGrouped` without the inset: blocks run to the window's edges.
    @Test func groupedStyleIsFullWidth() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture, style: .grouped)
        defer { withExtendedLifetime(fixture) {} }
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        let grid = draw(view)
        assertGolden(grid.screenshot, "normal-grouped-full-width")
        let inset = draw(makeView(fixture))
        #expect(grid.lines != inset.lines)
        #expect(grid.lines.count == inset.lines.count)
    }

    @Test func editMode() {
        let fixture = Fixture(groceries)
        fixture.styles[IndexPath(row: 2, section: 0)] = .insert
        fixture.styles[IndexPath(row: 1, section: 1)] = TableViewCell.EditingStyle.none
        fixture.immovable = [IndexPath(row: 0, section: 0)]
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.tableView.setEditing(true, animated: false)
        EditController(tableView: view.tableView).perform(.pressEditingControl(at: IndexPath(row: 1, section: 0)))
        #expect(view.tableView.deleteConfirmation == IndexPath(row: 1, section: 0))
        assertGolden(draw(view).screenshot, "edit-mode")
    }

    @Test func asciiGlyphs() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.theme = .ascii
        view.tableView.setEditing(true, animated: false)
        assertGolden(draw(view).screenshot, "edit-mode-ascii")
    }

    @Test func longListScrolledKeepsTheCursorInView() {
        let fixture = Fixture([("Numbers", (0..<100).map { "Row \($0)" })])
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        _ = draw(view)
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 50, section: 0)))))
        let grid = draw(view)
        assertGolden(grid.screenshot, "long-list-scrolled")
        #expect(grid.cursor?.y == 12 - 1 - view.scrollMargin)
        let controller = EditController(tableView: view.tableView)
        controller.pageSize = 9
        controller.perform(.moveCursor(.pageUp))
        #expect(draw(view).cursor?.y == view.scrollMargin)
    }

    @Test func wideCharacters() {
        let fixture = Fixture([("本", ["吾輩は猫である。名前はまだ無い。", "🧑‍🚀 astronaut", "e\u{301}te\u{301}", "Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ ｈｅｒｅ"])])
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.tableView.setEditing(true, animated: false)
        let grid = draw(view, width: 30, height: 8)
        #expect(grid.clustersAreWhole)
        assertGolden(grid.screenshot, "wide-characters")
    }

    @Test func narrowAndTinyWindows() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.tableView.setEditing(true, animated: false)
        assertGolden(draw(view, width: 20, height: 10).screenshot, "narrow-20")
        let tiny = draw(view, width: 20, height: 2)
        assertGolden(tiny.screenshot, "tiny-2-rows")
        #expect(draw(view, width: 1, height: 1).width == 1)
        #expect(draw(view, width: 0, height: 0).lines.isEmpty)
    }

    @Test func cursorFollowsItsRowThroughABatch() throws {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))   // Bread
        fixture.sections[0].rows.insert("Apples", at: 0)
        fixture.sections[0].rows.remove(at: 2)               // Eggs (was row 1)
        try view.tableView.performBatchUpdates {
            try view.tableView.insertRows(at: [IndexPath(row: 0, section: 0)])
            try view.tableView.deleteRows(at: [IndexPath(row: 1, section: 0)])
        }
        #expect(view.tableView.focus == .row(IndexPath(row: 2, section: 0)))
        // Deleting the row under the cursor moves it to the row that took its place.
        fixture.sections[0].rows.remove(at: 2)
        try view.tableView.deleteRows(at: [IndexPath(row: 2, section: 0)])
        #expect(view.tableView.focus == .row(IndexPath(row: 1, section: 0)))
        assertGolden(draw(view).screenshot, "after-batch")
    }
}
