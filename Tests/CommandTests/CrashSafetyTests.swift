import Testing
import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGKILL at random moments never leaves a half-written file: it is always the complete old or
/// the complete new content.
@Suite(.serialized) struct CrashSafetyTests {
    static let applyKills = 200
    static let saveKills = 30

    /// A list of 4 sections of `rows` rows each (200,000 rows by default), so that writing it
    /// takes long enough to be interrupted.
    static func bigList(rows: Int = 50_000) -> String {
        var out = ""
        for s in 0..<4 {
            out += "# S\(s)\n"
            for i in 0..<rows { out += "- row \(s) \(i) xxxxxxxxxx\n" }
            out += "\n"
        }
        return out
    }

    /// 50,000 rows: an unoptimized (debug) apply of a Markdown file lays out every row of the
    /// sections it changes, and 200 rounds of it must stay within a minute or two.
    @Test func killingApplyLeavesOldOrNew() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let old = Self.bigList(rows: 12_500)
        let ops = #"{"deleteRows": [[0, 0]], "insertRows": [{"at": [3, 0], "text": "NEW"}]}"#
        let file = dir.file("g.md", old)
        // How long a whole apply takes here (the quickest of three, so that one stall does not
        // stretch all 200 rounds).
        var quickest = Double.infinity
        for _ in 0..<3 {
            let started = Date()
            let r = try ListeditProcess.run(["apply", file, "--ops", ops, "--output", dir.path + "/expected.md"])
            quickest = min(quickest, Date().timeIntervalSince(started))
            #expect(r.status == 0)
        }
        let new = dir.text("expected.md")!
        #expect(new != old)
        // Kills land at random moments up to `span`, first 1.5 times the quickest apply. A busy
        // machine can make every apply slower than that, so that no kill lands after the rename:
        // then the span grows by half after every 50 rounds without a new file, so the kills
        // still straddle the rename, however loaded the machine is.
        var span = quickest * 1.5
        var outcomes = (old: 0, new: 0)
        var g = SystemRandomNumberGenerator()
        var round = 0
        while round < Self.applyKills || (outcomes.new == 0 && round < Self.applyKills * 2) {
            if round > 0 && round % 50 == 0 && outcomes.new == 0 { span *= 1.5 }
            round += 1
            dir.file("g.md", old)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: ListeditProcess.binary)
            p.arguments = ["apply", file, "--ops", ops]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            try await Task.sleep(for: .microseconds(Int.random(in: 0...Int(span * 1_000_000), using: &g)))   // a random moment to kill at, not a wait until some state
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let now = dir.text("g.md")
            if now == old { outcomes.old += 1 } else if now == new { outcomes.new += 1 } else {
                Issue.record("a kill left a file that is neither the old nor the new content (\(now?.utf8.count ?? -1) bytes)")
                return
            }
        }
        // Both outcomes happen, so the kills really land before and after the rename.
        #expect(outcomes.old > 0 && outcomes.new > 0, "\(outcomes)")
    }

    @Test func killingTheEditorWhileItSavesLeavesOldOrNew() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let old = Self.bigList()
        // What the editor writes after deleting the first row: the same serializer as apply.
        let source = dir.file("source.md", old)
        _ = try ListeditProcess.run(["apply", source, "--ops", #"{"deleteRows": [[0, 0]]}"#, "--output", dir.path + "/expected.md"])
        let new = dir.text("expected.md")!
        var outcomes = (old: 0, new: 0)
        var g = SystemRandomNumberGenerator()
        for _ in 0..<Self.saveKills {
            let file = dir.file("g.md", old)
            let pidFile = dir.path + "/pid"
            unlink(pidFile)
            let inner = ListeditProcess.editorCommand(file, pidFile: pidFile, options: "--no-animation")
            let tmux = try Tmux("sh -c \"\(inner)\"; sleep 600")
            let started = await tmux.waitFor { $0.contains("Edit") && $0.contains("row 0 0") }
            guard started.contains("row 0 0"), let pid = await ListeditProcess.pid(in: dir, file: "pid") else {
                Issue.record("the editor did not start (pid file: \(dir.text("pid").debugDescription)); screen:\n\(started)")
                return
            }
            try tmux.send("d", "d")
            #expect(await tmux.waitFor("g.md *").contains("g.md *"))
            try tmux.send("s")
            try await Task.sleep(for: .microseconds(Int.random(in: 0...150_000, using: &g)))   // a random moment to kill at, not a wait until some state
            kill(pid, SIGKILL)
            #expect(await poll { kill(pid, 0) != 0 })
            let now = dir.text("g.md")
            if now == old { outcomes.old += 1 } else if now == new { outcomes.new += 1 } else {
                Issue.record("a kill during save left a file that is neither old nor new")
                return
            }
        }
        #expect(outcomes.old + outcomes.new == Self.saveKills)
    }
}
