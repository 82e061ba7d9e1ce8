/// A table's data source driven by snapshots, UIKit's `UITableViewDiffableDataSource`: give it a
/// ``DiffableDataSourceSnapshot`` of identifiers and it issues the one batch that turns the table's
/// rows into it, with UIKit's index rules, so rows that stay keep their cells and rows that move
/// slide.
///
///     let dataSource = TableViewDiffableDataSource<String, String>(tableView: tableView) { tableView, indexPath, item in
///         let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
///         cell.textLabel?.text = item
///         return cell
///     }
///     var snapshot = DiffableDataSourceSnapshot<String, String>()
///     snapshot.appendSections(["Groceries"])
///     snapshot.appendItems(["Milk", "Eggs"])
///     try dataSource.apply(snapshot)            // `try`: see below
///
/// `init(tableView:cellProvider:)` makes it the table's data source (the table holds it weakly, as
/// in UIKit: keep it alive); it holds the table. The table asks it for counts and cells, and it
/// answers from its current snapshot, so never update the table with its own batch calls while a
/// diffable data source drives it.
///
/// **`apply` throws** (the library's one deliberate difference from UIKit): a snapshot that holds
/// a refused call, such as a duplicate identifier, throws a ``DiffableDataSourceError`` naming it,
/// where UIKit stops the app; nothing changes then.
///
/// **Editing and reordering by subclassing**, as in UIKit. `tableView(_:canEditRowAt:)` and
/// `tableView(_:canMoveRowAt:)` are `open` and answer `false` (UIKit's defaults), unless
/// `reorderingHandlers.canReorderItem` is set, which then answers both. Override them to edit or
/// reorder. `tableView(_:moveRowAt:to:)` is `open` too; whether it is overridden or not, the data
/// source's snapshot follows a row the user dropped (see ``reorderingHandlers``). Committing deletes
/// and inserts is TableKit's opt-in conformance, as for any data source: a subclass conforms to
/// ``TableViewEditingDataSource`` (an `override` of `commit` copied from UIKit code does not compile:
/// drop `override`, add the conformance) and applies a snapshot without the row in `commit`.
@MainActor
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: TableViewReorderingDataSource {
    /// Makes the cell of an item: dequeue a cell from the table and configure it. Returning `nil`
    /// is a programming error, as in UIKit: it stops the program with a message naming the item.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?

    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The table this data source drives.
    let tableView: TableView
    let cellProvider: CellProvider
    /// What the table shows, without reload or reconfigure marks.
    var current = Snapshot()
    /// A row the user dropped while its `moveRowAt` runs: snapshots applied meanwhile wait for it.
    var interactiveMove: InteractiveMove?

    /// The animation of inserted, deleted and reloaded rows and sections (UIKit's property of the
    /// same name).
    public var defaultRowAnimation: TableView.RowAnimation = .automatic

    /// Becomes `tableView`'s data source, with an empty snapshot.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// The snapshot the table shows now (a copy: change it and `apply` it).
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Updates the table to `snapshot` in one batch computed from the current snapshot, animated
    /// unless `animatingDifferences` is `false`; `completion` runs once the batch is applied and
    /// its animation has ended, also when nothing changed.
    ///
    ///     var snapshot = dataSource.snapshot()
    ///     snapshot.deleteItems(["Eggs"])
    ///     try dataSource.apply(snapshot) { print("done") }
    ///
    /// Throws the snapshot's ``DiffableDataSourceSnapshot/error`` when it refused a call; nothing
    /// changes then. Items marked by `reloadItems`, `reconfigureItems` or `reloadSections` are
    /// reloaded or reconfigured (docs/library-guide.md, "Diffable data source").
    ///
    /// - Complexity: O(n log n) for n items and sections, plus the table's validation of the batch.
    ///   Identifiers are hashed in code specialised for your identifier types (this method is
    ///   `@inlinable` and `final`, so your module compiles it for them); the rest of the diff works
    ///   on integers.
    @inlinable
    public final func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool = true,
                      completion: (@MainActor () -> Void)? = nil) throws(DiffableDataSourceError) {
        try apply(snapshot, animatingDifferences: animatingDifferences) { (_: Bool) in completion?() }
    }

    /// `apply` with a completion that is told, as `performBatchUpdates`' is, whether the animation
    /// ran to its end: `false` when a new `apply` or batch, or a key press, cut it short.
    ///
    ///     try dataSource.apply(snapshot) { finished in print("done", finished) }
    @inlinable
    public final func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool = true,
                      completion: @escaping @MainActor (Bool) -> Void) throws(DiffableDataSourceError) {
        // The closure is compiled where the identifier types are known: the one pass that hashes
        // them runs specialised (see `DiffableDataSourceSnapshot.origins(in:)`).
        try apply(snapshot, animatingDifferences: animatingDifferences, completion: completion) { old in snapshot.origins(in: old) }
    }

    /// `apply`, given how to find the snapshot's items in the current one.
    @usableFromInline
    func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
               animatingDifferences: Bool,
               completion: @escaping @MainActor (Bool) -> Void,
               origins: (DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) -> [DiffableItemOrigin]) throws(DiffableDataSourceError) {
        if let error = snapshot.error { throw error }
        if interactiveMove != nil {
            interactiveMove?.waiting.append(.diff(snapshot, animated: animatingDifferences, completion: completion))
            return
        }
        let changes = Snapshot.changes(from: current, to: snapshot, origins: origins(current), animation: defaultRowAnimation)
        var update = changes.update
        update.isAnimated = animatingDifferences
        let previous = current
        current = snapshot.withoutMarks
        do {
            try tableView.performBatchUpdates({
                try tableView.perform(update)
                tableView.reconfigureRows(at: changes.reconfigured)
            }, completion: completion)
        } catch {
            // Only the table's validation throws here: the block records, it cannot fail.
            current = previous
            throw .invalidUpdate(error as! TableUpdateError)
        }
    }

    /// Replaces the table's rows with `snapshot` without a diff or animation (UIKit's method of the
    /// same name): the table reloads, and cells are asked for again as rows are drawn.
    ///
    /// - Complexity: O(sections) here; the table asks for cells as it draws.
    public func applySnapshotUsingReloadData(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                             completion: (@MainActor () -> Void)? = nil) throws(DiffableDataSourceError) {
        if let error = snapshot.error { throw error }
        if interactiveMove != nil {
            interactiveMove?.waiting.append(.reload(snapshot, completion: completion))
            return
        }
        current = snapshot.withoutMarks
        tableView.reloadData()
        completion?()
    }

    // MARK: Identifiers and places

    /// The item at an index path of the table, or `nil`.
    ///
    /// - Parameter indexPath: current index path.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The index path of an item in the table, or `nil`.
    ///
    /// - Returns: current index path.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at an index of the table, or `nil`.
    ///
    /// - Parameter index: current section index.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index >= 0 && index < current.numberOfSections ? current.section(at: index) : nil
    }

    /// The index of a section in the table, or `nil`.
    ///
    /// - Returns: current section index.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: The data source's answers

    /// The snapshot's number of sections.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The number of items of the snapshot's section at that index.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section >= 0 && section < current.numberOfSections ? current.items(at: section).count : 0
    }

    /// The cell provider's cell for the item at `indexPath`.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = current.item(at: indexPath) else {
            preconditionFailure("the table asked for a row the snapshot does not have: \(indexPath)")
        }
        guard let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("the cell provider returned nil for item \(DiffableDataSourceError.name(item)) at \(indexPath)")
        }
        return cell
    }

    /// Default `nil`: override to title a section, with `sectionIdentifier(for:)`.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// Default `nil`.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

    /// Default: `reorderingHandlers.canReorderItem` for the row's item when it is set, else `false`
    /// (UIKit's default). A row that is not editable cannot be swiped or moved.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { canReorder(indexPath) }

    /// Default: `reorderingHandlers.canReorderItem` for the row's item when it is set, else `false`
    /// (UIKit's default).
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { canReorder(indexPath) }

    /// The user dropped a row: override to update your own model. The data source's snapshot
    /// follows the drop whether this is overridden or not: inside it, `snapshot()` and
    /// `itemIdentifier(for:)` still answer as before the drop, a snapshot applied here is applied
    /// just after it (UIKit code that moves the item in a snapshot and applies it works as is), and
    /// after it the snapshot shows the row at `destinationIndexPath`. Default: nothing.
    ///
    /// - Parameters:
    ///   - tableView: the table asking.
    ///   - sourceIndexPath: where the row was, before the move.
    ///   - destinationIndexPath: where it is now, after the move.
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    func canReorder(_ indexPath: IndexPath) -> Bool {
        guard let canReorderItem = reorderingHandlers.canReorderItem, let item = current.item(at: indexPath) else { return false }
        return canReorderItem(item)
    }

    /// UIKit's `reorderingHandlers` (a collection view's there; a table has them here too).
    public var reorderingHandlers = ReorderingHandlers()
}
