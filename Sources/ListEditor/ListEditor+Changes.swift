import TableKit

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
        tableView.focus = step.inverse.focus
        clampFocus()
    }

    public func redo() {
        guard let step = redoStack.popLast() else { say("Nothing to redo"); return }
        guard apply(step) else { return }
        undoStack.append(step)
        changed()
        distanceFromSave = distanceFromSave.map { $0 + 1 }
        tableView.focus = step.focus
        clampFocus()
    }

    func clampFocus() {
        if case .row(let p)? = tableView.focus, !tableView.contains(p) {
            tableView.focus = tableView.numberOfRows(inSection: p.section) > 0
                ? .row(IndexPath(row: tableView.numberOfRows(inSection: p.section) - 1, section: p.section)) : .header(p.section)
        }
    }

    /// Changes the model and tells the table. Returns false (and says why) if the table refused,
    /// in which case the model is put back.
    @discardableResult
    func apply(_ step: EditStep) -> Bool {
        let before = document.model
        do {
            switch step {
            case let .insertRow(row, p):
                document.model.insert(row, at: p)
                try tableView.insertRows(at: [p], with: .right)
            case let .deleteRow(_, p):
                document.model.removeRow(at: p)
                try tableView.deleteRows(at: [p], with: .fade)
            case let .renameRow(p, _, text):
                document.model[p].text = text
                try tableView.reloadRows(at: [p], with: .fade)
            case let .moveRow(from, to):
                document.model.moveRow(from: from, to: to)
                try tableView.moveRow(at: from, to: to)
            case let .insertSection(section, i):
                document.model.insertSection(section, at: i)
                try tableView.insertSections([i], with: .fade)
            case let .deleteSection(_, i):
                document.model.removeSection(at: i)
                try tableView.deleteSections([i], with: .fade)
            case let .renameSection(i, _, title):
                document.model.sections[i].title = title
            case let .moveSection(from, to):
                document.model.moveSection(from: from, to: to)
                try tableView.moveSection(from, toSection: to)
            }
            return true
        } catch {
            document.model = before
            say("\(error)", error: true)
            return false
        }
    }
}
