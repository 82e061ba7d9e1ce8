import TableKit
import ListDocument
import ListStorage
import TerminalUI

/// Every change the user makes goes through here: the model changes, the table is told with its
/// batch API (so an invalid change cannot apply half-way), and the step is recorded for undo.
extension ListEditor {
    func insertRow(_ text: String, at p: IndexPath) {
        let row = document.model.makeRow(text)
        perform(.insertRow(row, at: p))
    }

    /// Inserts rows of `texts` from `target` on (final index space), one undo step; into a new
    /// untitled section when the list has none. The cursor goes to the last of them.
    func insertRows(_ texts: [String], at target: IndexPath) {
        insertRows(texts.map { document.model.makeRow($0) }, at: target)
    }

    /// Inserts `rows` (new rows, their attributes set) from `target` on (final index space), one
    /// batch and one undo step; into a new untitled section when the list has none. The cursor
    /// goes to the last of them.
    func insertRows(_ rows: [ListModel.Row], at target: IndexPath) {
        guard !rows.isEmpty else { return }
        if document.model.sections.isEmpty {
            var section = document.model.makeSection("")
            for (i, row) in rows.enumerated() { section.rows.insert(row, at: i) }
            perform(.insertSection(section, at: 0))
            controller.perform(.moveCursor(.to(.row(IndexPath(row: rows.count - 1, section: 0)))))
            return
        }
        let step = EditStep.insertRows(rows, at: target)
        perform(step)
        if case .row(let p) = step.focus { controller.perform(.reveal(p)) }   // into a collapsed section: it opens
        controller.perform(.moveCursor(.to(step.focus)))
    }

    /// `count` consecutive index paths from `first` on, in its section.
    static func block(_ count: Int, from first: IndexPath) -> [IndexPath] {
        (0..<count).map { IndexPath(row: first.row + $0, section: first.section) }
    }

    /// Applies a step to the model and the table, and records it (with an untitled section it
    /// empties dropped, `droppingAnEmptiedUntitledSection`).
    @discardableResult
    func perform(_ step: EditStep) -> Bool {
        guard apply(step) else { return false }
        record(droppingAnEmptiedUntitledSection(after: step))
        return true
    }

    /// In Markdown, an untitled first section with no rows is nothing in the file (it is what
    /// stands before the first heading), so the step that empties it also removes it, and the
    /// screen shows what the save will write: `d` on the only row above `# Week` leaves the
    /// sections from `# Week` on; on the only row of a list without headings, no section. Returns
    /// the step to record: `step`, or the whole change as one step (`replaceList`), so that one
    /// undo brings the section back with its rows.
    ///
    /// - Complexity: O(sections) when it drops the section (the model's copy on write), else O(1).
    func droppingAnEmptiedUntitledSection(after step: EditStep) -> EditStep {
        guard document.format == .markdown, let first = document.model.sections.first,
              first.title.isEmpty, first.rows.isEmpty,
              // The untitled section (rows before any heading), or one the editor made for rows
              // added to a list with none; an empty `#` heading is a section of the file.
              first.source == MarkdownFormat.untitled || first.source == nil else { return step }
        let after = document.model
        mutateModel(step.inverse)
        let before = document.model
        document.model = after
        guard apply(.deleteSection(first, at: 0)) else { return step }
        filterIndex = nil   // it followed `step` only (one change each): built again when needed
        return .replaceList(from: before, to: document.model)
    }

    /// Records a step that has already been applied (a drop the table made).
    func record(_ step: EditStep) {
        history.record(step)
        changed()
    }

    /// What follows every change recorded, undone or redone: it is counted (`changeCount`, which
    /// the filter index is kept in step with), the board's lanes are read again, and the
    /// recovery file is due once changes have been quiet long enough (`writeRecoveryIfDue`).
    func changed() {
        changeCount += 1
        updateLanes()
        lastChange = renderer.clock.now
        recoveryPending = true
    }

    @discardableResult
    func undo() -> KeyOutcome {
        guard let step = history.takeUndo() else { return .refused("Nothing to undo") }
        guard apply(step.inverse) else { return .failed }
        history.undone(step)
        changed()
        placeCursor(step.inverse.focus)
        hideRestoredRowsTheFilterDrops(step.inverse)
        return .changed
    }

    @discardableResult
    func redo() -> KeyOutcome {
        guard let step = history.takeRedo() else { return .refused("Nothing to redo") }
        guard apply(step) else { return .failed }
        history.redone(step)
        changed()
        placeCursor(step.focus)
        hideRestoredRowsTheFilterDrops(step)
        return .changed
    }

    /// Puts the cursor where an undone or redone step was, or on the nearest row of its section
    /// when that row is gone (through the controller, which owns the cursor).
    func placeCursor(_ target: TableFocus?) {
        guard var target else { return }
        if case .row(let p) = target, !tableView.contains(p), p.section < tableView.numberOfSections {
            let n = tableView.numberOfRows(inSection: p.section)
            target = n > 0 ? .row(IndexPath(row: n - 1, section: p.section)) : .header(p.section)
        }
        controller.perform(.moveCursor(.to(target)))
    }

    /// Changes the model and tells the table. Returns false (and says why) if the table refused,
    /// in which case the model change is reversed (no snapshot is taken: a snapshot would make
    /// the next mutation copy the section's storage).
    @discardableResult
    func apply(_ step: EditStep) -> Bool {
        if case .together(let steps) = step {
            // In order, each with its batch; one refused puts back those applied before it.
            for (i, part) in steps.enumerated() {
                guard apply(part) else {
                    for done in steps[..<i].reversed() { apply(done.inverse) }
                    filterIndex = nil   // built again when needed
                    return false
                }
                // The filter's index followed the part as a change of its own: the next part
                // is of the same change.
                if i < steps.count - 1, filterIndex?.changes == changeCount + 1 { filterIndex?.changes = changeCount }
            }
            return true
        }
        mutateModel(step)
        do {
            switch step {
            case let .insertRow(_, p): try tableView.insertRows(at: [p], with: .right)
            case let .deleteRow(_, p): try tableView.deleteRows(at: [p], with: .fade)
            case let .insertRows(rows, p): try tableView.insertRows(at: Self.block(rows.count, from: p), with: .right)
            case let .deleteRows(rows, p): try tableView.deleteRows(at: Self.block(rows.count, from: p), with: .fade)
            case let .deleteRowSet(_, paths): try tableView.deleteRows(at: paths, with: .fade)
            case let .insertRowSet(_, paths): try tableView.insertRows(at: paths, with: .right)
            case let .moveRowSet(from, to, old, new):
                try tableView.performBatchUpdates {
                    for (a, b) in zip(from, to) { try tableView.moveRow(at: a, to: b) }
                }
                let relevelled = to.indices.filter { old[$0] != new[$0] }.map { to[$0] }
                if !relevelled.isEmpty { tableView.reconfigureRows(at: relevelled) }
            case let .changeRows(paths, _, _): try tableView.reloadRows(at: paths, with: .fade)
            case .replaceList:
                tableView.reloadData()
                reapplyFilterAfterReload()
            case let .renameRow(p, _, _), let .changeRow(p, _, _): try tableView.reloadRows(at: [p], with: .fade)
            case let .moveRow(from, to): try tableView.moveRow(at: from, to: to)
            case let .moveRows(from, count, to, old, new):
                // A block the planner placed: one block move, without the general batch.
                try tableView.moveRows(at: from, count: count, to: to)
                if old != new { tableView.reconfigureRows(at: Self.block(count, from: to)) }
            case let .insertSection(_, i): try tableView.insertSections([i], with: .fade)
            case let .deleteSection(_, i): try tableView.deleteSections([i], with: .fade)
            case .renameSection: break
            case let .moveSection(from, to): try tableView.moveSection(from, toSection: to)
            case .together: break   // applied part by part above
            }
            followInFilterIndex(step)
            checkLevels(after: step)
            return true
        } catch {
            mutateModel(step.inverse)
            say("\(error)", error: true)
            return false
        }
    }

    /// The model half of a step.
    func mutateModel(_ step: EditStep) {
        switch step {
        case let .insertRow(row, p): document.model.insert(row, at: p)
        case let .deleteRow(_, p): document.model.removeRow(at: p)
        case let .insertRows(rows, p):
            for (i, row) in rows.enumerated() { document.model.insert(row, at: IndexPath(row: p.row + i, section: p.section)) }
        case let .deleteRows(rows, p):
            for _ in rows { document.model.removeRow(at: p) }
        case let .deleteRowSet(_, paths): document.model.removeRows(at: paths)
        case let .insertRowSet(rows, paths): document.model.insertRows(rows, at: paths)
        case let .moveRowSet(from, to, _, new): document.model.moveRows(from: from, to: to, levels: new)
        case let .changeRows(paths, _, rows):
            for (p, row) in zip(paths, rows) {
                document.model[p] = ListModel.Row(id: document.model[p].id, text: row.text, attributes: row.attributes)
            }
        case let .replaceList(_, model): document.model = model
        case let .renameRow(p, _, text):
            // A text giving the file's paragraph is held as the row was read (an undo).
            document.model[p].text = document.heldText(text, for: document.model[p].id)
        case let .changeRow(p, _, row):
            // The identity stays the row's own (after a save the row names the new file's block),
            // unless the row given holds its item's paragraph as its own version of the file has
            // it (an undo of a rename across a save): it takes that identity back, and its bytes.
            let current = document.model[p].id
            let id = row.id != current && row.text.utf8.contains(0x0A) && document.isAsRead(row.text, for: row.id) ? row.id : current
            document.model[p] = ListModel.Row(id: id, text: document.heldText(row.text, for: id), attributes: row.attributes)
        case let .moveRow(from, to): document.model.moveRow(from: from, to: to)
        case let .moveRows(from, count, to, _, new):
            // A block is a set of consecutive rows landing consecutively: the set move.
            document.model.moveRows(from: Self.block(count, from: from), to: Self.block(count, from: to), levels: new)
        case let .insertSection(section, i): document.model.insertSection(section, at: i)
        case let .deleteSection(_, i): document.model.removeSection(at: i)
        case let .renameSection(i, _, title): document.model.sections[i].title = title
        case let .moveSection(from, to): document.model.moveSection(from: from, to: to)
        case let .together(steps): steps.forEach(mutateModel)
        }
    }

    /// Traps in debug builds when `step` left a row deeper than the level rule allows
    /// (`ListModel._checkLevels`): the rows it wrote and the row after each place it changed,
    /// which are the only rows a step can break the rule at when the list kept it before. Set
    /// steps and whole-list steps check the sections they touch.
    func checkLevels(after step: EditStep) {
        #if DEBUG
        let model = document.model
        func rows(_ p: IndexPath, _ n: Int) { model._checkLevels(section: p.section, rows: p.row..<(p.row + n)) }
        switch step {
        case let .insertRow(_, p), let .deleteRow(_, p), let .renameRow(p, _, _), let .changeRow(p, _, _):
            rows(p, 1)
        case let .insertRows(new, p): rows(p, new.count)
        case let .deleteRows(_, p): rows(p, 0)
        case let .moveRows(from, count, to, _, _):
            rows(to, count)
            // Where the block was: its first row's place once the block is gone.
            let seam = from.section == to.section && to.row <= from.row ? from.row + count : from.row
            rows(IndexPath(row: seam, section: from.section), 0)
        case let .moveRow(from, to):
            model._checkLevels(section: from.section)
            if to.section != from.section { model._checkLevels(section: to.section) }
        case let .deleteRowSet(_, paths), let .insertRowSet(_, paths), let .changeRows(paths, _, _):
            for s in Set(paths.map(\.section)) { model._checkLevels(section: s) }
        case let .moveRowSet(from, to, _, _):
            for s in Set((from + to).map(\.section)) { model._checkLevels(section: s) }
        case let .insertSection(_, i): model._checkLevels(section: i)
        case .replaceList: model._checkLevels()
        case .deleteSection, .renameSection, .moveSection: break
        case let .together(steps): steps.forEach(checkLevels)
        }
        #endif
    }
}
