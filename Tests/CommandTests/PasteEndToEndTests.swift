import Testing
import Foundation
import TestSupport

/// Pasting in a real terminal (tmux's bracketed paste): pasted text is never read as keys.
@Suite(.serialized) struct PasteEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// The paste, one command per line: in normal mode and into the add modal the lines
    /// become rows; nothing is deleted, saved or quit.
    @Test(arguments: ["normal", "add modal"])
    func linesThatAreKeysBecomeRows(_ place: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        if place == "add modal" {
            try tmux.send("a")
            await tmux.waitFor("New item")
        }
        try tmux.paste("Zucchini\nd\nd\nx\ny\ns\nq\n")
        // Polled whole: the rows slide in over a few frames.
        let screen = await tmux.waitFor { $0.contains("Pasted 7 rows") && $0.contains("Zucchini") && $0.contains("10 items") }
        #expect(screen.contains("Pasted 7 rows") && screen.contains("Zucchini") && screen.contains("10 items"))
        #expect(tmux.isAlive)
        #expect(dir.text("g.md") == groceries)
        try tmux.send("u")
        #expect(await tmux.waitFor("3 items").contains("Milk"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("g.md") == groceries)
    }

    /// In edit mode a paste is text too: its lines become rows, no line acts as a key (`d`
    /// deletes nothing, `e` does not leave edit mode, `s` saves nothing, `q` does not quit).
    @Test func inEditModeLinesThatAreKeysBecomeRows() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        try tmux.send("e")
        await tmux.waitFor("Done")
        try tmux.paste("Zucchini\nd\ne\ns\nq\n")
        let screen = await tmux.waitFor { $0.contains("Pasted 5 rows") && $0.contains("Zucchini") && $0.contains("8 items") }
        #expect(screen.contains("Pasted 5 rows") && screen.contains("Zucchini") && screen.contains("8 items"), "\(screen)")
        #expect(screen.contains("Done"))                     // still in edit mode
        #expect(tmux.isAlive)
        #expect(dir.text("g.md") == groceries)
        try tmux.send("e")
        await tmux.waitFor { $0.contains("Edit") && !$0.contains("Done") }
        try tmux.send("s")
        #expect(await poll { dir.text("g.md")?.contains("- Zucchini\n") == true }, "\(tmux.screen)")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A pasted list keeps its checkboxes and its indentation relative to the first line, placed
    /// after the cursor row (issue 13, point 1): in normal mode and into the add modal, one undo
    /// step; saved, the file nests as the paste did.
    @Test(arguments: ["normal", "add modal"])
    func pastedItemsKeepCheckboxesAndIndentation(_ place: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        try tmux.send("j")   // Eggs
        if place == "add modal" {
            try tmux.send("a")
            await tmux.waitFor("New item")
        }
        try tmux.paste("- [ ] Oat milk\n    - [x] barista\n- Tea\n")
        // Polled whole: the rows slide in over a few frames.
        let screen = await tmux.waitFor { $0.contains("Pasted 3 rows") && $0.contains("☐ Oat milk") && $0.contains("☑ barista") }
        #expect(screen.contains("☐ Oat milk") && screen.contains("☑ barista") && screen.contains("6 items"))
        try tmux.send("s")
        await tmux.waitFor("Saved")
        #expect(dir.text("g.md") == "# Groceries\n- Milk\n- Eggs\n- [ ] Oat milk\n  - [x] barista\n- Tea\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        try tmux.send("u")
        await tmux.waitFor("3 items")
        try tmux.send("s")
        #expect(await poll { dir.text("g.md") == groceries })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func renameRefusesSeveralLines() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70)
        await tmux.waitFor("Edit")
        try tmux.send("r")
        await tmux.waitFor("Rename")
        try tmux.paste("Oat\nmilk\n")
        #expect(await tmux.waitFor("takes one line").contains("Rename takes one line: the paste has 2"))
        try tmux.send("Escape", "q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("g.md") == groceries)
    }

    /// After listedit ends (by `q` or by a crash), the terminal no longer brackets pastes: the
    /// shell's `cat` gets the pasted text alone.
    @Test(arguments: ["quit", "SEGV"])
    func bracketedPasteIsOffAfterwards(_ ending: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let inner = ListeditProcess.editorCommand(file, pidFile: pidFile)
        let out = dir.path + "/out.txt"
        let tmux = try Tmux("sh -c \"\(inner)\"; echo AFTER; cat > '\(out)'; sleep 600")
        await tmux.waitFor("Edit")
        if ending == "quit" {
            try tmux.send("q")
        } else {
            kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), SIGSEGV)
        }
        await tmux.waitFor("AFTER")
        try tmux.paste("hello\n")
        try tmux.send("C-d")
        #expect(await poll { (dir.text("out.txt") ?? "").contains("hello") })
        #expect(dir.text("out.txt") == "hello\n")
    }
}
