import TableKit

/// What a key's action did, as the action itself says (docs/keys.md: no key is silent): the
/// key handler shows why a key did nothing from this, never by comparing the editor before and
/// after.
///
///     undo() with nothing to undo   // .refused("Nothing to undo")
///     `g` on the first item already // .unchanged: the status line says "g does nothing here"
enum KeyOutcome: Equatable {
    /// The action changed something: the list, the cursor, what shows, the mode, or it asked for
    /// an effect (a save, quitting).
    case changed
    /// The action did nothing and has no reason of its own: the key handler says why
    /// (`ListEditor.whyNothing`, from the mode the key was pressed in).
    case unchanged
    /// The action did nothing, for this reason (an error when `error`), which the status line shows.
    case refused(String, error: Bool = false)
    /// The action did nothing, and the routine it shares with other callers has already shown
    /// the error (a batch the table refused, `ListEditor.apply`; saving turned off, `write`).
    case failed

    /// `.changed`, `.unchanged` or `.refused(why)` for a table intent's outcome.
    init(_ outcome: TableOutcome) {
        switch outcome {
        case .performed: self = .changed
        case .unchanged: self = .unchanged
        case .refused(let why): self = .refused(why.description)
        }
    }
}
