import Testing
import Foundation
import TestSupport

/// The real binary in tmux: what the user sees, and what lands in the file.
@Suite(.serialized) struct EditorEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func editor(_ file: String, width: Int = 60, height: Int = 18, extra: String = "") async throws -> Tmux {
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: extra), width: width, height: height)
        await tmux.waitFor("Edit")
        return tmux
    }

    /// A real Markdown file: shown with its checkboxes, nesting and passages; a toggle and a
    /// move of an ordered item change only those bytes (the list renumbered).
    @Test func realMarkdownToggleMoveSave() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let plan = "---\ntitle: Plan\n---\n\n# Tasks\n\nSome notes about *this* list.\n\n- [ ] write **docs**\r\n- [x] ship it\n"
            + "  - nested [detail](https://example.com)\n- buy milk   \n\n### Later\n\n1. one\n2. two\n"
        let file = dir.file("plan.md", plan)
        let tmux = try await editor(file)
        let screen = await tmux.waitFor { $0.contains("☐ write docs") && $0.contains("☑ ship it") && $0.contains("  nested detail") }
        #expect(screen.contains("Some notes about *this* list."))
        #expect(screen.contains("4 items"))
        try tmux.send("Home", "Down", "Down", "Down", "Down", "Space")
        await tmux.waitFor("☑ write docs")
        try tmux.send("End", "Up", "e")
        await tmux.waitFor("Done")
        try tmux.send("S-Down", "e", "s")
        let expected = plan.replacingOccurrences(of: "- [ ] write", with: "- [x] write")
            .replacingOccurrences(of: "1. one\n2. two", with: "1. two\n2. one")
        #expect(await poll { dir.bytes("plan.md") == Array(expected.utf8) })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A held `↓` in edit mode with animations on, as a burst: 300 drag steps sent at once end
    /// with the row 300 lines down on screen, then dropped there (docs/keys.md: a held key never
    /// runs ahead of the screen). `make bench` times the same burst; no time is asserted here.
    @Test func aBurstOfDragStepsEndsWhereTheLastStepLeftTheRow() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let rows = (0..<2_000).map { "- row " + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        let file = dir.file("long.md", "# Long\n" + rows.joined(separator: "\n") + "\n")
        let tmux = try await editor(file)
        try tmux.send("e", "Space")
        await tmux.waitFor("Done")
        try tmux.run(["send-keys", "-t", "main"] + Array(repeating: "Down", count: 300))
        let screen = await tmux.waitFor { screen in
            let lines = screen.split(separator: "\n")
            guard let held = lines.firstIndex(where: { $0.contains("row 0000") }), held > 0, held + 1 < lines.count else { return false }
            return lines[held - 1].contains("row 0300") && lines[held + 1].contains("row 0301")
        }
        #expect(screen.contains("row 0300") && screen.contains("row 0000") && screen.contains("row 0301"))
        try tmux.send("Space", "s")
        #expect(await poll { dir.text("long.md")?.split(separator: "\n").dropFirst(301).first == "- row 0000" })
        try tmux.send("e", "q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func opensAndShowsTheList() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries + "- 吾輩は猫である\n")
        let tmux = try await editor(file)
        let screen = await tmux.waitFor { $0.contains("Wood glue") && $0.contains("吾輩は猫である") && $0.contains("3 items") }
        #expect(screen.contains("g.md"))
        #expect(screen.contains("Groceries"))
        #expect(screen.contains("3 items"))
        #expect(screen.contains("吾輩は猫である"))
        try tmux.send("e")
        // Poll for the whole expected screen: a capture can land between two writes of a frame.
        let editing = await tmux.waitFor { $0.contains("Done") && $0.contains("⊖ Milk") && $0.contains("⊕ Add item") }
        #expect(editing.contains("⊖ Milk"))
        #expect(editing.contains("⊕ Add item"))
        #expect(editing.contains("≡"))
        try tmux.send("e", "q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func reorderWithinAndAcrossSectionsThenSave() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        // Milk one step down (Shift+Down), then Bread into Hardware, above its placeholder.
        try tmux.send("e")
        await tmux.waitFor("Done")
        try tmux.send("S-Down")
        await tmux.waitFor("*")
        try tmux.send("Down", "Space", "Down", "Down", "Down", "Down", "Down", "Enter", "e", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Milk\n\n# Hardware\n- Screws\n- Wood glue\n- Bread\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func moveASectionDeleteAddRename() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        try tmux.send("Up", "e", "Space", "Down", "Space", "e")     // Groceries below Hardware
        // (A frame caught mid-draw may show neither title: no force unwrap.)
        await tmux.waitFor(timeout: 5) { screen in
            guard screen.contains("Edit"), let h = screen.range(of: "Hardware"), let g = screen.range(of: "Groceries") else { return false }
            return h.lowerBound < g.lowerBound
        }
        try tmux.send("Home", "j", "d")                                  // swipe-delete Screws
        await tmux.waitFor("Delete")
        try tmux.send("Enter", "a")
        await tmux.waitFor("New item")
        try tmux.type("Nails 🔩")
        try tmux.send("Enter")
        await tmux.waitFor("Nails")
        try tmux.send("r", "C-u")
        try tmux.type("Brass nails")
        try tmux.send("Enter", "s")
        #expect(await poll { dir.text("g.md") == "# Hardware\n- Wood glue\n- Brass nails\n\n# Groceries\n- Milk\n- Eggs\n- Bread\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// Edits of every kind, then undo all of them: the saved file is the original, byte for byte
    /// (CRLF and the odd blank lines included); redo brings the edits back.
    @Test func undoAndRedoBackToTheOriginalFile() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let odd = "# Groceries\r\n- Milk\r\n- Eggs\r\n\r\n\r\n# Hardware\r\n- Screws\r\n"
        let file = dir.file("g.md", odd)
        let tmux = try await editor(file)
        try tmux.send("d", "d", "a")                          // delete Milk, add after Eggs
        await tmux.waitFor("New item")
        try tmux.type("Tea")
        try tmux.send("Enter", "e", "S-Up", "Up", "Space", "Down", "Space", "Escape", "A")
        await tmux.waitFor("New section")
        try tmux.type("Books")
        try tmux.send("Enter", "r", "C-u")
        try tmux.type("Novels")
        try tmux.send("Enter")
        #expect(await tmux.waitFor("Novels").contains("g.md *"))
        for _ in 0..<10 { try tmux.send("u") }
        await tmux.waitFor { !$0.contains("g.md *") && $0.contains("Milk") && !$0.contains("Novels") }
        try tmux.send("s")
        #expect(await poll { dir.text("g.md") == odd })
        for _ in 0..<10 { try tmux.send("C-r") }
        #expect(await tmux.waitFor("Novels").contains("g.md *"))
        try tmux.send("q", "y")                               // quit, saving
        #expect(await poll { !tmux.isAlive })
        let saved = dir.text("g.md") ?? ""
        #expect(saved.contains("# Novels\r\n") && saved.contains("- Tea\r\n") && !saved.contains("Milk"))
    }

    @Test func quitAsksToSaveWhenModified() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        try tmux.send("d", "d", "q")
        await tmux.waitFor("Save changes? (y/n/Esc)")
        try tmux.send("Escape")
        #expect(tmux.isAlive)
        try tmux.send("q", "n")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("g.md") == groceries)
    }

    @Test func resizeRedrawsWithoutLosingAnything() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try await editor(file)
        try tmux.run(["resize-window", "-t", "main", "-x", "24", "-y", "8"])
        let small = await tmux.waitFor { $0.split(separator: "\n").first?.contains("Edit") == true && $0.split(separator: "\n").allSatisfy { $0.count <= 24 } }
        #expect(small.contains("Milk"))
        try tmux.run(["resize-window", "-t", "main", "-x", "70", "-y", "20"])
        let big = await tmux.waitFor("Wood glue")
        #expect(big.contains("2 items"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// SIGTERM, SIGHUP and SIGINT end the editor with the terminal restored, and so does a crash
    /// (SIGSEGV, the fatal-signal path): the shell after it finds the line discipline back in
    /// canonical mode with echo.
    @Test(arguments: ["TERM", "HUP", "INT", "SEGV"])
    func signalRestoresTheTerminal(_ signal: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let stty = dir.path + "/stty.txt"
        let pidFile = dir.path + "/pid"
        // The inner shell writes its pid and becomes listedit (exec), in the foreground of the
        // terminal; when it ends, the outer shell records the terminal's modes.
        let inner = ListeditProcess.editorCommand(file, pidFile: pidFile)
        let script = "sh -c \"\(inner)\"; stty -a > '\(stty)'; echo AFTER; sleep 600"
        let tmux = try Tmux(script)   // tmux runs it with sh -c
        #expect(await tmux.waitFor("Edit").contains("Edit"))
        let pid = try #require(await ListeditProcess.pid(in: dir, file: "pid"))
        kill(pid, ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "SEGV": SIGSEGV][signal]!)
        let after = await tmux.waitFor("AFTER")
        #expect(after.contains("AFTER"))
        #expect(await poll { (dir.text("stty.txt") ?? "").contains("icanon") })
        let modes = dir.text("stty.txt") ?? ""
        #expect(modes.contains(" icanon") && modes.contains(" echo") && !modes.contains("-icanon"))
    }

    /// Unsaved changes survive `kill -TERM` and `kill -HUP`: the recovery file is offered on the
    /// next start, restored, and removed by the save.
    @Test(arguments: ["TERM", "HUP"])
    func recoveryAfterAKill(_ signal: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let pidFile = dir.path + "/pid"
        let inner = ListeditProcess.editorCommand(file, pidFile: pidFile)
        let first = try Tmux("sh -c \"\(inner)\"; echo ENDED; sleep 600")
        #expect(await first.waitFor("Edit").contains("Edit"))
        try first.send("d", "d")
        #expect(await first.waitFor("g.md *").contains("g.md *"))
        kill(try #require(await ListeditProcess.pid(in: dir, file: "pid")), signal == "TERM" ? SIGTERM : SIGHUP)
        #expect(await first.waitFor("ENDED").contains("ENDED"))
        // The header names the process; the edits follow its blank line.
        let recovery = try #require(dir.text(".g.md.listedit-recovery"))
        #expect(recovery.hasPrefix("listedit recovery file\npid: "))
        #expect(recovery.contains("\nedits: yes\n"))
        // (as JSON, which holds every row's checkbox, level and passage flag)
        #expect(recovery.contains("\"title\": \"Groceries\",\n      \"rows\": [\n        \"Eggs\",\n        \"Bread\"\n      ]"))
        #expect(dir.text("g.md") == groceries)

        let second = try await editor(file)
        #expect(await second.waitFor("r restore").contains("Unsaved edits from"))
        try second.send("r", "s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n" })
        #expect(await poll { !(dir.text(".g.md.listedit-recovery") ?? "").contains("edits: yes") && !(dir.text(".g.md.listedit-recovery-2") ?? "").contains("edits: yes") })
        try second.send("q")
        #expect(await poll { !second.isAlive })
    }

    @Test func noTerminalIsAClearError() throws {
        let r = try ListeditProcess.run(["/tmp/whatever.md"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: standard input and output must be a terminal; use 'listedit apply' in scripts\n")
    }
}
