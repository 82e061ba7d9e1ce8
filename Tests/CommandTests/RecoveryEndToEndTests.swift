import Testing
import Foundation
import TestSupport

/// Recovery files and a second listedit, with real processes.
@Suite(.serialized) struct RecoveryEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// Edits left by a killed listedit: `Esc later` and `q` keep the file (it is offered again);
    /// `d` discards it.
    @Test func laterAndQuitKeepTheRecoveryFile() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 30")
        first.waitFor("Edit")
        try first.send("d", "d")
        first.waitFor("g.md *")
        kill(try #require(ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        first.waitFor("ENDED")
        #expect(dir.text(".g.md.listedit-recovery")?.contains("edits: yes") == true)

        let second = try Tmux(ListeditProcess.editorCommand(file), width: 90)
        #expect(second.waitFor("r restore").contains("r restore · d discard · Esc later"))
        try second.send("Escape")
        second.waitFor("offered again")
        try second.send("q")
        #expect(poll { !second.isAlive })
        #expect(dir.text(".g.md.listedit-recovery")?.contains("edits: yes") == true)

        let third = try Tmux(ListeditProcess.editorCommand(file), width: 90)
        third.waitFor("r restore")
        try third.send("d")
        #expect(poll { dir.text(".g.md.listedit-recovery")?.contains("edits: yes") != true })
        try third.send("q")
        #expect(poll { !third.isAlive })
        #expect(dir.text("g.md") == groceries)
    }

    /// A second listedit on an open file says so and offers read-only, where edits are refused.
    @Test func aSecondListeditOffersReadOnly() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"", width: 90)
        first.waitFor("Edit")
        let pid = try #require(ListeditProcess.pid(in: dir, file: "pid"))
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        let asked = second.waitFor("read-only")
        #expect(asked.contains("g.md is open in another listedit (pid \(pid)): r read-only · e edit anyway · q quit"))
        try second.send("r")
        #expect(second.waitFor("(read-only)").contains("g.md (read-only)"))
        try second.send("d", "d")
        #expect(second.waitFor("Read-only:").contains("Milk"))
        // The first one saves a change: the read-only one follows it.
        try first.send("d", "d", "s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" })
        #expect(second.waitFor(timeout: 10) { $0.contains("Reloaded") && !$0.contains("Milk") }.contains("Reloaded"))
        try second.send("q")
        #expect(poll { !second.isAlive })
        try first.send("q")
        #expect(poll { !first.isAlive })
        #expect(poll { dir.text(".g.md.listedit-recovery") == nil })
    }

    /// Leaves unsaved edits (Milk deleted) of a killed listedit for `file` in `dir`.
    func leaveEdits(_ dir: TempFolder, _ file: String, name: String) throws {
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 30")
        first.waitFor("Edit")
        try first.send("d", "d")
        first.waitFor("\(name) *")
        kill(try #require(ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        first.waitFor("ENDED")
        try? FileManager.default.removeItem(atPath: pidFile)
    }

    /// At 80 columns, with a long file name that changed on disk since: every choice of the
    /// offer shows, also beside what a wrong key got; `m` merges the edits with the file as it
    /// is now, and the save writes both.
    @Test func atEightyColumnsTheOfferShowsEveryChoiceAndMergeTakesTheChangedFile() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let name = "groceries-for-the-weekend-trip.md"
        let file = dir.file(name, groceries)
        try leaveEdits(dir, file, name: name)
        dir.file(name, groceries + "- Nails\n")               // changed on disk since
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        #expect(second.waitFor("r restore").contains("r restore · d discard · m merge · Esc later"))
        try second.send("x")                                   // no answer: the note, and the choices still
        let noted = second.waitFor("answer")
        #expect(noted.contains("r restore · d discard · m merge · Esc later"), "\(noted)")
        try second.send("m")
        second.waitFor("Merged")
        try second.send("s")
        #expect(poll { dir.text(name) == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Nails\n" }, "\(second.screen)")
        try second.send("q")
        #expect(poll { !second.isAlive })
    }

    /// `r` after the file changed on disk: the edits come back over the file as it was, and the
    /// save asks nothing more (the editor has read the changed file).
    @Test func restoreAfterTheFileChangedOnDisk() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        try leaveEdits(dir, file, name: "g.md")
        dir.file("g.md", groceries + "- Nails\n")
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        second.waitFor("m merge")
        try second.send("r")
        second.waitFor("Restored")
        try second.send("s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" }, "\(second.screen)")
        try second.send("q")
        #expect(poll { !second.isAlive })
    }

    /// At 80 columns a second listedit's question shows all three choices.
    @Test func atEightyColumnsTheSecondListeditQuestionShowsEveryChoice() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let name = "groceries-for-the-weekend-trip.md"
        let file = dir.file(name, groceries)
        let first = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        first.waitFor("Edit")
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        #expect(second.waitFor("r read-only").contains("r read-only · e edit anyway · q quit"), "\(second.screen)")
        try second.send("q")
        #expect(poll { !second.isAlive })
        try first.send("q")
        #expect(poll { !first.isAlive })
    }

    /// An owner-only list (`chmod 600`): its recovery file is owner-only from the first write
    /// (on open) and still after the edits are written; killed, the edits are there.
    @Test func aPrivateListsRecoveryFileIsPrivateFromTheFirstWrite() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("secret.md", groceries)
        chmod(file, 0o600)
        let recovery = dir.path + "/.secret.md.listedit-recovery"
        let pidFile = dir.path + "/pid"
        let editor = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 30")
        editor.waitFor("Edit")
        #expect(poll { fileMode(recovery) != nil })
        #expect(fileMode(recovery) == 0o600)
        try editor.send("d", "d")
        editor.waitFor("secret.md *")
        #expect(poll { dir.text(".secret.md.listedit-recovery")?.contains("edits: yes") == true })
        #expect(fileMode(recovery) == 0o600)
        kill(try #require(ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        editor.waitFor("ENDED")
        #expect(fileMode(recovery) == 0o600 && fileMode(file) == 0o600)
        #expect(dir.text(".secret.md.listedit-recovery")?.contains("edits: yes") == true)
    }

    /// A symbolic link at the recovery path to an unrelated text file: named on the status line,
    /// not offered, not written through; the edits go to the next name, and the save and quit
    /// leave the text file and the link as they were.
    @Test func aSymbolicLinkAtTheRecoveryPathIsNamedAndNotWrittenThrough() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let notes = dir.file("notes.md", "- call the bank\n")
        symlink(notes, dir.path + "/.g.md.listedit-recovery")
        let editor = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        let shown = editor.waitFor("not a recovery file")
        #expect(shown.contains("ignored .g.md.listedit-recovery: not a recovery file (a symbolic link)"), "\(shown)")
        #expect(!shown.contains("Unsaved edits"))
        try editor.send("d", "d")
        editor.waitFor("g.md *")
        #expect(poll { dir.text(".g.md.listedit-recovery-2")?.contains("edits: yes") == true })
        #expect(dir.text("notes.md") == "- call the bank\n")
        try editor.send("s")
        #expect(poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" }, "\(editor.screen)")
        try editor.send("q")
        #expect(poll { !editor.isAlive })
        #expect(dir.text("notes.md") == "- call the bank\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/.g.md.listedit-recovery") == notes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".g.md.listedit-recovery", "g.md", "notes.md"])
    }
}
