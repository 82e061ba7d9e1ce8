import Testing
import TerminalUI
import TestSupport
@testable import ListEditor

/// Ordered items show the number the next save writes, and an item with more lines a dim `…`.
@MainActor
@Suite struct ShownMarksScreenTests {
    static let steps = (1...12).map { "\($0). Step \($0)\n" }.joined()

    @Test func orderedItemsShowTheirNumbers() throws {
        let h = try Harness("# Steps\n" + Self.steps + "\n# Later\n7. Seven\n8. Eight\n9. Nine\n", name: "t.md", width: 40, height: 24)
        #expect(h.screen.contains("1. Step 1"), "\(h.screen)")
        #expect(h.screen.contains("12. Step 12"), "\(h.screen)")
        h.press(.char("G"))
        #expect(h.screen.contains("7. Seven") && h.screen.contains("9. Nine"), "\(h.screen)")
    }

    @Test func aMoveShowsTheRenumberedNumbersAndTheSaveWritesThem() throws {
        let h = try Harness("# Steps\n1. Unpack\n2. Assemble\n3. Paint\n", name: "t.md", width: 40)
        h.press(.char("J"))
        #expect(h.screen.contains("1. Assemble") && h.screen.contains("2. Unpack"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.file == "# Steps\n1. Assemble\n2. Unpack\n3. Paint\n")
    }

    /// An edit among bullets shows the section's marks row by row, each its row's own: the
    /// section is not laid out again (it was at every edit, 105–143 ms a key in a 10^4-row
    /// section); an edit among ordered items, which renumbers, still is.
    @Test func anEditAmongBulletsIsNotLaidOut() throws {
        let h = try Harness("# Notes\n- a\n- b\n  more of b\n- c\n\n# Steps\n1. one\n2. two\n", name: "t.md", width: 40)
        h.press(.char("J"))
        #expect(h.screen.contains("b …"), "\(h.screen)")
        let notes = try #require(h.editor.shownMarks[0])
        #expect(notes.marks == nil)
        h.press(.char("G"))
        h.press(.char("K"))
        #expect(h.screen.contains("1. two") && h.screen.contains("2. one"), "\(h.screen)")
        #expect(h.editor.shownMarks[1]?.marks?.map(\.number) == ["1.", "2."])
    }

    @Test func anItemWithMoreLinesShowsADimEllipsis() throws {
        let h = try Harness("# Log\n- Short\n- Fixed the parser\n  when a line ends in a tab\n", name: "t.md", width: 40)
        let lines = h.grid.lines
        let y = try #require(lines.firstIndex { $0.contains("Fixed the parser …") }, "\(h.screen)")
        #expect(!h.screen.contains("Short …"))
        let x = try #require(Array(lines[y]).firstIndex(of: "…"))
        #expect(h.grid[x, y].style.dim)
        #expect(!h.grid[x - 2, y].style.dim)
    }
}

/// Passages show their first line of content: front matter its first key and its count of lines,
/// a code block its first code line and its language, a paragraph its first line and `…`.
@MainActor
@Suite struct PassageLineTests {
    @Test func passagesShowTheirFirstLineOfContent() throws {
        let file = "---\ntitle: Plan\ndate: 2026-11-28\n---\n\nAn opening paragraph\nthat wraps.\n\n# Build\n- one\n\n```sh\nmake install\nmake test\n```\n\n~~~\nplain\n~~~\n"
        let h = try Harness(file, name: "plan.md", width: 50, height: 20)
        let screen = h.screen
        #expect(screen.contains("title: Plan · 4 lines"), "\(screen)")
        #expect(screen.contains("An opening paragraph …"), "\(screen)")
        #expect(screen.contains("make install · sh …"), "\(screen)")
        #expect(screen.contains("    plain\n") || screen.contains("    plain "), "\(screen)")
        #expect(!screen.contains("```"))
        // What is shown is not what is saved: the file stays as it was.
        h.press(.char("s"))
        #expect(h.file == file)
    }
}

/// Text pasted into the add modal in a task list gets `[ ]`, as typed text does.
@MainActor
@Suite struct AddModalPasteTests {
    @Test func pastedLinesNextToTasksBecomeTasks() throws {
        let h = try Harness("# Tasks\n- [ ] one\n- [x] two\n", name: "t.md")
        h.press(.char("a"))
        h.editor.send(.paste("three\nfour\n"))
        #expect(h.editor.model.sections[0].rows.map(\.checkbox) == [false, false, false, true])
        h.press(.char("a"))
        h.editor.send(.paste("five\n"))
        h.press(.enter)
        h.press(.char("s"))
        #expect(h.file == "# Tasks\n- [ ] one\n- [ ] three\n- [ ] four\n- [ ] five\n- [x] two\n")
    }
}
