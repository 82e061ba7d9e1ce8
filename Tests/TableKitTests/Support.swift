import Testing
import TableKit
import ListStorage
import TestSupport

/// A data source whose counts are set by the test: `counts` is what it reports now.
@MainActor
final class CountsSource: TableViewDataSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell("") }
}

/// A presenter that keeps every applied batch's plan and runs its completions at once.
@MainActor
final class PlanCapture: TableViewPresenter {
    var plans: [BatchPlan] = []
    func tableView(_ tableView: TableView, didApply plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        plans.append(plan)
        for completion in completions { completion(true) }
    }
}

func ip(_ s: Int, _ r: Int) -> IndexPath { IndexPath(row: r, section: s) }

/// Runs one batch on a table of `before` with the data source reporting `after` counts, applies
/// the plan to a model of labels and returns the final labels. Inserted rows read `new`,
/// reloaded rows `label'`, inserted sections' rows `S<n>.<r>`.
@MainActor
func runBatch(_ before: [[String]], after: [Int], _ ops: (TableView) throws -> Void) throws -> [[String]] {
    let source = CountsSource(before.map(\.count))
    var model = ListModel(sections: before.map { ("", $0) })
    let capture = PlanCapture()
    let table = TableView()
    table.presenter = capture
    table.dataSource = source
    table.beginUpdates()
    try ops(table)
    source.counts = after
    try table.endUpdates()
    guard let plan = capture.plans.last else { return before }
    let labels = before
    model.apply(plan, content: .init(
        insertedRow: { _ in "new" },
        reloadedRow: { labels[$0.section][$0.row] + "'" },
        section: { n in ("", (0..<after[n]).map { "S\(n).\($0)" }) }))
    #expect(table.rowCounts == after)
    return model.contents.map(\.rows)
}

/// Runs the engine the way a real table does and returns labels or the message. Also checks
/// that a refused batch leaves the table's counts untouched and that the identity mapping agrees
/// with the model.
@MainActor
func runEngine(old: [[String]], update: BatchUpdate, newCounts: [Int]) -> Outcome {
    let source = CountsSource(old.map(\.count))
    let capture = PlanCapture()
    let table = TableView()
    table.presenter = capture
    table.dataSource = source
    source.counts = newCounts
    do {
        try table.perform(update)
    } catch {
        #expect(table.rowCounts == old.map(\.count), "a refused batch changed the table")
        return .failure("\(error)")
    }
    var model = ListModel(sections: old.map { ("", $0) })
    model.apply(capture.plans.last!, content: .init(
        insertedRow: { _ in "new" },
        reloadedRow: { old[$0.section][$0.row] + "'" },
        section: { n in ("", (0..<newCounts[n]).map { "S\(n).\($0)" }) }))
    #expect(table.rowCounts == newCounts)
    for (s, rows) in old.enumerated() {
        for r in rows.indices {
            if let f = capture.plans.last!.finalIndexPath(forOriginal: ip(s, r)) {
                #expect(model.contents[f.section].rows[f.row].hasPrefix(old[s][r]))
            }
        }
    }
    return .success(model.contents.map(\.rows))
}
