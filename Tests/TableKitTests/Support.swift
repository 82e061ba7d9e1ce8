import Testing
import TableKit

/// A data source whose counts are set by the test: `counts` is what it reports now.
@MainActor
final class CountsSource: TableDataSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in table: Table) -> Int { counts.count }
    func table(_ table: Table, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func table(_ table: Table, cellForRowAt indexPath: IndexPath) -> TableCell { TableCell(text: "") }
}

func ip(_ s: Int, _ r: Int) -> IndexPath { IndexPath(row: r, section: s) }

/// Runs one batch on a table of `before` with the data source reporting `after` counts, applies
/// the plan to a model of labels and returns the final labels. Inserted rows read `new`,
/// reloaded rows `label'`, inserted sections' rows `S<n>.<r>`.
@MainActor
func runBatch(_ before: [[String]], after: [Int], _ ops: (Table) throws -> Void) throws -> [[String]] {
    let source = CountsSource(before.map(\.count))
    var model = ListModel(sections: before.map { ("", $0) })
    var planned: BatchPlan?
    final class Capture: Table {
        var onApply: ((BatchPlan) -> Void)?
        override func tableDidApply(_ plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
            onApply?(plan)
            super.tableDidApply(plan, completions: completions)
        }
    }
    let capture = Capture()
    capture.dataSource = source
    capture.onApply = { planned = $0 }
    capture.beginUpdates()
    try ops(capture)
    source.counts = after
    try capture.endUpdates()
    guard let plan = planned else { return before }
    let labels = before
    model.apply(plan, content: .init(
        insertedRow: { _ in "new" },
        reloadedRow: { labels[$0.section][$0.row] + "'" },
        section: { n in ("", (0..<after[n]).map { "S\(n).\($0)" }) }))
    #expect(capture.rowCounts == after)
    return model.contents.map(\.rows)
}

/// Runs the engine the way a real table does and returns labels or the message. Also checks
/// that a refused batch leaves the table's counts untouched and that the identity mapping agrees
/// with the model.
@MainActor
func runEngine(old: [[String]], update: BatchUpdate, newCounts: [Int]) -> Outcome {
    let source = CountsSource(old.map(\.count))
    final class Capture: Table {
        var plan: BatchPlan?
        override func tableDidApply(_ plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) { self.plan = plan }
    }
    let table = Capture()
    table.dataSource = source
    source.counts = newCounts
    do {
        try table.perform(update)
    } catch {
        #expect(table.rowCounts == old.map(\.count), "a refused batch changed the table")
        return .failure("\(error)")
    }
    var model = ListModel(sections: old.map { ("", $0) })
    model.apply(table.plan!, content: .init(
        insertedRow: { _ in "new" },
        reloadedRow: { old[$0.section][$0.row] + "'" },
        section: { n in ("", (0..<newCounts[n]).map { "S\(n).\($0)" }) }))
    #expect(table.rowCounts == newCounts)
    for (s, rows) in old.enumerated() {
        for r in rows.indices {
            if let f = table.plan!.finalIndexPath(forOriginal: ip(s, r)) {
                #expect(model.contents[f.section].rows[f.row].hasPrefix(old[s][r]))
            }
        }
    }
    return .success(model.contents.map(\.rows))
}
