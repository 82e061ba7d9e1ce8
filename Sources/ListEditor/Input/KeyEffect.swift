import TableKit
import TerminalUI

/// What a key press can change, taken before and after it, so a key that changed nothing and
/// said nothing is caught and the status line says why (docs/keys.md: no key is silent).
struct KeyEffect: Equatable {
    var interaction: TableInteraction
    var focus: TableFocus?
    var editing: Bool
    var selection: SelectionState
    var swipeAction: Int?
    var topLine: Int
    /// Counts the list's changes (undo, redo and every edit step).
    var changes: Int
    var line: LineEditor?
    var prompt: String?
    var help: Bool
    var quit: Bool
    /// Effects the key asked for (a save, a recovery file written or removed, quit): performed
    /// after the update step, so counted here.
    var effectsAsked: Int
    var path: String?
    var readOnly: Bool
    /// Changes of what shows (a filter, a collapsed row or section).
    var view = 0
}
