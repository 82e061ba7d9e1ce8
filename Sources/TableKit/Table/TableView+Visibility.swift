import Foundation

/// Which rows are shown: a filter (the rows it keeps, chosen by the table's owner) and collapsed
/// rows and sections (UIKit's section snapshots' `collapse`/`expand`/`isExpanded`, held by the
/// table as view state). Hidden rows keep their index paths: every path the table takes or gives
/// (the data source's, the delegate's, the cursor, batches) is a real one, in the current space;
/// only the drawing skips hidden rows, and the cursor moves over visible ones. Under a filter, a
/// section none of whose rows the filter keeps is hidden whole (header, rows, footer and the gap
/// before it), as a hidden row is: its index stays, the cursor passes over it.
///
///     tableView.collapse([IndexPath(row: 0, section: 0)])       // hides row 0's nested rows
///     tableView.isExpanded(IndexPath(row: 0, section: 0))        // false
///     tableView.setFilter(showing: [[0, 4, 7]])                  // section 0: rows 0, 4 and 7
///     tableView.isRowHidden(IndexPath(row: 1, section: 0))       // true
///     tableView.setFilter(showing: [[0], []])                    // section 1 hidden whole
///     tableView.isSectionHidden(1)                               // true
///
/// A row's nested rows are the rows after it whose indentation level (the delegate's
/// `indentationLevelForRowAt`) is greater, up to the first that is not. A batch keeps what it can:
/// collapsed rows and sections follow their rows, rows the filter kept stay kept, and inserted
/// rows are shown (a new row shows until the filter is set again): a hidden section shows again
/// when a row is inserted or moved into it, and an inserted section shows. `reloadData()` forgets
/// all of it.
extension TableView {
    // MARK: Filter

    /// Shows only the rows listed per section (current space, ascending; a row out of range is
    /// ignored), or every row with `nil`. A section none of whose rows is listed is hidden whole;
    /// when no section keeps a row, the first section's header stays (the cursor needs a place).
    /// The cursor, on a row or header the filter hides, goes to the nearest visible row below it
    /// (else above, else the nearest shown header).
    ///
    /// - Parameter rows: by section, the rows the filter keeps; `nil` ends the filter.
    /// - Complexity: O(rows kept + collapsed rows' nested rows).
    public func setFilter(showing rows: [[Int]]?) {
        if let rows {
            filterShown = (0..<numberOfSections).map { s in
                guard s < rows.count else { return [] }
                let n = rowCounts[s]
                let kept = rows[s]
                if let first = kept.first, let last = kept.last, first >= 0, last < n { return kept }
                return kept.filter { $0 >= 0 && $0 < n }
            }
            filterHiddenSections = Set(filterShown?.indices.filter { filterShown?[$0].isEmpty ?? false } ?? [])
        } else {
            filterShown = nil
            filterHiddenSections = []
        }
        updateVisibility()
    }

    /// Whether a filter is on (`setFilter(showing:)` with rows).
    public var isFiltering: Bool { filterShown != nil }

    /// The rows the filter keeps per section (current space, ascending), followed through the
    /// batches since it was set (rows inserted since are kept); `nil` without a filter.
    public var filteredRows: [[Int]]? { filterShown }

    // MARK: Collapse and expand

    /// Collapses rows: their nested rows are hidden (the rows themselves stay). A row without
    /// nested rows may be collapsed too; it hides nothing until rows nest under it.
    ///
    /// - Parameter rows: current index paths.
    public func collapse(_ rows: [IndexPath]) {
        for p in rows where contains(p) { collapsedRows.insert(RowKey(p)) }
        updateVisibility()
    }

    /// Expands rows: their nested rows show again (those not hidden by the filter or by a
    /// collapsed row inside).
    ///
    /// - Parameter rows: current index paths.
    public func expand(_ rows: [IndexPath]) {
        for p in rows { collapsedRows.remove(RowKey(p)) }
        updateVisibility()
    }

    /// Shows a row that a collapse hides: expands its section and the collapsed rows it is nested
    /// under (a row the filter hides stays hidden). A row dropped or moved into a collapsed place
    /// is revealed so, as a file manager opens the folder an item is dropped into.
    ///
    /// - Parameter row: current index path.
    /// - Complexity: O(rows above it in its section) when something is collapsed there.
    public func reveal(_ row: IndexPath) {
        guard contains(row), isRowHidden(row) else { return }
        var changed = collapsedSections.remove(row.section) != nil
        var level = indentationLevel(row)
        var r = row.row - 1
        while r >= 0, level > 0 {
            let l = indentationLevel(IndexPath(row: r, section: row.section))
            if l < level {
                if collapsedRows.remove(RowKey(section: row.section, row: r)) != nil { changed = true }
                level = l
            }
            r -= 1
        }
        if changed { updateVisibility() }
    }

    /// Whether a row's nested rows are shown (UIKit's `isExpanded`): false once collapsed.
    ///
    /// - Parameter row: current index path.
    public func isExpanded(_ row: IndexPath) -> Bool { collapsedRows.isEmpty || !collapsedRows.contains(RowKey(row)) }

    /// Collapses a section: its header stays, its rows are hidden.
    ///
    /// - Parameter section: current section index.
    public func collapseSection(_ section: Int) {
        guard section >= 0, section < numberOfSections else { return }
        collapsedSections.insert(section)
        updateVisibility()
    }

    /// Expands a section: its rows show again.
    ///
    /// - Parameter section: current section index.
    public func expandSection(_ section: Int) {
        collapsedSections.remove(section)
        updateVisibility()
    }

    /// Whether a section's rows are shown (not collapsed).
    ///
    /// - Parameter section: current section index.
    public func isSectionExpanded(_ section: Int) -> Bool { !collapsedSections.contains(section) }

    /// The rows nested under a row: those after it in its section with a greater indentation level
    /// (the delegate's `indentationLevelForRowAt`), up to the first that is not.
    ///
    /// - Parameter row: current index path.
    /// - Returns: rows of `row.section`, current space; empty when nothing nests under it.
    /// - Complexity: O(nested rows).
    public func nestedRows(of row: IndexPath) -> Range<Int> {
        guard contains(row) else { return 0..<0 }
        let level = indentationLevel(row)
        var end = row.row + 1
        while end < rowCounts[row.section], indentationLevel(IndexPath(row: end, section: row.section)) > level { end += 1 }
        return (row.row + 1)..<end
    }

    func indentationLevel(_ p: IndexPath) -> Int { delegate?.tableView(self, indentationLevelForRowAt: p) ?? 0 }

    // MARK: What shows

    /// What shows now, as one value (`ShownRows`): the rows and sections the filter and collapses
    /// leave, and the displayed↔model mapping during a drag.
    ///
    /// - Complexity: O(1) (the arrays are shared).
    public var shown: ShownRows { ShownRows(rowCounts: rowCounts, rows: shownRows, sections: shownSections) }

    /// Whether a row is hidden by the filter, a collapsed row above it or its collapsed section.
    ///
    /// - Parameter row: current index path.
    /// - Complexity: O(log rows in its section).
    public func isRowHidden(_ row: IndexPath) -> Bool { shown.isRowHidden(row) }

    /// Whether any row is hidden now (a filter, a collapsed row or section).
    public var hidesRows: Bool { shown.hidesRows }

    /// Whether a section is hidden whole: under a filter that keeps none of its rows.
    ///
    /// - Parameter section: current section index.
    /// - Complexity: O(log sections).
    public func isSectionHidden(_ section: Int) -> Bool { shown.isSectionHidden(section) }

    /// Whether any section is hidden whole now.
    public var hidesSections: Bool { shownSections != nil }

    /// The nearest shown section after `section` (current space), if any.
    ///
    /// - Complexity: O(log sections).
    public func shownSection(after section: Int) -> Int? { shown.section(after: section) }

    /// The nearest shown section before `section` (current space), if any.
    ///
    /// - Complexity: O(log sections).
    public func shownSection(before section: Int) -> Int? { shown.section(before: section) }

    /// The rows shown in a section.
    ///
    /// - Parameter section: current section index.
    public func shownRowCount(inSection section: Int) -> Int { shown.count(inSection: section) }

    /// The row shown at position `index` among a section's shown rows (current space).
    ///
    /// - Parameters:
    ///   - index: `0..<shownRowCount(inSection: section)`.
    ///   - section: current section index.
    public func shownRow(at index: Int, inSection section: Int) -> Int { shown.row(at: index, inSection: section) }

    /// The position of a row among its section's shown rows; for a hidden row, the position the
    /// next shown row has (where it would be drawn).
    ///
    /// - Parameter row: current index path.
    /// - Complexity: O(log rows in its section).
    public func shownIndex(of row: IndexPath) -> Int { shown.index(of: row) }

    // MARK: A drag among shown rows

    /// Where a dragged row shows among the shown rows of its destination's section
    /// (`ShownRows.position(of:)`).
    ///
    /// - Complexity: O(log rows in the section).
    public func shownPosition(of drag: RowDrag) -> Int { shown.position(of: drag) }

    /// The row shown at position `index` of a section's shown rows, the dragged row left out
    /// (`ShownRows.row(at:inSection:leavingOut:)`).
    public func shownRow(at index: Int, inSection section: Int, leavingOut source: IndexPath) -> Int {
        shown.row(at: index, inSection: section, leavingOut: source)
    }

    // MARK: Keeping it current

    /// Recomputes what shows from the filter and the collapsed rows and sections, and moves the
    /// cursor off a hidden row or header.
    func updateVisibility(settling: Bool = true) {
        let sections = numberOfSections
        if filterShown == nil && collapsedRows.isEmpty && collapsedSections.isEmpty {
            shownRows = []
            shownSections = nil
            return
        }
        if filterHiddenSections.isEmpty {
            shownSections = nil
        } else {
            let shown = (0..<sections).filter { !filterHiddenSections.contains($0) }
            shownSections = shown.isEmpty && sections > 0 ? [0] : shown
        }
        var collapsedBySection: [Int: [Int]] = [:]
        for key in collapsedRows { collapsedBySection[key.section, default: []].append(key.row) }
        shownRows = (0..<sections).map { s -> [Int]? in
            if collapsedSections.contains(s) { return [] }
            let filtered = filterShown.map { s < $0.count ? $0[s] : [] }
            guard var collapsed = collapsedBySection[s] else { return filtered }
            collapsed.sort()
            // The hidden ranges: each collapsed row's nested rows (one inside another adds nothing).
            var hidden: [Range<Int>] = []
            for r in collapsed {
                if let last = hidden.last, last.contains(r) { continue }
                let nested = nestedRows(of: IndexPath(row: r, section: s))
                if !nested.isEmpty { hidden.append(nested) }
            }
            guard !hidden.isEmpty else { return filtered }
            var shown: [Int] = []
            var h = 0
            func keep(_ r: Int) {
                while h < hidden.count, hidden[h].upperBound <= r { h += 1 }
                if h == hidden.count || !hidden[h].contains(r) { shown.append(r) }
            }
            if let filtered { for r in filtered { keep(r) } } else { for r in 0..<rowCounts[s] { keep(r) } }
            return shown
        }
        if settling { settleFocus() }
    }

    /// Moves the cursor off a hidden row or header: to the nearest shown row below it, else above
    /// (in any section), else to its header, or the nearest shown one. A dragged row keeps the
    /// cursor.
    ///
    /// - Complexity: O(sections) steps.
    func settleFocus() {
        guard let start = focus else { return }
        switch start {
        case .row(let p): guard isRowHidden(p) || isSectionHidden(p.section) else { return }
        case .header(let s): guard isSectionHidden(s) else { return }
        }
        switch interaction {
        case .draggingRow, .draggingSection: return
        default: break
        }
        for step in [after, before] as [(TableFocus) -> TableFocus?] {
            var f: TableFocus? = start
            while let g = f.flatMap(step) {
                if case .row = g { focus = g; return }
                f = g
            }
        }
        let s = start.section
        focus = .header(isSectionHidden(s) ? (shownSection(after: s) ?? shownSection(before: s) ?? s) : s)
    }

    /// Forgets the filter and every collapsed row and section (a reload).
    func forgetVisibility() {
        filterShown = nil
        filterHiddenSections = []
        shownSections = nil
        collapsedRows = []
        collapsedSections = []
        shownRows = []
    }

    /// Follows a batch: collapsed rows and sections go where their rows and sections go (gone with
    /// them), rows the filter kept stay kept, and rows the batch inserts are shown.
    ///
    /// - Complexity: O(rows the filter keeps × log changes + inserted rows).
    func remapVisibility(_ plan: BatchPlan) {
        if !collapsedRows.isEmpty { collapsedRows = Set(collapsedRows.compactMap(plan.finalKey(forOriginal:))) }
        if !collapsedSections.isEmpty {
            collapsedSections = Set(collapsedSections.compactMap { s in
                s < plan.finalSectionOfOriginal.count ? plan.finalSectionOfOriginal[s] : nil
            })
        }
        if !filterHiddenSections.isEmpty {
            filterHiddenSections = Set(filterHiddenSections.compactMap { s in
                s < plan.finalSectionOfOriginal.count ? plan.finalSectionOfOriginal[s] : nil
            })
        }
        if let old = filterShown {
            var kept = plan.newRowCounts.map { _ in [Int]() }
            for (s, rows) in old.enumerated() {
                for r in rows {
                    if let k = plan.finalKey(forOriginal: RowKey(section: s, row: r)) { kept[k.section].append(k.row) }
                }
            }
            for (n, source) in plan.sectionSources.enumerated() {
                switch source {
                case .inserted, .reloaded:
                    kept[n] = Array(0..<plan.newRowCounts[n])
                case .original:
                    if let placement = plan.rowPlacements[n] {
                        for (i, r) in placement.fixed.enumerated() where placement.sources[i] == nil { kept[n].append(r) }
                    }
                }
            }
            filterShown = kept.map { $0.adjacentPairs().allSatisfy { $0 < $1 } ? $0 : $0.sorted() }
            // A hidden section a row was inserted or moved into shows again.
            filterHiddenSections = filterHiddenSections.filter { $0 < kept.count && kept[$0].isEmpty }
        }
        updateVisibility(settling: false)
    }
}
