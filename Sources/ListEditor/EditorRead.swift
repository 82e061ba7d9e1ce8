import ListDocument

/// What the editor's update step asks to read (`EditorEffect.read`): it reads no file itself.
/// The performer reads and sends the result back as a message, which the update step decides on.
///
///     editor.update(.input(.tick))        // [.read(.disk(document)), …] once a second
///     performer: .diskLooked(document.lookAtDisk()!) → the editor reloads, or asks
public enum EditorRead: Sendable {
    /// The open file compared with what `document` last saw there (`ListDocument.lookAtDisk`),
    /// then `.diskLooked`.
    case disk(ListDocument)
    /// The file at `path`, read whole, then `.fileRead(purpose, result)`.
    case file(String, for: Purpose)
    /// The recovery files next to the document at `document` (`Recovery.scan`), then
    /// `.recoveryScanned`.
    case recoveryFiles(document: String)

    /// What a file is read for: what the editor does with it when it comes.
    public enum Purpose: Equatable, Sendable {
        /// `:e!`: the list is replaced with it (one undo step).
        case readAgain
        /// A save over a file of which the document holds only the part read: when the file is
        /// there, the question about its change is asked again (keep mine not offered); when it
        /// is gone, the save to `path` (nil: the document's file) goes on.
        case partialSave(path: String?, overwrite: Bool, acceptingLosses: Bool, then: AfterSave)
    }
}
