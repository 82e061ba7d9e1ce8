/// The actions a swiped row shows (UIKit's `UISwipeActionsConfiguration`), first action
/// outermost: drawn at the row's right end, right to left.
///
///     func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
///         SwipeActionsConfiguration(actions: [delete, flag])
///     }
///
/// An empty configuration means the row cannot be swiped; returning nil from the delegate means
/// the default: a destructive Delete that commits the delete, when the data source commits and
/// the row's editing style is `.delete`.
@MainActor
public final class SwipeActionsConfiguration {
    /// The buttons, the first rightmost (as in UIKit); empty: the row cannot be swiped.
    public let actions: [ContextualAction]
    /// Whether swiping all the way (`d` again, in listedit's keys) performs the first action.
    /// Default `true`, as in UIKit.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`, the first rightmost.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
