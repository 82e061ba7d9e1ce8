import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// Dragging rows with the mouse: press a handle, move, release; past an edge the table scrolls.
@MainActor
@Suite struct MouseDragTests {
    /// Sends a mouse event and draws a frame, as the run loop does after every event (clicks
    /// land on what the last frame drew).
    func mouse(_ h: Harness, _ kind: MouseEvent.Kind, _ x: Int, _ y: Int) {
        h.editor.send(.mouse(MouseEvent(kind, x: x, y: y)))
        _ = h.screen
    }

    /// The screen line where `text` is drawn.
    func line(of text: String, in h: Harness) -> Int? {
        h.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func theRowFollowsThePointerAndDropsOnRelease() throws {
        let h = try Harness()
        h.press(.char("e"))
        let handle = h.width - 4
        mouse(h, .press, handle, try #require(line(of: "Milk", in: h)))
        #expect(h.editor.keyMode == .dragging)
        // Over Bread: the rows slide, Milk is drawn there while held.
        let bread = try #require(line(of: "Bread", in: h))
        mouse(h, .drag, handle, bread)
        #expect(line(of: "Milk", in: h) == bread)
        #expect(h.editor.tableView.rowDrag?.destination == IndexPath(row: 2, section: 0))
        // Into Hardware, over Wood glue, then release: one move, one undo step.
        let glue = try #require(line(of: "Wood glue", in: h))
        mouse(h, .drag, handle, glue)
        mouse(h, .release, handle, glue)
        #expect(h.editor.keyMode == .edit)
        #expect(h.editor.model.contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Milk", "Wood glue"]])
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue"]])
    }

    /// The placeholder row is retargeted as with keys: a drop over `Add item` lands above it.
    @Test func overThePlaceholderTheDelegateRetargets() throws {
        let h = try Harness()
        h.press(.char("e"))
        mouse(h, .press, h.width - 4, try #require(line(of: "Milk", in: h)))
        let add = try #require(line(of: "Add item", in: h))
        mouse(h, .drag, h.width - 4, add)
        #expect(h.editor.tableView.rowDrag?.destination == IndexPath(row: 2, section: 0))
        mouse(h, .release, h.width - 4, add)
        #expect(h.editor.model.contents[0].rows == ["Eggs", "Bread", "Milk"])
    }

    @Test func pastTheBottomEdgeTheTableScrolls() throws {
        let rows = (1...40).map { "- Row \($0)\n" }.joined()
        let h = try Harness("# Long\n" + rows, height: 12)
        h.press(.char("e"))
        mouse(h, .press, h.width - 4, try #require(line(of: "Row 1 ", in: h)))
        #expect(h.editor.keyMode == .dragging)
        // The status line is past the table's bottom edge: each move there steps one row on,
        // and so does each tick while the pointer stays.
        mouse(h, .drag, h.width - 4, h.height - 1)
        for _ in 0..<20 { h.editor.send(.tick); _ = h.screen }
        #expect(h.editor.frameInterval != nil)
        let destination = try #require(h.editor.tableView.rowDrag?.destination)
        #expect(destination.row >= 20)
        #expect(h.screen.contains("Row 1 "))           // the held row stays in view
        #expect(!h.screen.contains("Long"))           // scrolled: the header is off screen
        mouse(h, .release, h.width - 4, h.height - 1)
        #expect(h.editor.frameInterval == nil)
        #expect(h.editor.model.contents[0].rows.firstIndex(of: "Row 1") == destination.row)
        // Back up past the top edge (the header bar).
        mouse(h, .press, h.width - 4, try #require(line(of: "Row 1 ", in: h)))
        mouse(h, .drag, h.width - 4, 0)
        for _ in 0..<40 { h.editor.send(.tick); _ = h.screen }
        mouse(h, .release, h.width - 4, 0)
        #expect(h.editor.model.contents[0].rows.first == "Row 1")
        #expect(h.screen.contains("Long"))
    }

    /// A release with no drag going, or a drag after the table ended it, changes nothing.
    @Test func strayMotionAndReleaseDoNothing() throws {
        let h = try Harness()
        mouse(h, .drag, 10, 3)
        mouse(h, .release, 10, 3)
        h.press(.char("e"))
        mouse(h, .press, h.width - 4, try #require(line(of: "Milk", in: h)))
        h.press(.escape)                                  // put back by key
        mouse(h, .drag, h.width - 4, 5)
        mouse(h, .release, h.width - 4, 5)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        #expect(!h.editor.isModified)
    }
}
