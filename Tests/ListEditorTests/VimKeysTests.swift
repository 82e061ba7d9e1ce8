import Testing
import TableKit
import TerminalUI
import TestSupport

/// Keys a vim or less user reaches for: `o`/`O` add below/above, Ctrl-F/Ctrl-B a screen,
/// Ctrl-D/Ctrl-U half a screen; in a line of text the Ctrl keys keep their line-editing meaning.
@MainActor
@Suite struct VimKeysTests {
    @Test func oAddsBelowAndCapitalOAbove() throws {
        let h = try Harness("# T\n- one\n  - child\n- two\n", name: "t.md", width: 60)
        h.press(.down, .char("O"))                    // above `child`, at its level
        h.type("first child")
        h.press(.enter)
        h.press(.char("G"), .char("o"))               // below `two`
        h.type("three")
        h.press(.enter, .char("s"))
        #expect(h.file == "# T\n- one\n  - first child\n  - child\n- two\n- three\n")
    }

    @Test func nothingGoesAboveFrontMatter() throws {
        let h = try Harness("---\ntitle: T\n---\n\n# A\n- a\n", name: "t.md", width: 70)
        h.press(.char("O"))                           // the cursor starts on the front matter
        #expect(h.screen.contains("Nothing goes above the front matter"), "\(h.screen)")
        #expect(!h.screen.contains("New item"))
    }

    @Test func ctrlKeysPageAndHalfPage() throws {
        let rows = (1...60).map { "- row \($0)\n" }.joined()
        let h = try Harness("# Long\n" + rows, name: "long.md", width: 60, height: 16)
        let page = h.editor.controller.pageSize
        func row() -> Int { if case .row(let p)? = h.editor.tableView.focus { return p.row } else { return -1 } }
        h.press(.ctrl("d"))
        #expect(row() == page / 2)
        h.press(.ctrl("f"))
        #expect(row() == page / 2 + page)
        h.press(.ctrl("u"))
        #expect(row() == page + page / 2 - page / 2)
        h.press(.ctrl("b"))
        #expect(row() == 0)
    }

    @Test func inALineOfTextCtrlUStillErases() throws {
        let h = try Harness("# T\n- one\n", name: "t.md", width: 60)
        h.press(.char("r"), .ctrl("u"))
        h.type("uno")
        h.press(.enter, .char("s"))
        #expect(h.file == "# T\n- uno\n")
    }
}
