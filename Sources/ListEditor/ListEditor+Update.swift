import ListDocument
import TerminalUI

/// The update step. `update` takes a message (input, or the result of an effect) and returns the
/// effects it asks for: it changes the editor's state and writes no file. The run loop hands each
/// effect to an `EditorEffectPerformer` (the `listedit` command owns it), which performs it and
/// feeds its result back as a message, so a save's failure shows as an error and the `*` stays.
/// Reading is not an effect: the update step still reads (the file on disk checked on ticks, the
/// recovery files offered); every write and removal is one. Opening asks for its effects too
/// (this session's recovery file): `start()` returns them.
extension ListEditor {
    /// One step: `message` in, the effects to perform out, in order.
    ///
    ///     let effects = editor.update(.input(.key(.char("s"))))   // [.save(request)]; .saved(result) comes back
    ///     editor.update(.saved(.failure(error)))                   // the error shows; still modified
    @discardableResult
    public func update(_ message: EditorMessage) -> [EditorEffect] {
        switch message {
        case .input(let event): handleInput(event)
        case .saved(let result): saved(result)
        case .recoveryBegan(.success(let session)): recovery = session
        case .recoveryBegan(.failure(let error)): say("No recovery file: \(error.message)", error: true)
        case .recoveryFailed(let error): say("Cannot write the recovery file: \(error.message)", error: true)
        case .loaded(let report): loaded(report)
        }
        return takeEffects()
    }

    /// The `TerminalProgram` entry the run loop calls: what the background load sent first (keys
    /// act on every row read so far), then `update(.input(event))`.
    public func handle(_ event: InputEvent) -> [EditorEffect] {
        var out: [EditorEffect] = []
        if let background { for report in background.take() { out += update(.loaded(report)) } }
        return out + update(.input(event))
    }

    /// What opening asked for (this session's recovery file, `.beginRecovery`), once.
    public func start() -> [EditorEffect] {
        takeEffects()
    }

    /// The effects asked for so far, handed over (and forgotten here). When they include
    /// `.quit`, the background load (if any) is cancelled first: nothing reads the file after
    /// the editor is gone.
    ///
    ///     effects = [.quit]; takeEffects()   // [.quit]; the load's task is cancelled
    ///
    /// - Complexity: O(effects).
    func takeEffects() -> [EditorEffect] {
        defer { effects = [] }
        if effects.contains(where: { if case .quit = $0 { true } else { false } }) { background?.cancel() }
        return effects
    }
}
