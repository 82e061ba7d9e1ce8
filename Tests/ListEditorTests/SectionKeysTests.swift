import Testing
import TableKit
import TerminalUI
import TestSupport

/// `K`/`J` on a section header in normal mode move the section past its neighbour (one undo
/// step), as in edit mode; the untitled first section of front matter stays first.
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
}
