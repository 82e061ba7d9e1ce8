import Foundation

/// Context menus, UIKit's way: opening one on a row asks the delegate for its configuration
/// (`contextMenuConfigurationForRowAt`) and the configuration for its menu; choosing an action
/// closes the menu, then runs the action's handler. The menu is no interaction: it shows over
/// the table in normal mode, and anything but its own keys closes it.
extension TableView {
    /// Opens the delegate's menu over a row; false (nothing open) when the delegate gives none or
    /// a menu without actions.
    ///
    /// - Parameter indexPath: current index path.
    func openContextMenu(at indexPath: IndexPath) -> Bool {
        guard contains(indexPath),
              let configuration = delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath),
              let menu = configuration.actionProvider?([]), !menu.children.isEmpty else { return false }
        contextMenu = ContextMenu(row: indexPath, menu: menu)
        return true
    }

    /// Moves the highlight to the next choice that is not disabled (`delta` 1: down, -1: up),
    /// staying put at either end.
    func moveMenuHighlight(by delta: Int) {
        guard var open = contextMenu, let from = open.highlighted else { return }
        var i = from + delta
        let children = open.menu.children
        while children.indices.contains(i), children[i].attributes.contains(.disabled) { i += delta }
        guard children.indices.contains(i) else { return }
        open.highlighted = i
        contextMenu = open
    }

    /// Closes the menu and runs the action's handler. False when it is not there or disabled.
    ///
    /// - Parameter index: into the open menu's `children`.
    func chooseMenuAction(at index: Int) -> Bool {
        guard let open = contextMenu, open.menu.children.indices.contains(index) else { return false }
        let action = open.menu.children[index]
        guard !action.attributes.contains(.disabled) else { return false }
        contextMenu = nil
        action.handler(action)
        return true
    }

    /// Follows the menu's row through a batch; a batch that deletes the row closes the menu.
    func remapContextMenu(_ plan: BatchPlan) {
        guard var open = contextMenu else { return }
        if let p = plan.finalIndexPath(forOriginal: open.row) {
            open.row = p
            contextMenu = open
        } else {
            contextMenu = nil
        }
    }
}
