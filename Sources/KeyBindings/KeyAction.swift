import TableKit
import TerminalUI

/// What a key does in listedit and its demos: the actions of the one key table
/// (`KeyAction.table`). Configuration files name them (`map w = save`); the table's actions become
/// `TableIntent`s through `intent(in:)`, the application's own (save, undo, …) are performed by
/// the host that offers them.
///
///     KeyAction.table.action(for: .char("e"), in: .normal)      // .edit
///     KeyAction.edit.intent(in: .normal)                        // .toggleEditing
public enum KeyAction: Hashable, Sendable {
    /// Cursor moves: a row (or section header) up or down, a page, the first or last row.
    case up, down, pageUp, pageDown, first, last
    /// Half a screen up or down (`Ctrl-U`, `Ctrl-D`).
    case halfPageUp, halfPageDown
    /// The first or last item (`g`, `G`): never a passage, a header or an `Add item` row.
    case firstItem, lastItem
    /// `Edit` or `Done`.
    case edit
    /// The editor's own edits: add a row (its text typed in the modal entry), add a section,
    /// rename the row under the cursor.
    case add, addSection, rename
    /// Add a row above the cursor row, at its level (`O`).
    case addAbove
    /// Check or uncheck a task's checkbox (`Space`); a row without one stays as it is and says
    /// which key adds one.
    case toggle
    /// Check or uncheck the row's checkbox, adding a checked one to a row without (`c`); on a
    /// selection, check all if any is unchecked or not a task, else uncheck all.
    case check
    /// Swipe the row open (normal mode); on a row already open, swipe all the way.
    case swipe
    /// Press the row's `⊖` (which shows its Delete button) or `⊕` (which commits an insert), in
    /// edit mode.
    case deleteControl, insertControl
    /// Pick up (edit mode) or drop (while dragging).
    case pickUp
    /// One step at once (edit mode) or a drag step (while dragging).
    case moveUp, moveDown
    /// Choose among a swiped row's buttons.
    case chooseLeft, chooseRight
    /// Select (or deselect) the row, as a tap does; in edit mode with multiple selection, toggles
    /// it.
    case select
    /// Copy the row with its nested rows (or the selected rows) into the editor's register.
    case copy
    /// Paste the register's rows after or before the cursor row.
    case pasteAfter, pasteBefore
    /// The editor's commands: undo and redo a change, save the file, quit, show the help screen.
    case undo, redo, save, quit, help
    /// Save under a file name the user types (asks before overwriting a file).
    case saveAs
    /// Ctrl-Z: suspends the program (the program sets `wantsSuspend`; the run loop suspends).
    case suspend
    /// Cancel the innermost thing in progress (`Esc`), or confirm it: a Delete button, a swiped
    /// row's button, a drop, the text entry.
    case cancel, confirm
    /// The answers of a yes/no prompt (never remapped).
    case yes, no
    /// A letter answer of a prompt that offers it (never remapped): `r reload`, `k keep mine`…
    case answer(PromptAnswer)
    /// An edit of the modal text entry's line.
    case line(LineEdit)
    /// Filter: the rows containing the typed text stay visible (the editor's).
    case filter
    /// The next or previous row matching the last filter text (`n`, `N`), wrapping around.
    case nextMatch, previousMatch
    /// The command line (`:`): `:w`, `:q`, `:wq`… (the editor's).
    case command
    /// Indent or outdent the row with its nested rows (the editor's).
    case indent, outdent
    /// Collapse or expand the row's nested rows, or a section's rows on its header.
    case collapse, expand
    /// The board view on or off (`B`): sections as lanes side by side (the editor's).
    case board
    /// In the board: the cursor to the previous or next lane (`←` `→`); while a card is held, a
    /// drag step into that lane.
    case previousLane, nextLane
    /// The card (a row with its nested rows) to the previous or next lane, at the same index
    /// among its cards (`H` `L`; the editor's).
    case moveLeft, moveRight

    /// The name a configuration file uses, for the actions a key can be remapped to (the
    /// action's record holds it).
    public var name: String? { record.name }

    /// The actions a configuration file can bind keys to, in the order error messages list them.
    public static let remappable: [KeyAction] = [
        .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .firstItem, .lastItem, .edit, .add, .addAbove, .addSection, .rename, .toggle, .check, .swipe,
        .deleteControl, .insertControl, .pickUp, .moveUp, .moveDown, .undo, .redo, .save, .saveAs, .quit, .help,
        .cancel, .confirm, .filter, .nextMatch, .previousMatch, .command, .indent, .outdent, .collapse, .expand, .select, .copy, .pasteAfter, .pasteBefore,
        .board, .previousLane, .nextLane, .moveLeft, .moveRight,
    ]

    /// The action a configuration file names, if it is one of `remappable`.
    public init?(name: String) {
        guard let action = Self.remappable.first(where: { $0.name == name }) else { return nil }
        self = action
    }

    /// The table intent this action is in `mode`, if it is one (the application's own actions,
    /// `insertControl` and `pickUp` on the editor's placeholder row are the host's).
    public func intent(in mode: KeyMode) -> TableIntent? {
        switch (self, mode) {
        case (.up, .dragging), (.moveUp, .dragging): return .step(.up)
        case (.down, .dragging), (.moveDown, .dragging): return .step(.down)
        case (.pickUp, .dragging): return .drop
        case (.up, _): return .moveCursor(.up)
        case (.down, _): return .moveCursor(.down)
        case (.pageUp, _): return .moveCursor(.pageUp)
        case (.pageDown, _): return .moveCursor(.pageDown)
        case (.halfPageUp, _): return .moveCursor(.halfPageUp)
        case (.halfPageDown, _): return .moveCursor(.halfPageDown)
        case (.first, _): return .moveCursor(.first)
        case (.last, _): return .moveCursor(.last)
        case (.edit, _): return .toggleEditing
        case (.pickUp, _): return .pickUp
        case (.moveUp, _): return .moveOneStep(.up)
        case (.moveDown, _): return .moveOneStep(.down)
        case (.swipe, _): return .beginSwipe
        case (.deleteControl, _): return .pressDelete
        case (.insertControl, _): return .pressInsert
        case (.chooseLeft, _): return .chooseSwipeAction(.left)
        case (.chooseRight, _): return .chooseSwipeAction(.right)
        case (.select, _): return .select
        case (.cancel, _): return .cancel
        case (.collapse, _): return .setExpanded(false)
        case (.expand, _): return .setExpanded(true)
        case (.confirm, _): return .confirm
        default: return nil
        }
    }
}

/// Which keys apply: the innermost thing in progress. `KeyMode(interaction:)` holds the
/// precedence (a prompt, then the text entry, then a drag, then a Delete button, then a swiped
/// row, then edit or normal mode), so `Esc` cancels the innermost of them and `y` confirms only
/// while a Delete button (or swiped row) or a yes/no prompt shows.
public enum KeyMode: String, CaseIterable, Hashable, Sendable {
    /// Browsing; editing (controls and handles shown); a row picked up; a row's Delete button
    /// shown; a row swiped open; the modal text entry; a yes/no prompt.
    case normal, edit, dragging, deleteButton, swiped, entry, prompt

    /// The mode for a table's interaction, under a prompt or text entry when the host shows one.
    public init(_ interaction: TableInteraction, entry: Bool = false, prompt: Bool = false) {
        if prompt { self = .prompt; return }
        if entry { self = .entry; return }
        switch interaction {
        case .browsing: self = .normal
        case .editing: self = .edit
        case .draggingRow, .draggingSection: self = .dragging
        case .confirmingDelete: self = .deleteButton
        case .swiped: self = .swiped
        }
    }

    /// Modes a configuration remap leaves alone: typing text, and the answers of a prompt.
    public static let notRemapped: Set<KeyMode> = [.entry, .prompt]
}
