import Testing
import TableKit
import TerminalUI
import TestSupport

/// `g` and `G` go to the first and last item: never a passage or a header; `No items` when the
/// list has none.
@MainActor
@Suite struct FirstLastRowTests {
    @Test func gAndGSkipPassagesAndHeaders() throws {
        let h = try Harness("Intro prose.\n\n# Todo\n- [ ] first\n- [ ] second\n\nClosing words.\n", name: "todo.md", width: 60)
        h.press(.char("G"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 1, section: 1)))
        h.press(.char("g"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        h.press(.char("e"), .char("G"))              // edit mode: not the `Add item` row
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 1, section: 1)))
    }

    @Test func noItems() throws {
        let h = try Harness("Only prose.\n", name: "notes.md", width: 60)
        h.press(.char("G"))
        #expect(h.screen.contains("No items"))
    }
}
