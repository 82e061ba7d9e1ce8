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

    /// The issue's paste: lines that are also keys (`d`, `x`, `y`, `s`, `q`) become rows; the
    /// file is not touched, nothing is deleted, the editor does not quit.
    @Test func linesThatAreKeysBecomeRowsInNormalMode() throws {
        let h = try Harness()
        h.editor.send(.paste("Zucchini\nd\nd\nx\ny\ns\nq\n"))
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
        h.editor.send(.paste("- [ ] Buy milk\r\n\r\n  * [x] Oat milk\r\n1. Tea\r\n"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Buy milk", "Oat milk", "Tea", "Bread"])
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Milk\n- Eggs\n- [ ] Buy milk\n  - [x] Oat milk\n- Tea\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func inEditModeOnAHeaderRowsGoFirst() throws {
        let h = try Harness()
        h.press(.char("e"), .up)     // the Groceries header
        h.editor.send(.paste("a\nb"))
        #expect(h.editor.model.contents[0].rows == ["a", "b", "Milk", "Eggs", "Bread"])
        #expect(h.editor.keyMode == .edit)
    }

    @Test func intoTheAddModalEachLineIsARow() throws {
        let h = try Harness()
        h.press(.char("a"))
        h.type("Fresh ")
        h.editor.send(.paste("basil\nmint\n\nthyme"))
        #expect(h.editor.keyMode == .normal)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Fresh basil", "mint", "thyme", "Eggs", "Bread"])
        h.press(.char("u"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
    }

    @Test func oneLineIntoTheAddModalGoesIntoTheLine() throws {
        let h = try Harness()
        h.press(.char("a"))
        h.editor.send(.paste("- [ ] Buy milk\n"))
        #expect(h.editor.keyMode == .entry)
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Buy milk", "Eggs", "Bread"])
    }

    @Test func theInsertControlsModalTakesRowsAtTheSectionsEnd() throws {
        let h = try Harness()
        h.press(.char("e"), .char("+"))
        h.editor.send(.paste("x\ny"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread", "x", "y"])
    }

    @Test func renameTakesOneLineOnly() throws {
        let h = try Harness()
        h.press(.char("r"), .ctrl("u"))
        h.editor.send(.paste("Oat\nmilk\n"))
        #expect(h.screen.contains("Rename takes one line: the paste has 2"))
        #expect(h.editor.keyMode == .entry)
        h.editor.send(.paste("Oat milk\n"))
        h.press(.enter)
        #expect(h.editor.model.contents[0].rows == ["Oat milk", "Eggs", "Bread"])
    }

    @Test func aPromptOrADragRefusesThePaste() throws {
        let h = try Harness()
        h.press(.char("d"), .enter, .char("q"))   // delete Milk, then quit asks
        h.editor.send(.paste("s\ny\n"))
        #expect(h.screen.contains("Save changes?"))
        #expect(h.file == original)
        h.press(.escape, .char("e"), .char(" "))
        h.editor.send(.paste("row\n"))
        #expect(h.editor.keyMode == .dragging)
        #expect(h.screen.contains("Drop the row or put it"))
        #expect(h.editor.model.contents[0].rows == ["Eggs", "Bread"])
    }

    @Test func intoAnEmptyListANewSectionHoldsThem() throws {
        let h = try Harness("")
        h.editor.send(.paste("one\ntwo\n"))
        h.press(.char("s"))
        #expect(h.file == "- one\n- two\n")
        h.press(.char("u"))
        #expect(h.editor.model.sections.isEmpty)
    }

    @Test func pastedRowsKeepCheckboxAndRelativeLevel() {
        let rows = PastedRow.rows(from: "    - [ ] Buy milk\n        - [x] Oat milk\n\t\t\t1) [X] soy\n      * half\n  back\n-\n[x] not a task\n+ [y] odd\n")
        #expect(rows == [
            // (Levels count from the least-indented line: `[x] not a task`.)
            PastedRow(text: "Buy milk", level: 1, checked: false),
            PastedRow(text: "Oat milk", level: 2, checked: true),
            PastedRow(text: "soy", level: 3, checked: true),
            PastedRow(text: "half", level: 2, checked: nil),
            PastedRow(text: "back", level: 1, checked: nil),
            PastedRow(text: "[x] not a task", level: 0, checked: nil),
            PastedRow(text: "[y] odd", level: 0, checked: nil),
        ])
        #expect(PastedRow.rows(from: "-1. five\n12345678901. big\n--- rule\n").map(\.text) == ["-1. five", "12345678901. big", "--- rule"])
    }

    // MARK: Checkboxes and levels (issue 13, point 1)

    /// `(text, level, checkbox)` of section `s`.
    func shapes(_ h: Harness, _ s: Int = 0) -> [String] {
        h.editor.model.sections[s].rows.map { "\($0.level)\($0.checkbox.map { $0 ? "x" : "o" } ?? "-") \($0.text)" }
    }

    static let nested = "# Trip\n- Book\n  - [ ] flights\n  - hotel\n- Pack\n\n# Notes\n\nA paragraph.\n\n- last\n"

    /// Pasted after a row with nested rows, the paste becomes its first nested rows: the first
    /// line at one more than the cursor row, the others relative to it; checkboxes kept. One
    /// batch, one undo step: undo gives back exactly the list, redo exactly the paste.
    @Test func pastedItemsKeepCheckboxesAndRelativeLevels() throws {
        let h = try Harness(Self.nested, name: "trip.md")
        // The cursor starts on Book (level 0, with nested rows).
        let before = h.editor.model
        h.editor.send(.paste("- [ ] Visa\n    - [x] photos\n        - copies\n  - form\n- insurance\n"))
        let pasted = ["0- Book", "1o Visa", "2x photos", "3- copies", "2- form", "1- insurance", "1o flights", "1- hotel", "0- Pack"]
        #expect(shapes(h) == pasted)
        #expect(h.screen.contains("Pasted 5 rows"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 5, section: 0)))
        let after = h.editor.model
        h.press(.char("u"))
        #expect(h.editor.model == before)
        #expect(!h.editor.isModified)
        h.press(.ctrl("r"))
        #expect(h.editor.model == after)
        h.press(.char("s"))
        #expect(h.file == "# Trip\n- Book\n  - [ ] Visa\n    - [x] photos\n      - copies\n    - form\n  - insurance\n  - [ ] flights\n  - hotel\n- Pack\n\n# Notes\n\nA paragraph.\n\n- last\n")
    }

    /// After a nested row without nested rows, at its level; on a header, at the top at level 0;
    /// after a passage, at level 0 (a row cannot nest under a passage); relative levels kept.
    @Test func levelsArePlacedOnTheCursorRowAndClampedAsMovesClampThem() throws {
        let h = try Harness(Self.nested, name: "trip.md")
        h.press(.down, .down)          // hotel (level 1)
        h.editor.send(.paste("a\n  b\n"))
        #expect(shapes(h) == ["0- Book", "1o flights", "1- hotel", "1- a", "2- b", "0- Pack"])
        h.press(.home)            // the Trip header
        h.editor.send(.paste("top\n  under\n"))
        #expect(shapes(h).prefix(3) == ["0- top", "1- under", "0- Book"])
        h.press(.end, .up)       // the paragraph passage of Notes
        #expect(h.editor.model.sections[1].rows[0].isPassage)
        h.editor.send(.paste("  - [x] after\n    - deeper\n"))
        #expect(shapes(h, 1) == ["0- A paragraph.", "0x after", "1- deeper", "0- last"])
        h.press(.char("s"))
        #expect(h.file?.hasSuffix("# Notes\n\nA paragraph.\n\n- [x] after\n  - deeper\n- last\n") == true)
    }

    /// The add modal takes a paste the same way: rows with their checkboxes and levels, one undo
    /// step; one pasted task goes into the line with its box, and Enter makes a task of it.
    @Test func intoTheAddModalCheckboxesAndLevelsToo() throws {
        let h = try Harness(Self.nested, name: "trip.md")
        h.press(.char("a"))            // after Book: its first nested row
        h.editor.send(.paste("- [x] Visa\n  - photos\n"))
        #expect(h.editor.keyMode == .normal)
        #expect(shapes(h).prefix(4) == ["0- Book", "1x Visa", "2- photos", "1o flights"])
        h.press(.char("u"))
        #expect(shapes(h) == ["0- Book", "1o flights", "1- hotel", "0- Pack"])
        h.press(.end, .char("a"))
        h.editor.send(.paste("- [ ] Buy milk\n"))
        #expect(h.editor.keyMode == .entry)
        h.press(.enter)
        #expect(shapes(h, 1).last == "0o Buy milk")
    }

    /// JSON holds checkboxes and levels: they are saved.
    @Test func jsonKeepsThem() throws {
        let h = try Harness(#"{"sections": [{"title": "T", "rows": ["a"]}]}"#, name: "t.json")
        h.press(.down)
        h.editor.send(.paste("- [ ] b\n  - [x] c\n"))
        h.press(.char("s"))
        #expect(h.file?.contains(#"{"text": "b", "checked": false}"#) == true)
        #expect(h.file?.contains(#"{"text": "c", "checked": true, "level": 1}"#) == true)
    }

    /// Plain text holds no levels and no open checkboxes: the text is kept, a checked item gets
    /// todo.txt's `x `, and the status line says what was dropped, in one line.
    @Test func plainTextKeepsTheTextAndSaysWhatWasDropped() throws {
        let h = try Harness("milk\n", name: "todo.txt", width: 80)
        h.editor.send(.paste("- [ ] eggs\n  - [x] bread\n"))
        #expect(shapes(h) == ["0- milk", "0- eggs", "0x bread"])
        #expect(h.screen.contains("Pasted 2 rows (plain text: nesting and open checkboxes dropped)"))
        h.press(.char("s"))
        #expect(h.file == "milk\neggs\nx bread\n")
        h.editor.send(.paste("- [x] tea\n- coffee\n"))
        #expect(h.screen.contains("Pasted 2 rows") && !h.screen.contains("dropped"))
    }

    /// A copied item's other lines cannot go into plain text: saved as `.txt`, a paste of the
    /// register keeps the row and says the lines were dropped, in the same line as the rest.
    @Test func plainTextSaysOtherLinesWereDropped() throws {
        let h = try Harness("# Notes\n\n- [ ] Fixed the parser\n  when a line ends in a tab\n- b\n", name: "notes.md", width: 100)
        h.press(.char("y"), .char("S"), .ctrl("u"))
        h.type(h.folder.path + "/notes.txt")
        h.press(.enter)
        if h.screen.contains("(y/n)") { h.press(.char("y")) }
        #expect(h.editor.document.format == .plainText)
        h.press(.char("p"))
        #expect(h.screen.contains("(plain text: open checkboxes and other lines dropped)"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.folder.text("notes.txt")?.contains("when a line ends in a tab") == false)
    }
}
