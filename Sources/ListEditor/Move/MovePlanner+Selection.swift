internal import Algorithms
import TableKit
import ListStorage

/// A multiple selection's moves (docs/keys.md, "Selecting rows"): `K`/`J` move each run of
/// moving rows one step, a drop gathers them at the drop point in their order; one
/// `moveRowSet` each.
extension MovePlanner {
    /// `K`/`J` with rows selected: each run of moving rows (current space, in order: selected
    /// rows with their nested rows, next to each other) passes one row above or below it with
    /// that row's nested rows, as `K` and `J` move one row; a run at the edge of its section goes
    /// into the section above (at its end) or below (at its first slot), as one row does. While
    /// rows are hidden (a filter, a collapse), a run passes exactly one shown row that does not
    /// move.
    ///
    /// Each run lands in a gap between the rows that do not move (so two runs never take the same
    /// place): runs in one gap keep their order, and each takes the level its place allows below
    /// the row (or run) above it.
    ///
    /// - Complexity: O(m log m) for m moving rows, plus the rows a filter hides next to them.
    func planSelectionStep(_ moving: [IndexPath], _ direction: VerticalDirection) -> Plan {
        guard !moving.isEmpty else { return .refused(.cannotGoFurther) }
        var runs: [(section: Int, rows: Range<Int>)] = []
        for p in moving {
            if let last = runs.last, last.section == p.section, last.rows.upperBound == p.row {
                runs[runs.count - 1].rows = last.rows.lowerBound..<(p.row + 1)
            } else {
                runs.append((p.section, p.row..<(p.row + 1)))
            }
        }
        // The moving rows as integers, section by section (`moving` is sorted): the bisections
        // below compare integers, not index paths (those comparisons were most of a step of
        // 10,000 selected rows, docs/benchmarks.md).
        let movingRow = moving.map(\.row)
        var movingIn: [Int: Range<Int>] = [:]   // section: its span of `movingRow`
        var spanStart = 0
        for k in moving.indices where k + 1 == moving.count || moving[k + 1].section != moving[k].section {
            movingIn[moving[k].section] = spanStart..<(k + 1)
            spanStart = k + 1
        }
        /// Moving rows of section `s` above row `r` (current space).
        func movingAbove(_ r: Int, _ s: Int) -> Int {
            guard let span = movingIn[s] else { return 0 }
            return Self.countBelow(r, in: movingRow[span]) - span.lowerBound
        }
        func isMoving(_ r: Int, _ s: Int) -> Bool {
            guard let span = movingIn[s] else { return false }
            let k = Self.countBelow(r, in: movingRow[span])
            return k < span.upperBound && movingRow[k] == r
        }
        // Where each run lands: a section and a gap (how many rows that do not move are above it).
        var landings: [(section: Int, gap: Int)] = []
        var runLevels: [[Int]] = []   // per run: its rows' levels
        runLevels.reserveCapacity(runs.count)
        for run in runs {
            let s = run.section
            let levels = Self.levels(model.sections[s].rows, run.rows)
            runLevels.append(levels)
            let p = IndexPath(row: run.rows.lowerBound, section: s)
            var slot: Int?   // in section s without the run
            if shown.hidesRows {
                slot = shownNeighbourSlot(p, direction, block: run.rows, levels: levels) { isMoving($0, s) }
            } else {
                let here = outline(s, cutting: run.rows)
                slot = direction == .up ? here.slot(before: run.rows.lowerBound, levels: levels) : here.slot(after: run.rows.lowerBound, levels: levels)
            }
            if let slot {
                let r = slot <= run.rows.lowerBound ? slot : slot + run.rows.count   // current space
                landings.append((s, r - movingAbove(r, s)))
            } else if direction == .up, s > 0 {
                // The end of the section above (its last slot: what the retarget gives there).
                let n = outline(s - 1).lastSlot
                landings.append((s - 1, n - movingAbove(n, s - 1)))
            } else if direction == .down, s + 1 < model.sections.count {
                // The first slot of the section below, as the retarget gives it.
                let r = outline(s + 1).firstSlot(levels: levels)
                landings.append((s + 1, r - movingAbove(r, s + 1)))
            } else {
                landings.append((s, run.rows.lowerBound - movingAbove(run.rows.lowerBound, s)))   // stays
            }
        }
        // Final places: in each section, runs by gap, then in their order.
        let order = runs.indices.sorted { (landings[$0].section, landings[$0].gap, $0) < (landings[$1].section, landings[$1].gap, $1) }
        var from: [IndexPath] = [], to: [IndexPath] = [], levels: [Int] = [], newLevels: [Int] = []
        var fromStart = Array(repeating: 0, count: runs.count)   // per run: where its rows start in `from`
        var before = 0                    // moving rows landed above, in the section
        var previous: (section: Int, gap: Int, level: Int)?   // the run landed just before
        for k in order {
            let run = runs[k], (s, gap) = landings[k]
            if previous?.section != s { before = 0 }
            // The row above where it lands: the run landed before in the same gap, else the
            // last row above the gap that does not move (nil: a passage, or the section's start).
            var aboveLevel: Int?
            if let previous, previous.section == s, previous.gap == gap {
                aboveLevel = previous.level
            } else if gap > 0 {
                var r = nonMovingRow(gap - 1, inSection: s, moving: movingIn[s].map { movingRow[$0] } ?? [])
                while isMoving(r, s) { r -= 1 }
                let a = model.sections[s].rows.attributes(at: r)
                aboveLevel = a.isPassage ? nil : a.level
            }
            let old = runLevels[k]
            let new = Outline.placed(old, under: aboveLevel)
            let first = gap + before
            fromStart[k] = from.count
            for (j, r) in run.rows.enumerated() {
                from.append(IndexPath(row: r, section: run.section))
                to.append(IndexPath(row: first + j, section: s))
            }
            levels += old
            newLevels += new
            before += run.rows.count
            previous = (s, gap, new[new.count - 1])
        }
        guard from != to || levels != newLevels else { return .refused(.cannotGoFurther) }
        // The batch takes its sources in index-path order: the runs' order (no index paths
        // compared).
        let sorted = runs.indices.flatMap { k in fromStart[k]..<(fromStart[k] + runs[k].rows.count) }
        let step = EditStep.moveRowSet(from: Self.picking(sorted, from), to: Self.picking(sorted, to),
                                       levels: Self.picking(sorted, levels), newLevels: Self.picking(sorted, newLevels))
        return .move(step, cursor: .revealed)
    }

    /// The drop of a dragged selection (`moving`, current space, in order; `held` the row the
    /// drag holds, shown at `d`, the final space of a move of it alone): every moving row lands,
    /// in order, at the drop point, the place right after the last row above the held row (as
    /// shown) that does not move; at the section's start when there is none. The cursor goes to
    /// the first of them. Where the row after them could not follow the last of them (the level
    /// rule: at most one level deeper), they land at the nearest place where it can
    /// (`fittingGap`), as the retarget moves a single row's drop.
    ///
    /// - Complexity: O(m log m) for m moving rows, plus the places tried.
    func planSelectionDrop(_ moving: [IndexPath], held: IndexPath, at d: IndexPath) -> Plan {
        // The rows above the held row as shown: rows 0..<end of the target section, without it.
        let sameSection = held.section == d.section
        let end = sameSection && held.row <= d.row ? d.row + 1 : d.row
        let movingSet = Set(moving)
        let movingAbove = Self.countBelow(IndexPath(row: end, section: d.section), in: moving)
            - Self.countBelow(IndexPath(row: 0, section: d.section), in: moving)
        var k = end - movingAbove
        // The row the gathered rows land under: the last one above that stays.
        var above = end - 1
        while above >= 0 && movingSet.contains(IndexPath(row: above, section: d.section)) { above -= 1 }
        if d.section == 0 && k == 0 && firstRowStays(0) {
            k = 1
            above = 0
            while movingSet.contains(IndexPath(row: above, section: 0)) { above += 1 }
        }
        let rows = moving.filter { $0.section == d.section }.map(\.row)
        let levels = moving.map { level($0) }
        if let gap = fittingGap(k, inSection: d.section, levels: levels, moving: rows[...]), gap != k {
            k = gap
            above = k > 0 ? nonMovingRow(k - 1, inSection: d.section, moving: rows[...]) : -1
        }
        let slot = IndexPath(row: k, section: d.section)
        guard let step = gather(moving, at: slot, above: above >= 0 ? above : nil) else { return .unchanged }
        return .move(step, cursor: .at(slot))
    }

    /// The gap (among the rows of section `s` that do not move, `moving` being those that do, in
    /// order) nearest to `gap` (the one above on a tie) where rows of `levels` may land keeping
    /// the level rule: the row after them at most one level deeper than the last of them as
    /// placed there (`Outline.placed`). Not before a first row that stays first.
    ///
    /// - Complexity: O(distance × (log m + levels)).
    func fittingGap(_ gap: Int, inSection s: Int, levels: [Int], moving: ArraySlice<Int>) -> Int? {
        let rows = model.sections[s].rows
        let staying = count(s) - moving.count
        func fits(_ g: Int) -> Bool {
            if g == 0, firstRowStays(s), staying > 0 { return false }
            guard g < staying else { return true }
            let next = rows.attributes(at: nonMovingRow(g, inSection: s, moving: moving))
            guard !next.isPassage else { return true }
            var aboveLevel: Int?
            if g > 0 {
                let a = rows.attributes(at: nonMovingRow(g - 1, inSection: s, moving: moving))
                aboveLevel = a.isPassage ? nil : a.level
            }
            let last = Outline.placed(levels, under: aboveLevel).last ?? 0
            return next.level <= RowList.levelCap(below: last)
        }
        for distance in 0...max(gap, staying - gap, 0) {
            if gap - distance >= 0, fits(gap - distance) { return gap - distance }
            if distance > 0, gap + distance <= staying, fits(gap + distance) { return gap + distance }
        }
        return nil
    }

    /// The batch that gathers `moving` (current space, in order) at `slot` (final space: a place
    /// among the rows that do not move) in their order, each block keeping its levels relative
    /// to its first row, clamped as a moved row is (`Outline.placed`); nil when nothing would
    /// change. `above` is the row (current space, in the slot's section) they land under, nil at
    /// the section's start.
    func gather(_ moving: [IndexPath], at slot: IndexPath, above: Int?) -> EditStep? {
        guard !moving.isEmpty else { return nil }
        let to = moving.indices.map { IndexPath(row: slot.row + $0, section: slot.section) }
        let levels = moving.map { level($0) }
        var aboveLevel: Int?
        if let above {
            let a = model.sections[slot.section].rows.attributes(at: above)
            aboveLevel = a.isPassage ? nil : a.level
        }
        let newLevels = Outline.placed(levels, under: aboveLevel)
        if to == moving && newLevels == levels { return nil }
        return .moveRowSet(from: moving, to: to, levels: levels, newLevels: newLevels)
    }

    // MARK: Bisections

    /// The row (current space) of section `s` that is the `k`-th (from 0) of those that do not
    /// move (the section's last row when there are fewer), given the section's moving rows in
    /// order: the moving row `moving[j]` has `moving[j] - j` rows that stay above it, so the
    /// `k`-th that stays comes after exactly the moving rows with at most `k` of those.
    ///
    ///     nonMovingRow(2, inSection: s, moving: [1, 2, 5])   // rows 0, 3, 4 stay: 4
    ///
    /// - Complexity: O(log m) for m moving rows of the section.
    func nonMovingRow(_ k: Int, inSection s: Int, moving: ArraySlice<Int>) -> Int {
        min(k + Self.movingBefore(nonMoving: k, moving), count(s) - 1)
    }

    /// How many of `moving` (rows in order) come before the `k`-th row (from 0) not in it.
    static func movingBefore(nonMoving k: Int, _ moving: ArraySlice<Int>) -> Int {
        moving.indices.partitioningIndex { moving[$0] - ($0 - moving.startIndex) > k } - moving.startIndex
    }

    /// The levels of rows `range` of `rows`.
    static func levels(_ rows: RowList, _ range: Range<Int>) -> [Int] {
        range.map { rows.attributes(at: $0).level }
    }

    /// `values[indices[0]], values[indices[1]]...`.
    static func picking<T>(_ indices: [Int], _ values: [T]) -> [T] {
        indices.map { values[$0] }
    }

    /// Where `r` goes in `sorted` (an index of the slice): how many of it are below `r`, plus
    /// its start index.
    static func countBelow(_ r: Int, in sorted: ArraySlice<Int>) -> Int {
        sorted.partitioningIndex { $0 >= r }
    }

    /// How many of `sorted` come before `p` (binary search).
    static func countBelow(_ p: IndexPath, in sorted: [IndexPath]) -> Int {
        sorted.partitioningIndex { !($0 < p) }
    }
}
