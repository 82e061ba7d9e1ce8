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
}
