import Testing
import Foundation
import TestSupport

/// What a newcomer meets first, in a real terminal.
@Suite(.serialized) struct FirstMeetingEndToEndTests {
    @Test func aNewFileShowsWhatToPress() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.md"))
        #expect(await tmux.waitFor("Empty list").contains("Empty list: a adds a row, A a section"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func aSecondSectionInPlainTextSaysWhy() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("todo.txt", "Milk\nEggs\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        await tmux.waitFor("Edit")
        try tmux.send("A")
        #expect(await tmux.waitFor("plain text").contains("todo.txt is plain text, which holds one list: save as .md (S) to add sections"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("todo.txt") == "Milk\nEggs\n")
    }

    /// A new .txt offers rows only, and `A` says at once why it cannot add a section (not at
    /// save); the file is not created by it.
    @Test func aNewPlainTextFileRefusesASectionAtOnce() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.txt"), width: 80)
        let empty = await tmux.waitFor("Empty list")
        #expect(empty.contains("Empty list: a adds a row") && !empty.contains("A a section"), "\(empty)")
        try tmux.send("A")
        let said = await tmux.waitFor("plain text")
        #expect(said.contains("new.txt is plain text, which holds one list: save as .md (S) to add sections"), "\(said)")
        #expect(!said.contains("New section"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("new.txt") == nil)
    }

    /// At 80 columns the hint line shows whole hints in every mode, never one cut with `…`; in
    /// normal and edit mode it ends with `? help` (issue 13, point 8).
    @Test func theHintLineFits80Columns() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Groceries\n- Milk\n- Eggs\n\n# Hardware\n- Screws\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80, height: 24)
        func statusLine(_ expected: String) async -> String {
            let screen = await tmux.waitFor { ($0.split(separator: "\n").last ?? "").contains(expected) }
            return String(screen.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        let normal = await statusLine("help")
        #expect(normal == "e edit · a add · r rename · d delete · u undo · s save · q quit · ? help")
        try tmux.send("e")
        #expect(await statusLine("done") == "↑↓ move · space pick up · -/x delete · +/i add · J/K move · e done · ? help")
        try tmux.send("Space")
        #expect(await statusLine("drop") == "↑↓ drag · space/enter drop · esc put back")
        try tmux.send("Escape", "x")
        #expect(await statusLine("delete") == "enter/y delete · esc cancel")
        try tmux.send("Escape", "Escape", "a")
        #expect(await statusLine("save") == "enter save · esc cancel · ←→ home end ^U edit")
        try tmux.send("Escape", "q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Keys that do nothing say why in the status line (issue 13, point 8): a key the yes/no
    /// prompt does not take, an arrow in the text entry, a row that cannot go further, rename
    /// on an empty list.
    @Test func keysThatDoNothingSayWhy() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Groceries\n\nA note.\n\n- Milk\n- Eggs\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80, height: 20)
        await tmux.waitFor("Edit")
        try tmux.send("e", "Home", "Down", "Down", "Space", "Up")
        #expect(await tmux.waitFor("cannot go further").contains("Milk cannot go further"))
        try tmux.send("Escape", "Escape", "a")
        await tmux.waitFor("New item")
        try tmux.send("Up")
        #expect(await tmux.waitFor("text entry").contains("↑ does nothing in the text entry: enter saves, esc cancels"))
        try tmux.send("Escape", "d", "Enter", "q")
        await tmux.waitFor("Save changes?")
        try tmux.send("z")
        #expect(await tmux.waitFor("answer").contains("Save changes? (y/n/Esc)  (answer y, n or esc)"))
        try tmux.send("n")
        #expect(await poll { !tmux.isAlive })

        let empty = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.md"), width: 80, height: 20)
        await empty.waitFor("Empty list")
        try empty.send("r")
        #expect(await empty.waitFor("Nothing to rename").contains("Nothing to rename: the list is empty"))
        try empty.send("q")
        #expect(await poll { !empty.isAlive })
    }
}
