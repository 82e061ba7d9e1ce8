import ListDocument
import TableKit
import ListStorage

/// A save the editor asked for (the `.save` effect) whose result has not come back yet: what
/// goes on when it does (`ListEditor.saved`).
struct PendingSave {
    /// What is being written.
    var request: ListDocument.SaveRequest
    /// Save as's new name (nil: the document's own file).
    var newPath: String?
    /// What the format cannot hold and the user agreed to drop or flatten (empty: nothing).
    var losses: [FormatLimitation]
    /// The list before the save, for the undo step a lossy save records.
    var before: ListModel
    /// Where the cursor was, to put it back after a lossy save changed the list.
    var place: (focus: TableFocus, text: String?)?
    /// What follows once the save worked (quit after saving, say).
    var then: AfterSave
}
