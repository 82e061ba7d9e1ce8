import Foundation

/// Why a batch was refused. Its `description` is UIKit's message in this project's wording
/// (docs/batch-updates.md): index paths print as `[section, row]`, section operations name
/// the section, and UIKit's `attempt to to move` typo is fixed.
///
///     do { try table.deleteRows(at: [IndexPath(row: 7, section: 0)]) }
///     catch { print(error) }
///     // attempt to delete row 7 from section 0 which only contains 5 rows before the update
///
/// Sections and rows named "before" are in the original space, those named "after" in the final
/// space, as in UIKit's messages.
public enum TableUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// E1, row reload and delete of the same original path.
    case deleteAndReloadIndexPath(IndexPath)
    /// E1 for sections.
    case deleteAndReloadSection(Int)
    /// E2.
    case deleteAndMoveSection(Int)
    /// E3 (a reload counts as a delete).
    case deleteAndMoveIndexPath(IndexPath)
    /// E4: section, sections before.
    case deleteSectionOutOfRange(section: Int, sectionCount: Int)
    /// E5: row, section, sections before.
    case deleteRowSectionOutOfRange(row: Int, section: Int, sectionCount: Int)
    /// E6: row, section, rows before.
    case deleteRowOutOfRange(row: Int, section: Int, rowCount: Int)
    /// E7.
    case insertAndMoveSection(Int)
    /// E8.
    case insertAndMoveIndexPath(IndexPath)
    /// E9: section, sections after.
    case insertSectionOutOfRange(section: Int, sectionCount: Int)
    /// E10: row, section, sections after.
    case insertRowSectionOutOfRange(row: Int, section: Int, sectionCount: Int)
    /// E11: row, section, rows after.
    case insertRowOutOfRange(row: Int, section: Int, rowCount: Int)
    /// E12: section, sections before.
    case moveSectionSourceOutOfRange(section: Int, sectionCount: Int)
    /// E13: from, to, sections after.
    case moveSectionDestinationOutOfRange(from: Int, to: Int, sectionCount: Int)
    /// E14: path, sections before.
    case moveRowSourceSectionOutOfRange(IndexPath, sectionCount: Int)
    /// E15: path, rows before in its section.
    case moveRowSourceOutOfRange(IndexPath, rowCount: Int)
    /// E16: from, to, sections after.
    case moveRowDestinationSectionOutOfRange(from: IndexPath, to: IndexPath, sectionCount: Int)
    /// E17: from, to, rows after in the destination section.
    case moveRowDestinationOutOfRange(from: IndexPath, to: IndexPath, rowCount: Int)
    /// E18: one source section, two destinations.
    case sectionMovedTwice(Int, to: Int, and: Int)
    /// E19: one source row, two destinations.
    case rowMovedTwice(IndexPath, to: IndexPath, and: IndexPath)
    /// E20: two source sections, one destination.
    case sectionsMovedToSame(Int, and: Int, to: Int)
    /// E21: two source rows, one destination.
    case rowsMovedToSame(IndexPath, and: IndexPath, to: IndexPath)
    /// E22: after, before, inserted, deleted.
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    /// E23: the original section whose new row count is negative.
    case negativeRowCount(section: Int)
    /// E24: final section; after, before, inserted, deleted, moved in, moved out.
    case invalidRowCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A row moved out of a deleted (or reloaded) section; original section index.
    case moveFromDeletedSection(Int)
    /// A row moved into an inserted (or reloaded) section; final section index.
    case moveIntoInsertedSection(Int)
    /// `endUpdates()` without a matching `beginUpdates()`.
    case unbalancedEndUpdates

    public var description: String {
        switch self {
        case .deleteAndReloadIndexPath(let p):
            return "attempt to delete and reload the same index path (\(p))"
        case .deleteAndReloadSection(let s):
            return "attempt to delete and reload the same section (\(s))"
        case .deleteAndMoveSection(let s):
            return "attempt to perform a delete and a move from the same section (\(s))"
        case .deleteAndMoveIndexPath(let p):
            return "attempt to perform a delete and a move from the same index path (\(p))"
        case .deleteSectionOutOfRange(let s, let n):
            return "attempt to delete section \(s), but there are only \(n) sections before the update"
        case .deleteRowSectionOutOfRange(let r, let s, let n):
            return "attempt to delete row \(r) from section \(s), but there are only \(n) sections before the update"
        case .deleteRowOutOfRange(let r, let s, let n):
            return "attempt to delete row \(r) from section \(s) which only contains \(n) rows before the update"
        case .insertAndMoveSection(let s):
            return "attempt to perform an insert and a move to the same section (\(s))"
        case .insertAndMoveIndexPath(let p):
            return "attempt to perform an insert and a move to the same index path (\(p))"
        case .insertSectionOutOfRange(let s, let n):
            return "attempt to insert section \(s) but there are only \(n) sections after the update"
        case .insertRowSectionOutOfRange(let r, let s, let n):
            return "attempt to insert row \(r) into section \(s), but there are only \(n) sections after the update"
        case .insertRowOutOfRange(let r, let s, let n):
            return "attempt to insert row \(r) into section \(s), but there are only \(n) rows in section \(s) after the update"
        case .moveSectionSourceOutOfRange(let s, let n):
            return "attempt to move section \(s), but there are only \(n) sections before the update"
        case .moveSectionDestinationOutOfRange(let f, let t, let n):
            return "attempt to move section \(f) to section \(t), but there are only \(n) sections after the update"
        case .moveRowSourceSectionOutOfRange(let p, let n):
            return "attempt to move index path (\(p)) from a section that does not exist - there are only \(n) sections before the update"
        case .moveRowSourceOutOfRange(let p, let n):
            return "attempt to move index path (\(p)) that does not exist - there are only \(n) rows in section \(p.section) before the update"
        case .moveRowDestinationSectionOutOfRange(let f, let t, let n):
            return "attempt to move index path (\(f)) to index path (\(t)) in section that does not exist - there are only \(n) sections after the update"
        case .moveRowDestinationOutOfRange(let f, let t, let n):
            return "attempt to move index path (\(f)) to index path (\(t)) that does not exist - there are only \(n) rows in section \(t.section) after the update"
        case .sectionMovedTwice(let s, let a, let b):
            return "attempt to move section \(s) to both section \(a) and section \(b)"
        case .rowMovedTwice(let p, let a, let b):
            return "attempt to move row at index path \(p) to both \(a) and \(b)"
        case .sectionsMovedToSame(let a, let b, let t):
            return "attempt to move both section \(a) and section \(b) to section \(t)"
        case .rowsMovedToSame(let a, let b, let t):
            return "attempt to move both row at index path \(a) and \(b) to \(t)"
        case .invalidSectionCount(let after, let before, let ins, let del):
            return "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (\(after)) must be equal to the number of sections contained in the table view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(ins) inserted, \(del) deleted)."
        case .negativeRowCount(let s):
            return "Invalid update: invalid number of rows in section \(s).  Attempt to delete more rows than exist in section."
        case .invalidRowCount(let s, let after, let before, let ins, let del, let inn, let out):
            return "Invalid update: invalid number of rows in section \(s).  The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of rows moved into or out of that section (\(inn) moved in, \(out) moved out)."
        case .moveFromDeletedSection(let s):
            return "cannot move a row from a deleted section (\(s))"
        case .moveIntoInsertedSection(let s):
            return "cannot move a row into a newly inserted section (\(s))"
        case .unbalancedEndUpdates:
            return "endUpdates() called without a matching beginUpdates()"
        }
    }
}
