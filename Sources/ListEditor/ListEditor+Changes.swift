import TableKit
import TerminalUI

/// Every change the user makes goes through here: the model changes, the table is told with its
/// batch API (so an invalid change cannot apply half-way), and the step is recorded for undo.
extension ListEditor {
    func insertRow(_ text: String, at p: IndexPath) {
        let row = document.model.makeRow(text)
        perform(.insertRow(row, at: p))
    }

    /// Applies a step to the model and the table, and records it.
    func perform(_ step: EditStep) {
        guard apply(step) else { return }
        record(step)
    }

    /// Records a step that has already been applied (a drop the table made).
    func record(_ step: EditStep) {
        undoStack.append(step)
        if undoStack.count > Self.undoLimit {
            undoStack.removeFirst(undoStack.count - Self.undoLimit)
            if let d = distanceFromSave, d >= Self.undoLimit { distanceFromSave = nil }
        }
        redoStack.removeAll()
        changed()
        distanceFromSave = distanceFromSave.map { $0 + 1 }
        if let d = distanceFromSave, d <= 0 { distanceFromSave = nil }
    }

    public func undo() {
        guard let step = undoStack.popLast() else { say("Nothing to undo"); return }
        guard apply(step.inverse) else { return }
        redoStack.append(step)
        changed()
        distanceFromSave = distanceFromSave.map { $0 - 1 }
        placeCursor(step.inverse.focus)
    }

    public func redo() {
        guard let step = redoStack.popLast() else { say("Nothing to redo"); return }
        guard apply(step) else { return }
        undoStack.append(step)
        changed()
        distanceFromSave = distanceFromSave.map { $0 + 1 }
        placeCursor(step.focus)
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
        mutateModel(step)
        do {
            switch step {
            case let .insertRow(_, p): try tableView.insertRows(at: [p], with: .right)
            case let .deleteRow(_, p): try tableView.deleteRows(at: [p], with: .fade)
            case let .renameRow(p, _, _), let .changeRow(p, _, _): try tableView.reloadRows(at: [p], with: .fade)
            case let .moveRow(from, to): try tableView.moveRow(at: from, to: to)
            case let .moveRows(from, count, to, old, new): try moveRowsInTable(from: from, count: count, to: to, relevel: old != new)
            case let .insertSection(_, i): try tableView.insertSections([i], with: .fade)
            case let .deleteSection(_, i): try tableView.deleteSections([i], with: .fade)
            case .renameSection: break
            case let .moveSection(from, to): try tableView.moveSection(from, toSection: to)
            }
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
        case let .renameRow(p, _, text): document.model[p].text = text
        case let .changeRow(p, _, row): document.model[p] = row
        case let .moveRow(from, to): document.model.moveRow(from: from, to: to)
        case let .moveRows(from, count, to, _, new): document.model.moveRows(from: from, count: count, to: to, levels: new)
        case let .insertSection(section, i): document.model.insertSection(section, at: i)
        case let .deleteSection(_, i): document.model.removeSection(at: i)
        case let .renameSection(i, _, title): document.model.sections[i].title = title
        case let .moveSection(from, to): document.model.moveSection(from: from, to: to)
        }
    }
}
