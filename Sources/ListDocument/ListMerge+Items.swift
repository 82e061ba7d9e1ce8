import TableKit
import ListStorage

extension ListMerge.Result {
    /// The merged list as the editor holds it: each conflict's versions as adjacent rows (ours
    /// first, no markers), and the place of the first conflict's first row (in the final list).
    ///
    ///     let (items, first) = result.items(ours: ours, theirs: theirs)
    ///     ListModel(items: items)   // "Milk (6)", "Milk (oat)", ... ; first = [0, 0]
    ///
    /// Levels are clamped to one more than the row above in its list (0 first, and after a
    /// passage), as the model requires.
    ///
    /// - Complexity: O(rows).
    package func items(ours: ListMerge.Version, theirs: ListMerge.Version) -> (items: [ListItem], firstConflict: IndexPath?) {
        var out: [ListItem] = []
        var first: IndexPath?
        var inConflict = false
        for (s, section) in sections.enumerated() {
            out.append(.section(section.title))
            if section.titleConflict != nil && first == nil { first = IndexPath(row: 0, section: s) }
            var row = 0
            var above: Int?
            for item in section.items {
                switch item {
                case .conflictStart: inConflict = true
                case .conflictMiddle: break
                case .conflictEnd: inConflict = false
                case .row(let pick):
                    var r = ListMerge.row(pick, ours: ours, theirs: theirs)
                    if r.attributes.isPassage {
                        above = nil
                    } else {
                        r.attributes.level = min(r.attributes.level, RowList.levelCap(below: above))
                        above = r.attributes.level
                    }
                    if inConflict && first == nil { first = IndexPath(row: row, section: s) }
                    out.append(.row(r.text, r.attributes))
                    row += 1
                }
            }
        }
        return (out, first)
    }
}

extension ListMerge.Result {
    /// The rows of the result in order (conflicts' versions included, ours first).
    ///
    /// - Complexity: O(rows).
    package var picks: [ListMerge.Pick] {
        sections.flatMap { $0.items.compactMap { item in if case .row(let pick) = item { pick } else { nil } } }
    }
}

extension ListMerge {
    /// The row a pick names.
    static func row(_ pick: Pick, ours: Version, theirs: Version) -> Row {
        switch pick {
        case .ours(let j): return ours.rows[j]
        case .theirs(let k): return theirs.rows[k]
        case .combined(let side, let i, let text, let attributes):
            var row = (side == .ours ? ours : theirs).rows[i]
            row.text = text
            row.attributes = attributes
            return row
        }
    }
}
