import Testing
import Foundation
import TestSupport

/// A vim or less user's keys in a real terminal (issue 28): `Space` on a plain item says how to
/// add a checkbox and `c` adds one, `G` and `g` land on the last and first item, `o` adds below,
/// `/` then `Esc` then `n` finds the next match, `:wq` saves and quits.
@Suite(.serialized) struct VimKeysEndToEndTests {
    @Test func aVimUsersFirstMinutes() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "Intro prose.\n\n# Todo\n\n- [ ] call Bob\n- buy milk\n- oat milk\n\nClosing words.\n"
        let file = dir.file("todo.md", text)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70, height: 20)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("oat milk") }
        try tmux.send("G")                                           // the last item, not the prose
        await tmux.waitFor("3/3")
        try tmux.send("k", "Space")
        #expect(await tmux.waitFor("Not a task: c adds a checkbox").contains("Not a task: c adds a checkbox"))
        try tmux.send("c")
        await tmux.waitFor("☑ buy milk")
        try tmux.send("g", "o")                                      // below the first item
        await tmux.waitFor("New item")
        try tmux.type("ring Ann")
        try tmux.send("Enter")
        await tmux.waitFor("ring Ann")
        try tmux.send("/")
        try tmux.type("milk")
        try tmux.send("Escape", "g", "n")
        #expect(await tmux.waitFor("match 1 of 2").contains("match 1 of 2 for \"milk\""))
        try tmux.send(":")
        try tmux.type("wq")
        try tmux.send("Enter")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("todo.md") == "Intro prose.\n\n# Todo\n\n- [ ] call Bob\n- [ ] ring Ann\n- [x] buy milk\n- oat milk\n\nClosing words.\n")
    }
}
