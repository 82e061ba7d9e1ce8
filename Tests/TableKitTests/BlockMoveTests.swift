import Testing
import TableKit
import TestSupport

/// `TableView.moveRows(at:count:to:)`, the move of a block of rows without the general batch
/// engine, against the batch of `moveRow(at:to:)` calls it stands for: for every block and every
/// destination of every small table (in range or not, the data source telling the truth or
/// not), the same plan reaches the presenter (so the same slide on screen: the presenter draws
/// from the plan alone), the same counts, cursor, selection and Delete button follow, or the same
/// error is thrown and nothing changes.
@MainActor
@Suite struct BlockMoveTests {
    /// What a move left: the plan the presenter was given (its parts, as text) or the error, and
    /// the table's counts and interaction.
    struct Result: Equatable {
        var plan: String?
        var error: String?
        var counts: [Int]
        var focus: TableFocus?
        var selected: [IndexPath]?
        var interaction: TableInteraction
    }

    static func describe(_ plan: BatchPlan) -> String {
        let placements = plan.rowPlacements.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(plan.update) \(plan.oldRowCounts) \(plan.newRowCounts) \(plan.sectionSources) \(plan.finalSectionOfOriginal) "
            + "\(placements) \(plan.reloadedRows.sorted()) \(plan.rowMoves.sorted { $0.key < $1.key })"
    }

    /// A table of `counts` in edit mode, the cursor on `focus`, `selected` rows selected and row
    /// `confirming` showing its Delete button (when given), whose data source then reports `after`
    /// (keep it: the table holds it weakly).
    func table(_ counts: [Int], after: [Int], focus: IndexPath?, selected: [IndexPath],
               confirming: IndexPath?) -> (TableView, CountsSource, PlanCapture) {
        let source = CountsSource(counts)
        let capture = PlanCapture()
        let table = TableView()
        table.presenter = capture
        table.dataSource = source
        table.allowsMultipleSelectionDuringEditing = confirming == nil
        table.setEditing(true, animated: false)
        let controller = EditController(tableView: table)
        if let focus { controller.perform(.moveCursor(.to(.row(focus)))) }
        for p in selected { table.selectRow(at: p, animated: false, scrollPosition: .none) }
        if let confirming { controller.perform(.pressEditingControl(at: confirming)) }
        source.counts = after
        return (table, source, capture)
    }

    func result(_ table: TableView, _ capture: PlanCapture, _ move: (TableView) throws -> Void) -> Result {
        var refusal: String?
        do { try move(table) } catch { refusal = "\(error)" }
        return Result(plan: capture.plans.last.map(Self.describe), error: refusal, counts: table.rowCounts, focus: table.focus,
                      selected: table.indexPathsForSelectedRows?.sorted(), interaction: table.interaction)
    }

    @Test func everyBlockMoveOfSmallTablesIsTheBatchOfItsRowMoves() {
        let shapes: [[Int]] = [[0], [1], [2], [3], [4], [5], [0, 3], [2, 2], [3, 1], [1, 0, 2]]
        var compared = 0, valid = 0
        for counts in shapes {
            let rows = counts.indices.flatMap { s in (0..<counts[s]).map { IndexPath(row: $0, section: s) } }
            for s in counts.indices {
                for start in -1...counts[s] {
                    for count in 0...(counts[s] + 1) {
                        for t in counts.indices {
                            for to in -1...(counts[t] + 1) {
                                var after = counts
                                after[s] -= count
                                after[t] += count
                                // The data source as the move leaves it, and one that did not move.
                                for reported in [after, counts] where reported.allSatisfy({ $0 >= 0 }) {
                                    // The cursor, the selection and a Delete button on rows of the block and beside it.
                                    let focus = rows.isEmpty ? nil : rows[(start + 2 + to) % rows.count]
                                    let selected = rows.enumerated().filter { ($0.offset + count) % 2 == 0 }.map(\.element)
                                    let confirming = (rows.isEmpty || to % 2 == 0) ? nil : rows[(start + 2) % rows.count]
                                    let from = IndexPath(row: start, section: s), dest = IndexPath(row: to, section: t)
                                    let (batchTable, batchSource, batchCapture) = table(counts, after: reported, focus: focus,
                                                                              selected: confirming == nil ? selected : [], confirming: confirming)
                                    let batch = result(batchTable, batchCapture) { table in
                                        try table.performBatchUpdates {
                                            for i in 0..<max(0, count) {
                                                try table.moveRow(at: IndexPath(row: start + i, section: s), to: IndexPath(row: to + i, section: t))
                                            }
                                        }
                                    }
                                    let (blockTable, blockSource, blockCapture) = table(counts, after: reported, focus: focus,
                                                                              selected: confirming == nil ? selected : [], confirming: confirming)
                                    let block = result(blockTable, blockCapture) { try $0.moveRows(at: from, count: count, to: dest) }
                                    #expect(block == batch, "\(counts): \(count) rows from \(from) to \(dest), the data source reporting \(reported)")
                                    compared += 1
                                    withExtendedLifetime((batchSource, blockSource)) {}   // held weakly by the tables
                                    if batch.error == nil && count > 0 { valid += 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Both kinds were compared: moves that apply and moves the batch refuses.
        #expect(valid > 100 && compared > valid * 2, "\(valid) valid of \(compared)")
    }

    /// Inside a batch the block move is recorded as its row moves, and the batch's end applies
    /// (or refuses) them with the rest.
    @Test func insideABatchItJoinsIt() throws {
        let (table, source, capture) = self.table([4], after: [4], focus: nil, selected: [], confirming: nil)
        source.counts = [5]
        try table.performBatchUpdates {
            try table.moveRows(at: IndexPath(row: 0, section: 0), count: 2, to: IndexPath(row: 2, section: 0))
            try table.insertRows(at: [IndexPath(row: 4, section: 0)])
        }
        #expect(capture.plans.count == 1)
        #expect(capture.plans[0].update.movedRows.count == 2 && capture.plans[0].update.insertedRows.count == 1)
        #expect(table.rowCounts == [5])
    }
}
