import TableKit
import KeyBindings
import TerminalUI

extension EditController {
    /// Presses a key as the demos do: looked up in listedit's key table (`KeyAction.table`) for
    /// the table's mode and performed as an intent. Returns whether an intent was performed
    /// (false: the key means nothing there, or the intent was refused).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        let mode = KeyMode(tableView.interaction)
        guard let (action, found) = KeyAction.table.resolve(key, in: mode, offered: { $0.intent(in: .normal) != nil || $0.intent(in: .dragging) != nil }),
              let intent = action.intent(in: found) else { return false }
        return perform(intent).isPerformed
    }
}

/// The table's interaction without its payload, for tests that compare states.
public enum InteractionState: Equatable, Sendable {
    case browsing, editing, draggingRow, draggingSection, confirmingDelete, swiped
}

extension EditController {
    public var state: InteractionState {
        switch tableView.interaction {
        case .browsing: return .browsing
        case .editing: return .editing
        case .draggingRow: return .draggingRow
        case .draggingSection: return .draggingSection
        case .confirmingDelete: return .confirmingDelete
        case .swiped: return .swiped
        }
    }
}
