import ListDocument
import TerminalUI

/// What the editor's update step consumes: the user's input, and the results of the effects it
/// asked for that can fail.
public enum EditorMessage: Sendable {
    /// A key, a mouse event, a paste, a resize or a tick.
    case input(InputEvent)
    /// The `.save` effect was performed: the stamp of the file written, or why it failed (the
    /// editor then says so and keeps its unsaved changes, `*`).
    case saved(Result<FileAccess.Stamp, DocumentError>)
    /// The `.beginRecovery` effect was performed: this session's recovery file, or why there is
    /// none (the editor says so and runs without one).
    case recoveryBegan(Result<RecoverySession, DocumentError>)
    /// A recovery file could not be written where the user expects one (a restore or merge).
    case recoveryFailed(DocumentError)
    /// The file being read in the background reports: more rows, the end, or why it stopped.
    case loaded(LoadReport)
}
