import Testing
import Foundation
import TestSupport

/// The real binary in tmux on a nested Markdown file: a parent moved with `J` carries its nested
/// rows, a drag shows what it carries and its undo puts it back, and the save writes exactly
/// the moved lines.
@Suite(.serialized) struct NestingEndToEndTests {
    let plans = """
        # Plans

        Some notes first.

        - [ ] Trip
          - [x] Book flights
          - [ ] Pack
            - socks
        - [ ] Groceries
          - milk
        - Call Bob

        """

    @Test func moveAParentWithJThenSave() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("plans.md", plans)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 20)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("Call Bob") }
        try tmux.send("Home", "j", "j", "J")                     // the header, the paragraph, Trip; J
        let moved = await tmux.waitFor { ($0.range(of: "Groceries")?.lowerBound ?? $0.endIndex) < ($0.range(of: "Trip")?.lowerBound ?? $0.startIndex) }
        #expect(Self.isAbove("socks", "Call Bob", in: moved))
        // In edit mode, Trip held shows the three rows it carries; one step down passes Call Bob.
        try tmux.send("e", "Space")
        await tmux.waitFor("Trip  +3")
        try tmux.send("Down", "Space")
        // (A half-drawn screen may lack either name: it is not the screen waited for.)
        await tmux.waitFor { !$0.contains("+3") && Self.isAbove("Call Bob", "Trip", in: $0) }
        try tmux.send("u", "e", "s")
        let expected = """
            # Plans

            Some notes first.

            - [ ] Groceries
              - milk
            - [ ] Trip
              - [x] Book flights
              - [ ] Pack
                - socks
            - Call Bob

            """
        #expect(await poll { dir.text("plans.md") == expected })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Whether `upper` is drawn above `lower` on `screen`; false when either is missing.
    static func isAbove(_ upper: String, _ lower: String, in screen: String) -> Bool {
        guard let a = screen.range(of: upper), let b = screen.range(of: lower) else { return false }
        return a.lowerBound < b.lowerBound
    }
}
