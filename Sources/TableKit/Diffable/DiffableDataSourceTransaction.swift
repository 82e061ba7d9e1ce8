/// What a reorder did, UIKit's `NSDiffableDataSourceTransaction`: the snapshots before and after,
/// the change to the list of all items, and the change to each section it touched. Reordering
/// handlers receive one (see ``TableViewDiffableDataSource/reorderingHandlers``).
///
///     dataSource.reorderingHandlers.didReorder = { transaction in
///         if let moved = backingStore.applying(transaction.difference) { backingStore = moved }
///     }
public struct DiffableDataSourceTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The data source's snapshot before the reorder.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Its snapshot after the reorder.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// From `initialSnapshot.itemIdentifiers` to `finalSnapshot.itemIdentifiers` (all items,
    /// section after section): a remove and an insert associated with each other, or nothing when
    /// a row moved across a section boundary without changing that list.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One per section whose items changed.
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// What a reorder did to one section, UIKit's `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// Its items before the reorder.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// Its items after the reorder.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// From the items before to the items after: a remove and an insert associated with each other
    /// for a move inside the section, one of them for a row that left or arrived.
    public let difference: CollectionDifference<ItemIdentifierType>
}
