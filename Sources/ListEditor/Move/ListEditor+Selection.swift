internal import Algorithms
import TableKit
import ListStorage
import TerminalUI

/// Multiple selection in edit mode (docs/keys.md, "Selecting rows"): `v` toggles the cursor row
/// (the table's `allowsMultipleSelectionDuringEditing`; rows show `○`/`●` while some row is
/// selected), and with rows selected the row keys act on all of them at once, each as one batch
/// and one undo step: delete after one question, pick up and drag as one block that gathers at
/// the drop point in the rows' order, `K`/`J` one step each, check or uncheck, copy. A selected
/// row carries its nested rows. The selection is the table's: batches remap it, leaving edit mode
/// clears it, `Esc` clears it after a drag or a Delete button.
extension ListEditor {
    /// The selected rows (current space), in order; empty when none.
    var selectedPaths: [IndexPath] { tableView.indexPathsForSelectedRows ?? [] }

    var hasSelection: Bool { tableView.indexPathForSelectedRow != nil }

    /// The selected rows the filter or a collapse does not hide (current space, in order): what
    /// the selection keys act on (docs/keys.md: everything works on the rows shown).
    var shownSelectedPaths: [IndexPath] { selectedPaths.filter { !tableView.isRowHidden($0) } }

    /// Whether the row a drag holds is one of the selected rows: then the drag carries the whole
    /// selection; a row picked up by its own handle (the mouse) moves alone, with its nested rows.
    func dragCarriesSelection(_ drag: RowDrag) -> Bool {
        hasSelection && tableView.indexPathsForSelectedRows?.contains(drag.source) == true
    }

    /// `v`: selects or deselects the cursor row through the table (its delegate calls).
    func toggleSelection() -> TableOutcome {
        guard inEditMode else { return .refused(.notEditing) }
        guard case .row(let p)? = tableView.focus else { return .refused(tableView.focus == nil ? .empty : .notOnRow) }
        if isPlaceholder(p) { return .refused(.cannotSelect(placeholderText)) }
        if document.model[p].isPassage { return .refused(.busy("A passage cannot be selected: it stays as the file has it")) }
        return controller.perform(.select)
    }

    /// The rows a selection acts on (current space, in order): each selected row the filter or a
    /// collapse does not hide, with its nested rows (hidden or not: a row carries them), and
    /// `extra` (the held row) with its nested rows. Selected rows hidden now are left out: every
    /// key acts on the rows shown (docs/keys.md, "Filter").
    ///
    /// - Complexity: O(s log s + the rows returned) for s selected rows.
    func movingRows(adding extra: IndexPath? = nil) -> [IndexPath] {
        var paths: [IndexPath] = []
        var covered: (section: Int, end: Int)?
        // (The selection comes in order, each row once: `extra` goes in its place.)
        var starts = shownSelectedPaths
        if let extra {
            let k = Self.countBelow(extra, in: starts)
            if k == starts.count || starts[k] != extra { starts.insert(extra, at: k) }
        }
        for p in starts where !isPlaceholder(p) && p.row < realCount(p.section) {
            // A row nested under one already taken goes with it.
            if let c = covered, c.section == p.section, p.row < c.end { continue }
            let end = Outline(document.model.sections[p.section].rows).nestedEnd(of: p.row)
            for r in p.row..<end { paths.append(IndexPath(row: r, section: p.section)) }
            covered = (p.section, end)
        }
        return paths
    }

    // MARK: Delete

    /// `-`/`x`/Delete with rows selected: one question naming how many, then one batch.
    func confirmDeleteSelection() -> TableOutcome {
        let rows = movingRows()
        let selected = shownSelectedPaths.count
        guard !rows.isEmpty else { return .refused(.busy("The selected rows are hidden by the filter: nothing to delete")) }
        let nested = rows.count - selected
        let what = rows.count == 1 ? "1 row" : "\(rows.count) rows"
        let question = nested > 0 ? "Delete \(what) (\(selected) selected, \(nested) nested)" : "Delete \(what)"
        prompt = Prompt(question: "", options: question + "? (y/n)") { [weak self] yes in
            guard let self, yes == true else { return }
            self.deleteRows(rows)
        }
        return .performed
    }

    /// Deletes rows (current space, in order) in one batch and one undo step; they go into the
    /// register, so `p` puts them back.
    func deleteRows(_ paths: [IndexPath]) {
        guard !paths.isEmpty else { return }
        let rows = paths.map { document.model[$0] }
        keepInRegister(paths)
        perform(.deleteRowSet(rows, at: paths))
        say(rows.count == 1 ? "Deleted 1 row" : "Deleted \(rows.count) rows")
    }

    // MARK: Check

    /// `c` with rows selected: each selected row's checkbox toggled (a row without one gets a
    /// checked one), one batch. Nested rows that are not selected are left as they are.
    func toggleSelected() {
        let paths = shownSelectedPaths.filter { !isPlaceholder($0) && !document.model[$0].isPassage }
        guard !paths.isEmpty else {
            say(selectedPaths.isEmpty ? "No row to check" : "The selected rows are hidden by the filter: nothing to check")
            return
        }
        let old = paths.map { document.model[$0] }
        // All checked: uncheck all; otherwise check all (as file managers toggle a selection).
        let allChecked = old.allSatisfy { $0.checkbox == true }
        let new = old.map { row -> ListModel.Row in
            var r = row
            if document.format == .plainText { r.checkbox = allChecked ? nil : true } else { r.checkbox = !allChecked }
            return r
        }
        perform(.changeRows(at: paths, from: old, to: new))
        say(allChecked ? "Unchecked \(paths.count) rows" : "Checked \(paths.count) rows")
    }

    // MARK: Drag as one block

    /// Space/Enter with rows selected: the first selected row is picked up (the cursor goes
    /// there) and carries the others; they gather where it is dropped.
    func pickUpSelection() -> TableOutcome {
        guard let lead = shownSelectedPaths.first else {
            return .refused(selectedPaths.isEmpty ? .nothingPickedUp : .busy("The selected rows are hidden by the filter: nothing to pick up"))
        }
        controller.perform(.moveCursor(.to(.row(lead))))
        let outcome = controller.perform(.pickUp)
        if let drag = tableView.rowDrag { tableView.reconfigureRows(at: [drag.source]) }
        return outcome
    }

    /// The count of rows the held row carries besides itself, while a selection is dragged.
    func carriedBySelection(_ source: IndexPath) -> Int {
        movingRows(adding: source).count - 1
    }

    /// The drop of a dragged selection: every moving row lands, in order, at the drop point, the
    /// place right after the last row above the held row (as shown) that does not move; at the
    /// section's start when there is none. One batch, one undo step.
    func dropSelection(_ drag: RowDrag) -> TableOutcome {
        let moving = movingRows(adding: drag.source)
        controller.perform(.cancel)     // the held row goes back; the batch moves it
        tableView.reconfigureRows(at: [drag.source])
        let d = drag.destination
        // The rows above the held row as shown: rows 0..<end of the target section, without it.
        let sameSection = drag.source.section == d.section
        let end = sameSection && drag.source.row <= d.row ? d.row + 1 : d.row
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
        guard let step = gatherStep(moving, at: IndexPath(row: k, section: d.section), above: above >= 0 ? above : nil) else { return .performed }
        perform(step)
        controller.perform(.moveCursor(.to(.row(IndexPath(row: k, section: d.section)))))
        return .performed
    }

    /// The batch that gathers `moving` (current space, in order) at `slot` (final space: a place
    /// among the rows that do not move) in their order, each block keeping its levels relative
    /// to its first row, clamped as a moved row is (docs/keys.md, "Nested rows"); nil when
    /// nothing would change. `above` is the row (current space, in the slot's section) they land
    /// under, nil at the section's start.
    func gatherStep(_ moving: [IndexPath], at slot: IndexPath, above: Int?) -> EditStep? {
        guard !moving.isEmpty else { return nil }
        let to = moving.indices.map { IndexPath(row: slot.row + $0, section: slot.section) }
        let levels = moving.map { document.model.sections[$0.section].rows.attributes(at: $0.row).level }
        var aboveLevel: Int?
        if let above {
            let a = document.model.sections[slot.section].rows.attributes(at: above)
            aboveLevel = a.isPassage ? nil : a.level
        }
        var newLevels: [Int] = []
        newLevels.reserveCapacity(levels.count)
        let delta = max(0, min(levels[0], aboveLevel.map { $0 + 1 } ?? 0)) - levels[0]
        for (i, level) in levels.enumerated() {
            let cap = i == 0 ? (aboveLevel.map { $0 + 1 } ?? 0) : newLevels[i - 1] + 1
            newLevels.append(max(0, min(level + delta, cap)))
        }
        if to == moving && newLevels == levels { return nil }
        return .moveRowSet(from: moving, to: to, levels: levels, newLevels: newLevels)
    }

    // MARK: One step

    /// `K`/`J` with rows selected: each run of moving rows (selected rows with their nested rows,
    /// next to each other) passes one row above or below it with that row's nested rows, as `K`
    /// and `J` move one row; a run at the edge of its section goes into the section above (at its
    /// end) or below (at its first slot), as one row does. While rows are hidden (a filter, a
    /// collapse), a run passes exactly one shown row that does not move. One batch.
    ///
    /// Each run lands in a gap between the rows that do not move (so two runs never take the same
    /// place): runs in one gap keep their order, and each takes the level its place allows below
    /// the row (or run) above it.
    ///
    /// - Complexity: O(m log m) for m moving rows, plus the rows a filter hides next to them.
    func moveSelectionOneStep(_ direction: VerticalDirection) -> TableOutcome {
        let moving = movingRows()
        guard !moving.isEmpty else { return .refused(.busy("The selected rows are hidden by the filter: nothing to move")) }
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
            let levels = Self.levels(document.model.sections[s].rows, run.rows)
            runLevels.append(levels)
            let p = IndexPath(row: run.rows.lowerBound, section: s)
            var slot: Int?   // in section s without the run
            if tableView.hidesRows {
                slot = shownNeighbourSlot(p, direction, block: run.rows, levels: levels) { isMoving($0, s) }
            } else {
                let here = outline(s, cutting: run.rows)
                slot = direction == .up ? here.slot(before: run.rows.lowerBound, levels: levels) : here.slot(after: run.rows.lowerBound, levels: levels)
            }
            if let slot {
                let r = slot <= run.rows.lowerBound ? slot : slot + run.rows.count   // current space
                landings.append((s, r - movingAbove(r, s)))
            } else if direction == .up, s > 0 {
                // The end of the section above (always a slot: what the retarget gives there).
                let n = realCount(s - 1)
                landings.append((s - 1, n - movingAbove(n, s - 1)))
            } else if direction == .down, s + 1 < document.model.sections.count {
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
                let a = document.model.sections[s].rows.attributes(at: r)
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
        // The batch takes its sources in index-path order: the runs' order (no index paths
        // compared).
        let sorted = runs.indices.flatMap { k in fromStart[k]..<(fromStart[k] + runs[k].rows.count) }
        let step = EditStep.moveRowSet(from: Self.picking(sorted, from), to: Self.picking(sorted, to),
                                       levels: Self.picking(sorted, levels), newLevels: Self.picking(sorted, newLevels))
        guard !from.isEmpty, from != to || levels != newLevels else {
            let first = selectedPaths.first.map { controller.name(of: $0) } ?? "The selection"
            return .refused(.cannotGoFurther(moving.count > 1 ? "The selected rows" : first))
        }
        performRevealing(step)
        return .performed
    }

    /// The row (current space) of section `s` that is the `k`-th (from 0) of those that do not
    /// move (the section's last row when there are fewer), given the section's moving rows in
    /// order: the moving row `moving[j]` has `moving[j] - j` rows that stay above it, so the
    /// `k`-th that stays comes after exactly the moving rows with at most `k` of those.
    ///
    ///     nonMovingRow(2, inSection: s, moving: [1, 2, 5])   // rows 0, 3, 4 stay: 4
    ///
    /// - Complexity: O(log m) for m moving rows of the section.
    private func nonMovingRow(_ k: Int, inSection s: Int, moving: ArraySlice<Int>) -> Int {
        min(k + Self.movingBefore(nonMoving: k, moving), realCount(s) - 1)
    }

    /// How many of `moving` (rows in order) come before the `k`-th row (from 0) not in it.
    /// (Nonisolated, as the bisections here are: a closure isolated to the main actor is
    /// checked at each call, which was a tenth of a step of 10,000 selected rows.)
    nonisolated static func movingBefore(nonMoving k: Int, _ moving: ArraySlice<Int>) -> Int {
        moving.indices.partitioningIndex { moving[$0] - ($0 - moving.startIndex) > k } - moving.startIndex
    }

    /// The levels of rows `range` of `rows` (nonisolated, as `movingBefore`).
    nonisolated static func levels(_ rows: RowList, _ range: Range<Int>) -> [Int] {
        range.map { rows.attributes(at: $0).level }
    }

    /// `values[indices[0]], values[indices[1]]...` (nonisolated, as `movingBefore`).
    nonisolated static func picking<T>(_ indices: [Int], _ values: [T]) -> [T] {
        indices.map { values[$0] }
    }

    /// Where `r` goes in `sorted` (an index of the slice): how many of it are below `r`, plus
    /// its start index.
    nonisolated static func countBelow(_ r: Int, in sorted: ArraySlice<Int>) -> Int {
        sorted.partitioningIndex { $0 >= r }
    }

    /// How many of `sorted` come before `p` (binary search).
    nonisolated static func countBelow(_ p: IndexPath, in sorted: [IndexPath]) -> Int {
        sorted.partitioningIndex { !($0 < p) }
    }
}
