import Testing
import TableKit
import TestSupport

/// Rows with levels: what the table's visibility reads nested rows from.
@MainActor
final class Outline: TableViewDataSource, TableViewDelegate {
    var rows: [(label: String, level: Int)]
    init(_ rows: [(String, Int)]) { self.rows = rows.map { (label: $0.0, level: $0.1) } }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row].label) }
    func tableView(_ tableView: TableView, indentationLevelForRowAt p: IndexPath) -> Int { rows[p.row].level }
}

/// The table's filter and collapsed rows and sections (TableView+Visibility.swift), against a
/// reference that follows rows by their labels: through seeded random batches (inserts,
/// deletes, moves), the rows shown are those the filter kept (or inserted since) that no collapsed
/// row above hides, and the cursor is never on a hidden row.
@MainActor
@Suite struct VisibilityTests {
    @Test func collapseHidesNestedRowsAndTheCursorPassesOverThem() {
        let outline = Outline([("a", 0), ("a1", 1), ("a11", 2), ("a2", 1), ("b", 0)])
        let table = TableView()
        table.dataSource = outline
        table.delegate = outline
        let controller = EditController(tableView: table)
        #expect(table.nestedRows(of: IndexPath(row: 0, section: 0)) == 1..<4)
        table.moveFocus(to: .row(IndexPath(row: 0, section: 0)))
        #expect(controller.perform(.setExpanded(false)) == .performed)
        #expect((0..<5).map { table.isRowHidden(IndexPath(row: $0, section: 0)) } == [false, true, true, true, false])
        controller.perform(.moveCursor(.down))
        #expect(table.focus == .row(IndexPath(row: 4, section: 0)))
        #expect(controller.perform(.setExpanded(true)) == .refused(.noNestedRows("b")))
        table.expand([IndexPath(row: 0, section: 0)])
        table.collapse([IndexPath(row: 1, section: 0)])
        #expect((0..<5).map { table.isRowHidden(IndexPath(row: $0, section: 0)) } == [false, false, true, false, false])
        // A filter and a collapse together: what the filter keeps, less what the collapse hides.
        table.setFilter(showing: [[0, 2, 3]])
        #expect((0..<table.shownRowCount(inSection: 0)).map { table.shownRow(at: $0, inSection: 0) } == [0, 3])
        #expect(table.focus == .row(IndexPath(row: 3, section: 0)))   // b hidden: the nearest shown row above
    }

    @Test func randomBatchesKeepWhatShowsAsTheReferenceDoes() throws {
        var g = SplitMix64(seed: 1616)
        for round in 0..<200 {
            let n = Int.random(in: 1...12, using: &g)
            var level = 0
            var rows: [(String, Int)] = []
            for i in 0..<n {
                level = i == 0 ? 0 : Int.random(in: 0...level + 1, using: &g)
                rows.append(("r\(i)", level))
            }
            let outline = Outline(rows)
            let table = TableView()
            table.dataSource = outline
            table.delegate = outline
            var kept = Set(rows.indices.filter { _ in Bool.random(using: &g) }.map { "r\($0)" })
            let filtered = Bool.random(using: &g)
            if filtered { table.setFilter(showing: [rows.indices.filter { kept.contains("r\($0)") }]) }
            var collapsed = Set(rows.indices.filter { _ in Int.random(in: 0..<4, using: &g) == 0 }.map { "r\($0)" })
            table.collapse(rows.indices.filter { collapsed.contains("r\($0)") }.map { IndexPath(row: $0, section: 0) })
            for step in 0..<10 {
                var labels = outline.rows
                try table.performBatchUpdates {
                    switch Int.random(in: 0..<3, using: &g) {
                    case 0:
                        let at = Int.random(in: 0...labels.count, using: &g)
                        labels.insert((label: "n\(round)-\(step)", level: Int.random(in: 0...2, using: &g)), at: at)
                        kept.insert("n\(round)-\(step)")
                        try table.insertRows(at: [IndexPath(row: at, section: 0)])
                    case 1 where !labels.isEmpty:
                        let at = Int.random(in: 0..<labels.count, using: &g)
                        collapsed.remove(labels.remove(at: at).label)
                        try table.deleteRows(at: [IndexPath(row: at, section: 0)])
                    default:
                        guard !labels.isEmpty else { return }
                        let from = Int.random(in: 0..<labels.count, using: &g)
                        let row = labels.remove(at: from)
                        let to = Int.random(in: 0...labels.count, using: &g)
                        labels.insert(row, at: to)
                        try table.moveRow(at: IndexPath(row: from, section: 0), to: IndexPath(row: to, section: 0))
                    }
                    outline.rows = labels
                }
                // The reference: kept by the filter, not under a collapsed row.
                var expected: [Bool] = []
                var hiddenBelow: Int?   // the level of the collapsed row whose nested rows run now
                for row in outline.rows {
                    if let l = hiddenBelow, row.level > l { expected.append(true); continue }
                    hiddenBelow = nil
                    expected.append(filtered && !kept.contains(row.label))
                    if collapsed.contains(row.label) { hiddenBelow = row.level }
                }
                let hidden = outline.rows.indices.map { table.isRowHidden(IndexPath(row: $0, section: 0)) }
                #expect(hidden == expected, "round \(round) step \(step): \(outline.rows)")
                if case .row(let p)? = table.focus, table.isRowHidden(p), hidden.contains(false) {
                    Issue.record("round \(round) step \(step): cursor on hidden row \(p)")
                }
                if hidden != expected { return }
            }
        }
    }
}
