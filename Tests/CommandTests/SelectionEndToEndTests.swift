import Testing
import Foundation
import TestSupport

/// Multiple selection, copy and paste, and section delete in the real binary in tmux, checked on
/// the screen and in the saved file's bytes.
@Suite(.serialized) struct SelectionEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func editor(_ file: String) async throws -> Tmux {
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: ""), width: 60, height: 20)
        await tmux.waitFor("Edit")
        return tmux
    }

    /// Milk and Bread selected, picked up together and dropped under Screws: they land there
    /// in their order, one undo step.
    @Test func selectDragAndSave() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        try tmux.send("e", "v", "Down", "Down", "v")
        await tmux.waitFor { $0.contains("● Milk") && $0.contains("○ Eggs") && $0.contains("● Bread") }
        try tmux.send("Space")
        await tmux.waitFor("+1")
        // Down: past Eggs, past Bread, (the end of Groceries), into Hardware, past Screws.
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Space", "e", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Milk\n- Bread\n- Wood glue\n" })
        try tmux.send("u", "s")
        #expect(await poll { dir.text("g.md") == groceries })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Two rows selected, one question, both gone; `p` puts them back elsewhere.
    @Test func selectDeleteAndPasteBack() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        try tmux.send("e", "v", "Down", "Down", "v", "x")
        await tmux.waitFor("Delete 2 rows? (y/n)")
        try tmux.send("y", "e", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Wood glue\n" })
        try tmux.send("G", "p", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Wood glue\n- Milk\n- Bread\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// `y` copies the row with its nested rows, `P` pastes them before the cursor row.
    @Test func copyAndPasteInNormalMode() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("t.md", "# T\n- a\n  - [x] a1\n- b\n")
        let tmux = try await editor(file)
        try tmux.send("y")
        await tmux.waitFor("Copied 2 rows")
        try tmux.send("G", "P", "s")
        #expect(await poll { dir.text("t.md") == "# T\n- a\n  - [x] a1\n- a\n  - [x] a1\n- b\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// `x` on a section header asks, `y` deletes the section: its heading and body leave the file.
    @Test func deleteASection() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n")
        let tmux = try await editor(file)
        try tmux.send("e", "Down", "Down", "x")
        await tmux.waitFor("Delete section \"Veg\": 2 rows, 1 passage? (y/n)")
        try tmux.send("y", "e", "s")
        #expect(await poll { dir.text("g.md") == "# Fruit\n- Apple\n\n# Bread\n- Rye\n" })
        // Undone after the save and saved again: the section comes back as it was, its passage a
        // passage (not `- A note.`).
        try tmux.send("u", "s")
        #expect(await poll { dir.text("g.md") == "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
