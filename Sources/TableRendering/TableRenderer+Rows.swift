import TableKit
import TerminalUI

/// The list's rows, drawn by the `RowPainter` the board shares.
extension TableRenderer {
    /// This frame's painter: edit mode, selection marks, the swiped row and the Delete button as
    /// read at the frame's start.
    var rowPainter: RowPainter {
        RowPainter(tableView: tableView, theme: theme, editMode: editMode, showsSelectionMarks: showsSelectionMarks,
                   swipedRow: swipedRow, confirmingRow: confirmingRow)
    }
}
