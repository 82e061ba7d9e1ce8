import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import KeyBindings
import TestSupport

/// The open file changing on disk: checked on ticks only; reloaded when there are no unsaved
/// edits, asked about when there are; a reload or merge is one undo step.
@MainActor
@Suite struct DiskChangeTests {
    let original = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func harness() throws -> (Harness, ManualClock) {
        let h = try Harness(width: 90)
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        return (h, clock)
    }

    /// A tick a second after the last check.
    func tick(_ h: Harness, _ clock: ManualClock) {
        clock.now += ListEditor.diskCheckInterval
        h.editor.send(.tick)
    }

    @Test func aCleanBufferReloadsAndKeepsTheCursorOnItsRow() throws {
        let (h, clock) = try harness()
        h.press(.down)                                     // Eggs
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 1, section: 0)))
        h.folder.file("groceries.md", "# Groceries\n- Tea\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n")
        // Keys never check the disk.
        h.press(.left, .right)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        tick(h, clock)
        #expect(h.editor.model.contents.map(\.rows) == [["Tea", "Milk", "Eggs", "Bread"], ["Screws"]])
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 0)))
        #expect(h.screen.contains("Reloaded: changed on disk"))
        #expect(!h.editor.isModified)
        // One undo step gives the list as it was, now unsaved against the new file.
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue"]])
        #expect(h.editor.isModified)
        h.press(.ctrl("r"))
        #expect(!h.editor.isModified)
    }

    @Test func aTouchIsNotAChangeAndChecksWaitForTheInterval() throws {
        let (h, clock) = try harness()
        tick(h, clock)
        utimes(h.path, [timeval(tv_sec: 2_000_000_000, tv_usec: 0), timeval(tv_sec: 2_000_000_000, tv_usec: 0)])
        tick(h, clock)
        #expect(!h.screen.contains("Reloaded"))
        h.folder.file("groceries.md", "- other\n")
        clock.now += ListEditor.diskCheckInterval / 2
        h.editor.send(.tick)
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        tick(h, clock)
        #expect(h.editor.model.contents.map(\.rows) == [["other"]])
    }

    @Test func unsavedEditsAskAndKeepMineKeepsThem() throws {
        let (h, clock) = try harness()
        h.press(.char("d"), .enter)                          // delete Milk
        h.folder.file("groceries.md", original + "- Nails\n")
        tick(h, clock)
        #expect(h.screen.contains("groceries.md changed on disk: r reload"))
        h.press(.char("y"))                                  // not an answer here
        #expect(h.screen.contains("r reload (drop my edits) · k keep mine · m merge  (answer k, m, r or"), "\(h.screen)")
        h.press(.char("k"))
        #expect(h.editor.model.contents[0].rows == ["Eggs", "Bread"])
        #expect(h.editor.isModified)
        tick(h, clock)                                       // reported once
        #expect(!h.screen.contains("r reload"))
        h.press(.char("s"))
        #expect(h.screen.contains("changed on disk: overwrite? (y/n)"))
        h.press(.char("y"))
        #expect(h.file == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func reloadDropsTheEditsInOneUndoStep() throws {
        let (h, clock) = try harness()
        h.press(.char("d"), .enter)
        h.folder.file("groceries.md", original + "- Nails\n")
        tick(h, clock)
        h.press(.char("r"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue", "Nails"]])
        #expect(!h.editor.isModified)
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
    }

    @Test func mergeKeepsBothSidesAndCountsConflicts() throws {
        let (h, clock) = try harness()
        h.press(.char("d"), .enter)                          // mine: Milk deleted
        h.press(.down, .char("r"), .ctrl("u")); h.type("Sourdough"); h.press(.enter)   // mine: Bread renamed
        // Theirs: Nails added at the end, Bread renamed differently.
        h.folder.file("groceries.md", "# Groceries\n- Milk\n- Eggs\n- Rye bread\n\n# Hardware\n- Screws\n- Wood glue\n- Nails\n")
        tick(h, clock)
        h.press(.char("m"))
        #expect(h.editor.model.contents.map(\.rows) == [["Eggs", "Sourdough", "Rye bread"], ["Screws", "Wood glue", "Nails"]])
        #expect(h.screen.contains("Merged: 1 conflict"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 1, section: 0)))   // the first version of the conflict
        #expect(h.editor.isModified)
        h.press(.char("s"))                                  // the merge saw the disk: no question
        #expect(h.file == "# Groceries\n- Eggs\n- Sourdough\n- Rye bread\n\n# Hardware\n- Screws\n- Wood glue\n- Nails\n")
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["Eggs", "Sourdough"], ["Screws", "Wood glue"]])
    }

    /// `m merge` keeps the other lines of the rows I changed: Milk ticked here, Bread ticked on
    /// disk, the note under Milk is still there after the save.
    @Test func mergeKeepsTheLinesOfRowsIChanged() throws {
        let h = try Harness("# Groceries\n- Milk\n  note under milk\n- Eggs\n- [ ] Bread\n", width: 90)
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        h.press(.char("c"))                                   // Milk ticked
        h.folder.file("groceries.md", "# Groceries\n- Milk\n  note under milk\n- Eggs\n- [x] Bread\n")
        tick(h, clock)
        h.press(.char("m"), .char("s"))
        #expect(h.file == "# Groceries\n- [x] Milk\n  note under milk\n- Eggs\n- [x] Bread\n")
    }

    /// `m merge` is the list-aware merge with moves (docs/merging.md): a row moved here and
    /// reworded on disk is both moved and reworded, a row added on disk follows the row it
    /// followed there, with no conflict; a line merge would have conflicted.
    @Test func mergeKeepsMyMoveAndTheirEditOfTheRow() throws {
        let (h, clock) = try harness()
        h.press(.down, .char("J"))                           // mine: Eggs moved below Bread
        #expect(h.editor.model.contents[0].rows == ["Milk", "Bread", "Eggs"])
        h.folder.file("groceries.md", "# Groceries\n- Milk\n- Free-range eggs\n- Butter\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        tick(h, clock)
        h.press(.char("m"))
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Bread", "Free-range eggs", "Butter"], ["Screws", "Wood glue"]])
        #expect(h.editor.statusMessage == "Merged the changes on disk with yours")
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Milk\n- Bread\n- Free-range eggs\n- Butter\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    /// A row moved to two places (here to the top, on disk below Milk) is kept at both, one
    /// conflict, the cursor on the first.
    @Test func aRowMovedTwoWaysIsKeptAtBothPlaces() throws {
        let (h, clock) = try harness()
        h.press(.down, .down, .char("K"), .char("K"))        // mine: Bread to the top
        #expect(h.editor.model.contents[0].rows == ["Bread", "Milk", "Eggs"])
        h.folder.file("groceries.md", "# Groceries\n- Milk\n- Bread\n- Eggs\n\n# Hardware\n- Screws\n- Wood glue\n")   // theirs: below Milk
        tick(h, clock)
        h.press(.char("m"))
        #expect(h.editor.model.contents.map(\.rows) == [["Bread", "Milk", "Bread", "Eggs"], ["Screws", "Wood glue"]])
        #expect(h.editor.statusMessage == "Merged: 1 conflict (both versions kept, yours first)")
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 0, section: 0)))
    }

    @Test func aDeletedFileIsSaidOnce() throws {
        let (h, clock) = try harness()
        unlink(h.path)
        tick(h, clock)
        #expect(h.screen.contains("deleted on disk"))
        h.press(.down)
        tick(h, clock)
        #expect(!h.screen.contains("deleted on disk"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
    }

    /// Messages name keys as the key table binds them: remapped save and undo show in the
    /// deleted-file and reload messages; the prompt's answers come from the table's prompt keys.
    @Test func messagesNameRemappedKeys() throws {
        let (h, clock) = try harness()
        h.editor.keymap.apply([KeyRemap(.char("w"), .save), KeyRemap(.char("z"), .undo)])
        h.press(.char("d"), .enter)
        h.folder.file("groceries.md", original + "- Nails\n")
        tick(h, clock)
        #expect(h.screen.contains("r reload (drop my edits) · k keep mine · m merge"))
        h.press(.char("r"))
        #expect(h.editor.statusMessage == "Reloaded: your edits were dropped (z/u brings them back)")
        unlink(h.path)
        tick(h, clock)
        #expect(h.editor.statusMessage == "groceries.md was deleted on disk: w/s saves it again")
        h.press(.char("d"), .enter, .char("q"))
        #expect(h.screen.contains("Save changes? (y/n/Esc)"))
    }
}
