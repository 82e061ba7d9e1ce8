/// A context menu open over a row: its menu, and the choice the keyboard is on.
///
///     if let menu = tableView.contextMenu { print(menu.menu.children.map(\.title), menu.highlighted) }
///
/// The table holds it (`TableView.contextMenu`); an `EditController` opens it
/// (`TableIntent.openContextMenu(at:)`), moves the highlight, chooses and closes it. Every batch
/// remaps its row; a batch or reload that removes the row closes it.
@MainActor
public struct ContextMenu {
    /// The row the menu belongs to (current space).
    public internal(set) var row: IndexPath
    /// What the delegate's configuration built.
    public let menu: Menu
    /// Which of `menu.children` Enter chooses: the first that is not disabled, moved by the
    /// cursor keys over the disabled ones; nil when all are disabled.
    public internal(set) var highlighted: Int?

    init(row: IndexPath, menu: Menu) {
        self.row = row
        self.menu = menu
        highlighted = menu.children.firstIndex { !$0.attributes.contains(.disabled) }
    }
}
