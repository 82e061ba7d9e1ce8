import TableKit
import ListStorage

/// What the text entry's text is for: the editor's `entered(kind, text)` does it when the entry
/// closes (Enter: the text; Esc: nil). Index paths and sections are in the list's current space
/// when the entry opened; nothing edits the list while an entry shows.
///
///     .add(at: [0, 2], base: 1)   // Enter with "Milk": a row "Milk" at [0, 2], level 1 (as a paste)
public enum EntryKind: Equatable, Sendable {
    /// A new row at `at` (the row it lands on), levelled from `base` as a paste there is; a paste
    /// of several lines adds them all.
    case add(at: IndexPath, base: Int)
    /// A new row at the end of `section` (its `Add item` row pressed).
    case addAtEnd(section: Int)
    /// A new section at `index`, its title typed.
    case addSection(at: Int)
    /// The row at `at`, as it was (`row`), renamed; `old` is the text shown prefilled (with the
    /// checkbox).
    case renameRow(at: IndexPath, row: ListModel.Row, old: String)
    /// Section `section` retitled from `old`.
    case renameSection(Int, old: String)
    /// Save as: the file name, then `then`.
    case saveAs(then: AfterSave)
    /// The filter line: each edit narrows the list; Enter keeps it, Esc clears it.
    case filter
    /// The command line (`:`).
    case command

    /// The entry's title.
    var title: String {
        switch self {
        case .add, .addAtEnd: "New item"
        case .addSection: "New section"
        case .renameRow: "Rename"
        case .renameSection: "Section title"
        case .saveAs: "Save as"
        case .filter: "Filter"
        case .command: ListEditor.commandTitle
        }
    }

    /// Whether it is a line at the bottom (the filter, the command line) rather than a box.
    var isLine: Bool {
        switch self {
        case .filter, .command: true
        default: false
        }
    }

    /// Whether a paste of several lines adds them as rows (an add), rather than being refused.
    var takesRows: Bool {
        switch self {
        case .add, .addAtEnd: true
        default: false
        }
    }

    /// Whether what it does edits the list (never open while read-only).
    var edits: Bool {
        switch self {
        case .add, .addAtEnd, .addSection, .renameRow, .renameSection: true
        case .saveAs, .filter, .command: false
        }
    }
}

/// What a save goes on to once it worked: nothing, or quitting (`y` to quit's question, `:wq`).
public enum AfterSave: Equatable, Sendable {
    case nothing, quit
}
