/// A table's selected rows as a value to compare, taken before and after a change to see
/// whether the selection changed (`TableView.selectionState`): taking one costs O(1), and so
/// does comparing two when nothing changed between them (they share storage), where sorting
/// `indexPathsForSelectedRows` costs O(s log s) for s selected rows each time.
///
///     let before = tableView.selectionState
///     handle(key)
///     if tableView.selectionState != before { … }
public struct SelectionState: Equatable, Sendable {
    let rows: Set<RowKey>
}
