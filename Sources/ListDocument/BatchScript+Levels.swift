import TableKit
import ListStorage

/// The levels rows take in an `apply` batch (docs/file-formats.md, "listedit apply", Levels): the
/// list keeps the level rule (`RowList.levelCap`) after every batch, on screen and in the file
/// alike, without ever adopting or dropping nested rows the batch did not name.
///
/// - A delete or a move takes exactly the rows named; the nested rows they leave behind move up
///   one level for each named row they were nested under:
///
///       // "- Frameworks" (0) "  - pytorch" (1) "  - jax" (1); deleteRows [[1, 0]]
///       // → "- pytorch" (0) "- jax" (0)
///
/// - An inserted or moved row lands at no lower level than the row it lands before (so it
///   never adopts that row as a nested row), and at most one deeper than the row above it. An
///   inserted row without a `level` takes the level of the row it lands before (at a list's end,
///   of the row above); a moved row keeps its own level; a given `level` is clamped.
///
///       // "- Parent" (0) "  - child" (1); insertRows [{"at": [1, 1], "text": "New"}]
///       // → "- Parent" (0) "  - New" (1) "  - child" (1)
///
/// - A level given to a reloaded row, or to a section's rows, is clamped to the rule, the rows
///   after it keeping their places relative to the rows they are nested under
///   (`RowList.clampLevels`).
extension BatchScript.Batch {
    /// The level given to inserted row `p` (final space), if any.
    func givenLevel(ofInserted p: IndexPath) -> Int? {
        guard !insertedRowsWithoutLevel.contains(p) else { return nil }
        return insertedRowAttributes[p]?.level
    }

    /// Sets the levels of `model` (the batch applied to `old` by `plan`, its given attributes set)
    /// as the rules above say, in every section the batch touched.
    ///
    /// - Parameters:
    ///   - fresh: final sections whose rows all come from the batch (inserted, or reloaded with
    ///     `rows`).
    /// - Complexity: O(rows of the sections the batch touched).
    func keepLevelRule(_ model: inout ListModel, old: ListModel, plan: BatchPlan, fresh: Set<Int>) {
        var touched = fresh
        let reloadedLevels = Set(reloadedRowChanges.compactMap { $0.value.level == nil ? nil : $0.key })
        for (n, placement) in plan.rowPlacements where !fresh.contains(n) && n < model.sections.count {
            touched.insert(n)
            let o = placement.originalSection
            // The nested rows left behind move up one level per named row above them.
            for (r, lift) in Self.lifts(of: old.sections[o].rows, leaving: placement.vacated)
                where !reloadedLevels.contains(IndexPath(row: r, section: o)) {
                guard let f = placement.finalRow(forOriginal: r) else { continue }
                var a = model.sections[n].rows.attributes(at: f)
                a.level -= lift
                model.sections[n].rows.setAttributes(a, at: f)
            }
            placeLanded(&model.sections[n].rows, section: n, placement: placement, old: old)
        }
        for p in reloadedRowChanges.keys where reloadedRowChanges[p]?.level != nil {
            if let final = plan.finalIndexPath(forOriginal: p) { touched.insert(final.section) }
        }
        for n in touched where n < model.sections.count {
            model.sections[n].rows.clampLevels(from: 0, through: model.sections[n].rows.count)
        }
    }

    /// The rows inserted or moved into final section `n` (`placement.fixed`, final space), top down:
    /// each between the level of the row it lands before (none at a list's end) and one more
    /// than the row above it.
    func placeLanded(_ rows: inout RowList, section n: Int, placement: RowPlacement, old: ListModel) {
        let sources = placement.fixedSources   // made once: O(fixed)
        var k = 0
        while k < placement.fixed.count {
            // A run of consecutive landed rows, and the row after it.
            var end = k + 1
            while end < placement.fixed.count, placement.fixed[end] == placement.fixed[end - 1] + 1 { end += 1 }
            let after = placement.fixed[end - 1] + 1
            let floor: Int? = after < rows.count && !rows.attributes(at: after).isPassage ? rows.attributes(at: after).level : nil
            for j in k..<end {
                let r = placement.fixed[j]
                var a = rows.attributes(at: r)
                guard !a.isPassage else { continue }
                var wanted: Int?
                if let source = sources[j] {
                    // A moved row keeps its level (or takes the one its reload gives).
                    wanted = reloadedRowChanges[source]?.level ?? old.sections[source.section].rows.attributes(at: source.row).level
                } else {
                    wanted = givenLevel(ofInserted: IndexPath(row: r, section: n))
                }
                let cap = rows.levelCap(at: r)
                let aboveLevel = r > 0 && !rows.attributes(at: r - 1).isPassage ? rows.attributes(at: r - 1).level : 0
                let level = Swift.min(cap, Swift.max(floor ?? 0, wanted ?? floor ?? aboveLevel))
                if a.level != level {
                    a.level = level
                    rows.setAttributes(a, at: r)
                }
            }
            k = end
        }
    }

    /// For the rows of a section that stay when the rows `vacated` (ascending) leave it, how many
    /// of the rows each was nested under leave: the levels it moves up. Rows with none are left
    /// out.
    ///
    ///     // levels 0 1 2 1, vacating 0 and 1: row 2 moves up 2, row 3 up 1
    ///
    /// - Complexity: O(vacated rows and the rows nested under them).
    static func lifts(of rows: RowList, leaving vacated: [Int]) -> [(row: Int, lift: Int)] {
        var result: [(row: Int, lift: Int)] = []
        var chain: [Int] = []   // the levels of the vacated rows the next row may be nested under
        var next = 0            // the next entry of `vacated`
        var i = vacated.first ?? rows.count
        while i < rows.count {
            let a = rows.attributes(at: i)
            if a.isPassage {
                chain.removeAll()
            } else {
                while let last = chain.last, last >= a.level { chain.removeLast() }
            }
            if next < vacated.count, vacated[next] == i {
                if !a.isPassage { chain.append(a.level) }
                next += 1
            } else if !chain.isEmpty {
                result.append((i, chain.count))
            }
            if chain.isEmpty {
                // Nothing left behind past here until the next row that leaves.
                guard next < vacated.count else { break }
                i = vacated[next]
            } else {
                i += 1
            }
        }
        return result
    }
}
