import Testing
import Foundation
import TestSupport

/// Recovery files and a second listedit, with real processes.
@Suite(.serialized) struct RecoveryEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// Edits left by a killed listedit: `Esc later` and `q` keep the file (it is offered again);
    /// `d` discards it.
    @Test func laterAndQuitKeepTheRecoveryFile() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 600")
        await first.waitFor("Edit")
        try first.send("d", "d")
        await first.waitFor("g.md *")
        kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        await first.waitFor("ENDED")
        #expect(dir.text(".g.md.listedit-recovery")?.contains("edits: yes") == true)

        let second = try Tmux(ListeditProcess.editorCommand(file), width: 90)
        #expect(await second.waitFor("r restore").contains("r restore · d discard · Esc later"))
        try second.send("Escape")
        await second.waitFor("offered again")
        try second.send("q")
        #expect(await poll { !second.isAlive })
        #expect(dir.text(".g.md.listedit-recovery")?.contains("edits: yes") == true)

        let third = try Tmux(ListeditProcess.editorCommand(file), width: 90)
        await third.waitFor("r restore")
        try third.send("d")
        #expect(await poll { dir.text(".g.md.listedit-recovery")?.contains("edits: yes") != true })
        try third.send("q")
        #expect(await poll { !third.isAlive })
        #expect(dir.text("g.md") == groceries)
    }

    /// A second listedit on an open file says so and offers read-only, where edits are refused.
    @Test func aSecondListeditOffersReadOnly() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"", width: 90)
        await first.waitFor("Edit")
        let pid = try #require(await ListeditProcess.pid(in: dir, file: "pid"))
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        let asked = await second.waitFor("read-only")
        #expect(asked.contains("g.md is open in another listedit (pid \(pid)): r read-only · e edit anyway · q quit"))
        try second.send("r")
        #expect(await second.waitFor("(read-only)").contains("g.md (read-only)"))
        try second.send("d", "d")
        #expect(await second.waitFor("Read-only:").contains("Milk"))
        // The first one saves a change: the read-only one follows it.
        try first.send("d", "d", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" })
        #expect(await second.waitFor(timeout: 10) { $0.contains("Reloaded") && !$0.contains("Milk") }.contains("Reloaded"))
        try second.send("q")
        #expect(await poll { !second.isAlive })
        try first.send("q")
        #expect(await poll { !first.isAlive })
        #expect(await poll { dir.text(".g.md.listedit-recovery") == nil })
    }

    /// Leaves unsaved edits (Milk deleted) of a killed listedit for `file` in `dir`.
    func leaveEdits(_ dir: TempFolder, _ file: String, name: String) async throws {
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 600")
        await first.waitFor("Edit")
        try first.send("d", "d")
        await first.waitFor("\(name) *")
        kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        await first.waitFor("ENDED")
        try? FileManager.default.removeItem(atPath: pidFile)
    }

    /// At 80 columns, with a long file name that changed on disk since: every choice of the
    /// offer shows, also beside what a wrong key got; `m` merges the edits with the file as it
    /// is now, and the save writes both.
    @Test func atEightyColumnsTheOfferShowsEveryChoiceAndMergeTakesTheChangedFile() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let name = "groceries-for-the-weekend-trip.md"
        let file = dir.file(name, groceries)
        try await leaveEdits(dir, file, name: name)
        dir.file(name, groceries + "- Nails\n")               // changed on disk since
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        #expect(await second.waitFor("r restore").contains("r restore · d discard · m merge · Esc later"))
        try second.send("x")                                   // no answer: the note, and the choices still
        let noted = await second.waitFor("answer")
        #expect(noted.contains("r restore · d discard · m merge · Esc later"), "\(noted)")
        try second.send("m")
        await second.waitFor("Merged")
        try second.send("s")
        #expect(await poll { dir.text(name) == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Nails\n" }, "\(second.screen)")
        try second.send("q")
        #expect(await poll { !second.isAlive })
    }

    /// `r` after the file changed on disk: the edits come back over the file as it was, and the
    /// save asks nothing more (the editor has read the changed file).
    @Test func restoreAfterTheFileChangedOnDisk() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        try await leaveEdits(dir, file, name: "g.md")
        dir.file("g.md", groceries + "- Nails\n")
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        await second.waitFor("m merge")
        try second.send("r")
        await second.waitFor("Restored")
        try second.send("s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" }, "\(second.screen)")
        try second.send("q")
        #expect(await poll { !second.isAlive })
    }

    /// At 80 columns a second listedit's question shows all three choices.
    @Test func atEightyColumnsTheSecondListeditQuestionShowsEveryChoice() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let name = "groceries-for-the-weekend-trip.md"
        let file = dir.file(name, groceries)
        let first = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        await first.waitFor("Edit")
        let second = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        #expect(await second.waitFor("r read-only").contains("r read-only · e edit anyway · q quit"), "\(second.screen)")
        try second.send("q")
        #expect(await poll { !second.isAlive })
        try first.send("q")
        #expect(await poll { !first.isAlive })
    }

    /// An owner-only list (`chmod 600`): its recovery file is owner-only from the first write
    /// (on open) and still after the edits are written; killed, the edits are there.
    @Test func aPrivateListsRecoveryFileIsPrivateFromTheFirstWrite() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("secret.md", groceries)
        chmod(file, 0o600)
        let recovery = dir.path + "/.secret.md.listedit-recovery"
        let pidFile = dir.path + "/pid"
        let editor = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 600")
        await editor.waitFor("Edit")
        #expect(await poll { fileMode(recovery) != nil })
        #expect(fileMode(recovery) == 0o600)
        try editor.send("d", "d")
        await editor.waitFor("secret.md *")
        #expect(await poll { dir.text(".secret.md.listedit-recovery")?.contains("edits: yes") == true })
        #expect(fileMode(recovery) == 0o600)
        kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), SIGTERM)
        await editor.waitFor("ENDED")
        #expect(fileMode(recovery) == 0o600 && fileMode(file) == 0o600)
        #expect(dir.text(".secret.md.listedit-recovery")?.contains("edits: yes") == true)
    }

    /// A symbolic link at the recovery path to an unrelated text file: named on the status line,
    /// not offered, not written through; the edits go to the next name, and the save and quit
    /// leave the text file and the link as they were.
    @Test func aSymbolicLinkAtTheRecoveryPathIsNamedAndNotWrittenThrough() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let notes = dir.file("notes.md", "- call the bank\n")
        symlink(notes, dir.path + "/.g.md.listedit-recovery")
        let editor = try Tmux(ListeditProcess.editorCommand(file), width: 100)
        let shown = await editor.waitFor("not a recovery file")
        #expect(shown.contains("ignored .g.md.listedit-recovery: not a recovery file (a symbolic link)"), "\(shown)")
        #expect(!shown.contains("Unsaved edits"))
        try editor.send("d", "d")
        await editor.waitFor("g.md *")
        #expect(await poll { dir.text(".g.md.listedit-recovery-2")?.contains("edits: yes") == true })
        #expect(dir.text("notes.md") == "- call the bank\n")
        try editor.send("s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" }, "\(editor.screen)")
        try editor.send("q")
        #expect(await poll { !editor.isAlive })
        #expect(dir.text("notes.md") == "- call the bank\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/.g.md.listedit-recovery") == notes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".g.md.listedit-recovery", "g.md", "notes.md"])
    }
}
