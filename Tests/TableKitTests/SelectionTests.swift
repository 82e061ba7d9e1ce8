import Testing
import TableKit
import TerminalUI
import TestSupport

/// A data source and delegate over labelled rows that logs the selection calls.
@MainActor
final class Picker: TableViewDataSource, TableViewDelegate {
    var rows: [String]
    var log: [String] = []
    var redirect: [IndexPath: IndexPath?] = [:]
    init(_ rows: [String]) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row]) }
    func tableView(_ tableView: TableView, willSelectRowAt p: IndexPath) -> IndexPath? {
        log.append("willSelect \(p.row)")
        return redirect[p] ?? p
    }
    func tableView(_ tableView: TableView, didSelectRowAt p: IndexPath) { log.append("didSelect \(p.row)") }
    func tableView(_ tableView: TableView, willDeselectRowAt p: IndexPath) -> IndexPath? {
        log.append("willDeselect \(p.row)")
        return p
    }
    func tableView(_ tableView: TableView, didDeselectRowAt p: IndexPath) { log.append("didDeselect \(p.row)") }
}

/// Selection: UIKit's delegate sequences for the user, none for code, the modes, and the
/// selection following its rows through batches.
@MainActor
@Suite struct SelectionTests {
    let picker = Picker(["a", "b", "c", "d"])
    let table = TableView()
    let controller: EditController

    init() {
        table.dataSource = picker
        table.delegate = picker
        controller = EditController(tableView: table)
    }

    func enter(on row: Int) -> Bool {
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, row)))))
        return controller.handle(.enter)
    }

    @Test func enterSelectsReplacingTheSelectedRowInUIKitOrder() {
        #expect(enter(on: 1))
        #expect(enter(on: 2))
        #expect(picker.log == ["willSelect 1", "didSelect 1", "willSelect 2", "willDeselect 1", "didDeselect 1", "didSelect 2"])
        #expect(table.indexPathForSelectedRow == ip(0, 2))
        #expect(table.indexPathsForSelectedRows == [ip(0, 2)])
        // Selecting the selected row again selects it again; nothing is deselected.
        picker.log = []
        #expect(enter(on: 2))
        #expect(picker.log == ["willSelect 2", "didSelect 2"])
    }

    @Test func willSelectCanRedirectOrRefuse() {
        picker.redirect = [ip(0, 0): ip(0, 3), ip(0, 1): IndexPath?.none]
        _ = enter(on: 0)
        #expect(table.indexPathsForSelectedRows == [ip(0, 3)])
        _ = enter(on: 1)
        #expect(table.indexPathsForSelectedRows == [ip(0, 3)])
        #expect(picker.log == ["willSelect 0", "didSelect 3", "willSelect 1"])
    }

    @Test func multipleSelectionToggles() {
        table.allowsMultipleSelection = true
        _ = enter(on: 0)
        _ = enter(on: 2)
        _ = enter(on: 0)
        #expect(table.indexPathsForSelectedRows == [ip(0, 2)])
        #expect(picker.log == ["willSelect 0", "didSelect 0", "willSelect 2", "didSelect 2", "willDeselect 0", "didDeselect 0"])
    }

    @Test func withoutSelectionEnterIsLeftToTheApplication() {
        table.allowsSelection = false
        #expect(!enter(on: 0))
        #expect(table.indexPathForSelectedRow == nil)
        #expect(picker.log.isEmpty)
    }

    /// In edit mode selection needs allowsSelectionDuringEditing (or its multiple form); `v` toggles,
    /// Esc clears the selection before it leaves edit mode, and leaving edit mode clears it too.
    @Test func selectionDuringEditing() {
        table.setEditing(true, animated: false)
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, 1)))))
        #expect(!controller.handle(.char("v")))
        table.allowsMultipleSelectionDuringEditing = true
        controller.handle(.char("v"))
        EditController(tableView: table).perform(.moveCursor(.to(.row(ip(0, 3)))))
        controller.handle(.char("v"))
        #expect(table.indexPathsForSelectedRows == [ip(0, 1), ip(0, 3)])
        controller.handle(.escape)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.isEditing)
        #expect(picker.log.suffix(4) == ["willDeselect 1", "didDeselect 1", "willDeselect 3", "didDeselect 3"])
        controller.handle(.char("v"))
        table.setEditing(false, animated: false)
        #expect(table.indexPathForSelectedRow == nil)
    }

    /// `selectionState` is equal exactly when the same rows are selected: across a change that
    /// keeps them (selecting a selected row again) and not across one that does not.
    @Test func selectionStateChangesExactlyWithTheSelectedRows() {
        table.allowsMultipleSelection = true
        let none = table.selectionState
        table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
        let one = table.selectionState
        #expect(one != none)
        table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
        #expect(table.selectionState == one)
        table.selectRow(at: ip(0, 3), animated: false, scrollPosition: .none)
        #expect(table.selectionState != one)
        table.deselectRow(at: ip(0, 3), animated: false)
        #expect(table.selectionState == one)
        table.deselectRow(at: ip(0, 1), animated: false)
        #expect(table.selectionState == none)
    }

    @Test func selectingFromCodeCallsNoDelegate() {
        table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
        table.selectRow(at: ip(0, 2), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [ip(0, 2)])
        table.allowsMultipleSelection = true
        table.selectRow(at: ip(0, 0), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [ip(0, 0), ip(0, 2)])
        table.deselectRow(at: ip(0, 2), animated: false)
        #expect(table.indexPathsForSelectedRows == [ip(0, 0)])
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
        table.selectRow(at: ip(0, 9), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(picker.log.isEmpty)
    }

    /// Every selection of up to two rows of a five-row table, through every single delete, insert
    /// and move: the selection stays on the same rows, and a deleted row leaves it.
    @Test func selectionFollowsItsRowsThroughEveryOneOperationBatch() throws {
        let labels = ["a", "b", "c", "d", "e"]
        var selections: [[Int]] = [[]]
        for i in 0..<5 {
            selections.append([i])
            for j in (i + 1)..<5 { selections.append([i, j]) }
        }
        enum Op { case delete(Int), insert(Int), move(Int, Int) }
        var ops: [Op] = (0..<5).map(Op.delete) + (0...5).map(Op.insert)
        for a in 0..<5 { for b in 0..<5 where a != b { ops.append(.move(a, b)) } }
        var checked = 0
        for selection in selections {
            for op in ops {
                let picker = Picker(labels)
                let table = TableView()
                table.dataSource = picker
                table.allowsMultipleSelection = true
                for r in selection { table.selectRow(at: ip(0, r), animated: false, scrollPosition: .none) }
                switch op {
                case .delete(let r):
                    picker.rows.remove(at: r)
                    try table.deleteRows(at: [ip(0, r)])
                case .insert(let r):
                    picker.rows.insert("new", at: r)
                    try table.insertRows(at: [ip(0, r)])
                case .move(let a, let b):
                    picker.rows.insert(picker.rows.remove(at: a), at: b)
                    try table.moveRow(at: ip(0, a), to: ip(0, b))
                }
                let expected = Set(selection.map { labels[$0] })
                let selected = Set((table.indexPathsForSelectedRows ?? []).map { picker.rows[$0.row] })
                #expect(selected == expected.intersection(picker.rows), "selection \(selection), \(op)")
                checked += 1
            }
        }
        #expect(checked == selections.count * ops.count)
    }

    @Test func reloadDataClearsTheSelection() {
        table.selectRow(at: ip(0, 1), animated: false, scrollPosition: .none)
        table.reloadData()
        #expect(table.indexPathForSelectedRow == nil)
    }
}
