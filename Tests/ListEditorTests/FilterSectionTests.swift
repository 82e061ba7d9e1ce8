import Testing
import TableKit
import TerminalUI
import TestSupport

/// Under a filter, sections with no shown row are hidden whole and footers say `2 of 14 items`;
/// text pasted into the filter line filters at once, as typed text does (issue 28).
@MainActor
@Suite struct FilterSectionTests {
    static let list = "# Groceries\n- Milk\n- Eggs\n- Oat milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n\n# Garden\n- Seeds\n- Milk thistle\n"

    @Test func aSectionWithNoMatchIsHiddenAndFootersCountTheItemsShown() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.press(.char("/"))
        h.type("milk")
        h.press(.enter)
        let screen = h.screen
        #expect(!screen.contains("Hardware") && !screen.contains("Screws"), "\(screen)")
        #expect(screen.contains("2 of 4 items") && screen.contains("1 of 2 items"), "\(screen)")
        #expect(screen.split(separator: "\n")[0].contains("/milk 3 of 8"))
        assertGolden(screen, "filter-hidden-section")
        // The cursor passes over the hidden section: from Milk, Oat milk, then Garden's header.
        h.press(.char("g"))
        h.press(.down, .down)
        #expect(h.editor.tableView.focus == .header(2))
        h.press(.up)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 0)))
        // Esc: every section and its full count again.
        h.press(.escape)
        #expect(h.screen.contains("Hardware") && h.screen.contains("4 items") && !h.screen.contains(" of "))
    }

    @Test func inEditModeAHiddenSectionHasNoAddItemRow() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 20)
        h.press(.char("e"), .char("/"))
        h.type("milk")
        h.press(.enter)
        #expect(h.editor.tableView.filteredRows == [[0, 2, 4], [], [1, 2]])
        #expect(h.editor.tableView.isSectionHidden(1))
        #expect(h.screen.components(separatedBy: "Add item").count == 3, "\(h.screen)")
        #expect(h.screen.contains("2 of 4 items"), "\(h.screen)")
    }

    @Test func sectionMovesPassTheNearestShownSection() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.press(.char("/"))
        h.type("milk")
        h.press(.enter)
        // K on Garden's header passes Groceries, with the hidden Hardware between.
        h.editor.controller.perform(.moveCursor(.to(.header(2))))
        h.press(.char("K"))
        #expect(h.editor.tableView.focus == .header(0))
        h.press(.escape, .char("s"))
        #expect(h.file == "# Garden\n- Seeds\n- Milk thistle\n\n# Groceries\n- Milk\n- Eggs\n- Oat milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func aRowMovedPastTheEdgeOfItsSectionShowsTheHiddenSectionItLandsIn() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.press(.char("/"))
        h.type("milk")
        h.press(.enter)
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))   // Oat milk
        h.press(.char("J"))
        #expect(!h.editor.tableView.isSectionHidden(1) && h.editor.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        #expect(h.screen.contains("Hardware") && h.screen.contains("1 of 3 items"), "\(h.screen)")
        h.press(.escape, .char("s"))
        #expect(h.file == "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Oat milk\n- Screws\n- Wood glue\n\n# Garden\n- Seeds\n- Milk thistle\n")
    }

    @Test func textPastedIntoTheFilterLineFiltersAtOnce() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.press(.char("/"))
        h.editor.send(.paste("thistle"))
        // No Enter: the list is narrowed already, as typed characters narrow it.
        #expect(h.editor.tableView.filteredRows == [[], [], [1]])
        #expect(h.screen.contains("Milk thistle") && !h.screen.contains("Groceries"), "\(h.screen)")
        // The first section shown has no gap above it, as the first section has none.
        #expect(h.screen.split(separator: "\n")[1] == "    Garden", "\(h.screen)")
        h.editor.send(.paste("x"))
        #expect(h.editor.tableView.filteredRows == [[], [], []])
        h.press(.backspace)
        #expect(h.editor.tableView.filteredRows == [[], [], [1]])
    }

    @Test func textPastedIntoRenameIsTheLineAndSeveralLinesAreRefused() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        h.press(.char("r"))
        h.editor.send(.paste(" shake"))
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows[0] == "Milk shake")
        h.press(.char("r"))
        h.editor.send(.paste("a\nb"))
        #expect(h.screen.contains("takes one line: the paste has 2"), "\(h.screen)")
        h.press(.escape)
        #expect(h.editor.model.contents[0].rows[0] == "Milk shake")
    }

    @Test func aSectionAddedUnderAFilterShows() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 16)
        h.press(.char("/"))
        h.type("milk")
        h.press(.enter)
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))
        h.press(.char("A"))
        h.type("Dairy")
        h.press(.enter)
        #expect(h.editor.tableView.focus == .header(1))
        #expect(!h.editor.tableView.isSectionHidden(1) && h.editor.tableView.isSectionHidden(2))
        #expect(h.screen.contains("Dairy") && !h.screen.contains("Hardware"), "\(h.screen)")
    }

    @Test func aHeldSectionStepsPastTheHiddenSections() throws {
        let h = try Harness(Self.list, name: "list.md", width: 44, height: 20)
        h.press(.char("e"), .char("/"))
        h.type("milk")
        h.press(.enter)
        h.editor.controller.perform(.moveCursor(.to(.header(2))))
        h.press(.char(" "), .up)
        #expect(h.editor.tableView.sectionDrag?.destination == 0)
        h.press(.char(" "))
        h.press(.escape, .escape, .char("s"))
        #expect(h.file == "# Garden\n- Seeds\n- Milk thistle\n\n# Groceries\n- Milk\n- Eggs\n- Oat milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }
}
