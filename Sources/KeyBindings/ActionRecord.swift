/// Everything listedit says and decides about one action, written once: the name a configuration
/// file uses, the words of the help screen and of the key tables in the docs, the label and rank
/// of its hint on the status line, whether it edits (refused while read-only) and whether it
/// waits for a file still being read. The help screen, the hint line, the generated docs
/// (`KeyReference`), configuration remaps and the editor's read-only and loading checks read
/// these records (``KeyAction/record``); which keys perform an action is the key table's
/// (``KeyAction/table``), never written here.
///
///     KeyAction.save.record.name                   // "save"
///     KeyAction.save.record.help(in: .normal)      // "save"
///     KeyAction.save.record.hint(in: .normal)      // Hint(label: "save", rank: 3)
///     KeyAction.save.record.edits                  // true: refused while read-only
public struct ActionRecord: Sendable {
    /// Where a hint shows: the modes of the status line, with edit mode split by whether rows are
    /// selected (the row keys then act on all of them) and dragging by what is held.
    public enum HintPlace: Hashable, Sendable {
        /// Browsing; edit mode with no row selected; edit mode with rows selected.
        case normal, edit, selection
        /// A row held; a section held.
        case rowDrag, sectionDrag
        /// A row's Delete button shown; a row swiped open; the modal text entry.
        case deleteButton, swiped, entry
    }

    /// An action's item on the hint line: its label, and its rank (0 is the most important; the
    /// highest rank is dropped first when the line does not fit).
    public struct Hint: Hashable, Sendable {
        /// The words after the keys (`save`).
        public var label: String
        /// Importance: 0 first; the highest is dropped first.
        public var rank: Int

        /// A hint labelled `label` with importance `rank` (0 first).
        public init(_ label: String, _ rank: Int) {
            self.label = label
            self.rank = rank
        }
    }

    /// What an action does while a file is still being read.
    public enum Loading: Hashable, Sendable {
        /// It acts on the rows read so far.
        case acts
        /// It waits for the whole list (what it does depends on every row: the filter, a save).
        case waits
        /// It waits only in some states, which the editor decides (a block that may go on past
        /// the rows read, quitting with unsaved edits).
        case depends
    }

    /// The name a configuration file uses (`map w = save`); `nil` for actions a key cannot be
    /// remapped to (prompt answers, line edits, choosing among a swiped row's buttons).
    public var name: String?
    /// Whether the action changes the list or the file: refused while the list is read-only.
    public var edits: Bool
    /// What the action does while the file is still being read.
    public var loading: Loading
    /// The help screen's words (also the short words of the man page and the README), by mode;
    /// `help` alone is used wherever no mode has its own.
    var helpByMode: [KeyMode: String]
    var helpAnywhere: String?
    /// The hint line's label and rank, by where it shows.
    var hints: [HintPlace: Hint]

    /// A record; `help` is the action's words in every mode unless `helpByMode` has the mode.
    init(name: String?, edits: Bool = false, loading: Loading = .acts, help: String? = nil,
         helpByMode: [KeyMode: String] = [:], hints: [HintPlace: Hint] = [:]) {
        self.name = name
        self.edits = edits
        self.loading = loading
        self.helpAnywhere = help
        self.helpByMode = helpByMode
        self.hints = hints
    }

    /// The action's words on the help screen (and in the docs' short key tables) in `mode`.
    public func help(in mode: KeyMode) -> String? { helpByMode[mode] ?? helpAnywhere }

    /// The action's hint where `place` shows, if it has one there.
    public func hint(in place: HintPlace) -> Hint? { hints[place] }
}
