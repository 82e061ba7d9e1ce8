// Demos: `listedit demo states|sections|numbers|board`, example programs written only against the
// library's products (TableKit, TableRendering, TableHost), as a UIKit developer would write
// them, and run by `TableHost` as an app would run them. Never curses directly.
import TableKit
import TerminalUI
import TableHost

/// The demos of `listedit demo NAME`, each run by a `TableHost` with its bar button's key bound,
/// as an app runs its controller:
///
///     let states = StatesViewController()
///     let host = TableHost(states)
///     host.addKey(.char("b"), pressing: states.batchButton)
///     host.run()
@MainActor
public enum DemoCatalog {
    /// The demos' names, in the order `listedit demo --help` lists them.
    public nonisolated static let names = ["states", "sections", "numbers", "board"]

    /// The key of each demo's bar button (`Run batch`, `Shuffle`, `Delete section`), by name.
    public nonisolated static let buttonKeys: [String: Key] = ["states": .char("b"), "sections": .char("m"), "numbers": .char("x")]

    /// The demo `name` in a host, its bar button's key bound (in normal and edit mode; in edit
    /// mode `x` stays the table's delete control); nil for an unknown name. The board demo starts
    /// as a board (`TableHost.presentation`).
    public static func host(named name: String, theme: Theme? = nil, animations: Bool = true) -> TableHost? {
        let controller: TableViewController, button: BarButtonItem
        switch name {
        case "states": let c = StatesViewController(); (controller, button) = (c, c.batchButton)
        case "sections": let c = SectionsViewController(); (controller, button) = (c, c.shuffleButton)
        case "numbers": let c = NumbersViewController(); (controller, button) = (c, c.sectionButton)
        case "board":
            let host = TableHost(BoardViewController(), theme: theme, animations: animations)
            host.presentation = .board
            return host
        default: return nil
        }
        let host = TableHost(controller, theme: theme, animations: animations)
        if let key = buttonKeys[name] { host.addKey(key, pressing: button) }
        return host
    }
}
