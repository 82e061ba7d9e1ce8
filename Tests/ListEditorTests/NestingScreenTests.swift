import Testing
import TableKit
import TerminalUI
import TestSupport

/// Golden screens of a drag that carries nested rows: the held row shows `+N` while its nested
/// rows stay put, and after the drop they sit under it at their levels.
@MainActor
@Suite struct NestingScreenTests {
    static let plans = "# Plans\n- [ ] Trip\n  - [x] Book flights\n  - [ ] Pack\n    - socks\n- [ ] Groceries\n  - milk\n- Call Bob\n"

    @Test func draggingARowWithNestedRows() throws {
        let h = try Harness(Self.plans, name: "plans.md")
        h.press(.char("e"), .char(" "), .down)
        assertGolden(h.screen, "dragging-nested")
        h.press(.char(" "))
        assertGolden(h.screen, "dropped-nested")
        h.press(.escape, .char("J"))
        assertGolden(h.screen, "moved-nested-with-J")
    }

    /// The mouse path: pressing the parent's handle and dragging it below the last row moves it
    /// with its nested rows, and one undo puts them all back.
    @Test func mouseDragCarriesNestedRows() throws {
        let h = try Harness(Self.plans, name: "plans.md")
        func click(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) {
            h.editor.send(.mouse(MouseEvent(kind, x: x, y: y)))
            _ = h.screen
        }
        func texts() -> [String] { h.editor.model.sections[0].rows.map(\.text) }
        let original = texts()
        h.press(.char("e"))
        _ = h.screen
        click(.press, h.width - 4, 2)                       // Trip's handle
        #expect(h.editor.tableView.rowDrag?.source == IndexPath(row: 0, section: 0))
        #expect(h.screen.contains("Trip  +3"))
        click(.drag, h.width - 4, 8)                        // Call Bob's line
        click(.release, h.width - 4, 8)
        #expect(texts() == ["Groceries", "milk", "Call Bob", "Trip", "Book flights", "Pack", "socks"])
        #expect(h.editor.model.sections[0].rows.map(\.level) == [0, 1, 0, 0, 1, 1, 2])
        h.press(.char("u"))
        #expect(texts() == original)
    }
}

