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
            let k = MovePlanner.countBelow(extra, in: starts)
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
        ask(.deleteSelection(rows), options: question + "? (y/n)")
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
    func toggleSelected() -> KeyOutcome {
        let paths = shownSelectedPaths.filter { !isPlaceholder($0) && !document.model[$0].isPassage }
        guard !paths.isEmpty else {
            return .refused(selectedPaths.isEmpty ? "No row to check" : "The selected rows are hidden by the filter: nothing to check")
        }
        let old = paths.map { document.model[$0] }
        // All checked: uncheck all; otherwise check all (as file managers toggle a selection).
        let allChecked = old.allSatisfy { $0.checkbox == true }
        let new = old.map { row -> ListModel.Row in
            var r = row
            if document.format == .plainText { r.checkbox = allChecked ? nil : true } else { r.checkbox = !allChecked }
            return r
        }
        guard perform(.changeRows(at: paths, from: old, to: new)) else { return .failed }
        say(allChecked ? "Unchecked \(paths.count) rows" : "Checked \(paths.count) rows")
        return .changed
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

    // MARK: One step

    /// `K`/`J` with rows selected: the planner's step for the moving rows
    /// (`MovePlanner.planSelectionStep`), one batch.
    func moveSelectionOneStep(_ direction: VerticalDirection) -> TableOutcome {
        let moving = movingRows()
        guard !moving.isEmpty else { return .refused(.busy("The selected rows are hidden by the filter: nothing to move")) }
        let plan = planner.plan(.step(direction), for: .rows(moving, held: nil))
        guard case .move(let step, let cursor) = plan else {
            let first = selectedPaths.first.map { controller.name(of: $0) } ?? "The selection"
            return .refused(.cannotGoFurther(moving.count > 1 ? "The selected rows" : first))
        }
        commit(step, cursor: cursor)
        return .performed
    }
}
