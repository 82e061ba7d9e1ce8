import KeyBindings
import TableKit

/// What a key does in a `TableHost`: one of listedit's key-table actions, or one of the app's own
/// (a bar button's key, or code the app bound with `TableHost.addKey(_:named:in:perform:)`).
///
///     host.keymap.action(for: .char("e"), in: .normal)    // .key(.edit)
///     host.addKey(.char("b"), pressing: batchButton)      // .app("Run batch")
public enum HostAction: Hashable, Sendable {
    /// An action of listedit's key table (`KeyAction.tableHostKeys`).
    case key(KeyAction)
    /// The host's own: presses the cursor row's detail button (`ⓘ`): the delegate's
    /// `accessoryButtonTappedForRowWith` (`i` in normal mode; a click on `ⓘ` does the same).
    case accessoryButton
    /// The host's own: opens the cursor row's context menu, the delegate's
    /// `contextMenuConfigurationForRowAt` (`.` in normal mode; a right-click on a row does the
    /// same). The menu's keys are the table's: `↑` `↓` choose, Enter runs, Esc closes.
    case contextMenu
    /// The host's own: swipes the cursor row open from its left edge, the delegate's
    /// `leadingSwipeActionsConfigurationForRowAt` (`D`; again on the open row: its first action;
    /// a mouse drag to the right on a row does the same).
    case leadingSwipe
    /// One of the app's own actions, by the name it was bound with.
    case app(String)
    /// The host's own: switches between the list and the board (`TableHost.presentation`; `B`).
    case togglePresentation
    /// The host's own, on a board: the previous or next lane (`←` `→`, `h` `l`): the cursor goes
    /// there, or a dragged card steps there (`TableIntent.moveCursorAcross`, `.stepAcross`).
    case lane(HorizontalDirection)
}
