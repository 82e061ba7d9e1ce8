import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// The filter, collapse and indent as the screen shows them (golden screens), and the keys'
/// effects on a small list: the header's position and `n of m`, Esc's order, the cursor kept on
/// its row when the filter is cleared, `▸ N` on collapsed rows and sections.
@MainActor
@Suite struct FilterScreenTests {
    static let nested = "# Groceries\n- Milk\n  - oat\n  - **whole** milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Milk paint\n"

    @Test func typingNarrowsLiveAndEnterKeepsTheFilter() throws {
        let h = try Harness(Self.nested)
        h.press(.char("/"))
        h.type("mil")
        assertGolden(h.screen, "filter-typing")
        h.type("k")
        h.press(.enter)
        // `**whole** milk` matches "whole milk"; passages and headers never count.
        #expect(h.screen.split(separator: "\n")[0].contains("/milk 3 of 8"))
        assertGolden(h.screen, "filter-kept")
        #expect(h.editor.tableView.isFiltering)
    }

    @Test func markupIsIgnoredAndCaseFolded() throws {
        let h = try Harness(Self.nested)
        h.press(.char("/"))
        h.type("WHOLE MILK")
        h.press(.enter)
        #expect(h.editor.tableView.filteredRows == [[2], []])
    }

    @Test func escClearsTheFilterAndTheCursorStaysOnItsRow() throws {
        let h = try Harness(Self.nested)
        h.press(.char("/"))
        h.type("paint")
        h.press(.enter)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        h.press(.escape)
        #expect(!h.editor.tableView.isFiltering)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        #expect(h.editor.statusMessage == "Filter cleared")
    }

    @Test func escInTheFilterLineClearsIt() throws {
        let h = try Harness(Self.nested)
        h.press(.char("/"))
        h.type("eggs")
        #expect(h.editor.tableView.isFiltering)
        h.press(.escape)
        #expect(!h.editor.tableView.isFiltering)
    }

    @Test func escInEditModeEndsADeleteButtonBeforeTheFilterAndTheFilterBeforeDone() throws {
        let h = try Harness(Self.nested)
        h.press(.char("/"))
        h.type("paint")   // a row without nested rows: its Delete button (with them, a question)
        h.press(.enter, .char("e"), .char("x"))
        #expect(h.editor.tableView.deleteConfirmation != nil)
        h.press(.escape)
        #expect(h.editor.tableView.deleteConfirmation == nil && h.editor.tableView.isFiltering)
        h.press(.escape)
        #expect(!h.editor.tableView.isFiltering && h.editor.tableView.isEditing)
        h.press(.escape)
        #expect(!h.editor.tableView.isEditing)
    }

    @Test func theHeaderShowsTheCursorPosition() throws {
        let h = try Harness(Self.nested)
        h.press(.down, .down, .down)
        #expect(h.screen.split(separator: "\n")[0].contains("4/8"))
        h.press(.up, .up, .up, .up)
        #expect(h.screen.split(separator: "\n")[0].contains("0/8"))
    }

    @Test func collapsedRowsShowHowManyTheyHide() throws {
        let h = try Harness(Self.nested)
        h.press(.left)
        assertGolden(h.screen, "collapsed-row")
        h.press(.down)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 3, section: 0)))
        h.press(.up, .right)
        #expect(h.editor.tableView.isExpanded(IndexPath(row: 0, section: 0)))
        h.press(.right)
        #expect(h.editor.statusMessage == "Milk is already expanded")
        h.press(.down, .left)
        #expect(h.editor.statusMessage == "oat has no nested rows")
    }

    @Test func collapsedSectionsShowHowManyRowsTheyHide() throws {
        let h = try Harness(Self.nested)
        h.press(.up, .char("h"))
        assertGolden(h.screen, "collapsed-section")
        h.press(.down)
        #expect(h.editor.tableView.focus == .header(1))
    }

    @Test func indentAndOutdentReindentTheFile() throws {
        let h = try Harness(Self.nested)
        h.press(.down, .down, .down, .tab)
        assertGolden(h.screen, "indented")
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Milk\n  - oat\n  - **whole** milk\n  - Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Milk paint\n")
        h.press(.up, .backTab)
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Milk\n  - oat\n- **whole** milk\n  - Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Milk paint\n")
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == Self.nested)
    }

    @Test func aOnACollapsedRowAddsAfterWhatItHidesAndMovesCarryIt() throws {
        let h = try Harness(Self.nested)
        h.press(.left, .char("a"))
        h.type("Tea")
        h.press(.enter)
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["Milk", "oat", "**whole** milk", "Tea", "Eggs", "Bread"])
        #expect(h.editor.model.sections[0].rows[3].level == 0)
        h.press(.up, .char("J"))
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["Tea", "Milk", "oat", "**whole** milk", "Eggs", "Bread"])
        #expect(!h.editor.tableView.isExpanded(IndexPath(row: 1, section: 0)))
        #expect(h.editor.tableView.isRowHidden(IndexPath(row: 2, section: 0)))
        h.press(.right, .char("a"))
        h.type("soy")
        h.press(.enter)
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["Tea", "Milk", "soy", "oat", "**whole** milk", "Eggs", "Bread"])
        #expect(h.editor.model.sections[0].rows[2].level == 1)
    }

    @Test func aFilteredDeleteDeletesTheShownRowOnly() throws {
        let h = try Harness(Self.nested, width: 60)
        h.press(.char("/"))
        h.type("paint")
        h.press(.enter, .char("d"), .char("y"))
        #expect(h.editor.model.sections[1].rows.map(\.text) == ["Screws", "Wood glue"])
        #expect(h.screen.split(separator: "\n")[0].contains("/paint 0 of 7"))
        // Nothing shows: the cursor is on the section's header, and stays there.
        #expect(h.editor.tableView.focus == .header(1))
        h.press(.escape)
        #expect(h.editor.tableView.focus == .header(1))
    }

    /// A row moved or added into a collapsed section opens it, and the cursor stays on the row.
    @Test func aRowMovedIntoACollapsedSectionOpensIt() throws {
        let h = try Harness(Self.nested)
        h.editor.controller.perform(.moveCursor(.to(.header(1))))
        h.press(.left)
        #expect(!h.editor.tableView.isSectionExpanded(1))
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 4, section: 0)))))
        h.press(.char("J"))
        #expect(h.editor.model.sections[1].rows.map(\.text) == ["Bread", "Screws", "Wood glue", "Milk paint"])
        #expect(h.editor.tableView.isSectionExpanded(1))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        h.press(.up, .left, .char("a"))
        h.type("Nails")
        h.press(.enter)
        #expect(h.editor.tableView.isSectionExpanded(1))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 0, section: 1)))
    }
}
