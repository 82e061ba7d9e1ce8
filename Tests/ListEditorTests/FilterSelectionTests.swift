import Testing
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// A selection and a filter together, and what a filter does to rows that come back: every key
/// acts on the rows shown (docs/keys.md, "Filter"), undo does not show rows the filter drops, the
/// `Add item` rows show whenever the filter was typed, and a row dragged by its own handle moves
/// alone.
@MainActor
@Suite struct FilterSelectionTests {
    static let fruit = "# A\n- apple\n- x1\n- x2\n- apricot\n"

    static func rows(_ h: Harness) -> [[String]] { h.editor.model.sections.map { $0.rows.map(\.text) } }

    /// Selects apple and apricot, then filters to `apple`: apricot is selected but hidden.
    static func selectedThenFiltered() throws -> Harness {
        let h = try Harness(fruit)
        h.press(.char("e"), .home, .down, .char("v"), .down, .down, .down, .char("v"))
        #expect(h.editor.tableView.indexPathsForSelectedRows?.count == 2)
        h.press(.char("/"))
        h.type("apple")
        h.press(.enter)
        #expect(h.editor.tableView.filteredRows?.first?.first == 0)
        return h
    }

    @Test func hiddenSelectedRowsAreNotChecked() throws {
        let h = try Self.selectedThenFiltered()
        h.press(.char("c"))
        #expect(h.editor.model[IndexPath(row: 0, section: 0)].checkbox == true)
        #expect(h.editor.model[IndexPath(row: 3, section: 0)].checkbox == nil)
        #expect(h.editor.statusMessage == "Checked 1 rows")
    }

    @Test func hiddenSelectedRowsAreNotCopiedOrMoved() throws {
        let h = try Self.selectedThenFiltered()
        h.press(.char("y"))
        #expect(h.editor.statusMessage == "Copied 1 row")
        // One step down: apple alone would pass one shown row, and none shows below it in the
        // last section (K and J pass exactly one shown row): nothing moves, apricot neither.
        h.press(.char("J"))
        #expect(Self.rows(h) == [["apple", "x1", "x2", "apricot"]])
        #expect(h.editor.statusMessage == "apple cannot go further")
    }

    @Test func theHintCountsTheShownSelectedRowsAndNamesTheHiddenOnes() throws {
        let h = try Self.selectedThenFiltered()
        #expect(h.screen.contains("1 selected (1 hidden)"))
    }

    @Test func pickingUpWithOnlyHiddenRowsSelectedIsRefused() throws {
        let h = try Harness(Self.fruit)
        h.press(.char("e"), .home, .down, .down, .char("v"))      // x1
        h.press(.char("/"))
        h.type("ap")
        h.press(.enter, .char(" "))
        #expect(h.editor.tableView.rowDrag == nil)
        #expect(h.editor.statusMessage?.contains("hidden by the filter") == true)
        #expect(Self.rows(h) == [["apple", "x1", "x2", "apricot"]])
    }

    /// Undo brings back a deleted section's rows; under a filter only those it keeps show, and
    /// the header's count stays within the list's items.
    @Test func undoUnderAFilterShowsOnlyTheRowsTheFilterKeeps() throws {
        let h = try Harness("# Dairy\n- milk\n- cheese\n\n# Veg\n- kale\n- milk thistle\n\nA note.\n")
        h.press(.char("/"))
        h.type("milk")
        h.press(.enter, .char("e"))
        // The cursor to Veg's header, delete the section, undo.
        h.press(.home)
        while h.editor.tableView.focus != .header(1) { h.press(.down) }
        h.press(.char("x"), .char("y"))
        #expect(h.editor.model.sections.count == 1)
        h.press(.char("u"))
        #expect(h.editor.model.sections.count == 2)
        #expect(h.editor.tableView.filteredRows?[1] == [1, 3])    // milk thistle, and Add item
        let header = String(h.screen.split(separator: "\n")[0])
        #expect(header.contains("/milk 2 of 4"), "\(header)")
        #expect(!h.screen.contains("A note."))
        #expect(!h.screen.contains("kale"))
    }

    @Test func addItemRowsShowWhenTheFilterIsTypedInEditMode() throws {
        let h = try Harness(Self.fruit)
        h.press(.char("e"), .char("/"))
        h.type("ap")
        h.press(.enter)
        #expect(h.editor.tableView.filteredRows == [[0, 3, 4]])
        #expect(h.screen.contains("Add item"))
    }

    /// A row picked up by its own handle with the mouse while other rows are selected moves
    /// alone; the selection stays on its rows.
    @Test func aRowDraggedByItsOwnHandleMovesAlone() throws {
        let h = try Harness("# A\n- a\n- b\n- c\n- d\n")
        h.press(.char("e"), .home, .down, .char("v"))              // a selected
        func line(_ text: String) -> Int? {
            h.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(" \(text) ") || $0.hasSuffix(" \(text)") }
        }
        let handle = h.width - 4
        let c = try #require(line("c")), d = try #require(line("d"))
        for (kind, y) in [(MouseEvent.Kind.press, c), (.drag, d), (.release, d)] {
            h.editor.send(.mouse(MouseEvent(kind, x: handle, y: y)))
            _ = h.screen
        }
        #expect(Self.rows(h) == [["a", "b", "d", "c"]])
        #expect(h.editor.tableView.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    }
}
