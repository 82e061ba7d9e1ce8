import Foundation

/// A table without a screen: its data source and delegate, the row counts it last saw, batch
/// updates with UIKit's semantics, and the edit-mode flag. `TableView` (in the TableView module)
/// is this table drawn on a terminal.
///
///     let table = Table()
///     table.dataSource = states               // snapshot of counts taken here
///     states.names.insert("Alaska", at: 0)
///     try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
///
/// The table lives on the main actor and calls its data source and delegate there. The counts it
/// validates against are its snapshot from the last `reloadData` or applied batch, never a fresh
/// query (UIKit's "before" state). Setting `dataSource` takes the snapshot at once, so an update
/// issued before the first draw is still validated against real counts.
@MainActor
open class Table {
    /// Held weakly, as in UIKit: keep your data source alive.
    public weak var dataSource: (any TableDataSource)? {
        didSet { reloadData() }
    }

    /// Held weakly, as in UIKit.
    public weak var delegate: (any TableDelegate)?

    /// Row count per section, as of the last reload or batch.
    public internal(set) var rowCounts: [Int] = []

    /// Whether the table is in edit mode (controls and handles shown).
    public private(set) var isEditing = false

    /// The cursor: a header or a row (current space). Remapped through every batch.
    public var focus: TableFocus?
    /// The row showing its Delete confirmation button, if any. Remapped through every batch.
    public var deleteConfirmation: IndexPath?
    /// The row in swipe-to-delete mode, if any. Remapped through every batch.
    public var swipedRow: IndexPath?
    /// The row being dragged in edit mode, if any. Cancelled by a batch that deletes it.
    public var rowDrag: RowDrag?
    /// The section being dragged in edit mode, if any.
    public var sectionDrag: SectionDrag?

    var editInfoCache: [IndexPath: RowEditInfo] = [:]

    var updateDepth = 0
    var pending = BatchUpdate()
    var pendingReload = false
    var pendingCompletions: [@MainActor (Bool) -> Void] = []

    public init() {}

    /// Number of sections, from the snapshot.
    public var numberOfSections: Int { rowCounts.count }

    /// Number of rows in a section, from the snapshot.
    ///
    /// - Parameter section: current section index.
    public func numberOfRows(inSection section: Int) -> Int { rowCounts[section] }

    /// Whether a path names an existing row of the snapshot.
    public func contains(_ path: IndexPath) -> Bool {
        path.section >= 0 && path.section < rowCounts.count && path.row >= 0 && path.row < rowCounts[path.section]
    }

    /// Forgets everything and asks the data source again. Inside a batch, the batch becomes a
    /// full reload: its operations are dropped and nothing is validated.
    public func reloadData() {
        if updateDepth > 0 {
            pendingReload = true
            return
        }
        rowCounts = Self.counts(of: dataSource, table: self)
        editInfoCache = [:]
        clampInteraction()
        tableDidReloadData()
    }

    /// Enters or leaves edit mode. The delegate hears `willSetEditing` first; subclasses redraw.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        delegate?.table(self, willSetEditing: editing)
        isEditing = editing
        editInfoCache = [:]
        if !editing {
            rowDrag = nil
            sectionDrag = nil
            deleteConfirmation = nil
        }
        tableDidSetEditing(animated: animated)
    }

    // MARK: Hooks for subclasses (the view)

    /// Called after `reloadData` took a new snapshot.
    open func tableDidReloadData() {}

    /// Called after `setEditing` changed the flag.
    open func tableDidSetEditing(animated: Bool) {}

    /// Called after the user dropped a row or section where the data source was told with
    /// `moveRowAt`/`moveSection`; the screen already shows it there, so nothing animates.
    open func tableDidMoveInteractively(_ plan: BatchPlan) {}

    /// Called once a valid batch is applied to the snapshot. `completions` are the batch's
    /// completion handlers, outer first, then inner in call order: the table runs them with
    /// `true` at once; a view that animates overrides this and runs them when the animation ends
    /// (`false` if it was cut short).
    open func tableDidApply(_ plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        for completion in completions { completion(true) }
    }

    static func counts(of dataSource: (any TableDataSource)?, table: Table) -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(0, dataSource.numberOfSections(in: table))
        return (0..<sections).map { dataSource.table(table, numberOfRowsInSection: $0) }
    }
}
