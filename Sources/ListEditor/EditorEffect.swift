import ListDocument

/// What the editor's update step asks the world to do, instead of doing it: it reads and writes
/// no file itself. The run loop hands each effect, in order, to the performer the `listedit` command gave
/// it (`EditorEffectPerformer`; a test may perform or fail them itself); the result of one that
/// can fail, or of a read, comes back as a message (`.saved`, `.diskLooked`).
///
///     for effect in editor.update(.input(.key(.char("s")))) {
///         if case .save(let request) = effect {
///             let result = Result { () throws(DocumentError) in try request.write() }
///             _ = editor.update(.saved(result))
///         }
///     }
public enum EditorEffect: Sendable {
    /// Check the file at `request.path` and write `request.bytes` there atomically
    /// (`SaveRequest.write`: a file read-only, in the way or changed on disk is refused there,
    /// not in the update step), then send `.saved` with the stamp of the file written or the error.
    case save(ListDocument.SaveRequest)
    /// Write this session's recovery file: `document`'s unsaved edits (`hasEdits`), or a file
    /// that only names this process.
    case writeRecovery(RecoverySession, ListDocument, hasEdits: Bool)
    /// Remove this session's recovery file (quit with nothing unsaved, or the session moved on).
    case removeRecovery(RecoverySession)
    /// Start this session's recovery file for the document at `document` (`stamp`: as read),
    /// then send `.recoveryBegan`.
    case beginRecovery(document: String, stamp: FileAccess.Stamp?)
    /// Write `document`'s edits, restored or merged from `file`, to this session's recovery file,
    /// then remove `file`; a failed write keeps `file` and sends `.recoveryFailed`.
    case takeOverRecovery(RecoverySession, ListDocument, from: RecoveryFile)
    /// Remove a recovery file another session left (the user chose discard).
    case discardRecovery(RecoveryFile)
    /// Read what `read` says, then send what was read (`EditorRead`).
    case read(EditorRead)
    /// Start, join or stop work off the main actor (`EditorWork`: the filter index's build, the
    /// background load); only the index's join sends a message back (`.filterIndexBuilt`).
    case work(EditorWork)
    /// The editor is done: the run loop ends.
    case quit
}
