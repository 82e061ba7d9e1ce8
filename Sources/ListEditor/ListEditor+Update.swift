import ListDocument
import TerminalUI

/// The update step. `update` takes a message (input, or the result of an effect) and returns the
/// effects it asks for: it changes the editor's state and writes no file. The run loop hands each
/// effect to an `EditorEffectPerformer` (the `listedit` command owns it), which performs it and
/// feeds its result back as a message, so a save's failure shows as an error and the `*` stays.
/// Reading is an effect too (`.read`): the file on disk checked on ticks, `:e!`, the recovery files
/// offered at open come back as messages. Opening asks for its effects (the recovery files read,
/// then this session's recovery file begun): `start()` returns them.
extension ListEditor {
    /// One step: `message` in, the effects to perform out, in order.
    ///
    ///     let effects = editor.update(.input(.key(.char("s"))))   // [.save(request)]; .saved(result) comes back
    ///     editor.update(.saved(.failure(error)))                   // the error shows; still modified
    @discardableResult
    public func update(_ message: EditorMessage) -> [EditorEffect] {
        receive(message)
        layOutTable()
        return takeEffects()
    }

    /// The table laid out for the size the last resize announced by the view that shows it
    /// (`TableRenderer.layOut`, `BoardRenderer.layOut`: the cursor kept on screen, a requested
    /// scroll honoured) and the page keys' step: the end of every update step, so that drawing
    /// changes nothing.
    func layOutTable() {
        controller.pageSize = max(1, size.height - 3)
        let height = size.height >= 3 ? size.height - 2 : 0
        if view == .board { board.layOut(width: size.width, height: height) } else { renderer.layOut(height: height) }
    }

    /// Handles `message`, leaving what it asks for in `effects`: `update` without handing them
    /// over (the keys send prompt answers through it, inside their own step).
    func receive(_ message: EditorMessage) {
        switch message {
        case .input(let event): handleInput(event)
        case .saved(let result): saved(result)
        case .recoveryBegan(.success(let session)): recovery = session
        case .recoveryBegan(.failure(let error)): say("No recovery file: \(error.message)", error: true)
        case .recoveryFailed(let error): say("Cannot write the recovery file: \(error.message)", error: true)
        case .loaded(let report): loaded(report)
        case .diskLooked(let look): diskChecked(document.checkDisk(look))
        case .fileRead(let purpose, let result): fileRead(purpose, result)
        case .recoveryScanned(let files, let ignored): offerRecovery(files, ignored: ignored)
        case .filterIndexBuilt(let index, let need): filterIndexBuilt(index, for: need)
        case .answered(let kind, let reply):
            if mode.prompt?.kind == kind { endMode() }
            answered(kind, reply)
        case .entered(let kind, let text):
            if mode.entry?.kind == kind { endMode() }
            entered(kind, text)
        }
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
        layOutTable()
        return takeEffects()
    }

    /// The effects asked for so far, handed over (and forgotten here). When they include
    /// `.quit`, stopping the background load (if any) comes first: nothing reads the file after
    /// the editor is gone.
    ///
    ///     effects = [.quit]; takeEffects()   // [.work(.stopLoading(load)), .quit] while a file loads
    ///
    /// - Complexity: O(effects).
    func takeEffects() -> [EditorEffect] {
        defer { effects = [] }
        if let background, effects.contains(where: { if case .quit = $0 { true } else { false } }) {
            return [.work(.stopLoading(background))] + effects
        }
        return effects
    }
}
