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
}
