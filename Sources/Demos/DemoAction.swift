import TableKit
import KeyBindings
import TerminalUI

/// What a key does in a demo: one of listedit's key-table actions, or a demo's bar button. The
/// demos' key table (`DemoHost.table`) is listedit's table, filtered to what the demos offer, with
/// the bar buttons' keys added after it, so key handling, bar labels, hints and `listedit demo
/// --help` read one table.
public enum DemoAction: Hashable, Sendable {
    /// An action of listedit's key table (`KeyAction.table`).
    case key(KeyAction)
    /// `states`: the `Run batch` (or `Undo batch`) button.
    case runBatch
    /// `sections`: the `Shuffle` button (a row and a section moved by code).
    case shuffle
    /// `numbers`: the `Delete section` (or `Restore`) button.
    case deleteSection

    /// The bar-button actions, in the order `listedit demo --help` lists them.
    public static let barButtons: [DemoAction] = [.runBatch, .shuffle, .deleteSection]
}

/// A demo's bar buttons by action: what its keys press (the demos' stand-in for a tap on them).
@MainActor
protocol DemoButtons {
    /// The bar button `action` presses in this demo, if it has one.
    func barItem(for action: DemoAction) -> BarButtonItem?
}
