import Testing
import TableKit
import TestSupport

// The code of docs/library-guide.md, compiled and run.

@MainActor
final class Groceries: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewDelegate {
    var rows: [[String]] = [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue"]]
    var showsAddRow = false
    var onAdd: ((Int) -> Void)?

    func numberOfSections(in tableView: TableView) -> Int { rows.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection s: Int) -> Int { rows[s].count + (showsAddRow ? 1 : 0) }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
        textCell(isAddRow(p) ? "Add item" : rows[p.section][p.row])
    }
    func isAddRow(_ p: IndexPath) -> Bool { showsAddRow && p.row == rows[p.section].count }

    func tableView(_ tableView: TableView, canMoveRowAt p: IndexPath) -> Bool {
        !(p.section == 0 && p.row == 0) && !isAddRow(p)
    }

    func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        let row = rows[source.section].remove(at: source.row)
        rows[destination.section].insert(row, at: destination.row)
    }

    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
               toProposedIndexPath proposed: IndexPath) -> IndexPath {
        guard proposed.section == source.section else {
            return IndexPath(row: proposed.section < source.section ? 0 : rows[source.section].count - 1,
                             section: source.section)
        }
        return IndexPath(row: min(proposed.row, rows[source.section].count - 1), section: source.section)
    }

    func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
        isAddRow(p) ? .insert : .delete
    }

    func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
        switch style {
        case .delete:
            rows[p.section].remove(at: p.row)
            try? tableView.deleteRows(at: [p], with: .fade)
        case .insert:
            onAdd?(p.section)
        case .none:
            break
        }
    }

    func tableView(_ tableView: TableView, willSetEditing editing: Bool) {
        let ends = rows.indices.map { IndexPath(row: rows[$0].count, section: $0) }
        showsAddRow = editing
        if editing { try? tableView.insertRows(at: ends, with: .fade) } else { try? tableView.deleteRows(at: ends, with: .fade) }
    }
}

@MainActor
@Suite struct LibraryGuideTests {
    @Test func theGuideWorks() {
        let table = TableView()
        let groceries = Groceries()
        table.dataSource = groceries
        table.delegate = groceries
        let controller = EditController(tableView: table)
        groceries.onAdd = { [weak groceries, weak table] section in
            controller.presentEntry(TextEntry(title: "New item") { text in
                guard let text, !text.isEmpty, let groceries, let table else { return }
                let row = groceries.rows[section].count
                groceries.rows[section].append(text)
                try? table.insertRows(at: [IndexPath(row: row, section: section)], with: .right)
            })
        }
        controller.handle(.char("e"))
        #expect(table.rowCounts == [4, 3])
        // The first row cannot be picked up.
        table.focus = .row(IndexPath(row: 0, section: 0))
        controller.handle(.char(" "))
        #expect(table.rowDrag == nil)
        // Eggs: down past Bread and the Add item row, and into the next section: retargeted back.
        table.focus = .row(IndexPath(row: 1, section: 0))
        for k in [Key.char(" "), .down, .down, .down, .down, .enter] { controller.handle(k) }
        #expect(groceries.rows == [["Milk", "Bread", "Eggs"], ["Screws", "Wood glue"]])
        // Add from the modal.
        table.focus = .row(IndexPath(row: 2, section: 1))
        controller.handle(.char("+"))
        for c in "Nails" { controller.handle(.char(c)) }
        controller.handle(.enter)
        #expect(groceries.rows[1] == ["Screws", "Wood glue", "Nails"])
        // Delete with confirmation.
        table.focus = .row(IndexPath(row: 0, section: 1))
        controller.handle(.char("-"))
        controller.handle(.char("y"))
        #expect(groceries.rows[1] == ["Wood glue", "Nails"])
        controller.handle(.char("e"))
        #expect(table.rowCounts == [3, 2])
    }

    @Test func theBatchExample() throws {
        @MainActor final class States: TableViewDataSource {
            var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]
            func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { states.count }
            func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(states[p.row]) }
        }
        let source = States()
        let table = TableView()
        table.dataSource = source
        var animated: Bool?
        try table.performBatchUpdates({
            source.states = ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"]
            try table.insertRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .right)
            try table.deleteRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
        }, completion: { animated = $0 })
        #expect(animated == true)
        #expect(table.rowCounts == [6])
        source.states.removeLast()
        #expect(message { try table.deleteRows(at: [IndexPath(row: 7, section: 0)]) }
            == "attempt to delete row 7 from section 0 which only contains 6 rows before the update")
    }
}
