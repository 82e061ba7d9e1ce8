import ListDocument
import TableKit
import ListStorage
import KeyBindings

/// What a question in the status line is about, with what its answers need: the editor's
/// `answered(kind, reply)` does what the answer says, in one switch. Index paths and sections
/// are in the list's current space when it was asked.
///
///     .deleteSection(2)          // `y`: section 2 is deleted; `n` or Esc: nothing
///     .diskChanged(version, partial: false)   // `r` reloads `version`, `m` merges it, `k` keeps
public enum PromptKind: Equatable, Sendable {
    /// The file changed on disk (to `version`) while there are unsaved edits: reload, keep mine
    /// (not when the document holds only the `partial` part read), merge.
    case diskChanged(DiskVersion, partial: Bool)
    /// The file is open in another listedit: read-only, edit anyway (then `pending`'s edits
    /// are offered, with `said`), quit.
    case openElsewhere(pending: [RecoveryFile], said: [String])
    /// Unsaved edits of an ended listedit in `file`: restore, discard, merge (when the file
    /// changed since), later; then `rest` is offered, with what was `said` so far.
    case recoveredEdits(RecoveryFile, rest: [RecoveryFile], said: [String])
    /// A save to `path` (nil: the document's file) found the file changed on disk or in the
    /// way: overwrite it (`y`), another name (`n`, save as only), or not.
    case overwrite(path: String?, acceptingLosses: Bool, then: AfterSave)
    /// The format cannot hold part of the list: save anyway (`y`), another name (`n`, save as
    /// only), or not.
    case losses(path: String?, overwrite: Bool, then: AfterSave)
    /// Quit with unsaved changes: save first (`y`), quit without (`n`), stay (Esc).
    case quitWithChanges
    /// Delete the selected rows (`rows`, with their nested rows).
    case deleteSelection([IndexPath])
    /// Delete a whole section.
    case deleteSection(Int)
    /// Delete the row at `at` (whose identity is `id`) and its nested rows.
    case deleteNested(IndexPath, id: ListModel.RowID)

    /// The letter answers it takes (the key table's `KeyAction.answer`); empty: `y`, `n` and Esc.
    var letters: [PromptAnswer] {
        switch self {
        case .diskChanged(_, let partial): partial ? [.reload, .merge] : [.reload, .keep, .merge]
        case .openElsewhere: [.readOnly, .editAnyway, .quit]
        case .recoveredEdits(let file, _, _): file.documentChanged ? [.restore, .discard, .merge] : [.restore, .discard]
        default: []
        }
    }
}

/// An answer to a question, as `EditorMessage.answered` carries it: yes, no, Esc, or one of the
/// letters the question offers.
public enum PromptReply: Equatable, Sendable {
    case yes, no, cancel
    case letter(PromptAnswer)
}
