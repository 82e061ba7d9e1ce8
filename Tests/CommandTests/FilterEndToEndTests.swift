import Testing
import Foundation
import TestSupport

/// The filter, one-step moves under it, indent and outdent, and collapse in a real terminal
/// (tmux), with the saved bytes checked (issue 16, part B).
@Suite(.serialized) struct FilterEndToEndTests {
    let list = "# Groceries\n- Milk\n- Eggs\n- Oat milk\n- Bread\n\n# Hardware\n- Screws\n"

    @Test func filterMoveIndentOutdentAndSave() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", list)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        try tmux.send("/")
        await tmux.waitFor("esc clear")
        try tmux.send("-l", "milk")
        // Live: the rows narrow as the characters come; Enter keeps the filter in the header.
        await tmux.waitFor { $0.contains("Oat milk") && !$0.contains("Eggs") && !$0.contains("Screws") }
        try tmux.send("Enter")
        #expect(await tmux.waitFor("/milk 2 of 5").contains("1/5"))
        // J passes exactly one shown row: Milk lands right after Oat milk, past the hidden Eggs.
        try tmux.send("J")
        await tmux.waitFor("*")
        try tmux.send("s")
        await tmux.waitFor("Saved")
        #expect(dir.text("g.md") == "# Groceries\n- Eggs\n- Oat milk\n- Milk\n- Bread\n\n# Hardware\n- Screws\n")
        // Esc clears the filter; the cursor stays on Milk, which Tab indents under Oat milk.
        try tmux.send("Escape")
        #expect(await tmux.waitFor("Filter cleared").contains("Eggs"))
        try tmux.send("Tab")
        await tmux.waitFor("*")
        try tmux.send("s")
        await tmux.waitFor("Saved")
        #expect(dir.text("g.md") == "# Groceries\n- Eggs\n- Oat milk\n  - Milk\n- Bread\n\n# Hardware\n- Screws\n")
        // ← on Oat milk hides Milk (▸ 1); Shift+Tab on Milk again after → outdents it.
        try tmux.send("k")
        try tmux.send("Left")
        #expect(await !tmux.waitFor("▸ 1").contains("  Milk"))
        try tmux.send("Right")
        await tmux.waitFor { !$0.contains("▸") }
        try tmux.send("j")
        try tmux.send("BTab")
        await tmux.waitFor("*")
        try tmux.send("s")
        await tmux.waitFor("Saved")
        #expect(dir.text("g.md") == "# Groceries\n- Eggs\n- Oat milk\n- Milk\n- Bread\n\n# Hardware\n- Screws\n")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Issue 28: a filter hides a section with no match and footers count the items shown; text
    /// pasted into the filter line (a bracketed paste) filters at once, before Enter.
    @Test func aFilterHidesSectionsAndAPasteFiltersAtOnce() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", list + "\n# Garden\n- Seeds\n- Milk thistle\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Hardware")
        try tmux.send("/")
        await tmux.waitFor("esc clear")
        try tmux.paste("milk")
        // No Enter: Hardware (no match) is gone whole; the footers say how many items show.
        let screen = await tmux.waitFor { !$0.contains("Hardware") && $0.contains("2 of 4 items") }
        #expect(screen.contains("1 of 2 items") && screen.contains("Milk thistle") && !screen.contains("Eggs"), "\(screen)")
        try tmux.send("Enter")
        await tmux.waitFor("/milk 3 of 7")
        try tmux.send("Escape")
        #expect(await tmux.waitFor("Filter cleared").contains("Hardware"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
