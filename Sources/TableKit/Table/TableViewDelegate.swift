import Foundation

/// Customises editing, reordering, selection and swipe actions: UIKit's `UITableViewDelegate`,
/// with the same method names. Every method has UIKit's default (listed in
/// docs/library-guide.md), so implement only what differs; a misspelled one in a conformance
/// declared in an extension gets Swift's "nearly matches defaulted requirement" warning.
///
///     extension ListViewController: TableViewDelegate {
///         func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
///                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
///             proposedDestinationIndexPath.section == sourceIndexPath.section ? proposedDestinationIndexPath : sourceIndexPath
///         }
///     }
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// The row's editing control. Default `.delete` for editable rows.
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// Whether the row is indented to make room for its control. Default `true`.
    func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// The row's indentation level, asked when its cell is prepared; a value other than 0 replaces
    /// the cell's own `indentationLevel`. Default 0 (the cell's level stands).
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
    /// Asked every time a dragged row is over a new destination. Default: the proposed one.
    ///
    /// - Parameters:
    ///   - tableView: the table asking.
    ///   - sourceIndexPath: where the drag started (the space before the drag).
    ///   - proposedDestinationIndexPath: the destination under the row, as a final index.
    /// - Returns: the destination to use instead, as a final index. One that cannot exist is
    ///   ignored: the row stays where it was shown.
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
    /// A row is being swiped open; the table is editing for it from now on. Default: nothing.
    func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The swiped row closed; `nil` when a batch deleted it. Default: nothing.
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
    /// The buttons a swiped row shows, whatever the row's editing style (as in UIKit since
    /// iOS 11). Default nil: a destructive Delete when the data source commits and the row's style
    /// is `.delete` (the style is asked only then). An empty configuration: the row cannot be
    /// swiped.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The buttons a row swiped from its left edge shows (`D` in a `TableHost`, or a mouse drag
    /// to the right), first leftmost. Default nil: none, as in UIKit (there is no default leading
    /// action); an empty configuration also means none.
    ///
    ///     func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
    ///         let done = ContextualAction(style: .normal, title: "Done") { _, _, completion in completion(true) }
    ///         done.backgroundColor = .systemGreen
    ///         return SwipeActionsConfiguration(actions: [done])
    ///     }
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The row's context menu (`.` or a right-click in a `TableHost`): a configuration whose
    /// action provider builds the menu, shown as a popup list under the row. Default nil: no
    /// menu. UIKit's method also takes the point pressed; a row is one line here, so it has none.
    ///
    ///     func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
    ///         ContextMenuConfiguration { _ in
    ///             Menu(children: [MenuAction(title: "Delete", image: "✕", attributes: .destructive) { _ in self.remove(indexPath) }])
    ///         }
    ///     }
    func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration?
    /// The title of the Delete button (edit mode's confirmation and the default swipe action).
    /// Default nil, which means "Delete" (as in UIKit).
    func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// A row's cell is about to be drawn for the first time since it came on screen (or was
    /// reloaded or reconfigured): the last moment to adjust it, after `cellForRowAt` and the
    /// table's own state (editing, selection). Default: nothing.
    ///
    ///     func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
    ///         cell.detailTextLabel?.text = indexPath.row == 0 ? "newest" : nil
    ///     }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// The row's detail button (`ⓘ`, of `.detailButton` and `.detailDisclosureButton`) was pressed:
    /// a click on it, or `TableIntent.pressAccessoryButton(at:)` (`TableHost`: `i`). Not a
    /// selection. Default: nothing.
    ///
    ///     func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
    ///         showDetails(of: items[indexPath.row])
    ///     }
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// Edit mode is about to change (`setEditing`): the place to add or remove rows that exist
    /// only while editing, with the batch API. Not in UIKit, where a view controller overrides
    /// `setEditing(_:animated:)` for this (so can a `TableViewController` subclass). Default:
    /// nothing.
    func tableView(_ tableView: TableView, willSetEditing editing: Bool)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    public func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? { nil }
    public func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willSetEditing editing: Bool) {}
}
