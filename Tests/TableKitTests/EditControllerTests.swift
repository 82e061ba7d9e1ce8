import Testing
import TableKit
import TerminalUI
import TestSupport

/// A data source and delegate that records every call, in order.
@MainActor
final class Tracer: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewSectionReorderingDataSource, TableViewDelegate {
    var sections: [[String]]
    var log: [String] = []
    var insertRows: Set<IndexPath> = []
    var retarget: ((IndexPath, IndexPath) -> IndexPath)?

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection s: Int) -> Int { sections[s].count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(sections[p.section][p.row]) }
    func tableView(_ tableView: TableView, canEditRowAt p: IndexPath) -> Bool { log.append("canEdit \(p)"); return true }
    func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
        log.append("editingStyle \(p)")
        return insertRows.contains(p) ? .insert : .delete
    }
    func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt p: IndexPath) -> Bool { log.append("shouldIndent \(p)"); return true }
    func tableView(_ tableView: TableView, canMoveRowAt p: IndexPath) -> Bool { log.append("canMove \(p)"); return !insertRows.contains(p) }
    func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
        log.append("commit \(style) \(p)")
        if style == .delete {
            sections[p.section].remove(at: p.row)
            do { try tableView.deleteRows(at: [p]) } catch { log.append("error \(error)") }
        }
    }
    func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
        log.append("moveRow \(a) -> \(b)")
        sections[b.section].insert(sections[a.section].remove(at: a.row), at: b.row)
    }
    func tableView(_ tableView: TableView, moveSection a: Int, toSection b: Int) {
        log.append("moveSection \(a) -> \(b)")
        sections.insert(sections.remove(at: a), at: b)
    }
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
        let target = retarget?(source, proposed) ?? proposed
        log.append("target \(source) proposed \(proposed) -> \(target)")
        return target
    }
    func tableView(_ tableView: TableView, willBeginEditingRowAt p: IndexPath) { log.append("willBeginEditing \(p)") }
    func tableView(_ tableView: TableView, didEndEditingRowAt p: IndexPath?) { log.append("didEndEditing \(p.map { "\($0)" } ?? "nil")") }
    func tableView(_ tableView: TableView, willSetEditing editing: Bool) { log.append("willSetEditing \(editing)") }
}

/// The exact sequence of data-source and delegate calls for each flow of edit mode
/// (docs/library-guide.md, "Defaults").
@MainActor
@Suite struct EditControllerTests {
    let tracer: Tracer
    let table = TableView()
    let controller: EditController

    init() {
        tracer = Tracer([["a", "b", "c"], ["d", "e"]])
        table.dataSource = tracer
        table.delegate = tracer
        controller = EditController(tableView: table)
    }

    func keys(_ keys: Key...) { for k in keys { controller.handle(k) } }
    func editing(at p: IndexPath) {
        table.setEditing(true, animated: false)
        controller.perform(.moveCursor(.to(.row(p))))
        tracer.log = []
    }

    @Test func enterAndLeaveEditMode() {
        keys(.char("e"))
        #expect(table.isEditing)
        #expect(controller.state == .editing)
        keys(.char("e"))
        #expect(!table.isEditing)
        #expect(tracer.log == ["willSetEditing true", "willSetEditing false"])
    }

    @Test func deleteWithConfirmation() {
        editing(at: ip(0, 1))
        keys(.char("-"))
        #expect(controller.state == .confirmingDelete)
        #expect(table.deleteConfirmation == ip(0, 1))
        keys(.enter)
        #expect(tracer.log == ["canEdit [0, 1]", "editingStyle [0, 1]", "shouldIndent [0, 1]", "canMove [0, 1]", "commit delete [0, 1]"])
        #expect(tracer.sections == [["a", "c"], ["d", "e"]])
        #expect(table.rowCounts == [2, 2])
        #expect(controller.state == .editing)
    }

    @Test func cancelledDeleteCallsNothing() {
        editing(at: ip(0, 1))
        keys(.char("x"), .escape)
        #expect(!tracer.log.contains { $0.hasPrefix("commit") })
        #expect(table.deleteConfirmation == nil)
        #expect(table.isEditing)
    }

    /// The presenter keeps the cursor on screen through the controller (`.onScreen`): that
    /// dismisses nothing, where a cursor move (`.to`) dismisses a Delete button first.
    @Test func theCursorKeptOnScreenDismissesNothing() {
        editing(at: ip(0, 1))
        keys(.char("-"))
        #expect(controller.perform(.moveCursor(.onScreen(.row(ip(1, 0))))) == .performed)
        #expect(table.deleteConfirmation == ip(0, 1) && table.focus == .row(ip(1, 0)))
        #expect(controller.perform(.moveCursor(.to(.row(ip(0, 0))))) == .performed)
        #expect(table.deleteConfirmation == nil && table.focus == .row(ip(0, 0)))
        #expect(controller.perform(.moveCursor(.onScreen(.row(ip(9, 0))))) == .refused(.noSuchTarget))
    }

    /// An intent that applies but changes nothing says so (`.unchanged`), so a host can tell the
    /// user why without comparing the table before and after.
    @Test func anIntentThatChangesNothingSaysSo() {
        editing(at: ip(0, 1))
        #expect(controller.perform(.pressDelete) == .performed)
        #expect(controller.perform(.pressDelete) == .unchanged)           // its Delete button already shows
        #expect(table.deleteConfirmation == ip(0, 1))
        controller.perform(.cancel)
        table.setEditing(false, animated: false)
        controller.perform(.moveCursor(.to(.row(ip(1, 0)))))
        #expect(controller.perform(.beginSwipe) == .performed)
        #expect(controller.perform(.chooseSwipeAction(.right)) == .unchanged)   // the default Delete is the only button
        #expect(table.swipedRow == ip(1, 0))
    }

    @Test func swipeToDelete() {
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(1, 0)))))
        keys(.char("d"))
        #expect(controller.state == .swiped)
        #expect(table.swipedRow == ip(1, 0))
        keys(.char("d"))
        #expect(tracer.log == ["canEdit [1, 0]", "editingStyle [1, 0]", "willBeginEditing [1, 0]", "commit delete [1, 0]", "didEndEditing nil"])
        #expect(!table.isEditing)
    }

    @Test func swipeCancelled() {
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, 0)))))
        keys(.char("d"), .escape)
        #expect(tracer.log == ["canEdit [0, 0]", "editingStyle [0, 0]", "willBeginEditing [0, 0]", "didEndEditing [0, 0]"])
        #expect(controller.state == .browsing)
        // Moving away cancels too, and moves.
        tracer.log = []
        keys(.char("d"), .down)
        #expect(tracer.log == ["canEdit [0, 0]", "editingStyle [0, 0]", "willBeginEditing [0, 0]", "didEndEditing [0, 0]"])
        #expect(table.focus == .row(ip(0, 1)))
    }

    /// A batch that deletes the swiped row ends swipe mode: didEndEditing with no path.
    @Test func batchDeletingTheSwipedRowEndsTheSwipe() throws {
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(1, 1)))))
        keys(.char("d"))
        tracer.sections[1].remove(at: 1)
        try table.deleteRows(at: [ip(1, 1)])
        #expect(tracer.log.suffix(1) == ["didEndEditing nil"])
        #expect(controller.state == .browsing)
        #expect(table.deleteConfirmation == nil)
    }

    @Test func insertControlCommitsInsert() {
        tracer.insertRows = [ip(0, 2)]
        editing(at: ip(0, 2))
        keys(.char("+"))
        #expect(tracer.log == ["canEdit [0, 2]", "editingStyle [0, 2]", "shouldIndent [0, 2]", "canMove [0, 2]", "commit insert [0, 2]"])
    }

    /// `+` commits an insert only for the row whose control it presses: on a row with the delete
    /// style it does nothing (and is left to the application), even when the section's last row
    /// has the insert style.
    @Test func insertIsCommittedOnlyForThePressedRow() {
        tracer.insertRows = [ip(0, 2)]
        editing(at: ip(0, 0))
        #expect(!controller.handle(.char("+")))
        #expect(!tracer.log.contains { $0.hasPrefix("commit") })
        #expect(controller.perform(.pressInsert) == .refused(.noInsertControl("a")))
        #expect(controller.perform(.pressEditingControl(at: ip(0, 2))).isPerformed)
        #expect(tracer.log.last == "commit insert [0, 2]")
        // Pressing a delete control shows the row's Delete button instead.
        #expect(controller.perform(.pressEditingControl(at: ip(1, 0))).isPerformed)
        #expect(table.deleteConfirmation == ip(1, 0))
    }

    @Test func dragAcrossSectionsWithRetargeting() {
        // Keep rows off the last slot of every section (like a placeholder).
        tracer.retarget = { [unowned tracer] source, proposed in
            let limit = tracer.sections[proposed.section].count - (proposed.section == source.section ? 1 : 0)
            return IndexPath(row: min(proposed.row, max(0, limit - 1)), section: proposed.section)
        }
        editing(at: ip(0, 1))
        keys(.char(" "))
        #expect(controller.state == .draggingRow)
        keys(.down, .down, .down, .down)
        #expect(table.rowDrag?.source == ip(0, 1) && table.rowDrag?.destination == ip(1, 1))
        keys(.enter)
        #expect(tracer.log == [
            "canEdit [0, 1]", "editingStyle [0, 1]", "shouldIndent [0, 1]", "canMove [0, 1]",
            "target [0, 1] proposed [0, 2] -> [0, 1]",
            "target [0, 1] proposed [1, 0] -> [1, 0]",
            "target [0, 1] proposed [1, 1] -> [1, 1]",
            "target [0, 1] proposed [1, 2] -> [1, 1]",
            "moveRow [0, 1] -> [1, 1]",
        ])
        #expect(tracer.sections == [["a", "c"], ["d", "b", "e"]])
        #expect(table.rowCounts == [2, 3])
        #expect(table.focus == .row(ip(1, 1)))
        #expect(controller.state == .editing)
    }

    @Test func dropInPlaceCallsNoMove() {
        editing(at: ip(0, 0))
        keys(.char(" "), .down, .up, .char(" "))
        #expect(!tracer.log.contains { $0.hasPrefix("moveRow") })
        #expect(table.rowDrag == nil)
    }

    @Test func escapePutsTheRowBack() {
        editing(at: ip(0, 0))
        keys(.enter, .down, .down, .escape)
        #expect(!tracer.log.contains { $0.hasPrefix("moveRow") })
        #expect(table.rowDrag == nil)
        #expect(tracer.sections == [["a", "b", "c"], ["d", "e"]])
    }

    @Test func leavingEditModeCancelsADrag() {
        editing(at: ip(0, 0))
        keys(.enter, .down)
        table.setEditing(false, animated: false)
        #expect(table.rowDrag == nil)
        #expect(!tracer.log.contains { $0.hasPrefix("moveRow") })
    }

    @Test func shiftArrowMovesOneStepAtOnce() {
        editing(at: ip(0, 0))
        keys(.shiftDown)
        #expect(tracer.log.suffix(2) == ["target [0, 0] proposed [0, 1] -> [0, 1]", "moveRow [0, 0] -> [0, 1]"])
        #expect(tracer.sections[0] == ["b", "a", "c"])
        keys(.char("K"))
        #expect(tracer.sections[0] == ["a", "b", "c"])
    }

    @Test func rowsThatCannotMoveAreNotPickedUp() {
        tracer.insertRows = [ip(0, 2)]
        editing(at: ip(0, 2))
        keys(.char(" "))
        #expect(table.rowDrag == nil)
        #expect(controller.state == .editing)
    }

    @Test func sectionMove() {
        table.setEditing(true, animated: false)
        EditController(tableView: table).perform(.moveCursor(.to(.header(0))))
        tracer.log = []
        keys(.char(" "), .down, .enter)
        #expect(tracer.log == ["moveSection 0 -> 1"])
        #expect(tracer.sections == [["d", "e"], ["a", "b", "c"]])
        #expect(table.rowCounts == [2, 3])
        #expect(table.focus == .header(1))
        tracer.log = []
        keys(.char(" "), .up, .escape)
        #expect(tracer.log.isEmpty)
    }

    @Test func batchThatDeletesTheDraggedRowCancelsTheDrag() throws {
        editing(at: ip(0, 1))
        keys(.char(" "), .down)
        tracer.sections[0].remove(at: 1)
        try table.deleteRows(at: [ip(0, 1)])
        #expect(table.rowDrag == nil)
        #expect(controller.state == .editing)
        keys(.enter)   // now an ordinary pick-up of the focused row, not a drop
        #expect(!tracer.log.contains { $0.hasPrefix("moveRow") })
    }

    @Test func batchRemapsTheDraggedRow() throws {
        editing(at: ip(0, 1))
        keys(.char(" "))
        tracer.sections[0].insert("z", at: 0)
        try table.insertRows(at: [ip(0, 0)])
        #expect(table.rowDrag?.source == ip(0, 2))
    }

    /// Found by OddDelegateFuzzTests: the slot a step proposed lived on after a batch deleted
    /// its section, and the next step read that section's count (a crash).
    @Test func aBatchDuringADragStartsTheNextStepFromTheRemappedDestination() throws {
        tracer.sections.append(["f"])
        try table.insertSections([2])
        editing(at: ip(1, 1))
        keys(.char(" "), .down, .down)
        #expect(controller.proposal == ip(2, 1) && table.rowDrag?.destination == ip(2, 1))
        tracer.sections.remove(at: 2)
        try table.deleteSections([2])
        #expect(controller.proposal == nil && table.rowDrag?.destination == ip(1, 1))
        keys(.down)
        #expect(table.rowDrag?.destination == ip(1, 1))
        keys(.up)
        #expect(table.rowDrag?.destination == ip(1, 0))
        keys(.enter)
        #expect(tracer.sections == [["a", "b", "c"], ["e", "d"]])
    }

    @Test func presentedPromptIsFinishedOnce() {
        var result: String??
        controller.present(TextPrompt(title: "New", initialText: "ab") { result = .some($0) })
        #expect(controller.presentedPrompt?.initialText == "ab")
        controller.finishPrompt(with: "abc")
        #expect(result == .some("abc") && controller.presentedPrompt == nil)
        controller.finishPrompt(with: "again")
        #expect(result == .some("abc"))
        controller.present(TextPrompt(title: "New") { result = .some($0) })
        controller.finishPrompt(with: nil)
        #expect(result == .some(nil))
        #expect(!table.isEditing)
    }
}
