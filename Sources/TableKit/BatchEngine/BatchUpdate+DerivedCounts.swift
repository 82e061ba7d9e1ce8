import Foundation

/// The counts a model that follows a batch to the letter reports afterwards.
extension BatchUpdate {
    /// What a data source that applies exactly this batch would report when it ends: the number
    /// of sections and the row count of each final section. A scripted batch (`listedit apply`)
    /// has no separate data source, so these are its "after" counts; the validator still checks
    /// every range, duplicate and conflict. Ill-formed parts (out of range, conflicting) are
    /// skipped here, because validation reports them.
    ///
    /// - Parameters:
    ///   - oldRowCounts: row count per original section.
    ///   - freshRowCount: the row count of an inserted section (`.inserted`, by final index) or a
    ///     reloaded one (`.reloaded(original)`).
    public func derivedCounts(
        oldRowCounts: [Int],
        freshRowCount: @escaping (BatchPlan.SectionSource, Int) -> Int
    ) -> (sections: Int, rows: (Int) -> Int) {
        let old = oldRowCounts.count
        let valid = 0..<old
        let deleted = Set(deletedSections.filter(valid.contains))
        let reloaded = Set(reloadedSections.filter(valid.contains)).subtracting(deleted)
        let inserted = Set(insertedSections)
        let newSections = old + inserted.count - deleted.count
        var moves: [Int: Int] = [:]
        var destinations = Set<Int>()
        for m in movedSections where valid.contains(m.from) && !deleted.contains(m.from)
            && moves[m.from] == nil && !destinations.contains(m.to) && !inserted.contains(m.to)
            && (0..<newSections).contains(m.to) {
            moves[m.from] = m.to
            destinations.insert(m.to)
        }
        let sources = SectionPlacement(oldSections: old, newSections: newSections, inserted: inserted, moves: moves,
                                       isDeleted: deleted.contains, isReloaded: reloaded.contains).sources
        var delta: [Int: Int] = [:]   // by original section: deletes and moves out
        let vacated = deleted.union(reloaded)
        for p in Set(deletedRows) where valid.contains(p.section) && !vacated.contains(p.section)
            && p.row >= 0 && p.row < oldRowCounts[p.section] {
            delta[p.section, default: 0] -= 1
        }
        var gain: [Int: Int] = [:]    // by final section: inserts and moves in
        for p in Set(insertedRows) where !inserted.contains(p.section) { gain[p.section, default: 0] += 1 }
        var seenFrom = Set<IndexPath>(), seenTo = Set<IndexPath>()
        for m in movedRows where !seenFrom.contains(m.from) && !seenTo.contains(m.to) {
            seenFrom.insert(m.from)
            seenTo.insert(m.to)
            if valid.contains(m.from.section) { delta[m.from.section, default: 0] -= 1 }
            gain[m.to.section, default: 0] += 1
        }
        let rows: (Int) -> Int = { n in
            switch sources.indices.contains(n) ? sources[n] : nil {
            case .inserted?: return freshRowCount(.inserted, n)
            case .reloaded(let o)?: return freshRowCount(.reloaded(o), n)
            case .original(let o)?: return oldRowCounts[o] + delta[o, default: 0] + gain[n, default: 0]
            case nil: return 0
            }
        }
        return (newSections, rows)
    }
}
