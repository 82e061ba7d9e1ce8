import Testing
import Foundation
import TestSupport

/// Save as in a real terminal: never over an existing file unasked; `S` from a named list.
@Suite(.serialized) struct SaveAsEndToEndTests {
    @Test func unnamedListAsksBeforeOverwritingThenSaveAsFromTheNamedOne() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        dir.file("keep.md", "- precious\n")
        let tmux = try Tmux("cd '\(dir.path)' && env LANG=C.UTF-8 TERM=xterm-256color \(ListeditProcess.binary)", width: 70)
        tmux.waitFor("Edit")
        try tmux.send("s")
        tmux.waitFor("Save as")
        try tmux.type("keep.md")
        try tmux.send("Enter")
        #expect(tmux.waitFor("overwrite?").contains("keep.md exists: overwrite? (y/n)"))
        try tmux.send("n")
        // Back at the name prompt, the name prefilled.
        #expect(tmux.waitFor("Save as").contains("keep.md"))
        #expect(dir.text("keep.md") == "- precious\n")
        try tmux.send("C-u")
        try tmux.type("new.md")
        try tmux.send("Enter")
        #expect(tmux.waitFor("Saved new.md").contains("Saved new.md"))
        #expect(dir.text("new.md")?.hasPrefix("# ") == true)
        // `S` from the now named list, onto keep.md: asks, `y` replaces it.
        try tmux.send("S")
        tmux.waitFor("Save as")
        try tmux.send("C-u")
        try tmux.type("keep.md")
        try tmux.send("Enter")
        tmux.waitFor("overwrite?")
        try tmux.send("y")
        #expect(tmux.waitFor("Saved keep.md").contains("keep.md"))
        #expect(dir.text("keep.md") == dir.text("new.md"))
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }
}
