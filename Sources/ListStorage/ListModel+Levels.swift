import TableKit

/// The level rule checked over the list (the rule itself: `RowList.levelCap`): each section is a
/// list of its own, so a section's first row is at level 0.
extension ListModel {
    /// The first row (section by section) whose level breaks the rule, or nil.
    ///
    ///     ListModel(sections: [("", ["a", "b"])]).levelViolation()   // nil
    ///
    /// - Complexity: O(rows).
    public func levelViolation() -> IndexPath? {
        for (s, section) in sections.enumerated() {
            if let r = section.rows.firstLevelViolation() { return IndexPath(row: r, section: s) }
        }
        return nil
    }

    /// What breaks the rule at `p`, for a failed check: `row 2 of section 0 ("tensorflow") is
    /// at level 2, but the row above it allows at most 1`.
    public func levelViolationMessage(at p: IndexPath) -> String {
        let rows = sections[p.section].rows
        let text = rows.attributes(at: p.row).isPassage ? "a passage" : "\"\(rows[p.row].text)\""
        let above = p.row > 0 && !rows.attributes(at: p.row - 1).isPassage ? rows.attributes(at: p.row - 1).level : nil
        return "row \(p.row) of section \(p.section) (\(text)) "
            + RowList.levelViolation(level: rows.attributes(at: p.row).level, row: p.row, below: above)
    }

    /// Traps in debug builds (a no-op in release builds, where the O(rows) check would cost the
    /// largest lists every key) when a row of `rows` of section `s`, or the row right after them,
    /// breaks the level rule. After a change, the rows it wrote and the row after each place
    /// it changed are the only ones that can.
    ///
    /// - Parameters:
    ///   - s: the section (current space); nothing is checked when it does not exist.
    ///   - rows: rows of it (current space); nil: all of them.
    /// - Complexity: O(rows) in debug builds.
    public func _checkLevels(section s: Int, rows: Range<Int>? = nil) {
        #if DEBUG
        guard s >= 0, s < sections.count else { return }
        let list = sections[s].rows
        let range = rows.map { $0.lowerBound..<Swift.min(list.count, $0.upperBound + 1) } ?? 0..<list.count
        if let r = list.firstLevelViolation(in: range) {
            preconditionFailure("level rule broken: " + levelViolationMessage(at: IndexPath(row: r, section: s)))
        }
        #endif
    }

    /// `_checkLevels` over every section.
    ///
    /// - Complexity: O(rows) in debug builds.
    public func _checkLevels() {
        #if DEBUG
        for s in sections.indices { _checkLevels(section: s) }
        #endif
    }

    /// Repairs the level rule in every section (`RowList.clampLevels`): for lists that come from
    /// elsewhere (a JSON file, a merge), where any levels may be given.
    ///
    /// - Complexity: O(rows).
    public mutating func clampLevels() {
        for s in sections.indices where sections[s].rows.count > 0 {
            sections[s].rows.clampLevels(from: 0, through: sections[s].rows.count)
        }
    }
}
