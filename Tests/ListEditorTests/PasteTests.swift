import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// Pasted text is text: rows after the cursor, one undo step; never keys.
@MainActor
@Suite struct PasteTests {
    let original = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// The paste: lines that are also keys (`d`, `x`, `y`, `s`, `q`) become rows; the
    /// file is not touched, nothing is deleted, the editor does not quit.
    @Test func linesThatAreKeysBecomeRowsInNormalMode() throws {
        let h = try Harness()
        h.editor.handle(.paste("Zucchini\nd\nd\nx\ny\ns\nq\n"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Zucchini", "d", "d", "x", "y", "s", "q", "Eggs", "Bread"], ["Screws", "Wood glue"]])
        #expect(!h.editor.wantsQuit)
        #expect(h.file == original)
        #expect(h.screen.contains("Pasted 7 rows"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 7, section: 0)))
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue"]])
        #expect(!h.editor.isModified)
        h.press(.ctrl("r"))
        #expect(h.editor.model.contents[0].rows.count == 10)
    }

    @Test func listMarkersAreStrippedAndBlankLinesSkipped() throws {
        let h = try Harness()
        h.press(.down)
        h.editor.handle(.paste("- [ ] Buy milk\r\n\r\n  * [x] Oat milk\r\n1. Tea\r\n"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Buy milk", "Oat milk", "Tea", "Bread"])
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Milk\n- Eggs\n- Buy milk\n- Oat milk\n- Tea\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func inEditModeOnAHeaderRowsGoFirst() throws {
        let h = try Harness()
        h.press(.char("e"), .up)     // the Groceries header
        h.editor.handle(.paste("a\nb"))
        #expect(h.editor.model.contents[0].rows == ["a", "b", "Milk", "Eggs", "Bread"])
        #expect(h.editor.keyMode == .edit)
    }

    @Test func intoTheAddModalEachLineIsARow() throws {
        let h = try Harness()
        h.press(.char("a"))
        h.type("Fresh ")
        h.editor.handle(.paste("basil\nmint\n\nthyme"))
        #expect(h.editor.keyMode == .normal)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Fresh basil", "mint", "thyme", "Eggs", "Bread"])
        h.press(.char("u"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
    }

    @Test func oneLineIntoTheAddModalGoesIntoTheLine() throws {
        let h = try Harness()
        h.press(.char("a"))
        h.editor.handle(.paste("- [ ] Buy milk\n"))
        #expect(h.editor.keyMode == .entry)
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Buy milk", "Eggs", "Bread"])
    }

    @Test func theInsertControlsModalTakesRowsAtTheSectionsEnd() throws {
        let h = try Harness()
        h.press(.char("e"), .char("+"))
        h.editor.handle(.paste("x\ny"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread", "x", "y"])
    }

    @Test func renameTakesOneLineOnly() throws {
        let h = try Harness()
        h.press(.char("r"), .ctrl("u"))
        h.editor.handle(.paste("Oat\nmilk\n"))
        #expect(h.screen.contains("Rename takes one line: the paste has 2"))
        #expect(h.editor.keyMode == .entry)
        h.editor.handle(.paste("Oat milk\n"))
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows == ["Oat milk", "Eggs", "Bread"])
    }

    @Test func aPromptOrADragRefusesThePaste() throws {
        let h = try Harness()
        h.press(.char("d"), .enter, .char("q"))   // delete Milk, then quit asks
        h.editor.handle(.paste("s\ny\n"))
        #expect(h.screen.contains("Save changes?"))
        #expect(h.file == original)
        h.press(.escape, .char("e"), .char(" "))
        h.editor.handle(.paste("row\n"))
        #expect(h.editor.keyMode == .dragging)
        #expect(h.screen.contains("Drop the row or put it"))
        #expect(h.editor.model.contents[0].rows == ["Eggs", "Bread"])
    }

    @Test func intoAnEmptyListANewSectionHoldsThem() throws {
        let h = try Harness("")
        h.editor.handle(.paste("one\ntwo\n"))
        h.press(.char("s"))
        #expect(h.file == "- one\n- two\n")
        h.press(.char("u"))
        #expect(h.editor.model.sections.isEmpty)
    }

    @Test func pastedRowsKeepCheckboxAndRelativeLevel() {
        let rows = PastedRow.rows(from: "    - [ ] Buy milk\n        - [x] Oat milk\n\t\t\t1) [X] soy\n      * half\n  back\n-\n[x] not a task\n+ [y] odd\n")
        #expect(rows == [
            PastedRow(text: "Buy milk", level: 0, checked: false),
            PastedRow(text: "Oat milk", level: 1, checked: true),
            PastedRow(text: "soy", level: 2, checked: true),
            PastedRow(text: "half", level: 1, checked: nil),
            PastedRow(text: "back", level: 0, checked: nil),
            PastedRow(text: "[x] not a task", level: 0, checked: nil),
            PastedRow(text: "[y] odd", level: 0, checked: nil),
        ])
        #expect(PastedRow.rows(from: "-1. five\n12345678901. big\n--- rule\n").map(\.text) == ["-1. five", "12345678901. big", "--- rule"])
    }
}
