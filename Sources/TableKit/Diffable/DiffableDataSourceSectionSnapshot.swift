/// The items of one section, as a reordering transaction reports them (UIKit's
/// `NSDiffableDataSourceSectionSnapshot`, read-only and flat: a table's sections have no outline).
///
///     dataSource.reorderingHandlers.didReorder = { transaction in
///         for section in transaction.sectionTransactions {
///             model[section.sectionIdentifier] = section.finalSnapshot.items
///         }
///     }
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable, Equatable {
    /// The section's items, in order.
    public let items: [ItemIdentifierType]

    /// - Parameter items: the section's items, in order.
    public init(_ items: [ItemIdentifierType]) {
        self.items = items
    }

    /// The same as `items`: a table section has no collapsed children.
    public var visibleItems: [ItemIdentifierType] { items }

    /// The same as `items`: a table section has no outline.
    public var rootItems: [ItemIdentifierType] { items }

    /// Whether the section holds the item.
    ///
    /// - Complexity: O(items).
    public func contains(_ item: ItemIdentifierType) -> Bool { items.contains(item) }

    /// The item's index in the section, or `nil`.
    ///
    /// - Complexity: O(items).
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }
}
