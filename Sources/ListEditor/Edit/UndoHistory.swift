import ListStorage

/// The editor's undo and redo stacks, and how far the list is from what was last saved, so undo
/// back to the save clears `*`.
struct UndoHistory {
    /// How many steps the history holds (older ones are forgotten).
    static let limit = 1_000

    private(set) var undoSteps: [EditStep] = []
    private(set) var redoSteps: [EditStep] = []
    /// Steps since the last save (negative: undone past it); nil when the saved state is out of
    /// reach of undo (forgotten, or replaced by a reload's merge).
    var distanceFromSave: Int? = 0

    /// Whether the list is what was last saved.
    var isAtSave: Bool { distanceFromSave == 0 }

    /// Records a step just applied; redo is forgotten.
    mutating func record(_ step: EditStep) {
        undoSteps.append(step)
        if undoSteps.count > Self.limit {
            undoSteps.removeFirst(undoSteps.count - Self.limit)
            if let d = distanceFromSave, d >= Self.limit { distanceFromSave = nil }
        }
        redoSteps.removeAll()
        distanceFromSave = distanceFromSave.map { $0 + 1 }
        if let d = distanceFromSave, d <= 0 { distanceFromSave = nil }
    }

    /// The identities of the rows that undo or redo can bring back (the rows its steps hold:
    /// deleted, inserted, whole lists and sections), for `ListDocument.finishSave`.
    ///
    /// - Complexity: O(rows the steps hold); file rows' texts are not decoded.
    var rowIDs: [ListModel.RowID] {
        var ids: [ListModel.RowID] = []
        func add(_ step: EditStep) {
            switch step {
            case let .insertRow(row, _), let .deleteRow(row, _): ids.append(row.id)
            case let .insertRows(rows, _), let .deleteRows(rows, _), let .deleteRowSet(rows, _), let .insertRowSet(rows, _):
                ids += rows.map(\.id)
            case let .replaceList(a, b):
                ids += Self.rowIDs(of: a) + Self.rowIDs(of: b)
            case let .insertSection(section, _), let .deleteSection(section, _): Self.add(section.rows, to: &ids)
            case .renameRow, .changeRow, .changeRows, .moveRow, .moveRows, .moveRowSet, .renameSection, .moveSection:
                break   // the rows they name are in the list (their identities stay theirs)
            case let .together(steps): steps.forEach(add)
            }
        }
        for step in undoSteps + redoSteps { add(step) }
        return ids
    }

    /// The identities of `model`'s rows.
    ///
    /// - Complexity: O(rows); file rows' texts are not decoded.
    static func rowIDs(of model: ListModel) -> [ListModel.RowID] {
        var ids: [ListModel.RowID] = []
        for section in model.sections { add(section.rows, to: &ids) }
        return ids
    }

    private static func add(_ rows: RowList, to ids: inout [ListModel.RowID]) {
        rows.forEachRow(undecodedIn: rows.textBuffer) { id, _, _ in ids.append(id) }
    }

    /// Takes the step to undo, if any; `undone` records it once its inverse is applied (a step
    /// whose inverse cannot be applied is dropped).
    mutating func takeUndo() -> EditStep? { undoSteps.popLast() }

    /// `step`, taken by `takeUndo`, was undone: it can be redone.
    mutating func undone(_ step: EditStep) {
        redoSteps.append(step)
        distanceFromSave = distanceFromSave.map { $0 - 1 }
    }

    /// Takes the step to redo, if any; `redone` records it once applied.
    mutating func takeRedo() -> EditStep? { redoSteps.popLast() }

    /// `step`, taken by `takeRedo`, was applied again.
    mutating func redone(_ step: EditStep) {
        undoSteps.append(step)
        distanceFromSave = distanceFromSave.map { $0 + 1 }
    }
}
