import ListDocument
import TerminalUI

/// The update step and the run loop's side of it. `update` takes a message (input, or the result
/// of an effect) and returns the effects it asks for: it changes the editor's state and writes no
/// file. `handle` (the `TerminalProgram` entry the run loop calls) is the runtime: it runs
/// `update`, performs the effects (`FileEffects`), and feeds their results back as messages, so
/// a save's failure shows as an error and the `*` stays. Reading is not an effect: the update step
/// still reads (the file on disk checked on ticks, the recovery files offered); every write and
/// removal is one. Opening (`init`) performs its own effects: this session's recovery file.
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
        defer { effects = [] }
        return effects
    }

    /// Runs `event` through `update` and performs what it asks for.
    public func handle(_ event: InputEvent) {
        // What the background load sent first: keys act on every row read so far.
        if let background { for report in background.take() { perform(update(.loaded(report))) } }
        perform(update(.input(event)))
    }

    /// Performs `effects` in order, and the ones their results ask for after them.
    func perform(_ effects: [EditorEffect]) {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if case .quit = effect { wantsQuit = true; background?.cancel() }
            if let reply = FileEffects.perform(effect) { queue += update(reply) }
        }
    }

    /// Performs the effects asked for outside an update step (opening, a signal), at once.
    func performEffects() {
        let pending = effects
        effects = []
        perform(pending)
    }
}
