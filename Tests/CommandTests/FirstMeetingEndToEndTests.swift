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
}
