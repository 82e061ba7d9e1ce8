/// The list a context menu shows (UIKit's `UIMenu`): an optional title over its actions.
///
///     Menu(title: "Milk", children: [share, delete])
///
/// One level: a terminal popup is one list, so there are no submenus (the guide's "Not there").
@MainActor
public final class Menu {
    /// Drawn over the actions (empty: no title line).
    public let title: String
    /// The choices, top to bottom.
    public let children: [MenuAction]

    /// A menu of `children` under `title` (UIKit's `UIMenu(title:children:)`).
    ///
    ///     Menu(title: "Buy milk", children: [flag, delete])   // drawn "┌─ Buy milk", then the two
    public init(title: String = "", children: [MenuAction]) {
        self.title = title
        self.children = children
    }
}
