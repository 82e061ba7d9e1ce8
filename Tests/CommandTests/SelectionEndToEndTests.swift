import Testing
import Foundation
import TestSupport

/// Multiple selection, copy and paste, and section delete in the real binary in tmux, checked on
/// the screen and in the saved file's bytes.
@Suite(.serialized) struct SelectionEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func editor(_ file: String) throws -> Tmux {
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: ""), width: 60, height: 20)
        tmux.waitFor("Edit")
        return tmux
    }

    /// Milk and Bread selected, picked up together and dropped under Screws: they land there
    /// in their order, one undo step.
    @Test func selectDragAndSave() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try editor(file)
        try tmux.send("e", "v", "Down", "Down", "v")
        tmux.waitFor { $0.contains("● Milk") && $0.contains("○ Eggs") && $0.contains("● Bread") }
        try tmux.send("Space")
        tmux.waitFor("+1")
        // Down: past Eggs, past Bread, (the end of Groceries), into Hardware, past Screws.
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Space", "e", "s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Milk\n- Bread\n- Wood glue\n" })
        try tmux.send("u", "s")
        #expect(poll { dir.text("g.md") == groceries })
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }

    /// Two rows selected, one question, both gone; `p` puts them back elsewhere.
    @Test func selectDeleteAndPasteBack() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try editor(file)
        try tmux.send("e", "v", "Down", "Down", "v", "x")
        tmux.waitFor("Delete 2 rows? (y/n)")
        try tmux.send("y", "e", "s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Wood glue\n" })
        try tmux.send("G", "p", "s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n\n# Hardware\n- Screws\n- Wood glue\n- Milk\n- Bread\n" })
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }

    /// `y` copies the row with its nested rows, `P` pastes them before the cursor row.
    @Test func copyAndPasteInNormalMode() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("t.md", "# T\n- a\n  - [x] a1\n- b\n")
        let tmux = try editor(file)
        try tmux.send("y")
        tmux.waitFor("Copied 2 rows")
        try tmux.send("G", "P", "s")
        #expect(poll { dir.text("t.md") == "# T\n- a\n  - [x] a1\n- a\n  - [x] a1\n- b\n" })
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }

    /// `x` on a section header asks, `y` deletes the section: its heading and body leave the file.
    @Test func deleteASection() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n")
        let tmux = try editor(file)
        try tmux.send("e", "Down", "Down", "x")
        tmux.waitFor("Delete section \"Veg\": 2 rows, 1 passage? (y/n)")
        try tmux.send("y", "e", "s")
        #expect(poll { dir.text("g.md") == "# Fruit\n- Apple\n\n# Bread\n- Rye\n" })
        // Undone after the save and saved again: the section comes back as it was, its passage a
        // passage (not `- A note.`).
        try tmux.send("u", "s")
        #expect(poll { dir.text("g.md") == "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n" })
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }
}
