import Testing
import ListDocument
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// A real Markdown file in the editor: nested rows indented, tasks with their checkboxes, inline
/// Markdown rendered, passages dimmed and kept in place; the toggle key changes one byte.
@MainActor
@Suite struct EditorMarkdownTests {
    static let plan = """
        ---
        title: Plan
        ---

        # Tasks

        Some notes about *this* list.

        - [ ] write **docs** and `code`
        - [x] ship it
          - nested [detail](https://example.com)
            - deeper ~~gone~~
        - buy milk

        ### Later

        1. one
        2. two

        """

    /// An untitled first section emptied of its rows is nothing in the file, so the edit that
    /// empties it removes it: the screen shows what the save writes, and one undo brings the
    /// section back with its row (ListEditor.droppingAnEmptiedUntitledSection).
    @Test func theLastRowAboveTheFirstHeadingTakesItsSectionWithIt() throws {
        let h = try Harness("- a\n\n# B\n- b\n", name: "above.md", width: 50, height: 12)
        h.press(.char("g"), .char("d"), .char("y"))
        #expect(h.editor.model.sections.map(\.title) == ["B"])
        h.press(.char("u"))
        #expect(h.editor.model.sections.map(\.title) == ["", "B"] && h.editor.model.sections[0].rows.map(\.text) == ["a"])
        h.press(.ctrl("r"), .char("s"))
        #expect(h.file == "# B\n- b\n" && h.editor.model.sections.map(\.title) == ["B"])

        let only = try Harness("- a\n", name: "only.md", width: 50, height: 12)
        only.press(.char("g"), .char("d"), .char("y"))
        #expect(only.editor.model.sections.isEmpty)
        only.press(.char("a"))
        only.type("b")
        only.press(.enter, .char("s"))
        #expect(only.file == "- b\n" && only.editor.model.sections.map(\.rows.count) == [1])
        only.press(.char("u"), .char("u"))
        #expect(only.editor.model.sections.map(\.rows).map { $0.map(\.text) } == [["a"]])
    }

    /// The same for a drag in edit mode: the table's own one-row drop took the untitled
    /// section's last row into `# B` and left the empty section on screen, which the file
    /// cannot hold (no heading, no rows: nothing). The drop now removes it, one undo step.
    @Test func aDragOfTheLastRowAboveTheFirstHeadingTakesItsSectionWithIt() throws {
        let h = try Harness("- a\n\n# B\n- b\n", name: "above.md", width: 50, height: 12)
        h.press(.char("g"), .char("e"), .char(" "), .down, .down, .char(" "), .char("e"))
        #expect(h.editor.model.sections.map(\.title) == ["B"])
        #expect(h.editor.model.sections.map { $0.rows.map(\.text) } == [["a", "b"]])
        h.press(.char("s"))
        #expect(h.file == "# B\n- a\n- b\n")
        let read = try ListDocument.open(h.path).model
        #expect(read.contents.map(\.title) == h.editor.model.contents.map(\.title))
        #expect(read.contents.map(\.rows) == h.editor.model.contents.map(\.rows))
        h.press(.char("u"))
        #expect(h.editor.model.sections.map { $0.rows.map(\.text) } == [["a"], ["b"]])
    }

    /// An empty `#` heading is a section of the file, not the untitled section: deleting its
    /// last row leaves it (its heading stays in the file and on screen).
    @Test func anEmptyFirstHeadingStaysWhenItsLastRowGoes() throws {
        let h = try Harness("#\n- a\n\n# B\n- b\n", name: "empty.md", width: 50, height: 12)
        h.press(.char("g"), .char("d"), .char("y"))
        #expect(h.editor.model.sections.map(\.title) == ["", "B"])
        #expect(h.editor.model.sections.map { $0.rows.map(\.text) } == [[], ["b"]])
        h.press(.char("s"))
        #expect(h.file == "#\n\n# B\n- b\n")      // the blank line before the next heading stays (docs/file-formats.md)
        let read = try ListDocument.open(h.path).model
        #expect(read.contents.map(\.title) == h.editor.model.contents.map(\.title))
        #expect(read.contents.map(\.rows) == h.editor.model.contents.map(\.rows))
    }

    @Test func screens() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 50, height: 22)
        assertGolden(h.screen, "markdown-normal")
        h.press(.char("e"))
        assertGolden(h.screen, "markdown-edit")
    }

    /// A row added next to a task is a task (☐, `[ ] ` in the file), after it or at the top of
    /// its section; one typed with its own checkbox keeps it.
    @Test func aNewRowNextToATaskIsATask() throws {
        let h = try Harness("# Home\n- [ ] Fix the sink\n", name: "home.md", width: 40, height: 12)
        h.press(.char("j"), .char("a")); h.type("after fix"); h.press(.enter)
        #expect(h.screen.contains("☐ after fix"))
        h.press(.home, .char("a")); h.type("top"); h.press(.enter)   // on the header: the section's top
        h.press(.end, .char("a")); h.type("[x] done"); h.press(.enter, .char("s"))
        #expect(h.file == "# Home\n- [ ] top\n- [ ] Fix the sink\n- [ ] after fix\n- [x] done\n")
    }

    /// Section titles show their inline Markdown rendered, as rows do, and every heading level
    /// its own indentation (`#` at the left, each deeper level two columns further); the rename
    /// modal edits the source.
    @Test func headingsRenderedAndIndentedByLevel() throws {
        let text = """
            Intro before any heading.

            # One *em*
            - a
            ## **Bold** `code`
            - b
            ### [Three](https://example.com)
            - c

            Four ~~old~~
            ---
            - d

            """
        let h = try Harness(text, name: "levels.md", width: 40, height: 22)
        assertGolden(h.screen, "markdown-heading-levels")
        let screen = h.screen
        #expect(screen.contains("\n    One em\n") && screen.contains("\n      Bold code\n"))
        #expect(screen.contains("\n        Three\n") && screen.contains("\n      Four old\n"))
        #expect(!screen.contains("**") && !screen.contains("`") && !screen.contains("##"))
        h.press(.home, .down, .down, .down, .down, .char("r"))   // the intro, "One", "a", then "Bold"
        #expect(h.screen.contains("**Bold** `code`"))
    }

    /// A message names a section by its title, without the spaces that indent its header.
    @Test func messagesNameAnIndentedSectionByItsTitle() throws {
        let h = try Harness("# A\n- a\n\n## B\n- b\n", name: "m.md", width: 40, height: 14)
        h.press(.end, .char("e"))
        for _ in 0..<8 where h.editor.tableView.focus != .header(1) { h.press(.up) }
        #expect(h.editor.tableView.focus == .header(1))
        h.press(.char(" "), .down)
        #expect(h.editor.statusMessage == "B cannot go further")
    }

    @Test func toggleChangesOneByteAndUndoes() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 50, height: 22)
        h.press(.home)
        for _ in 0..<4 { h.press(.down) }   // the front matter, Tasks, the notes, then "write docs"
        h.press(.char(" "))
        h.press(.char("s"))
        #expect(h.file == Self.plan.replacingOccurrences(of: "- [ ] write", with: "- [x] write"))
        h.press(.char("u"), .char("s"))
        #expect(h.file == Self.plan)
        // In edit mode `c` toggles and Space still picks the row up.
        h.press(.char("e"), .char("c"))
        #expect(h.editor.model.sections[1].rows[1].checkbox == true)
        h.press(.char(" "))
        #expect(h.editor.tableView.rowDrag != nil)
    }

    @Test func passagesStayPut() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 50, height: 22)
        h.press(.home, .down, .down, .down)   // the notes passage (`Home` goes to the first header)
        h.press(.char("d"))
        #expect(h.editor.model.sections[1].rows.count == 6)
        #expect(h.editor.tableView.interaction == .browsing)
        h.press(.char("e"), .char(" "))
        #expect(h.editor.tableView.rowDrag == nil)
        // A row dropped at the top of the first section goes below the front matter.
        h.press(.down, .char(" "))     // "write docs", picked up
        #expect(h.editor.tableView.rowDrag != nil)
        for _ in 0..<6 { h.press(.up) }
        h.press(.char(" "), .char("e"), .char("s"))
        let file = try #require(h.file)
        #expect(file.hasPrefix("---\ntitle: Plan\n---\n"))
        #expect(file.contains("Some notes about *this* list."))
        #expect(h.editor.model.sections[0].rows.count == 2 && h.editor.model.sections[0].rows[0].isPassage)
    }

    /// Toggle a task, move an ordered item: the list is renumbered, everything else kept.
    @Test func toggleAndMoveThenSave() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 50, height: 22)
        h.press(.home, .down, .down, .down, .down, .char(" "))   // "write docs" (see above)
        h.press(.end, .up, .char("e"), .shiftDown, .char("e"), .char("s"))
        #expect(h.file == Self.plan.replacingOccurrences(of: "- [ ] write", with: "- [x] write")
            .replacingOccurrences(of: "1. one\n2. two", with: "1. two\n2. one"))
    }

    /// After a save the rows name the new file's blocks: undoing a toggle and saving again
    /// changes that one character back, the item's other lines kept.
    @Test func undoAfterSaveStaysSurgical() throws {
        let text = "# A\n- [ ] task\n  with a second line\n- b\n"
        let h = try Harness(text, name: "u.md", width: 50, height: 12)
        h.press(.home, .down, .char(" "), .char("s"))
        #expect(h.file == "# A\n- [x] task\n  with a second line\n- b\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == text)
        h.press(.char("r"))
        #expect(h.screen.contains("[ ] task"))   // a rename edits the checkbox with the text
    }
}
