import Testing
import TestSupport
import TableKit

/// Every message of `TableUpdateError` (UIKit's, in this project's wording: docs/batch-updates.md),
/// word for word, each produced by a real batch.
@MainActor
@Suite struct ErrorMessageTests {
    /// [[a,b,c],[d,e]] before.
    let before = [["a", "b", "c"], ["d", "e"]]

    func fails(after: [Int], _ ops: (TableView) throws -> Void) -> String? {
        message { _ = try runBatch(before, after: after, ops) }
    }

    @Test func e1DeleteAndReloadSamePath() {
        #expect(fails(after: [2, 2]) { try $0.deleteRows(at: [ip(0, 1)]); try $0.reloadRows(at: [ip(0, 1)]) }
            == "attempt to delete and reload the same index path ([0, 1])")
        #expect(fails(after: [3]) { try $0.deleteSections([1]); try $0.reloadSections([1]) }
            == "attempt to delete and reload the same section (1)")
    }

    @Test func e2DeleteAndMoveSameSection() {
        #expect(fails(after: [3]) { try $0.deleteSections([1]); try $0.moveSection(1, toSection: 0) }
            == "attempt to perform a delete and a move from the same section (1)")
    }

    @Test func e3DeleteAndMoveSamePath() {
        #expect(fails(after: [2, 2]) { try $0.deleteRows(at: [ip(0, 0)]); try $0.moveRow(at: ip(0, 0), to: ip(0, 1)) }
            == "attempt to perform a delete and a move from the same index path ([0, 0])")
        // A reload is a delete.
        #expect(fails(after: [3, 2]) { try $0.reloadRows(at: [ip(0, 2)]); try $0.moveRow(at: ip(0, 2), to: ip(0, 0)) }
            == "attempt to perform a delete and a move from the same index path ([0, 2])")
    }

    @Test func e4DeleteSectionOutOfRange() {
        #expect(fails(after: [3, 2]) { try $0.deleteSections([2]) }
            == "attempt to delete section 2, but there are only 2 sections before the update")
        #expect(fails(after: [3, 2]) { try $0.reloadSections([5]) }
            == "attempt to delete section 5, but there are only 2 sections before the update")
    }

    @Test func e5DeleteRowFromMissingSection() {
        #expect(fails(after: [3, 2]) { try $0.deleteRows(at: [ip(4, 0)]) }
            == "attempt to delete row 0 from section 4, but there are only 2 sections before the update")
    }

    @Test func e6DeleteRowOutOfRange() {
        #expect(fails(after: [3, 1]) { try $0.deleteRows(at: [ip(1, 2)]) }
            == "attempt to delete row 2 from section 1 which only contains 2 rows before the update")
        // A reload out of range is reported as a delete (forkingdog#366).
        #expect(fails(after: [3, 2]) { try $0.reloadRows(at: [ip(1, 2)]) }
            == "attempt to delete row 2 from section 1 which only contains 2 rows before the update")
    }

    @Test func e7InsertAndMoveSameSection() {
        #expect(fails(after: [3, 2, 0]) { try $0.insertSections([0]); try $0.moveSection(1, toSection: 0) }
            == "attempt to perform an insert and a move to the same section (0)")
    }

    @Test func e8InsertAndMoveSamePath() {
        #expect(fails(after: [4, 2]) { try $0.insertRows(at: [ip(0, 3)]); try $0.moveRow(at: ip(1, 0), to: ip(0, 3)) }
            == "attempt to perform an insert and a move to the same index path ([0, 3])")
    }

    @Test func e9InsertSectionOutOfRange() {
        #expect(fails(after: [3, 2, 0]) { try $0.insertSections([3]) }
            == "attempt to insert section 3 but there are only 3 sections after the update")
    }

    @Test func e10InsertRowIntoMissingSection() {
        #expect(fails(after: [3, 2]) { try $0.insertRows(at: [ip(2, 0)]) }
            == "attempt to insert row 0 into section 2, but there are only 2 sections after the update")
    }

    @Test func e11InsertRowOutOfRange() {
        #expect(fails(after: [4, 2]) { try $0.insertRows(at: [ip(0, 4)]) }
            == "attempt to insert row 4 into section 0, but there are only 4 rows in section 0 after the update")
    }

    @Test func e12MoveSectionSourceOutOfRange() {
        #expect(fails(after: [3, 2]) { try $0.moveSection(2, toSection: 0) }
            == "attempt to move section 2, but there are only 2 sections before the update")
    }

    @Test func e13MoveSectionDestinationOutOfRange() {
        #expect(fails(after: [3, 2]) { try $0.moveSection(0, toSection: 2) }
            == "attempt to move section 0 to section 2, but there are only 2 sections after the update")
    }

    @Test func e14MoveRowFromMissingSection() {
        #expect(fails(after: [3, 2]) { try $0.moveRow(at: ip(3, 0), to: ip(0, 0)) }
            == "attempt to move index path ([3, 0]) from a section that does not exist - there are only 2 sections before the update")
    }

    @Test func e15MoveMissingRow() {
        #expect(fails(after: [3, 2]) { try $0.moveRow(at: ip(1, 5), to: ip(0, 0)) }
            == "attempt to move index path ([1, 5]) that does not exist - there are only 2 rows in section 1 before the update")
    }

    @Test func e16MoveRowToMissingSection() {
        #expect(fails(after: [3, 2]) { try $0.moveRow(at: ip(0, 0), to: ip(2, 0)) }
            == "attempt to move index path ([0, 0]) to index path ([2, 0]) in section that does not exist - there are only 2 sections after the update")
    }

    @Test func e17MoveRowPastEnd() {
        #expect(fails(after: [2, 3]) { try $0.moveRow(at: ip(0, 0), to: ip(1, 3)) }
            == "attempt to move index path ([0, 0]) to index path ([1, 3]) that does not exist - there are only 3 rows in section 1 after the update")
    }

    @Test func e18SectionMovedTwice() {
        #expect(fails(after: [3, 2]) { try $0.moveSection(0, toSection: 1); try $0.moveSection(0, toSection: 0) }
            == "attempt to move section 0 to both section 0 and section 1")
    }

    @Test func e19RowMovedTwice() {
        #expect(fails(after: [3, 2]) { try $0.moveRow(at: ip(0, 0), to: ip(0, 2)); try $0.moveRow(at: ip(0, 0), to: ip(1, 0)) }
            == "attempt to move row at index path [0, 0] to both [0, 2] and [1, 0]")
    }

    @Test func e20SectionsMovedToSame() {
        #expect(fails(after: [3, 2]) { try $0.moveSection(1, toSection: 0); try $0.moveSection(0, toSection: 0) }
            == "attempt to move both section 0 and section 1 to section 0")
    }

    @Test func e21RowsMovedToSame() {
        #expect(fails(after: [3, 2]) { try $0.moveRow(at: ip(1, 1), to: ip(0, 0)); try $0.moveRow(at: ip(0, 2), to: ip(0, 0)) }
            == "attempt to move both row at index path [0, 2] and [1, 1] to [0, 0]")
    }

    @Test func e22SectionCount() {
        #expect(fails(after: [3, 2]) { try $0.insertSections([0]) }
            == "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
        // Reloads are counted on both sides.
        #expect(fails(after: [3]) { try $0.reloadSections([1]) }
            == "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted).")
    }

    @Test func e23NegativeRowCount() {
        #expect(fails(after: [3, -1]) { try $0.deleteRows(at: [ip(1, 0)]) }
            == "Invalid update: invalid number of rows in section 1.  Attempt to delete more rows than exist in section.")
    }

    @Test func e24RowCount() {
        #expect(fails(after: [3, 2]) { try $0.deleteRows(at: [ip(0, 0)]); try $0.insertRows(at: [ip(1, 0), ip(1, 1)]) }
            == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        // A reload counts as one insert and one delete in the message.
        #expect(fails(after: [4, 2]) { try $0.reloadRows(at: [ip(0, 0)]) }
            == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
    }

    @Test func moveFromDeletedSection() {
        #expect(fails(after: [4]) { try $0.deleteSections([1]); try $0.moveRow(at: ip(1, 0), to: ip(0, 0)) }
            == "cannot move a row from a deleted section (1)")
    }

    @Test func moveIntoInsertedSection() {
        #expect(fails(after: [2, 2, 1]) { try $0.insertSections([2]); try $0.moveRow(at: ip(0, 0), to: ip(2, 0)) }
            == "cannot move a row into a newly inserted section (2)")
        #expect(fails(after: [2, 3]) { try $0.reloadSections([1]); try $0.moveRow(at: ip(0, 0), to: ip(1, 0)) }
            == "cannot move a row into a newly inserted section (1)")
    }

    @Test func unbalancedEndUpdates() {
        let table = TableView()
        #expect(message { try table.endUpdates() } == "endUpdates() called without a matching beginUpdates()")
    }

    /// Part A, 3: the first rule UIKit checks wins. A reload+delete conflict (step 1) beats an
    /// out-of-range delete (step 3), which beats an out-of-range insert (step 4), which beats a
    /// duplicate move (step 5), which beats the counts (steps 7-8).
    @Test func validationOrder() {
        #expect(fails(after: [9]) {
            try $0.insertRows(at: [ip(0, 99)]); try $0.deleteRows(at: [ip(0, 9), ip(0, 1)]); try $0.reloadRows(at: [ip(0, 1)])
        } == "attempt to delete and reload the same index path ([0, 1])")
        #expect(fails(after: [9]) { try $0.insertRows(at: [ip(0, 99)]); try $0.deleteRows(at: [ip(0, 9)]) }
            == "attempt to delete row 9 from section 0 which only contains 3 rows before the update")
        #expect(fails(after: [9]) {
            try $0.moveRow(at: ip(0, 0), to: ip(0, 1)); try $0.moveRow(at: ip(0, 0), to: ip(0, 2)); try $0.insertRows(at: [ip(0, 99)])
        } == "attempt to insert row 99 into section 0, but there are only 9 rows in section 0 after the update")
        #expect(fails(after: [9, 9]) { try $0.moveRow(at: ip(0, 0), to: ip(0, 1)); try $0.moveRow(at: ip(0, 0), to: ip(0, 2)) }
            == "attempt to move row at index path [0, 0] to both [0, 1] and [0, 2]")
        // Deletes go in descending order: the higher bad row is reported.
        #expect(fails(after: [3, 2]) { try $0.deleteRows(at: [ip(0, 5), ip(0, 7)]) }
            == "attempt to delete row 7 from section 0 which only contains 3 rows before the update")
    }

    /// Part A, 6: duplicates coalesce; row operations inside deleted or inserted sections are
    /// subsumed.
    @Test func duplicatesAndSubsumedOperations() throws {
        #expect(try runBatch(before, after: [2, 2]) { t in
            try t.deleteRows(at: [ip(0, 1), ip(0, 1)])
        } == [["a", "c"], ["d", "e"]])
        #expect(try runBatch(before, after: [3, 2]) { t in
            try t.moveRow(at: ip(0, 0), to: ip(0, 2)); try t.moveRow(at: ip(0, 0), to: ip(0, 2))
        } == [["b", "c", "a"], ["d", "e"]])
        #expect(try runBatch(before, after: [3]) { t in
            try t.deleteSections([1]); try t.deleteRows(at: [ip(1, 0), ip(1, 9)])
        } == [["a", "b", "c"]])
        #expect(try runBatch(before, after: [3, 1, 2]) { t in
            try t.insertSections([1]); try t.insertRows(at: [ip(1, 0), ip(1, 7)])
        } == [["a", "b", "c"], ["S1.0"], ["d", "e"]])
    }
}
