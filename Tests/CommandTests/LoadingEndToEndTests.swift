import Testing
import Foundation
import TestSupport

/// A large file in the real binary (tmux): the first screen shows while the rest is read, the
/// header's count says it is growing, `G` and a save made while it loads wait and then act, and
/// the file saved is the whole file with the one change, byte for byte.
@Suite(.serialized) struct LoadingEndToEndTests {
    @Test func aLargeFileShowsAtOnceAndSavesWhole() throws {
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
        let first = tmux.waitFor { $0.contains("Edit") && $0.contains("task 0.0") }
        #expect(first.contains("Some notes."))
        // A change to the first task, and a save, whether or not the load is still under way.
        try tmux.send("Down", "Down", "Space")
        tmux.waitFor("☑ task 0.0")
        try tmux.send("s")
        let expected = text.replacingOccurrences(of: "- [ ] task 0.0\n", with: "- [x] task 0.0\n")
        #expect(poll(timeout: 120) { dir.bytes("big.md") == Array(expected.utf8) })
        try tmux.send("G")
        let end = tmux.waitFor(timeout: 60) { $0.contains("last one") }
        #expect(end.range(of: #"\d+/\d+\+"#, options: .regularExpression) == nil)   // the count is final
        try tmux.send("q")
        #expect(poll { !tmux.isAlive })
    }
}
