// ListEditor: the list editor program (a module of the `listedit` executable, not a library): its
// data source and delegate, every change through the batch API, undo history, saving and save as,
// prompts and modal entries, help, mouse, pastes, the file on disk checked on ticks, recovery
// files. Its update step (`update(_:)`) takes messages and returns effects (`EditorEffect`); only
// `EditorEffectPerformer`, which the run loop calls, performs them. It may import TableKit, TerminalUI, TableRendering,
// ListDocument and Glibc (the process id); never curses, never the command line.
import ListDocument
import TableKit
import ListStorage
import TerminalUI
import TableRendering
import KeyBindings

/// The list editor: a `TableView` (drawn by a `TableRenderer`) over a list document, with the keys, modals, prompts, undo and
/// saving of docs/keys.md and docs/file-formats.md. It is a `TerminalProgram` (it draws into a grid and takes input events),
/// so every screen and interaction is testable without a terminal.
///
///     let editor = ListEditor(document: try ListDocument.open("groceries.md"))
///     let performer = EditorEffectPerformer()
///     performer.performAll(editor.start(), for: editor)                         // the recovery file
///     performer.performAll(editor.handle(.resize(width: 60, height: 20)), for: editor)
///     performer.performAll(editor.handle(.key(.char("e"))), for: editor)
///     print(editor.render(width: 60, height: 20).text)
@MainActor
public final class ListEditor: TerminalProgram {
    public let tableView: TableView
    /// Draws `tableView` (viewport, theme, animation frames) in the list view.
    public let renderer: TableRenderer
    /// Draws `tableView` as lanes side by side in the board view: the table's presenter while
    /// `view` is `.board`, over the same controller (`setView(_:)`).
    public let board: BoardRenderer
    /// The one controller of the table's interaction (the renderer's): every key, click and
    /// scroll changes the interaction and the cursor through it.
    public var controller: EditController { renderer.controller }
    public internal(set) var document: ListDocument
    /// Shown in the header bar.
    public var displayName: String
    /// Set by performing the `.quit` effect (`EditorEffectPerformer`): the run loop ends.
    public internal(set) var wantsQuit = false
    /// Set by the suspend key (`KeyAction.suspend`); the run loop suspends and clears it.
    public var wantsSuspend = false

    /// The reuse identifier of the rows' cells.
    static let rowCellIdentifier = "row"

    /// Rows `Add item` at the end of each section while editing.
    var showsPlaceholders = false
    let placeholderText = "Add item"

    /// A one-line message in the status bar until the next key.
    var message: (text: String, isError: Bool)?
    /// What is modal now (a prompt, the text entry, the help, a key waiting for the load, a
    /// mouse drag): one value, written only by `setMode(_:)` (its transitions are in
    /// State/ListEditor+Mode.swift).
    private(set) var mode = EditorMode.idle
    var size = (width: 80, height: 24)
    /// The columns the terminal draws each cluster with (set by the backend).
    public var widths = WidthProfile.unicode

    /// Undo, redo, and the distance from the last save (`*`).
    var history = UndoHistory()
    /// How many steps the history holds (older ones are forgotten).
    public static let undoLimit = UndoHistory.limit
    /// What the update step asked for so far: `update` returns them (see `EditorEffect`).
    var effects: [EditorEffect] = []
    /// The save in flight: what was written, where save as was going, and what to do once the
    /// `.saved` message says it worked.
    var pendingSave: PendingSave?

    /// The key table as the configuration file binds it (`keymap.apply(config.remaps)`): key
    /// handling, the hint line and help all read it.
    public var keymap = KeyAction.table

    /// When the file on disk was last checked (the renderer's clock), and how often it is.
    var lastDiskCheck = -Double.infinity
    public static let diskCheckInterval = 1.0

    /// When the last change happened, and whether the recovery file is behind it.
    var lastChange = 0.0
    var recoveryPending = false
    /// This editor's recovery file, from open to quit (none for a list without a file, or
    /// read-only).
    var recovery: RecoverySession?
    /// The file is open in another listedit and the user chose read-only: nothing is edited.
    public internal(set) var readOnly = false

    /// The rest of the file, read in the background while the editor runs (ListEditor+Loading);
    /// nil once it is all read (or for a file read whole).
    var background: BackgroundLoad?
    /// Why saving is off: the file turned out not to be UTF-8 (or unreadable) past the part read.
    var savingOff: String?
    /// What `y` copied or the last delete removed, for `p`/`P` (the editor's register).
    var register: [PastedRow] = []
    /// Per section drawn, the marks its rows show (numbers, `…`; ListEditor+Cells), the rows they
    /// were made for and whether the file was still loading: kept while the section holds the same
    /// stored rows. `marks` nil: each row's marks are its own, read row by row
    /// (`ListDocument.marksAreByRow`: the section is the file's as read, or no row can be numbered).
    var shownMarks: [Int: ShownMarksEntry] = [:]
    struct ShownMarksEntry {
        var rows: RowList
        var loading: Bool
        /// nil: read row by row (`ListDocument.shownMark(ofRow:)`).
        var marks: [MarkdownWriter.ShownMark]?
    }
    /// The spans of the file's buffers that rows of ordered lists can come from
    /// (`ListDocument.orderedSpans`, found once per buffer).
    var orderedSpansKnown: [(buffer: TextBuffer, spans: [Range<Int>])] = []

    /// The filter (ListEditor+Filter.swift): the text it keeps rows by (`""`: none), the folded
    /// row texts it scans (or the build of them `/` started), and its last matches (for narrowing
    /// as a character is appended).
    var filterText = ""
    /// The last filter text that was not empty: what `n` and `N` look for, also after Esc.
    var lastSearch = ""
    var filterIndex: FilterIndex?
    var filterBuild: FilterIndexBuild?
    var filterMatches: FilterIndex.Matches?
    /// The list or the board (`B`; `setView(_:)`).
    public internal(set) var view = EditorView.list
    /// The cards counted per lane for the board's lane titles, with the row count and change
    /// they were counted at (`cardCount(inSection:)`).
    var laneCards: [Int: (rows: Int, changes: Int, cards: Int)] = [:]

    /// The header bar's buttons as the last frame drew them.
    var bar = NavigationBar()
    /// How often ticks come while a mouse drag holds an edge (seconds).
    static let edgeScrollInterval = 0.1

    public init(document: ListDocument, displayName: String? = nil, style: TableView.Style = .insetGrouped,
                theme: Theme = .unicode, animations: Bool = true) {
        self.document = document
        self.displayName = displayName ?? document.path.map(FileAccess.fileName) ?? "untitled"
        tableView = TableView(style: style)
        renderer = TableRenderer(tableView: tableView)
        renderer.theme = theme
        renderer.animationsEnabled = animations
        board = BoardRenderer(tableView: tableView, controller: renderer.controller)
        tableView.presenter = renderer
        tableView.register(TableViewCell.self, forCellReuseIdentifier: Self.rowCellIdentifier)
        // `v` selects rows in edit mode; `○`/`●` replace `⊖` only while some row is selected.
        tableView.allowsMultipleSelectionDuringEditing = true
        renderer.selectionMarks = .whileRowsAreSelected
        tableView.dataSource = self
        tableView.delegate = self
        board.laneCount = { [weak self] section in self?.cardCount(inSection: section) ?? 0 }
        scanRecovery()      // opening's effects (the recovery files read, then this session's): `start()` returns them
    }

    /// The list as the editor holds it now.
    public var model: ListModel { document.model }

    /// Whether there are changes not saved.
    public var isModified: Bool { !history.isAtSave }

    public var frameInterval: Double? {
        if renderer.isAnimating || board.isAnimating { return 1.0 / 30 }
        if case .mouseDrag(let edge) = mode, edge != 0 { return Self.edgeScrollInterval }
        return nil
    }

    /// The one place `mode` changes; its invariants are checked after each change.
    func setMode(_ new: EditorMode) {
        mode = new
        _checkInvariants()
    }

    /// A burst of input was handled before one frame: it draws one frame, its last.
    public func finishAnimations() {
        renderer.settle()
        board.settle()
    }

    func realCount(_ section: Int) -> Int { document.model.sections[section].rows.count }

    func isPlaceholder(_ p: IndexPath) -> Bool { showsPlaceholders && p.row == realCount(p.section) }

    /// Whether the editor is in edit mode (`Done` shows). A row swiped open makes the table
    /// editing too, as in UIKit, but the editor's own mode, header and keys stay normal.
    var inEditMode: Bool { tableView.isEditing && tableView.swipedRow == nil }

    /// Shows a message in the status line until the next key.
    func say(_ text: String, error: Bool = false) { message = (text, error) }

    /// Counts the changes made to the list (each edit, undo, redo, reload): the filter's index
    /// and matches name the count they are of.
    var changeCount = 0

    /// The message the status line shows now (a result, or why a key did nothing), if any.
    public var statusMessage: String? { message?.text }
}
