import ListDocument
import TerminalUI

/// The update step and the run loop's side of it. `update` takes a message (input, or the result
/// of an effect) and returns the effects it asks for: it changes the editor's state and writes no
/// file. `handle` (the `TerminalProgram` entry the run loop calls) is the runtime: it runs
/// `update`, performs the effects (`FileEffects`), and feeds their results back as messages, so
/// a save's failure shows as an error and the `*` stays.
extension ListEditor {
    /// One step: `message` in, the effects to perform out, in order.
    ///
    ///     let effects = editor.update(.input(.key(.char("s"))))   // [.save(request), .writeRecovery(…)]
    ///     editor.update(.saved(.failure(error)))                   // the error shows; still modified
    @discardableResult
    public func update(_ message: EditorMessage) -> [EditorEffect] {
        switch message {
        case .input(let event): handleInput(event)
        case .saved(let result): saved(result)
        }
        defer { effects = [] }
        return effects
    }

    /// Runs `event` through `update` and performs what it asks for.
    public func handle(_ event: InputEvent) {
        effects += update(.input(event))
        performEffects()
    }

    /// Performs the effects asked for so far, and the ones their results ask for.
    func performEffects() {
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            if case .quit = effect { wantsQuit = true }
            if let reply = FileEffects.perform(effect) { effects += update(reply) }
        }
    }
}
