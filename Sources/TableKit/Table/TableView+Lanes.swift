import Foundation

/// A board's lanes: which sections are lanes (`laneSections`) and the nearest lane the filter
/// shows on either side of a section, for `moveCursorAcross` and `stepAcross`.
///
///     tableView.laneSections = [1, 2, 3]    // section 0 (front matter) is no lane
///     tableView.isLane(0)                   // false
///     tableView.lane(.right, of: 1)         // 2, unless the filter hides it
extension TableView {
    /// Whether a section is a lane of the board (`laneSections`; every section when it is nil).
    ///
    /// - Parameter section: current section index.
    public func isLane(_ section: Int) -> Bool { laneSections?.contains(section) ?? true }

    /// The nearest lane left (before) or right (after) of `section` that the filter shows
    /// (current space), if any.
    ///
    /// - Complexity: O(sections passed over × log sections).
    public func lane(_ direction: HorizontalDirection, of section: Int) -> Int? {
        var s = section
        while let next = direction == .left ? shownSection(before: s) : shownSection(after: s) {
            if isLane(next) { return next }
            s = next
        }
        return nil
    }

    /// The card a row belongs to: the row itself at indentation level 0, else the nearest shown
    /// row above it at level 0 (the card it is nested in), else the first shown row.
    ///
    /// - Parameter index: a position among the section's shown rows, `0..<shownRowCount`.
    /// - Returns: a position among the section's shown rows.
    /// - Complexity: O(nested rows above it).
    func cardPosition(from index: Int, inSection section: Int) -> Int {
        var i = index
        while i > 0, indentationLevel(IndexPath(row: shownRow(at: i, inSection: section), section: section)) > 0 { i -= 1 }
        return i
    }

    /// Follows a batch: lanes go where their sections go (gone with them); inserted sections are
    /// lanes.
    func remapLanes(_ plan: BatchPlan) {
        guard let lanes = laneSections else { return }
        var remapped = IndexSet()
        for s in lanes where s < plan.finalSectionOfOriginal.count {
            if let f = plan.finalSectionOfOriginal[s] { remapped.insert(f) }
        }
        for (n, source) in plan.sectionSources.enumerated() {
            if case .inserted = source { remapped.insert(n) }
        }
        laneSections = remapped
    }
}
