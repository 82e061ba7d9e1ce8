import Testing
import TestSupport
import TableKit

/// Nested batches, completion order, single calls as batches of one, and refusals that change
/// nothing (docs/batch-updates.md).
@MainActor
@Suite struct BatchNestingTests {
    @Test func nestedBeginEndIsOneBatch() throws {
        let source = CountsSource([3])
        let table = TableView()
        table.dataSource = source
        table.beginUpdates()
        try table.deleteRows(at: [ip(0, 0)])
        table.beginUpdates()
        try table.insertRows(at: [ip(0, 2)])
        try table.endUpdates()              // inner end: nothing validated yet
        #expect(table.rowCounts == [3])
        source.counts = [3]
        try table.endUpdates()
        #expect(table.rowCounts == [3])
    }

    @Test func onlyTheOutermostEndValidates() throws {
        let source = CountsSource([3])
        let table = TableView()
        table.dataSource = source
        table.beginUpdates()
        table.beginUpdates()
        try table.deleteRows(at: [ip(0, 0)])
        source.counts = [2]
        try table.endUpdates()               // would be valid alone, but is not validated
        try table.insertRows(at: [ip(0, 0)]) // makes the outer batch need 3 rows
        #expect(message { try table.endUpdates() }?.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
        #expect(table.rowCounts == [3])
    }

    @Test func singleCallOutsideBatchIsValidatedAtOnce() {
        let table = TableView()
        let source = CountsSource([5])
        table.dataSource = source
        #expect(message { try table.deleteRows(at: [ip(0, 7)]) }
            == "attempt to delete row 7 from section 0 which only contains 5 rows before the update")
        source.counts = [4]
        #expect(message { try table.deleteRows(at: [ip(0, 4)]) } == nil)
        #expect(table.rowCounts == [4])
    }

    @Test func completionsRunOuterFirstThenInnerInCallOrder() throws {
        let source = CountsSource([1])
        let table = TableView()
        table.dataSource = source
        var order: [String] = []
        try table.performBatchUpdates({
            try table.performBatchUpdates({ try table.insertRows(at: [ip(0, 0)]) },
                                          completion: { order.append("inner0 \($0)") })
            try table.performBatchUpdates({ try table.insertRows(at: [ip(0, 1)]) },
                                          completion: { order.append("inner1 \($0)") })
            #expect(order.isEmpty)
            source.counts = [3]
        }, completion: { order.append("outer \($0)") })
        #expect(order == ["outer true", "inner0 true", "inner1 true"])
        #expect(table.rowCounts == [3])
    }

    @Test func refusedBatchRunsNoCompletionAndChangesNothing() {
        let source = CountsSource([2, 2])
        let table = TableView()
        table.dataSource = source
        var ran = false
        #expect(throws: TableUpdateError.self) {
            try table.performBatchUpdates({ try table.deleteSections([0]) }, completion: { _ in ran = true })
        }
        #expect(!ran)
        #expect(table.rowCounts == [2, 2])
        // The next batch starts clean: nothing of the refused one is left over.
        source.counts = [2, 3]
        #expect(message { try table.insertRows(at: [ip(1, 2)]) } == nil)
        #expect(table.rowCounts == [2, 3])
    }

    @Test func errorThrownByTheUpdatesClosureDropsTheBatch() {
        struct Oops: Error {}
        let source = CountsSource([2])
        let table = TableView()
        table.dataSource = source
        #expect(throws: Oops.self) {
            try table.performBatchUpdates({ try table.deleteRows(at: [ip(0, 0)]); throw Oops() })
        }
        source.counts = [3]
        #expect(message { try table.insertRows(at: [ip(0, 0)]) } == nil)
    }

    @Test func reloadDataInsideABatchMakesItAFullReload() throws {
        let source = CountsSource([2])
        let table = TableView()
        table.dataSource = source
        var finished: Bool?
        try table.performBatchUpdates({
            try table.deleteRows(at: [ip(0, 9)])   // never validated
            source.counts = [7, 1]
            table.reloadData()
        }, completion: { finished = $0 })
        #expect(table.rowCounts == [7, 1])
        #expect(finished == true)
    }

    @Test func snapshotIsTakenWhenTheDataSourceIsSet() {
        // An update before any drawing is validated against real counts (part B 1.1, 4).
        let source = CountsSource([4])
        let table = TableView()
        table.dataSource = source
        source.counts = [5]
        #expect(message { try table.insertRows(at: [ip(0, 4)]) } == nil)
        #expect(table.rowCounts == [5])
    }
}
