/// Reordering: UIKit's `reorderingHandlers`, and the snapshot following a row the user dropped.
extension TableViewDiffableDataSource {
    /// What the data source asks and tells about reordering, UIKit's `ReorderingHandlers` (a
    /// collection view's there; a table's here too).
    ///
    ///     dataSource.reorderingHandlers.canReorderItem = { _ in true }
    ///     dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
    ///         self?.names = transaction.finalSnapshot.itemIdentifiers
    ///     }
    ///
    /// With `canReorderItem` set, the rows it allows are editable and movable (the data source's
    /// `canEditRowAt` and `canMoveRowAt` answer with it unless a subclass overrides them), so they
    /// show reorder handles in edit mode; they show no delete control unless the data source also
    /// conforms to ``TableViewEditingDataSource``.
    public struct ReorderingHandlers {
        /// Whether an item can be picked up. `nil` (the default): no row can, unless a subclass
        /// overrides `canMoveRowAt`.
        public var canReorderItem: (@MainActor (ItemIdentifierType) -> Bool)?
        /// Called when the user drops a row, before `moveRowAt` and before the data source's
        /// snapshot changes.
        public var willReorder: (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called after the drop, once the data source's snapshot shows it: update your model here.
        public var didReorder: (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// No handlers: items are not reordered through them.
        public init() {}
    }

    /// A drop being committed: the snapshot after it, its transaction, and the snapshots applied
    /// while `moveRowAt` ran, waiting to be applied after the drop.
    struct InteractiveMove {
        enum Waiting {
            case diff(Snapshot, animated: Bool, completion: @MainActor (Bool) -> Void)
            case reload(Snapshot, completion: (@MainActor () -> Void)?)
        }

        var after: Snapshot
        var transaction: DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
        var waiting: [Waiting] = []
    }

    /// The transaction of one row moved by the user.
    ///
    /// - Parameters:
    ///   - source: the row's path before the move.
    ///   - destination: its path after the move.
    static func transaction(moving item: ItemIdentifierType, from source: IndexPath, to destination: IndexPath,
                            before: Snapshot, after: Snapshot) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
        typealias Difference = CollectionDifference<ItemIdentifierType>
        // (The changes made here are one removal and one insertion of one item at offsets in
        // range, associated with each other or with none: a valid difference.)
        func valid(_ changes: [Difference.Change]) -> Difference { Difference(changes)! }
        // (The row moved is in both snapshots: `before` holds it at `source`, `after` at `destination`.)
        let a = before.indexOfItem(item)!, b = after.indexOfItem(item)!
        let difference = a == b ? valid([])
            : valid([.remove(offset: a, element: item, associatedWith: b), .insert(offset: b, element: item, associatedWith: a)])
        func section(_ position: Int, _ changes: [Difference.Change]) -> DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType> {
            let id = before.section(at: position)
            return DiffableDataSourceSectionTransaction(
                sectionIdentifier: id,
                initialSnapshot: DiffableDataSourceSectionSnapshot(before.itemIdentifiers(inSection: id)),
                finalSnapshot: DiffableDataSourceSectionSnapshot(after.itemIdentifiers(inSection: id)),
                difference: valid(changes))
        }
        let sections = source.section == destination.section
            ? [section(source.section, [.remove(offset: source.row, element: item, associatedWith: destination.row),
                                        .insert(offset: destination.row, element: item, associatedWith: source.row)])]
            : [(source.section, Difference.Change.remove(offset: source.row, element: item, associatedWith: nil)),
               (destination.section, Difference.Change.insert(offset: destination.row, element: item, associatedWith: nil))]
                .sorted { $0.0 < $1.0 }
                .map { section($0.0, [$0.1]) }
        return DiffableDataSourceTransaction(initialSnapshot: before, finalSnapshot: after, difference: difference,
                                             sectionTransactions: sections)
    }
}

/// A data source that keeps its own copy of the rows hears of a drop around the `moveRowAt` call,
/// so its copy follows the drop whatever an override of `moveRowAt` does.
@MainActor
protocol TableViewInteractiveMoveObserver: AnyObject {
    /// Before `moveRowAt`; paths as there.
    func tableViewWillCommitInteractiveMove(from source: IndexPath, to destination: IndexPath)
    /// After `moveRowAt`, once the table shows the move.
    func tableViewDidCommitInteractiveMove()
}

extension TableViewDiffableDataSource: TableViewInteractiveMoveObserver {
    func tableViewWillCommitInteractiveMove(from source: IndexPath, to destination: IndexPath) {
        guard let item = current.item(at: source) else { return }
        var after = current
        after.moveItem(item, toFinal: destination)
        let transaction = Self.transaction(moving: item, from: source, to: destination, before: current, after: after)
        interactiveMove = InteractiveMove(after: after, transaction: transaction)
        reorderingHandlers.willReorder?(transaction)
    }

    func tableViewDidCommitInteractiveMove() {
        guard let move = interactiveMove else { return }
        interactiveMove = nil
        current = move.after
        reorderingHandlers.didReorder?(move.transaction)
        for waiting in move.waiting {
            // These were checked for refusals when they were applied; only a table that disagrees
            // with its data source could refuse them now.
            do {
                switch waiting {
                case .diff(let snapshot, let animated, let completion):
                    try apply(snapshot, animatingDifferences: animated, completion: completion)
                case .reload(let snapshot, let completion):
                    try applySnapshotUsingReloadData(snapshot, completion: completion)
                }
            } catch {
                assertionFailure("a snapshot applied in moveRowAt was refused after the drop: \(error)")
            }
        }
    }
}
