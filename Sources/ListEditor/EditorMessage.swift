import ListDocument
import TerminalUI

/// What the editor's update step consumes: the user's input, the answers to its prompts and
/// entries, what its reads read, and the results of the effects it asked for that can fail.
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
    /// The `.read(.disk)` effect was performed: what is on disk, for `ListDocument.checkDisk(_:)`.
    case diskLooked(DiskLook)
    /// The `.read(.file)` effect was performed: the file's bytes, or why it could not be read.
    case fileRead(EditorRead.Purpose, Result<DiskVersion, DocumentError>)
    /// The `.read(.recoveryFiles)` effect was performed: the recovery files found, and what is
    /// at a recovery path but is not one (`Recovery.scan`).
    case recoveryScanned(files: [RecoveryFile], ignored: [IgnoredRecoveryFile])
    /// The `.work(.joinFilterIndex)` effect was performed: the filter index of the list at
    /// `index`'s change count, and what needed it (dropped when the list changed since).
    case filterIndexBuilt(FilterIndex, for: FilterNeed)
    /// The question of `kind` was answered (the keys send this; the prompt showing closes):
    /// what the answer does is the kind's (`ListEditor.answered`).
    case answered(PromptKind, PromptReply)
    /// The text entry of `kind` closed with its text (nil: Esc): what the text does is the
    /// kind's (`ListEditor.entered`).
    case entered(EntryKind, String?)
}
