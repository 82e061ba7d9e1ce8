import Foundation

/// Customises editing and reordering, like the editing part of `UITableViewDelegate`. Every
/// method has UIKit's default (table-semantics.md part B, 3.5), so implement only what differs.
///
///     @MainActor final class KeepInSection: TableDelegate {
///         func table(_ table: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
///                    toProposedIndexPath proposed: IndexPath) -> IndexPath {
///             proposed.section == source.section ? proposed : source
///         }
///     }
@MainActor
public protocol TableDelegate: AnyObject {
    /// Default `.delete` for editable rows.
    func table(_ table: TableView, editingStyleForRowAt indexPath: IndexPath) -> EditingStyle
    /// Default `true`.
    func table(_ table: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// Asked every time a dragged row is over a new destination. Default: `proposed`.
    ///
    /// - Parameters:
    ///   - source: where the drag started (the space before the drag).
    ///   - proposed: the destination under the row, as a final index.
    /// - Returns: the destination to use instead, as a final index.
    func table(_ table: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
               toProposedIndexPath proposed: IndexPath) -> IndexPath
    /// Swipe-to-delete begins on a row.
    func table(_ table: TableView, willBeginEditingRowAt indexPath: IndexPath)
    /// Swipe-to-delete ends; `nil` when the row is gone.
    func table(_ table: TableView, didEndEditingRowAt indexPath: IndexPath?)
    /// Default "Delete".
    func table(_ table: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String
    /// Edit mode is about to change (`setEditing`). Default: nothing.
    func table(_ table: TableView, willSetEditing editing: Bool)
}

extension TableDelegate {
    public func table(_ table: TableView, editingStyleForRowAt indexPath: IndexPath) -> EditingStyle { .delete }
    public func table(_ table: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func table(_ table: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                      toProposedIndexPath proposed: IndexPath) -> IndexPath { proposed }
    public func table(_ table: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func table(_ table: TableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func table(_ table: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String { "Delete" }
    public func table(_ table: TableView, willSetEditing editing: Bool) {}
}
