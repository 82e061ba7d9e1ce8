import Testing
import Foundation
import TestSupport

/// The bad-input matrix at the process level: terminals, windows, pastes and hostile scripts.
@Suite(.serialized) struct BadInputProcessTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n\n# Hardware\n- Screws\n"

    @Test(arguments: ["env -u TERM", "env TERM=dumb"])
    func unusableTerminalIsAClearError(_ prefix: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux("\(prefix) \(ListeditProcess.binary) '\(file)'; echo status=$?; sleep 600", width: 120)
        let screen = await tmux.waitFor("status=")
        #expect(screen.contains("status=1"))
        #expect(screen.contains(prefix.contains("dumb") ? "error: the terminal type 'dumb' cannot show a full-screen program"
                                                         : "error: TERM is not set; cannot drive the terminal"))
    }

    @Test func aDirectoryIsRefused() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let r = try ListeditProcess.run([dir.path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(dir.path): is a directory, not a list file\n")
    }

    /// Root reads any file, so an unreadable file is tried as the unprivileged user `nobody`
    /// when the tests run as root (util-linux's `setpriv` drops the privileges).
    @Test func anUnreadableFileIsAClearErrorAndIsNotTouched() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        chmod(dir.path, 0o755)
        let file = dir.file("u.md", groceries)
        chmod(file, 0o000)
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let r = try ListeditProcess.run(["apply", file, "--ops", "-"], stdin: #"{"deleteRows": [[0, 0]]}"#, launcher: launcher)
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(file): cannot open: Permission denied\n")
        chmod(file, 0o644)
        #expect(dir.text("u.md") == groceries)
    }

    @Test func tinyHugeWindowsAndAResizeStorm() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        for (w, h) in [(1, 1), (500, 200), (2, 2)] + (0..<40).map({ (10 + $0 * 3, 3 + $0 % 20) }) {
            try tmux.run(["resize-window", "-t", "main", "-x", "\(w)", "-y", "\(h)"])
        }
        try tmux.run(["resize-window", "-t", "main", "-x", "60", "-y", "12"])
        let screen = await tmux.waitFor { $0.contains("Screws") && $0.contains("1 item") && $0.contains("Edit") }
        #expect(screen.contains("Screws"))
        #expect(tmux.isAlive)
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func pasteOfTenThousandCharactersIntoTheAddModal() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file))
        await tmux.waitFor("Edit")
        try tmux.send("a")
        await tmux.waitFor("New item")
        let pasted = String(repeating: "0123456789", count: 1_000)
        try tmux.type(pasted)
        try tmux.send("Enter", "s")
        #expect(await poll { dir.text("g.md")?.contains("- \(pasted)\n") == true })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func readOnlyFileSaveIsRefusedAndNothingIsLost() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        chmod(file, 0o444)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80)
        await tmux.waitFor("Edit")
        try tmux.send("d", "d", "s")
        #expect(await tmux.waitFor("read-only").contains("cannot save: the file is read-only"))
        #expect(dir.text("g.md") == groceries)
        #expect(tmux.screen.contains("g.md *"))
        try tmux.send("q")
        await tmux.waitFor("Save changes?")
        try tmux.send("n")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func aMillionOperationsApply() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("one.md", "# A\n")
        var ops = #"{"insertRows": ["#
        for i in 0..<1_000_000 { ops += (i == 0 ? "" : ",") + #"{"at": [0, \#(i)], "text": "r"}"# }
        ops += "]}"
        let opsFile = dir.file("ops.json", ops)
        let r = try ListeditProcess.run(["apply", file, "--ops", opsFile])
        #expect(r.status == 0)
        #expect(dir.text("one.md")?.split(separator: "\n").count == 1_000_001)
        // The same million, one out of range: the table's message, nothing written.
        let bad = dir.file("bad.json", ops.replacingOccurrences(of: #"[0, 999999]"#, with: #"[0, 1000000]"#))
        let fresh = dir.file("fresh.md", "# A\n")
        let refused = try ListeditProcess.run(["apply", fresh, "--ops", bad])
        #expect(refused.status == 1)
        #expect(dir.text("fresh.md") == "# A\n")
        #expect(refused.stderr.hasPrefix("error: attempt to insert row 1000000 into section 0, but there are only 1000000 rows in section 0 after the update"))
    }

    @Test(arguments: [
        (String(repeating: "[", count: 100_000), "nesting deeper than 64 levels"),
        (#"{"deleteRows": [[0, 123456789012345678901234567890]]}"#, "is too large"),
        (#"{"deleteRows": [[-1, 0]]}"#, "index -1 is negative"),
        (#"{"deleteRows": [[0, 1.5]]}"#, "index 1.5 is not a whole number"),
        (#"{"insertRows": [{"at": [0, 0], "text": "\ud800"}]}"#, "unpaired surrogate"),
    ])
    func hostileScripts(_ sample: (String, String)) throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let r = try ListeditProcess.run(["apply", file, "--ops", "-"], stdin: sample.0)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: <stdin>:") && r.stderr.contains(sample.1), "\(r.stderr)")
        #expect(dir.text("g.md") == groceries)
    }
}
