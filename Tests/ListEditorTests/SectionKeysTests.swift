import Testing
import TableKit
import TerminalUI
import TestSupport
import ListEditor

/// `K`/`J` on a section header in normal mode move the section past its neighbour (one undo
/// step), as in edit mode; the untitled first section of front matter stays first, whichever
/// way a section moves.
@MainActor
@Suite struct SectionKeysTests {
    @Test func kAndJOnAHeaderMoveTheSection() throws {
        let h = try Harness("# A\n- a\n\n# B\n- b\n\n# C\n- c\n", name: "list.md", width: 60)
        h.press(.up, .char("J"))                      // A below B
        #expect(h.editor.tableView.focus == .header(1))
        h.press(.char("J"))                           // and below C
        #expect(h.screen.contains("A cannot go further") == false)
        h.press(.char("J"))
        #expect(h.screen.contains("cannot go further"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.file == "# B\n- b\n\n# C\n- c\n\n# A\n- a\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == "# B\n- b\n\n# A\n- a\n\n# C\n- c\n")
        h.press(.char("K"), .char("s"))
        #expect(h.file == "# A\n- a\n\n# B\n- b\n\n# C\n- c\n")
    }

    @Test func frontMatterStaysFirst() throws {
        let h = try Harness("---\ntitle: T\n---\n\n# A\n- a\n", name: "list.md", width: 60)
        h.press(.down, .char("K"))                    // header A cannot pass the front matter
        #expect(h.editor.tableView.focus == .header(1))
        #expect(h.screen.contains("cannot go further"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.file == "---\ntitle: T\n---\n\n# A\n- a\n")
    }

    /// A section picked up in edit mode does not pass the front matter either: not under a
    /// filter (edit mode shows every section), and not on the board, where `←` is a step up
    /// (the board's lane was dropped above the front matter, issue 25's
    /// `aFilteredDragKeepsTheFrontMatterFirst`).
    @Test func frontMatterStaysFirstForADraggedSection() throws {
        let list = "---\ntitle: T\n---\n\n# A\n- apple\n\n# B\n- bread\n"
        let h = try Harness(list, name: "list.md", width: 60)
        h.press(.char("/")); h.type("bread"); h.press(.enter)
        h.press(.char("e"), .up)
        #expect(h.editor.tableView.focus == .header(2), "\(h.screen)")
        h.press(.char(" "), .up)                      // B above A
        #expect(!h.screen.contains("cannot go further"), "\(h.screen)")
        h.press(.up)                                   // not above the front matter
        #expect(h.screen.contains("B cannot go further"), "\(h.screen)")
        h.press(.char(" "), .char("e"), .escape, .char("s"))
        #expect(h.file == "---\ntitle: T\n---\n\n# B\n- bread\n\n# A\n- apple\n")

        let board = "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n- [ ] a\n\n## Done\n\n- [ ] b\n"
        let b = try Harness(board, name: "board.md", width: 60)
        b.editor.setView(EditorView.opening(b.editor.document, asked: nil))
        b.press(.up)
        #expect(b.editor.tableView.focus == .header(1), "\(b.screen)")
        b.press(.char("e"), .char(" "), .left)
        #expect(b.screen.contains("To do cannot go further"), "\(b.screen)")
        b.press(.char(" "), .char("e"), .char("s"))
        #expect(b.file == board)
    }
}
