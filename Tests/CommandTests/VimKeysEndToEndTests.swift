import Testing
import Foundation
import TestSupport

/// A vim or less user's keys in a real terminal (issue 28): `Space` on a plain item says how to
/// add a checkbox and `c` adds one, `G` and `g` land on the last and first item, `o` adds below,
/// `/` then `Esc` then `n` finds the next match, `:wq` saves and quits.
@Suite(.serialized) struct VimKeysEndToEndTests {
    @Test func aVimUsersFirstMinutes() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "Intro prose.\n\n# Todo\n\n- [ ] call Bob\n- buy milk\n- oat milk\n\nClosing words.\n"
        let file = dir.file("todo.md", text)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70, height: 20)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("oat milk") }
        try tmux.send("G")                                           // the last item, not the prose
        await tmux.waitFor("3/3")
        try tmux.send("k", "Space")
        #expect(await tmux.waitFor("Not a task: c adds a checkbox").contains("Not a task: c adds a checkbox"))
        try tmux.send("c")
        await tmux.waitFor("☑ buy milk")
        try tmux.send("g", "o")                                      // below the first item
        await tmux.waitFor("New item")
        try tmux.type("ring Ann")
        try tmux.send("Enter")
        await tmux.waitFor("ring Ann")
        try tmux.send("/")
        try tmux.type("milk")
        try tmux.send("Escape", "g", "n")
        #expect(await tmux.waitFor("match 1 of 2").contains("match 1 of 2 for \"milk\""))
        try tmux.send(":")
        try tmux.type("wq")
        try tmux.send("Enter")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("todo.md") == "Intro prose.\n\n# Todo\n\n- [ ] call Bob\n- [ ] ring Ann\n- [x] buy milk\n- oat milk\n\nClosing words.\n")
    }
}

/// Each key of issue 28's list in a real terminal, with the screen it leads to and, where it
/// edits, the saved bytes: paging, `:N`, `n` `N` wrapping, `O`, `K` `J` on a header, every `:`
/// command, `c` on a selection, the line-editing Ctrl keys, and an empty rename.
@Suite(.serialized) struct VimKeyByKeyEndToEndTests {
    /// `# Todo` with `item 1` … `item 100`, then `# Later` with two tasks: 102 items.
    static let long = "# Todo\n\n" + (1...100).map { "- item \($0)\n" }.joined() + "\n# Later\n\n- [ ] one\n- [x] two\n"
    static let two = "# A\n\n- a1\n- a2 milk\n\n# B\n\n- b1 milk\n"

    /// Types `:` then `text` then Enter: a command line.
    static func command(_ tmux: Tmux, _ text: String) throws {
        try tmux.send(":")
        try tmux.type(text)
        try tmux.send("Enter")
    }

    /// The cursor's `N/M` in the top bar.
    static func position(_ screen: String) -> String? {
        let top = screen.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return top.split(separator: " ").first { $0.contains("/") && $0.allSatisfy { $0.isNumber || $0 == "/" } }.map(String.init)
    }

    /// Ctrl-F and Ctrl-B a screen (the 20-line pane shows 17 rows: the cursor moves 17), Ctrl-D
    /// and Ctrl-U half of one, `:50` item 50, `G` the last item, `g` the first.
    @Test func pagingAndGoingToAnItem() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("long.md", Self.long)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70, height: 20)
        #expect(Self.position(await tmux.waitFor("1/102")) == "1/102")
        for (keys, expected) in [(["C-f"], "18/102"), (["C-d"], "26/102"), (["C-u"], "18/102"), (["C-b"], "1/102"), (["G"], "102/102"), (["g"], "1/102")] {
            try tmux.run(["send-keys", "-t", "main"] + keys)
            #expect(Self.position(await tmux.waitFor { Self.position($0) == expected }) == expected, "after \(keys)")
        }
        try Self.command(tmux, "50")
        let screen = await tmux.waitFor { Self.position($0) == "50/102" && $0.contains("item 50") }
        #expect(Self.position(screen) == "50/102")
        #expect(screen.contains("item 50"))
        #expect(dir.text("long.md") == Self.long)
    }

    /// `/milk` then Esc: the filter is gone, the cursor stays on the match it was on, and `n`
    /// `N` step through the matches, wrapping with a message at either end.
    @Test func nextAndPreviousMatchWrap() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.file("two.md", Self.two)), width: 70, height: 14)
        await tmux.waitFor("1/3")
        try tmux.send("/")
        try tmux.type("milk")
        await tmux.waitFor { !$0.contains("a1") }
        try tmux.send("Escape")
        #expect(Self.position(await tmux.waitFor("a1")) == "2/3")
        for (key, message, expected) in [("n", "match 2 of 2 for \"milk\"", "3/3"),
                                         ("n", "Search wrapped to the top: match 1 of 2 for \"milk\"", "2/3"),
                                         ("N", "Search wrapped to the bottom: match 2 of 2 for \"milk\"", "3/3"),
                                         ("N", "match 1 of 2 for \"milk\"", "2/3")] {
            try tmux.send(key)
            let screen = await tmux.waitFor { $0.contains(message) && Self.position($0) == expected && !$0.contains("wrapped") == !message.contains("wrapped") }
            #expect(screen.contains(message) && Self.position(screen) == expected, "\(key) → \(message)")
        }
    }

    /// `J` on a header moves its section below the next, `O` adds above the cursor row, `:w`
    /// saves; `:q` with changes asks, Esc stays, `:q!` quits dropping them.
    @Test func sectionMovesAddAboveSaveAndQuit() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.file("two.md", Self.two)), width: 70, height: 14)
        await tmux.waitFor("1/3")
        try tmux.send("Home", "J")
        await tmux.waitFor("two.md *")
        try tmux.send("g", "O")
        await tmux.waitFor("New item")
        try tmux.type("first")
        try tmux.send("Enter")
        await tmux.waitFor("first")
        try Self.command(tmux, "w")
        await tmux.waitFor("Saved two.md")
        #expect(dir.text("two.md") == "# B\n\n- first\n- b1 milk\n\n# A\n\n- a1\n- a2 milk\n")
        try tmux.send("G", "c")                                     // an unsaved change
        await tmux.waitFor("☑ a2 milk")
        try Self.command(tmux, "q")
        #expect(await tmux.waitFor("Save changes? (y/n/Esc)").contains("Save changes? (y/n/Esc)"))
        try tmux.send("Escape")
        await tmux.waitFor { !$0.contains("Save changes?") }
        #expect(tmux.isAlive)
        try Self.command(tmux, "q!")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("two.md") == "# B\n\n- first\n- b1 milk\n\n# A\n\n- a1\n- a2 milk\n")
    }

    /// `:w NAME` saves as NAME (the original stays), `:e!` reads it again dropping an edit that
    /// `u` brings back, `:foo` is named in an error, and `:x` saves and quits.
    @Test func saveAsReadAgainAndSaveAndQuit() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.file("two.md", Self.two)), width: 70, height: 14)
        await tmux.waitFor("1/3")
        try Self.command(tmux, "w " + dir.path + "/copy.md")
        await tmux.waitFor("Saved copy.md")
        #expect(dir.text("copy.md") == Self.two)
        try tmux.send("O")
        await tmux.waitFor("New item")
        try tmux.type("zero")
        try tmux.send("Enter")
        await tmux.waitFor("zero")
        try Self.command(tmux, "e!")
        let reread = await tmux.waitFor("Read copy.md again: unsaved changes dropped (u brings them back)")
        #expect(!reread.contains("zero"))
        try tmux.send("u")
        await tmux.waitFor("zero")
        try Self.command(tmux, "foo")
        #expect(await tmux.waitFor("Not a command: :foo").contains("Not a command: :foo"))
        try Self.command(tmux, "x")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("copy.md") == "# A\n\n- zero\n- a1\n- a2 milk\n\n# B\n\n- b1 milk\n")
        #expect(dir.text("two.md") == Self.two)
    }

    /// In edit mode `v` selects two plain items and `c` checks them both; in the filter line
    /// Ctrl-U erases what was typed (line editing, not half a screen); an empty rename says
    /// which key deletes the row and changes nothing.
    @Test func checkASelectionEraseALineAndAnEmptyRename() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let tmux = try Tmux(ListeditProcess.editorCommand(dir.file("two.md", Self.two)), width: 70, height: 14)
        await tmux.waitFor("1/3")
        try tmux.send("e")
        await tmux.waitFor("Done")
        try tmux.send("v", "j", "v")
        await tmux.waitFor("2 selected")
        try tmux.send("c")
        await tmux.waitFor("☑ a2 milk")
        try tmux.send("Escape", "Escape")                           // the selection, then edit mode
        await tmux.waitFor("Edit")
        try tmux.send("/")
        try tmux.type("zzz")
        await tmux.waitFor { !$0.contains("b1 milk") }
        try tmux.send("C-u")
        let erased = await tmux.waitFor("b1 milk")
        #expect(erased.contains("a1") && erased.contains("b1 milk"))
        try tmux.send("Escape", "G", "r")
        await tmux.waitFor("Rename")
        try tmux.send("C-u", "Enter")
        #expect(await tmux.waitFor("Empty text:").contains("deletes the row"))
        try tmux.send("s")
        await tmux.waitFor("Saved two.md")
        #expect(dir.text("two.md") == "# A\n\n- [x] a1\n- [x] a2 milk\n\n# B\n\n- b1 milk\n")
    }
}
