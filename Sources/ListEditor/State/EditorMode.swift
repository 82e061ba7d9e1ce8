import TerminalUI
import KeyBindings

/// What is modal in the editor, as one value: nothing, a question in the status line, the text
/// entry, the help, a key waiting for the file to load, or a mouse drag. At most one of them is
/// in progress; the table's own interaction (edit mode, a keyboard drag, a Delete button) is the
/// table's (`TableView.interaction`), not this. It changes only in `ListEditor+Mode.swift`,
/// which checks its invariants after each change (`ListEditor._checkInvariants()`).
///
///     editor.mode = .idle
///     `a`      → .entry(Entry(kind: .add(at: [0, 1], base: 0), …))
///     Enter    → .idle, then `.entered(.add(at: [0, 1], base: 0), "Milk")`: the row is added
///     `q` (changes not saved) → .prompt(Prompt(kind: .quitWithChanges, …))
///     `y`      → .idle, then `.answered(.quitWithChanges, .yes)`: save, then quit
enum EditorMode: Equatable {
    /// Nothing modal: keys go to the table's interaction.
    case idle
    /// A question in the status line; its kind says what an answer does (`answered`).
    case prompt(Prompt)
    /// The modal text entry; its kind says what its text does when it closes (`entered`).
    case entry(Entry)
    /// The help over the table, `scroll` lines of it scrolled off its top (a help taller than
    /// the screen).
    case help(scroll: Int)
    /// A key that needs the whole list, waiting for the load to end: performed then, if the
    /// table is still in the mode it was pressed in. Other keys act meanwhile.
    case waiting(PendingKey)
    /// The mouse holds a row's handle (the table drags the row). `edge`: -1 or 1 while the
    /// pointer holds the table's top or bottom edge, -2 or 2 the board's left or right edge
    /// (ticks step the row that way), else 0.
    case mouseDrag(edge: Int)

    /// The text entry with what its text is for.
    struct Entry: Equatable {
        var kind: EntryKind
        var text: TextEntry
    }

    /// A key's action waiting for the load: found in `mode`, pressed in `current` (a Delete
    /// button or swiped row falls back to edit or normal mode).
    struct PendingKey: Equatable {
        var action: KeyAction
        var mode: KeyMode
        var current: KeyMode
    }

    /// The question showing, if any.
    var prompt: Prompt? { if case .prompt(let prompt) = self { prompt } else { nil } }
    /// The text entry showing, if any.
    var entry: Entry? { if case .entry(let entry) = self { entry } else { nil } }
    /// Whether the help shows.
    var showsHelp: Bool { if case .help = self { true } else { false } }
    /// The key waiting for the load, if any.
    var pendingKey: PendingKey? { if case .waiting(let key) = self { key } else { nil } }
    /// Whether the mouse drags a row.
    var isMouseDrag: Bool { if case .mouseDrag = self { true } else { false } }
}
