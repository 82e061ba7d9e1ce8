import Testing
import TestSupport
import TableKit

/// The worked examples of docs/batch-updates.md, every row.
@MainActor
@Suite struct WorkedExampleTests {
    let c2 = [["A0", "A1", "A2"], ["B0", "B1", "B2"], ["C0", "C1", "C2"]]

    @Test func c1AppleListing7_8() throws {
        let result = try runBatch([["Arizona", "California", "Delaware", "New Jersey", "Washington"]], after: [6]) { t in
            try t.insertRows(at: [ip(0, 0), ip(0, 3), ip(0, 5)])
            try t.deleteRows(at: [ip(0, 2), ip(0, 4)])
        }
        #expect(result == [["new", "Arizona", "California", "new", "New Jersey", "new"]])
    }

    @Test func c2AppleFigure7_2() throws {
        let result = try runBatch(c2, after: [2, 4]) { t in
            try t.deleteRows(at: [ip(0, 1)])
            try t.deleteSections([1])
            try t.insertRows(at: [ip(1, 1)])
        }
        #expect(result == [["A0", "A2"], ["C0", "new", "C1", "C2"]])
    }

    @Test func c3SectionCountNotUpdated() {
        #expect(message { _ = try runBatch(c2, after: [2, 3, 4]) { t in
            try t.deleteRows(at: [ip(0, 1)]); try t.deleteSections([1]); try t.insertRows(at: [ip(1, 1)])
        } } == "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (3), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted).")
    }

    @Test func c4InsertUsesOldSectionIndex() {
        #expect(message { _ = try runBatch(c2, after: [2, 4]) { t in
            try t.deleteRows(at: [ip(0, 1)]); try t.deleteSections([1]); try t.insertRows(at: [ip(2, 1)])
        } } == "attempt to insert row 1 into section 2, but there are only 2 sections after the update")
    }

    @Test func c5InsertPastEnd() {
        #expect(message { _ = try runBatch([Array(repeating: "x", count: 7)], after: [8]) { t in
            try t.insertRows(at: [ip(0, 8)])
        } } == "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update")
    }

    @Test func c6InsertAndMoveToSamePath() {
        #expect(message { _ = try runBatch([["a", "b"]], after: [3]) { t in
            try t.insertRows(at: [ip(0, 0)]); try t.moveRow(at: ip(0, 1), to: ip(0, 0))
        } } == "attempt to perform an insert and a move to the same index path ([0, 0])")
    }

    @Test func c7MoveAcrossSections() throws {
        #expect(try runBatch([["a", "b"], ["c"]], after: [1, 2]) { t in
            try t.moveRow(at: ip(0, 0), to: ip(1, 1))
        } == [["b"], ["c", "a"]])
    }

    @Test func c8MoveWithoutUpdatingDataSource() {
        #expect(message { _ = try runBatch([["a", "b"], ["c"]], after: [2, 2]) { t in
            try t.moveRow(at: ip(0, 0), to: ip(1, 1))
        } } == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 1 moved out).")
    }

    @Test func c9MoveSection() throws {
        let abc = [["A"], ["B"], ["C"]]
        #expect(try runBatch(abc, after: [1, 1, 1]) { try $0.moveSection(0, toSection: 2) } == [["B"], ["C"], ["A"]])
        #expect(try runBatch(abc, after: [1, 1, 1]) { try $0.moveSection(1, toSection: 2) } == [["A"], ["C"], ["B"]])
    }

    /// Part A, 4: a reload shifted by a move lands at its row's real place (UIKit would not).
    @Test func reloadPlacedThroughMoves() throws {
        let result = try runBatch([["a", "b", "c"]], after: [3]) { t in
            try t.moveRow(at: ip(0, 0), to: ip(0, 2))
            try t.reloadRows(at: [ip(0, 1)])
        }
        #expect(result == [["b'", "c", "a"]])
    }

    /// A row operation inside a section that is itself moved: delete uses the old section index,
    /// insert the new one (scenario S32).
    @Test func rowOpsInsideMovedSection() throws {
        let result = try runBatch([["a0", "a1"], ["b0"]], after: [1, 2]) { t in
            try t.moveSection(0, toSection: 1)
            try t.deleteRows(at: [ip(0, 0)])
            try t.insertRows(at: [ip(1, 0)])
        }
        #expect(result == [["b0"], ["new", "a1"]])
    }
}
