import Foundation
internal import Algorithms

/// What a table shows of its rows, and where each shows, as one value: the rows a filter or a
/// collapse leaves visible per section, the sections a filter leaves, and the displayed↔model
/// mapping while a row or section is dragged. The table keeps it current
/// (`TableView.shownRows`); the renderer draws by it and the list editor plans moves with it, so
/// "which row is drawn on this line" and "which rows does a move pass" are answered once.
///
///     // section 0 has 5 rows, rows 1 and 2 hidden (a collapse)
///     let shown = ShownRows(rowCounts: [5], rows: [[0, 3, 4]])
///     shown.isRowHidden(IndexPath(row: 1, section: 0))        // true
///     shown.count(inSection: 0)                                // 3
///     shown.row(at: 1, inSection: 0)                           // 3
///
/// Every index path it takes or gives is a model one (current space) unless it says displayed.
public struct ShownRows: Equatable, Sendable {
    /// Rows per section (current space).
    public let rowCounts: [Int]
    /// Per section, the rows shown (ascending), `nil` when all show (or missing: an empty array
    /// when nothing is hidden anywhere).
    public let rows: [[Int]?]
    /// The sections shown (ascending), `nil` when all show.
    public let sections: [Int]?

    /// What shows of a table of `rowCounts` rows: `rows` per section (ascending; `nil` or
    /// missing: all), `sections` (ascending; `nil`: all).
    ///
    /// - Complexity: O(1).
    public init(rowCounts: [Int], rows: [[Int]?] = [], sections: [Int]? = nil) {
        self.rowCounts = rowCounts
        self.rows = rows
        self.sections = sections
    }

    // MARK: Rows

    /// Whether any row is hidden.
    ///
    /// - Complexity: O(sections).
    public var hidesRows: Bool { rows.contains { $0 != nil } }

    /// Whether a row is hidden by the filter, a collapsed row above it or its collapsed section.
    ///
    /// - Complexity: O(log rows in its section).
    public func isRowHidden(_ row: IndexPath) -> Bool {
        guard row.section >= 0, row.section < rows.count, let shown = rows[row.section] else { return false }
        let i = shown.partitioningIndex { $0 >= row.row }
        return i == shown.count || shown[i] != row.row
    }

    /// How many rows of a section show.
    public func count(inSection section: Int) -> Int {
        guard section < rows.count, let shown = rows[section] else { return rowCounts[section] }
        return shown.count
    }

    /// The row shown at position `index` (`0..<count(inSection:)`) of a section.
    public func row(at index: Int, inSection section: Int) -> Int {
        guard section < rows.count, let shown = rows[section] else { return index }
        return shown[index]
    }

    /// The position of a row among its section's shown rows; for a hidden row, the position the
    /// next shown row has (where it would be drawn).
    ///
    /// - Complexity: O(log rows in its section).
    public func index(of row: IndexPath) -> Int {
        guard row.section < rows.count, let shown = rows[row.section] else { return row.row }
        return shown.partitioningIndex { $0 >= row.row }
    }

    // MARK: Sections

    /// Whether any section is hidden whole.
    public var hidesSections: Bool { sections != nil }

    /// Whether a section is hidden whole: under a filter that keeps none of its rows.
    ///
    /// - Complexity: O(log sections).
    public func isSectionHidden(_ section: Int) -> Bool {
        guard let shown = sections else { return false }
        let i = shown.partitioningIndex { $0 >= section }
        return i == shown.count || shown[i] != section
    }

    /// The nearest shown section after `section`, if any.
    ///
    /// - Complexity: O(log sections).
    public func section(after section: Int) -> Int? {
        guard let shown = sections else { return section + 1 < rowCounts.count ? section + 1 : nil }
        let i = shown.partitioningIndex { $0 > section }
        return i < shown.count ? shown[i] : nil
    }

    /// The nearest shown section before `section`, if any.
    ///
    /// - Complexity: O(log sections).
    public func section(before section: Int) -> Int? {
        guard let shown = sections else { return section > 0 ? section - 1 : nil }
        let i = shown.partitioningIndex { $0 >= section }
        return i > 0 ? shown[i - 1] : nil
    }

    // MARK: A row drag among shown rows

    /// Where a dragged row shows among the shown rows of its destination's section: how many of
    /// them (the dragged row not counted) come before its destination.
    ///
    /// - Parameter drag: the drag (source current space, destination final space of the move).
    /// - Complexity: O(log rows in the section).
    public func position(of drag: RowDrag) -> Int {
        let d = drag.destination, source = drag.source
        // Rows other than the source before the destination: those below row `t` (current space).
        let t = d.section == source.section && d.row >= source.row ? d.row + 1 : d.row
        var n = index(of: IndexPath(row: t, section: d.section))
        if d.section == source.section, source.row < t, !isRowHidden(source) { n -= 1 }
        return n
    }

    /// The row shown at position `index` of a section's shown rows, the dragged row left out.
    ///
    /// - Parameters:
    ///   - index: `0..<` the section's shown rows, less one in the source's section when it shows.
    ///   - section: the section (current space).
    ///   - source: the dragged row (current space).
    /// - Returns: the row's index in the section's data source rows (current space).
    public func row(at index: Int, inSection section: Int, leavingOut source: IndexPath) -> Int {
        var i = index
        if section == source.section, !isRowHidden(source), i >= self.index(of: source) { i += 1 }
        return row(at: i, inSection: section)
    }

    // MARK: Displayed and model

    /// Row counts as displayed: hidden rows left out, a dragged row drawn where it would land, a
    /// dragged section drawn where it would land.
    ///
    /// - Complexity: O(sections).
    public func displayCounts(rowDrag: RowDrag?, sectionDrag: SectionDrag?) -> [Int] {
        let shown = hidesRows ? rowCounts.indices.map { count(inSection: $0) } : rowCounts
        if let drag = rowDrag {
            guard hidesRows else { return drag.displayCounts(rowCounts) }
            // The held row is drawn among the shown rows (`position(of:)`).
            var counts = shown
            if !isRowHidden(drag.source) { counts[drag.source.section] -= 1 }
            counts[drag.destination.section] += 1
            return counts
        }
        if let drag = sectionDrag {
            return shown.indices.map { shown[drag.modelSection(forDisplayed: $0)] }
        }
        return shown
    }

    /// The model row drawn at displayed row `p`.
    ///
    /// - Complexity: O(log rows in the section).
    public func modelRow(forDisplayed p: IndexPath, rowDrag: RowDrag?, sectionDrag: SectionDrag?) -> IndexPath {
        if let drag = rowDrag {
            guard hidesRows else { return drag.modelIndexPath(forDisplayed: p) }
            var i = p.row
            if p.section == drag.destination.section {
                let held = position(of: drag)
                if i == held { return drag.source }
                if i > held { i -= 1 }
            }
            return IndexPath(row: row(at: i, inSection: p.section, leavingOut: drag.source), section: p.section)
        }
        let s = sectionDrag?.modelSection(forDisplayed: p.section) ?? p.section
        return IndexPath(row: row(at: p.row, inSection: s), section: s)
    }

    /// Where model row `p` is drawn (the inverse of `modelRow(forDisplayed:...)`; a hidden row
    /// maps to where the next shown row is drawn).
    ///
    /// - Complexity: O(log rows in the section).
    public func displayedRow(forModel p: IndexPath, rowDrag: RowDrag?, sectionDrag: SectionDrag?) -> IndexPath {
        if let drag = rowDrag, !hidesRows { return drag.displayedIndexPath(forModel: p) }
        if let drag = rowDrag {
            let held = position(of: drag)
            if p == drag.source { return IndexPath(row: held, section: drag.destination.section) }
            var i = index(of: p)
            if p.section == drag.source.section, drag.source.row < p.row, !isRowHidden(drag.source) { i -= 1 }
            if p.section == drag.destination.section, i >= held { i += 1 }
            return IndexPath(row: i, section: p.section)
        }
        let row = index(of: p)
        if let drag = sectionDrag { return IndexPath(row: row, section: drag.displayedSection(forModel: p.section)) }
        return IndexPath(row: row, section: p.section)
    }
}
