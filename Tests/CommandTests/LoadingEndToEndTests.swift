import Testing
import Foundation
import TestSupport

/// A large file in the real binary (tmux): the first screen shows while the rest is read, the
/// header's count says it is growing, `G` and a save made while it loads wait and then act, and
/// the file saved is the whole file with the one change, byte for byte.
@Suite(.serialized) struct LoadingEndToEndTests {
    @Test func aLargeFileShowsAtOnceAndSavesWhole() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var text = "# Tasks\n\nSome notes.\n\n"
        for s in 0..<4 {
            text += "## Part \(s)\n\n"
            for i in 0..<150_000 { text += "- [ ] task \(s).\(i)\n" }
            text += "\n"
        }
        text += "- last one\n"
        let file = dir.file("big.md", text)
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: ""), width: 70, height: 20)
        let first = await tmux.waitFor { $0.contains("Edit") && $0.contains("task 0.0") }
        #expect(first.contains("Some notes."))
        // A change to the first task, and a save, whether or not the load is still under way.
        try tmux.send("Down", "Down", "Space")
        await tmux.waitFor("☑ task 0.0")
        try tmux.send("s")
        let expected = text.replacingOccurrences(of: "- [ ] task 0.0\n", with: "- [x] task 0.0\n")
        #expect(await poll(timeout: 120) { dir.bytes("big.md") == Array(expected.utf8) })
        try tmux.send("G")
        let end = await tmux.waitFor(timeout: 60) { $0.contains("last one") }
        #expect(end.range(of: #"\d+/\d+\+"#, options: .regularExpression) == nil)   // the count is final
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Killed (SIGKILL) after an edit made as the file opened: its recovery file (written two
    /// seconds after the edit; of the part read when the load was still going, `read: N`) is
    /// offered by the next listedit, and restoring it gives the whole file with the edit.
    @Test func aKilledListeditsEditMadeWhileLoadingIsRestoredWithTheWholeFile() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var text = "# Tasks\n\n"
        for s in 0..<3 {
            text += "## Part \(s)\n\n"
            for i in 0..<150_000 { text += "- [ ] task \(s).\(i)\n" }
            text += "\n"
        }
        text += "- last one\n"
        let file = dir.file("big.md", text)
        let pidFile = dir.path + "/pid"
        let first = try Tmux("sh -c \"\(ListeditProcess.editorCommand(file, pidFile: pidFile))\"; echo ENDED; sleep 600", width: 90, height: 20)
        await first.waitFor { $0.contains("Edit") && $0.contains("task 0.0") }
        try first.send("Down", "Down", "Space")
        await first.waitFor("☑ task 0.0")
        #expect(await poll(timeout: 60) { dir.text(".big.md.listedit-recovery")?.contains("edits: yes") == true })
        kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), SIGKILL)
        await first.waitFor("ENDED")
        #expect(dir.bytes("big.md") == Array(text.utf8))

        let second = try Tmux(ListeditProcess.editorCommand(file), width: 90, height: 20)
        #expect(await second.waitFor("r restore", timeout: 60).contains("Unsaved edits from"))
        try second.send("r")
        await second.waitFor("Restored")
        try second.send("s")
        let expected = text.replacingOccurrences(of: "- [ ] task 0.0\n", with: "- [x] task 0.0\n")
        #expect(await poll(timeout: 120) { dir.bytes("big.md") == Array(expected.utf8) })
        try second.send("q")
        #expect(await poll { !second.isAlive })
    }
}
