import TableKit

/// The level rule, in one place (docs/file-formats.md, "Levels"): a row's level is at most one
/// more than the level of the row above it in its list: 0 for a section's first row and for a row
/// right after a passage (a passage ends a list; its own level means nothing). A Markdown file
/// cannot hold anything else (an item is nested in the item above it or is not nested), so every
/// entry point that changes levels or order keeps the rule, with `levelCap` and `clampLevels`,
/// and the model checks it in debug builds (`ListModel._checkLevels`).
///
///     // levels 0 1 3: row 2 may be at most 2
///     rows.levelCap(at: 2)                 // 2
///     rows.firstLevelViolation()           // 2
///     rows.clampLevels(from: 2)            // levels 0 1 2
extension RowList {
    /// The highest level a row may take at index `i` (current space: right after row `i - 1`):
    /// one more than the row above, 0 at the top of the section and right after a passage.
    public func levelCap(at i: Int) -> Int {
        guard i > 0, i <= count else { return 0 }
        let above = attributes(at: i - 1)
        return Self.levelCap(below: above.isPassage ? nil : above.level)
    }

    /// The rule itself: the highest level a row may take right below a row of level `above`
    /// (`nil`: no row there, the top of a section or a passage). Every check and clamp of a
    /// level reads it: `levelCap(at:)`, the editor's moves (`Outline`) and pastes, the merges,
    /// the Markdown writer's check.
    ///
    ///     RowList.levelCap(below: 2)           // 3
    ///     RowList.levelCap(below: nil)         // 0
    public static func levelCap(below above: Int?) -> Int { above.map { $0 + 1 } ?? 0 }

    /// Why a row at `level` breaks the rule at index `row` (current space) right below a row of
    /// level `above` (`nil`: a passage there, or the top of the section), in the one wording every
    /// check that names the row uses (`ListModel.levelViolationMessage`, the Markdown save's
    /// refusal), after the row's name:
    ///
    ///     RowList.levelViolation(level: 3, row: 2, below: 1)   // "is at level 3, but the row above it allows at most 2"
    ///     RowList.levelViolation(level: 1, row: 0, below: nil) // "is at level 1, but a section's first row is at level 0"
    public static func levelViolation(level: Int, row: Int, below above: Int?) -> String {
        "is at level \(level), but " + (row == 0 ? "a section's first row is at level 0" : "the row above it allows at most \(levelCap(below: above))")
    }

    /// The first row of `range` (all rows when nil) whose level breaks the rule, or nil.
    ///
    /// - Complexity: O(range).
    public func firstLevelViolation(in range: Range<Int>? = nil) -> Int? {
        let range = (range ?? 0..<count).clamped(to: 0..<count)
        guard !range.isEmpty else { return nil }
        var cap = levelCap(at: range.lowerBound)
        for i in range {
            let a = attributes(at: i)
            if a.isPassage { cap = 0; continue }
            if a.level > cap { return i }
            cap = Self.levelCap(below: a.level)
        }
        return nil
    }

    /// Repairs the rule from row `start` on, keeping each row's place relative to the row it is
    /// nested under: a row deeper than the rule allows goes to one more than its parent's new
    /// level (its parent: the nearest row above it with a smaller level, before the repair), and
    /// its nested rows follow it. Rows that keep the rule and whose parents keep their levels are
    /// left as they are, so on a list that keeps the rule this changes nothing.
    ///
    ///     // levels 0 3 4 3 1 (an orphaned block): 0 1 2 1 1
    ///
    /// The repair goes on past `end` only while it still changes levels, so the cost is that of
    /// the rows it may change.
    ///
    /// - Parameters:
    ///   - start: the first row to check (current space); the rows above it keep the rule.
    ///   - end: the row (exclusive) up to which to check at least; the rows after it kept the
    ///     rule among themselves before the change being repaired. Default: `start + 1`.
    /// - Returns: the rows whose level changed.
    /// - Complexity: O(rows checked + the level of the row above `start`).
    @discardableResult
    public mutating func clampLevels(from start: Int, through end: Int? = nil) -> [Int] {
        guard start < count else { return [] }
        let end = Swift.min(count, Swift.max(end ?? start + 1, start + 1))
        // The chain of rows the next row may be nested under: (level before, level after). Above
        // `start` the rule holds, so the chain is 0...level of the row above, unchanged.
        var chain: [(was: Int, now: Int)] = []
        if start > 0, !attributes(at: start - 1).isPassage {
            chain = (0...attributes(at: start - 1).level).map { ($0, $0) }
        }
        var moved = 0   // entries of `chain` whose level changed
        var changed: [Int] = []
        var i = start
        while i < count {
            var a = attributes(at: i)
            if a.isPassage {
                chain.removeAll()
                moved = 0
                if i >= end { break }
                i += 1
                continue
            }
            while let last = chain.last, last.was >= a.level {
                if last.was != last.now { moved -= 1 }
                chain.removeLast()
            }
            // Under its parent, one level deeper than the parent now is (0 without one).
            let level = chain.last.map { $0.now + 1 } ?? 0
            if i >= end, level == a.level, moved == 0 { break }
            chain.append((a.level, level))
            if level != a.level {
                moved += 1
                a.level = level
                setAttributes(a, at: i)
                changed.append(i)
            }
            i += 1
        }
        return changed
    }
}
