// TableKit: the terminal-free core. It owns Foundation index-path helpers, the batch engine
// (`BatchUpdate`, `BatchValidator`, `BatchPlan`), the headless `TableView` (UIKit's
// `UITableView` minus drawing), its data-source and delegate protocols, cells, selection, swipe
// actions, `TableViewController`, the editing and drag state machine (`EditController`) and the
// list model. It may import Foundation and swift-algorithms; never a terminal, files or keys.
import Foundation

/// UIKit's `UITableView` without the drawing: data source and delegate, the row counts it last
/// saw, batch updates with UIKit's semantics, the editing flag, selection, the cursor and the
/// other interaction state every batch remaps, the rows on screen as the renderer last reported
/// them, and scroll requests. A renderer (`TableRenderer` in TableRendering) draws it; with none,
/// the table works the same and completions run at once.
///
///     let table = TableView()
///     table.dataSource = states               // snapshot of counts taken here
///     states.names.insert("Alaska", at: 0)
///     try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
///
/// The table lives on the main actor and calls its data source and delegate there. The counts it
/// validates against are its snapshot from the last `reloadData` or applied batch, never a fresh
/// query (UIKit's "before" state). Setting `dataSource` takes the snapshot at once, so an update
/// issued before the first draw is still validated against real counts.
@MainActor
open class TableView {
    /// Held weakly, as in UIKit: keep your data source alive.
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { reloadData() }
    }

    /// Held weakly, as in UIKit.
    public weak var delegate: (any TableViewDelegate)?

    /// What draws the table, told about reloads, applied batches, editing changes and drops.
    /// Held weakly: the presenter holds the table.
    public weak var presenter: (any TableViewPresenter)?

    /// How sections are laid out, fixed at creation as in UIKit.
    public let style: Style

    /// Row count per section, as of the last reload or batch.
    public internal(set) var rowCounts: [Int] = []

    /// Whether the table is editing, as UIKit has it: in edit mode (`setEditing`: controls and
    /// handles shown), or while a row is swiped open (`swipedRow`: only that row's actions
    /// show). Setting it is `setEditing(_:animated: false)`.
    public var isEditing: Bool {
        get { interaction != .browsing }
        set { setEditing(newValue, animated: false) }
    }
    /// Edit mode proper (`setEditing`), without a swipe.
    var editMode: Bool { interaction.isEditMode }

    /// What the user is doing: browsing, editing, dragging a row or a section, confirming a
    /// delete, or a row swiped open. Changed by an `EditController`'s intents and by `setEditing`;
    /// remapped through every batch.
    public internal(set) var interaction: TableInteraction = .browsing

    /// The cursor: a header or a row (current space); nil only when there are no sections.
    /// Remapped through every batch; moved only by an `EditController`'s intents.
    public internal(set) var focus: TableFocus?

    /// The row showing its Delete confirmation button, if any (current space).
    public var deleteConfirmation: IndexPath? {
        if case .confirmingDelete(let p) = interaction { return p }
        return nil
    }
    /// The row being dragged in edit mode, if any.
    public var rowDrag: RowDrag? {
        if case .draggingRow(let drag) = interaction { return drag }
        return nil
    }
    /// The section being dragged in edit mode, if any.
    public var sectionDrag: SectionDrag? {
        if case .draggingSection(let drag) = interaction { return drag }
        return nil
    }

    /// Whether the user can select rows outside edit mode (UIKit: `true`).
    public var allowsSelection = true
    /// Whether the user can select rows in edit mode (UIKit: `false`).
    public var allowsSelectionDuringEditing = false
    /// Whether the user can select several rows at once outside edit mode; selecting a selected row
    /// then deselects it.
    public var allowsMultipleSelection = false
    /// The same in edit mode: selected rows show `●` and the others `○` in place of their editing
    /// control.
    public var allowsMultipleSelectionDuringEditing = false

    /// The selected rows, in the current space. Remapped through every batch; a deleted row leaves
    /// the selection.
    var selectedRows: Set<RowKey> = []

    /// A `scrollToRow` the renderer has not yet honoured (current space).
    var scrollRequest: ScrollRequest?

    /// The rows on screen, in the current space: what the renderer last reported, followed through
    /// the batches applied since. Empty until something is drawn.
    var visibleRows: [IndexPath] = []

    /// The rows on screen, in the current space, top to bottom: UIKit's property, with its optional
    /// type so ported `if let rows = tableView.indexPathsForVisibleRows` compiles. Never nil here:
    /// an empty array until something is drawn.
    public var indexPathsForVisibleRows: [IndexPath]? { visibleRows }

    var editInfoCache: [RowKey: RowEditInfo] = [:]

    /// Which rows are shown (TableView+Visibility.swift): the rows a filter keeps per section,
    /// sorted (`nil`: no filter), the collapsed rows and sections, and what they leave visible per
    /// section (`nil`: every row); the sections the filter hides whole and the sections shown,
    /// sorted (`nil`: every section). All in the current space; remapped by every batch.
    var filterShown: [[Int]]?
    var collapsedRows: Set<RowKey> = []
    var collapsedSections: Set<Int> = []
    var shownRows: [[Int]?] = []
    var filterHiddenSections: Set<Int> = []
    var shownSections: [Int]?

    /// The sections a board draws as lanes (current space; `nil`: every section). A list draws
    /// every section whatever this says; a board (`BoardRenderer`) draws only these, and
    /// `moveCursorAcross` and `stepAcross` pass over the others. Set by the host (listedit leaves
    /// out a file's front matter and its archive section); every batch remaps it (an inserted
    /// section is a lane), `reloadData()` keeps it.
    ///
    ///     tableView.laneSections = IndexSet(1..<tableView.numberOfSections)   // section 0 is no lane
    public var laneSections: IndexSet?

    /// The count of swipes begun, and the generation of a swipe whose row a batch deleted while its
    /// action ran (its end, `didEndEditingRowAt(nil)`, waits for the action's completion).
    var swipeGeneration = 0
    var swipeEndPending: Int?

    /// The context menu open over a row, if any (TableView+ContextMenu.swift).
    public internal(set) var contextMenu: ContextMenu?

    /// Cells: the class registered per reuse identifier, the cells that scrolled away, the cell of
    /// every row on screen (current space), the rows to ask again, and the row being asked again.
    var cellRegistrations: [String: TableViewCell.Type] = [:]
    var reuseQueues: [String: [TableViewCell]] = [:]
    var cellsOnScreen: [RowKey: TableViewCell] = [:]
    var cellsToReconfigure: Set<RowKey> = []
    var reconfiguring: (path: RowKey, cell: TableViewCell)?

    var updateDepth = 0
    var pending = BatchUpdate()
    var pendingReload = false
    var pendingCompletions: [@MainActor (Bool) -> Void] = []

    /// - Parameter style: `.plain` unless given, as UIKit's `UITableView()`.
    public init(style: Style = .plain) {
        self.style = style
    }

    /// Number of sections, from the snapshot.
    public var numberOfSections: Int { rowCounts.count }

    /// Number of rows in a section, from the snapshot.
    ///
    /// - Parameter section: current section index.
    public func numberOfRows(inSection section: Int) -> Int { rowCounts[section] }

    /// Whether a path names an existing row of the snapshot.
    ///
    /// - Parameter path: current index path.
    public func contains(_ path: IndexPath) -> Bool {
        path.section >= 0 && path.section < rowCounts.count && path.row >= 0 && path.row < rowCounts[path.section]
    }

    /// Forgets everything and asks the data source again. Inside a batch, the batch becomes a
    /// full reload: its operations are dropped and nothing is validated.
    ///
    /// - Complexity: O(sections): one `numberOfRowsInSection` per section.
    open func reloadData() {
        if updateDepth > 0 {
            pendingReload = true
            return
        }
        rowCounts = Self.counts(of: dataSource, table: self)
        forgetVisibility()
        editInfoCache = [:]
        dropCells()
        setSelection([])
        visibleRows = visibleRows.filter(contains)
        clampInteraction()
        presenter?.tableViewDidReloadData(self)
    }

    /// Enters or leaves edit mode, UIKit's `setEditing(_:animated:)`.
    ///
    ///     tableView.setEditing(true, animated: true)    // ⊖ ⊕ controls and ≡ handles show
    ///
    /// A row swiped open closes first (`didEndEditingRowAt`). The delegate hears `willSetEditing` first; the selection is cleared (as UIKit's table does
    /// when its mode changes); entering asks the editing questions of every visible row (UIKit's order, see `editingInfo(for:)`), and the
    /// presenter hears of the change last.
    ///
    /// - Complexity: O(visible rows) delegate questions when entering.
    open func setEditing(_ editing: Bool, animated: Bool) {
        endSwipe()
        contextMenu = nil
        guard editing != editMode else { return }
        delegate?.tableView(self, willSetEditing: editing)
        interaction = editing ? .editing : .browsing
        editInfoCache = [:]
        setSelection([])
        if editing {
            for p in visibleRows { _ = editingInfo(for: p) }
        }
        presenter?.tableView(self, didChangeEditing: editing, animated: animated)
    }

    /// The renderer tells the table which rows it drew, so `indexPathsForVisibleRows`,
    /// `cellForRow(at:)` and the editing questions asked when edit mode begins follow the screen.
    /// The cells of rows no longer drawn go back to their reuse queues.
    ///
    /// - Parameter rows: current index paths, top to bottom.
    /// - Complexity: O(rows).
    public func reportVisibleRows(_ rows: [IndexPath]) {
        // The same rows as before: the cells held are all theirs already.
        guard rows != visibleRows else { return }
        visibleRows = rows
        keepCells(of: rows)
    }

    static func counts(of dataSource: (any TableViewDataSource)?, table: TableView) -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(0, dataSource.numberOfSections(in: table))
        return (0..<sections).map { dataSource.tableView(table, numberOfRowsInSection: $0) }
    }
}
