import Testing
import Foundation
import TestSupport

/// Save as in a real terminal: never over an existing file unasked; `S` from a named list.
@Suite(.serialized) struct SaveAsEndToEndTests {
    @Test func unnamedListAsksBeforeOverwritingThenSaveAsFromTheNamedOne() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        dir.file("keep.md", "- precious\n")
        let tmux = try Tmux("cd '\(dir.path)' && env LANG=C.UTF-8 TERM=xterm-256color \(ListeditProcess.binary)", width: 70)
        await tmux.waitFor("Edit")
        try tmux.send("s")
        await tmux.waitFor("Save as")
        try tmux.type("keep.md")
        try tmux.send("Enter")
        #expect(await tmux.waitFor("overwrite?").contains("keep.md exists: overwrite? (y/n)"))
        try tmux.send("n")
        // Back at the name prompt, the name prefilled.
        #expect(await tmux.waitFor("Save as").contains("keep.md"))
        #expect(dir.text("keep.md") == "- precious\n")
        try tmux.send("C-u")
        try tmux.type("new.md")
        try tmux.send("Enter")
        #expect(await tmux.waitFor("Saved new.md").contains("Saved new.md"))
        #expect(dir.text("new.md")?.hasPrefix("# ") == true)
        // `S` from the now named list, onto keep.md: asks, `y` replaces it.
        try tmux.send("S")
        await tmux.waitFor("Save as")
        try tmux.send("C-u")
        try tmux.type("keep.md")
        try tmux.send("Enter")
        await tmux.waitFor("overwrite?")
        try tmux.send("y")
        #expect(await tmux.waitFor("Saved keep.md").contains("keep.md"))
        #expect(dir.text("keep.md") == dir.text("new.md"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Save as a format that cannot hold the list (issue 13, point 8): one line says what it
    /// cannot hold and asks; `n` goes back to the name prompt, `y` writes the list flattened;
    /// nothing is written before the answer.
    @Test func anotherFormatSaysWhatItCannotHoldAndAsks() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let plan = "# Tasks\n\n- [ ] one\n  - [x] two\n\n# Later\n- three\n"
        let file = dir.file("plan.md", plan)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 110)
        await tmux.waitFor("Edit")
        try tmux.send("S")
        await tmux.waitFor("Save as")
        try tmux.send("C-u")
        try tmux.type(dir.path + "/plan.txt")
        try tmux.send("Enter")
        let asked = await tmux.waitFor("save anyway?")
        #expect(asked.contains("plan.txt cannot hold 2 sections, 2 section titles, 1 nested row, 1 open checkbox: save anyway? (y/n)"))
        #expect(dir.text("plan.txt") == nil)
        try tmux.send("n")
        await tmux.waitFor("Save as")
        #expect(dir.text("plan.txt") == nil)
        try tmux.send("Enter")
        await tmux.waitFor("save anyway?")
        try tmux.send("y")
        #expect(await tmux.waitFor("Saved plan.txt").contains("Saved plan.txt"))
        #expect(dir.text("plan.txt") == "one\nx two\nthree\n")
        #expect(dir.text("plan.md") == plan)
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A new .json list: its rows go in an untitled section, which is saved without a `title`
    /// key (so it reads back untitled) and opens again as it was.
    @Test func anUntitledJSONSectionIsSavedWithoutATitleKey() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.path + "/new.json"
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        await tmux.waitFor("Empty list")
        try tmux.send("a")
        await tmux.waitFor("New item")
        try tmux.type("Milk")
        try tmux.send("Enter")
        await tmux.waitFor("new.json *")
        try tmux.send("s")
        #expect(await poll { dir.text("new.json")?.contains("Milk") == true }, "\(tmux.screen)")
        let saved = dir.text("new.json") ?? ""
        #expect(!saved.contains("title"), "\(saved)")
        #expect(saved.contains("\"sections\"") && saved.contains("\"Milk\""), "\(saved)")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        let again = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        let screen = await again.waitFor("Milk")
        #expect(screen.contains("Milk") && !screen.contains("Untitled"), "\(screen)")
        try again.send("q")
        #expect(await poll { !again.isAlive })
        #expect(dir.text("new.json") == saved)
    }
}
