import Testing
import Foundation
import TestSupport

/// What a newcomer meets first, in a real terminal.
@Suite(.serialized) struct FirstMeetingEndToEndTests {
    @Test func aNewFileShowsWhatToPress() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.md"))
        #expect(tmux.waitFor("Empty list").contains("Empty list: a adds a row, A a section"))
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }

    @Test func aSecondSectionInPlainTextSaysWhy() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("todo.txt", "Milk\nEggs\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        tmux.waitFor("Edit")
        try tmux.send("A")
        #expect(tmux.waitFor("plain text").contains("todo.txt is plain text, which holds one list: save as .md (S) to add sections"))
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
        #expect(dir.text("todo.txt") == "Milk\nEggs\n")
    }

    /// A new .txt offers rows only, and `A` says at once why it cannot add a section (not at
    /// save); the file is not created by it.
    @Test func aNewPlainTextFileRefusesASectionAtOnce() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.txt"), width: 80)
        let empty = tmux.waitFor("Empty list")
        #expect(empty.contains("Empty list: a adds a row") && !empty.contains("A a section"), "\(empty)")
        try tmux.send("A")
        let said = tmux.waitFor("plain text")
        #expect(said.contains("new.txt is plain text, which holds one list: save as .md (S) to add sections"), "\(said)")
        #expect(!said.contains("New section"))
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
        #expect(dir.text("new.txt") == nil)
    }

    /// At 80 columns the hint line shows whole hints in every mode, never one cut with `…`; in
    /// normal and edit mode it ends with `? help` (issue 13, point 8).
    @Test func theHintLineFits80Columns() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Groceries\n- Milk\n- Eggs\n\n# Hardware\n- Screws\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80, height: 24)
        func statusLine(_ expected: String) -> String {
            let screen = tmux.waitFor { ($0.split(separator: "\n").last ?? "").contains(expected) }
            return String(screen.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        let normal = statusLine("help")
        #expect(normal == "e edit · a add · r rename · d delete · u undo · s save · q quit · ? help")
        try tmux.send("e")
        #expect(statusLine("done") == "↑↓ move · space pick up · -/x delete · +/i add · J/K move · e done · ? help")
        try tmux.send("Space")
        #expect(statusLine("drop") == "↑↓ drag · space/enter drop · esc put back")
        try tmux.send("Escape", "x")
        #expect(statusLine("delete") == "enter/y delete · esc cancel")
        try tmux.send("Escape", "Escape", "a")
        #expect(statusLine("save") == "enter save · esc cancel · ←→ home end ^U edit")
        try tmux.send("Escape", "q")
        #expect(poll { !tmux.isAlive })
    }

    /// Keys that do nothing say why in the status line (issue 13, point 8): a key the yes/no
    /// prompt does not take, an arrow in the text entry, a row that cannot go further, rename
    /// on an empty list.
    @Test func keysThatDoNothingSayWhy() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Groceries\n\nA note.\n\n- Milk\n- Eggs\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80, height: 20)
        tmux.waitFor("Edit")
        try tmux.send("e", "g", "Down", "Down", "Space", "Up")
        #expect(tmux.waitFor("cannot go further").contains("Milk cannot go further"))
        try tmux.send("Escape", "Escape", "a")
        tmux.waitFor("New item")
        try tmux.send("Up")
        #expect(tmux.waitFor("text entry").contains("↑ does nothing in the text entry: enter saves, esc cancels"))
        try tmux.send("Escape", "d", "Enter", "q")
        tmux.waitFor("Save changes?")
        try tmux.send("z")
        #expect(tmux.waitFor("answer").contains("Save changes? (y/n/Esc)  (answer y, n or esc)"))
        try tmux.send("n")
        #expect(poll { !tmux.isAlive })

        let empty = try Tmux(ListeditProcess.editorCommand(dir.path + "/new.md"), width: 80, height: 20)
        empty.waitFor("Empty list")
        try empty.send("r")
        #expect(empty.waitFor("Nothing to rename").contains("Nothing to rename: the list is empty"))
        try empty.send("q")
        #expect(poll { !empty.isAlive })
    }
}
