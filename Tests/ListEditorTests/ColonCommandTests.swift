import Testing
import TableKit
import TerminalUI
import TestSupport

/// The command line, as vim's: `:w`, `:w NAME`, `:q`, `:q!`, `:wq`, `:x`, `:e!`, `:N`; an
/// unknown command is named in an error.
@MainActor
@Suite struct ColonCommandTests {
    static let text = "# T\n- one\n- two\n- three\n"

    func command(_ h: Harness, _ line: String) {
        h.press(.char(":"))
        h.type(line)
        h.press(.enter)
    }

    @Test func theLineShowsAtTheBottom() throws {
        let h = try Harness(Self.text, name: "t.md", width: 60)
        h.press(.char(":"))
        h.type("wq")
        let last = h.screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        #expect(last.dropFirst().hasPrefix(" :wq") && last.contains("enter run"), "\(last)")
    }

    @Test func writeQuitAndWriteAs() throws {
        let h = try Harness(Self.text, name: "t.md", width: 60)
        h.press(.char("c"))
        command(h, "w")
        #expect(h.file == "# T\n- [x] one\n- two\n- three\n")
        command(h, "w \(h.folder.path)/copy.md")      // saves as: the editor goes on with copy.md
        #expect(h.folder.text("copy.md") == "# T\n- [x] one\n- two\n- three\n")
        h.press(.char("c"))
        command(h, "q")
        #expect(h.screen.contains("Save changes?"))
        h.press(.escape)
        command(h, "x")
        #expect(h.editor.wantsQuit)
        #expect(h.folder.text("copy.md") == "# T\n- [ ] one\n- two\n- three\n")
        #expect(h.file == "# T\n- [x] one\n- two\n- three\n")
    }

    @Test func quitBangDropsChangesWithoutAQuestion() throws {
        let h = try Harness(Self.text, name: "t.md", width: 60)
        h.press(.char("c"))
        command(h, "q!")
        #expect(!h.screen.contains("Save changes?"))
        #expect(h.editor.wantsQuit)
        #expect(h.file == Self.text)
    }

    @Test func readAgainDropsUnsavedChanges() throws {
        let h = try Harness(Self.text, name: "t.md", width: 60)
        h.press(.char("c"), .char("J"))
        command(h, "e!")
        #expect(h.screen.contains("Read t.md again"))
        #expect(h.editor.model.contents[0].rows == ["one", "two", "three"])
        #expect(!h.editor.isModified)
        h.press(.char("u"))
        #expect(h.editor.model.contents[0].rows == ["two", "one", "three"])
    }

    @Test func goToItemNAndUnknownCommands() throws {
        let h = try Harness("Intro.\n\n# T\n- one\n- two\n- three\n", name: "t.md", width: 70)
        command(h, "3")
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        command(h, "9")
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        #expect(h.screen.contains("The list has 3 items"))
        command(h, "wqa")
        #expect(h.screen.contains("Not a command: :wqa"), "\(h.screen)")
    }
}
