import Foundation

/// Customises editing and reordering, like the editing part of `UITableViewDelegate`. Every
/// method has UIKit's default (table-semantics.md part B, 3.5), so implement only what differs.
///
///     @MainActor final class KeepInSection: TableViewDelegate {
///         func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
///                    toProposedIndexPath proposed: IndexPath) -> IndexPath {
///             proposed.section == source.section ? proposed : source
///         }
///     }
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Default `.delete` for editable rows.
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// Default `true`.
    func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// The row's indentation level, asked when its cell is prepared; a value other than 0 replaces
    /// the cell's own `indentationLevel`. Default 0 (the cell's level stands).
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
    /// Asked every time a dragged row is over a new destination. Default: `proposed`.
    ///
    /// - Parameters:
    ///   - source: where the drag started (the space before the drag).
    ///   - proposed: the destination under the row, as a final index.
    /// - Returns: the destination to use instead, as a final index.
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
               toProposedIndexPath proposed: IndexPath) -> IndexPath
    /// Swipe-to-delete begins on a row.
    func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath)
    /// Swipe-to-delete ends; `nil` when the row is gone.
    func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?)
    /// The user is selecting a row: return it, another row to select instead, or nil to refuse.
    /// Default: `indexPath`.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user selected a row (Enter or a click outside edit mode). Default: nothing.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user is deselecting a row (selecting another one, or toggling it with multiple
    /// selection): return it, another row, or nil to keep it selected. Default: `indexPath`.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// The user deselected a row. Default: nothing.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The buttons a swiped row shows. Default nil: a destructive Delete when the data source
    /// commits and the row's style is `.delete`. An empty configuration: the row cannot be
    /// swiped.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// Default "Delete".
    func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String
    /// Edit mode is about to change (`setEditing`). Default: nothing.
    func tableView(_ tableView: TableView, willSetEditing editing: Bool)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                      toProposedIndexPath proposed: IndexPath) -> IndexPath { proposed }
    public func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String { "Delete" }
    public func tableView(_ tableView: TableView, willSetEditing editing: Bool) {}
}
