/// What a row's context menu holds (UIKit's `UIContextMenuConfiguration`): the delegate returns
/// one from `contextMenuConfigurationForRowAt`, and the table asks its `actionProvider` for the
/// menu when the menu opens (a key, or a right-click on the row).
///
///     func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
///         ContextMenuConfiguration(identifier: nil) { _ in
///             Menu(children: [MenuAction(title: "Share", image: "↗") { _ in self.share(indexPath) }])
///         }
///     }
///
/// There is no preview (UIKit's `previewProvider`): the menu opens over the row itself.
@MainActor
public final class ContextMenuConfiguration {
    /// Builds the menu: given the suggested actions (none here: the table suggests nothing),
    /// returns the menu, or nil for none.
    public typealias ActionProvider = @MainActor ([MenuAction]) -> Menu?

    /// The app's name for this menu (UIKit's `identifier`), if it gave one.
    public let identifier: AnyHashable?
    let actionProvider: ActionProvider?

    /// A configuration whose menu `actionProvider` builds (nil: no menu opens), when the menu
    /// opens, so its actions see the model as it is then.
    ///
    ///     ContextMenuConfiguration(identifier: task.id) { _ in
    ///         Menu(title: task.title, children: [MenuAction(title: "Done", image: "✓") { _ in task.done = true }])
    ///     }
    public init(identifier: AnyHashable? = nil, actionProvider: ActionProvider? = nil) {
        self.identifier = identifier
        self.actionProvider = actionProvider
    }
}
