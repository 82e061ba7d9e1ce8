import Foundation

/// Validates a batch in UIKit's order and, when it is valid, computes its placement.
///
///     var update = BatchUpdate()
///     update.deleteRows([IndexPath(row: 7, section: 0)])
///     _ = try BatchValidator.plan(for: update, oldRowCounts: [5], newSectionCount: 1,
///                                 newRowCount: { _ in 4 })
///     // throws: attempt to delete row 7 from section 0 which only contains 5 rows before the update
///
/// The steps follow UIKit's order (docs/batch-updates.md, "Validation"), with this project's decisions:
/// reloads are validated as deletes and placed as survivors (they keep their identity and land
/// where the full placement puts them, moves included); a row moved out of a deleted or reloaded
/// section, or into an inserted or reloaded one, is an error; row operations inside a deleted,
/// inserted or reloaded section are subsumed by it. Nothing is changed by validation: the caller
/// applies the returned plan.
///
/// `plan` runs the steps of `BatchValidator.Validation` in order (`+Steps`): check reloads,
/// deletes, inserts and moves, the decisions where UIKit falls back, the section count; then
/// place the sections (`SectionPlacement`, shared with `BatchUpdate.derivedCounts`) and the rows
/// of each section, checking its count.
public enum BatchValidator {
    /// A delete, insert or move end point in UIKit's sort order: section operations sort as
    /// `(section, NSNotFound)`, after the rows of their section.
    struct Item: Hashable, Comparable {
        var section: Int
        var row: Int
        static let wholeSection = Int.max

        init(section: Int) { self.section = section; row = Self.wholeSection }
        init(_ p: IndexPath) { section = p[0]; row = p[1] }

        var isSection: Bool { row == Self.wholeSection }
        var path: IndexPath { IndexPath(row: row, section: section) }

        static func < (a: Item, b: Item) -> Bool {
            a.section != b.section ? a.section < b.section : a.row < b.row
        }
    }

    struct Move {
        var from: Item
        var to: Item
    }

    /// - Parameters:
    ///   - update: the recorded operations.
    ///   - oldRowCounts: row count of each original section (the table's cached snapshot).
    ///   - newSectionCount: what the data source reports after the update.
    ///   - newRowCount: what the data source reports for a final section; asked at most once per
    ///     section, and only for sections the checks need.
    public static func plan(
        for update: BatchUpdate,
        oldRowCounts: [Int],
        newSectionCount: Int,
        newRowCount: (Int) -> Int
    ) throws(TableUpdateError) -> BatchPlan {
        try withoutActuallyEscaping(newRowCount, do: { (newRowCount) throws(TableUpdateError) -> BatchPlan in
            var validation = Validation(update: update, oldRowCounts: oldRowCounts,
                                        newSectionCount: newSectionCount, newRowCount: newRowCount)
            try validation.checkReloads()       // steps 0 and 1
            try validation.checkDeletes()       // steps 2 and 3
            try validation.checkInserts()       // step 4
            try validation.checkMoves()         // step 5
            try validation.checkFallbacks()     // step 6
            try validation.checkSectionCount()  // step 7
            let sections = try validation.placeSections()
            return try validation.placeRows(in: sections)   // step 8
        })
    }
}
