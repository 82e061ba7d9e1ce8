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
