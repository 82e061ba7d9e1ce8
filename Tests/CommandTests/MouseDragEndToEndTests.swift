import Testing
import Foundation
import TestSupport

/// Mouse drags in a real terminal: listedit asks tmux for button-motion reporting in SGR form,
/// and the presses, motions and releases tmux would send move rows. Each runs under a terminal
/// description whose `kmous` names SGR (xterm-256color) and ones that name X10 (tmux, screen):
/// listedit decodes the reports itself, so both must work.
@Suite(.serialized) struct MouseDragEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// An SGR mouse report (mode 1006) for 0-based cell `x`, `y`: button 0 pressed, moved with
    /// it held, or released.
    func sgr(_ kind: String, _ x: Int, _ y: Int) -> String {
        let code = kind == "drag" ? 32 : 0
        return "\u{1B}[<\(code);\(x + 1);\(y + 1)" + (kind == "release" ? "m" : "M")
    }

    /// The screen line where `text` is drawn.
    func line(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    static let terms = ["xterm-256color", "tmux-256color", "screen-256color"]

    @Test(arguments: terms) func requestsButtonMotionAndDragsARowAcrossSections(term: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: "--no-animation", term: term))
        await tmux.waitFor("Edit")
        let flags = try tmux.run(["display-message", "-p", "-t", "main", "#{mouse_button_flag} #{mouse_sgr_flag}"])
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "1 1")
        try tmux.send("e")
        var screen = await tmux.waitFor { $0.contains("Done") && $0.contains("⊖ Milk") }
        let handle = tmux.width - 4
        try tmux.type(sgr("press", handle, try #require(line(of: "Milk", in: screen))))
        await tmux.waitFor("put back")                              // picked up: the dragging hints show
        try tmux.type(sgr("drag", handle, try #require(line(of: "Bread", in: screen))))
        // The rows slide under the pointer: Milk is drawn where Bread was.
        screen = await tmux.waitFor { self.line(of: "Milk", in: $0) == self.line(of: "Bread", in: screen).map { $0 } && $0.contains("Eggs") }
        let glue = try #require(line(of: "Wood glue", in: screen))
        try tmux.type(sgr("drag", handle, glue))
        try tmux.type(sgr("release", handle, glue))
        let dropped = await tmux.waitFor { $0.contains("g.md *") && $0.contains("Eggs") && $0.contains("Milk") }
        try tmux.send("s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Milk\n- Wood glue\n" }, "\(dropped)\n\(tmux.screen)")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Held past the bottom edge (on the status line), the drag keeps stepping and the table
    /// scrolls until the row reaches the end of the list.
    @Test(arguments: terms) func pastTheBottomEdgeTheTableScrolls(term: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("long.md", "# Long\n" + (1...40).map { "- Row \($0)\n" }.joined())
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: "--no-animation", term: term), height: 12)
        await tmux.waitFor("Edit")
        try tmux.send("e")
        let screen = await tmux.waitFor { $0.contains("Done") && $0.contains("⊖ Row 1 ") }
        let handle = tmux.width - 4
        try tmux.type(sgr("press", handle, try #require(line(of: "Row 1 ", in: screen))))
        await tmux.waitFor("put back")                              // picked up: the dragging hints show
        try tmux.type(sgr("drag", handle, tmux.height - 1))
        // Held there, Row 1 goes down to below Row 40.
        func atTheEnd(_ screen: String) -> Bool {
            guard let last = line(of: "Row 40", in: screen), let held = line(of: "Row 1 ", in: screen) else { return false }
            return held > last && !screen.contains("Long")
        }
        #expect(atTheEnd(await tmux.waitFor(timeout: 20, atTheEnd)))
        try tmux.type(sgr("release", handle, tmux.height - 1))
        await tmux.waitFor("long.md *")
        try tmux.send("s")
        #expect(await poll { dir.text("long.md") == "# Long\n" + (2...40).map { "- Row \($0)\n" }.joined() + "- Row 1\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A press and release in edit mode, on a blank line below the rows, is a mouse report and no
    /// keys: the editor stays in edit mode and says nothing about stray keys.
    @Test(arguments: terms) func aClickInEditModeIsNoKeys(term: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("long.md", "# Long\n" + (1...3).map { "- Row \($0)\n" }.joined())
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: "--no-animation", term: term), height: 12)
        await tmux.waitFor("Edit")
        try tmux.send("e")
        await tmux.waitFor { $0.contains("Done") && $0.contains("⊖ Row 1") }
        try tmux.type(sgr("press", 9, 8))
        try tmux.type(sgr("release", 9, 8))
        // `e` leaves edit mode only if the report was read whole: as keys, its Esc would have
        // left edit mode already and `e` would enter it again.
        try tmux.send("e")
        let screen = await tmux.waitFor { $0.contains("Edit") && !$0.contains("Done") }
        #expect(screen.contains("Edit") && !screen.contains("Done") && !screen.contains("does nothing"), "\(screen)")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
