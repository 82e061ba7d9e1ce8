/// The state of a table's data as identifiers, UIKit's `NSDiffableDataSourceSnapshot`: sections in
/// order, each holding its items in order. Build one, give it to a ``TableViewDiffableDataSource``
/// with `apply`, and the data source works out the batch that turns the table's rows into it.
///
///     var snapshot = DiffableDataSourceSnapshot<String, String>()
///     snapshot.appendSections(["Groceries", "Hardware"])
///     snapshot.appendItems(["Milk", "Eggs"], toSection: "Groceries")
///     snapshot.appendItems(["Screws"])                       // the last section
///     snapshot.moveItem("Eggs", beforeItem: "Milk")
///     snapshot.indexOfItem("Screws")                         // 2
///     try dataSource.apply(snapshot)
///
/// Identifiers are unique across the whole snapshot (an item is in one section). A call UIKit
/// would stop the app for (a duplicate identifier, an anchor or an item that is not there,
/// appending with no section) changes nothing here: the snapshot keeps the first such refusal in
/// ``error`` and `apply` throws it. Deleting identifiers that are not there does nothing, as in
/// UIKit.
///
/// Every lookup is O(1) (an index from identifiers to places is kept up to date by every call);
/// a call costs the identifiers it names plus the rows after the first one it changes in each
/// section it changes, and section calls cost O(sections). A snapshot is a value: copies share
/// their storage until one of them changes.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Section = SectionIdentifierType
    @usableFromInline typealias Item = ItemIdentifierType

    /// Where an item is: its section's slot and its row.
    @usableFromInline
    struct Location: Sendable, Hashable {
        @usableFromInline var slot: Int
        @usableFromInline var row: Int
    }

    /// Sections by slot. A section keeps its slot while it lives, so inserting, deleting or moving
    /// sections renumbers no item; a deleted section's slot is reused. `nil`: a free slot.
    var slotSection: [Section?] = []
    /// The items of each slot's section, in order.
    @usableFromInline var slotItems: [[Item]] = []
    var freeSlots: [Int] = []
    /// The slot of each section, in section order.
    @usableFromInline var order: [Int] = []
    /// By slot: the section's index, or -1 for a free slot.
    @usableFromInline var positionOfSlot: [Int] = []
    var slotOfSection: [Section: Int] = [:]
    @usableFromInline var locations: [Item: Location] = [:]
    /// By section index: the flat index of the section's first item; the last entry is the number
    /// of items.
    @usableFromInline var starts: [Int] = [0]
    var reloadedSections: Set<Section> = []
    var reloadedItems: Set<Item> = []
    var reconfiguredItems: Set<Item> = []

    /// The first call this snapshot refused, or `nil`. `apply` throws it and changes nothing.
    ///
    ///     snapshot.appendItems(["Milk"], toSection: "Dairy")   // no such section
    ///     snapshot.error?.description
    ///     // appendItems(_:toSection:): section identifier not found in the snapshot: "Dairy"
    public internal(set) var error: DiffableDataSourceError?

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Queries

    /// The number of items in all sections.
    public var numberOfItems: Int { starts[order.count] }

    /// The number of sections.
    public var numberOfSections: Int { order.count }

    /// The sections, in order.
    ///
    /// - Complexity: O(sections).
    public var sectionIdentifiers: [SectionIdentifierType] { order.map(sectionInSlot) }

    /// Every item, section after section.
    ///
    /// - Complexity: O(items).
    public var itemIdentifiers: [ItemIdentifierType] {
        var all: [Item] = []
        all.reserveCapacity(numberOfItems)
        for slot in order { all += slotItems[slot] }
        return all
    }

    /// The number of items in a section; 0 when the section is not in the snapshot (UIKit stops
    /// the app).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        slotOfSection[identifier].map { slotItems[$0].count } ?? 0
    }

    /// The items of a section, in order; empty when the section is not in the snapshot (UIKit
    /// stops the app).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        slotOfSection[identifier].map { slotItems[$0] } ?? []
    }

    /// The section holding an item, or `nil` when the item is not in the snapshot.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        locations[identifier].map { sectionInSlot($0.slot) }
    }

    /// An item's index among all items (section after section), or `nil`.
    ///
    ///     snapshot.indexOfItem("Screws")   // 2: after the two items of the first section
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        locations[identifier].map { starts[positionOfSlot[$0.slot]] + $0.row }
    }

    /// A section's index, or `nil`.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        slotOfSection[identifier].map { positionOfSlot[$0] }
    }

    /// The sections marked by `reloadSections`, in section order.
    ///
    /// - Complexity: O(marked × log marked).
    public var reloadedSectionIdentifiers: [SectionIdentifierType] {
        reloadedSections.compactMap { s in indexOfSection(s).map { ($0, s) } }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The items marked by `reloadItems`, in snapshot order.
    ///
    /// - Complexity: O(marked × log marked).
    public var reloadedItemIdentifiers: [ItemIdentifierType] {
        Self.inSnapshotOrder(reloadedItems, indexOfItem)
    }

    /// The items marked by `reconfigureItems`, in snapshot order.
    ///
    /// - Complexity: O(marked × log marked).
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
        Self.inSnapshotOrder(reconfiguredItems, indexOfItem)
    }

    // MARK: Places (for the data source and the diff)

    /// The section at an index.
    ///
    /// - Parameter position: a section index of this snapshot.
    func section(at position: Int) -> Section { sectionInSlot(order[position]) }

    /// The section in a slot that holds one: a slot in `order` or in `locations` (only the
    /// slots in `freeSlots` hold none).
    func sectionInSlot(_ slot: Int) -> Section { slotSection[slot]! }

    /// `items` (marked ones, which stay in the snapshot: removing an item unmarks it) in the
    /// order of their indexes.
    ///
    /// - Complexity: O(items × log items).
    static func inSnapshotOrder(_ items: Set<Item>, _ index: (Item) -> Int?) -> [Item] {
        items.compactMap { item in index(item).map { ($0, item) } }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The items of the section at an index.
    ///
    /// - Parameter position: a section index of this snapshot.
    func items(at position: Int) -> [Item] { slotItems[order[position]] }

    /// The item at an index path of this snapshot, or `nil` when there is none.
    func item(at indexPath: IndexPath) -> Item? {
        let section = indexPath[0], row = indexPath[1]
        guard section >= 0, section < order.count else { return nil }
        let items = slotItems[order[section]]
        return row >= 0 && row < items.count ? items[row] : nil
    }

    /// The index path of an item, or `nil`.
    func indexPath(of item: Item) -> IndexPath? {
        locations[item].map { IndexPath(row: $0.row, section: positionOfSlot[$0.slot]) }
    }

    /// The same snapshot without its reload and reconfigure marks: what a data source keeps once
    /// it has applied them.
    var withoutMarks: Self {
        var copy = self
        copy.reloadedSections = []
        copy.reloadedItems = []
        copy.reconfiguredItems = []
        return copy
    }

    // MARK: Bookkeeping

    /// Keeps the first refusal.
    mutating func refuse(_ error: DiffableDataSourceError) {
        if self.error == nil { self.error = error }
    }

    /// Section indexes and item offsets from scratch.
    ///
    /// - Complexity: O(sections).
    mutating func renumberSections() {
        starts.removeAll(keepingCapacity: true)
        var total = 0
        for (position, slot) in order.enumerated() {
            positionOfSlot[slot] = position
            starts.append(total)
            total += slotItems[slot].count
        }
        starts.append(total)
    }

    /// Item offsets from scratch after counts changed.
    ///
    /// - Complexity: O(sections).
    mutating func recount() {
        var total = 0
        for position in order.indices {
            starts[position] = total
            total += slotItems[order[position]].count
        }
        starts[order.count] = total
    }

    /// Records the place of every item of a slot from `row` on.
    ///
    /// - Complexity: O(items from `row` to the section's end).
    mutating func reindex(slot: Int, from row: Int) {
        let items = slotItems[slot]
        guard row < items.count else { return }
        for r in row..<items.count { locations[items[r]] = Location(slot: slot, row: r) }
    }
}

extension DiffableDataSourceSnapshot: Equatable {
    /// Equal: the same sections in the same order, the same items in each, the same marks and the
    /// same refusal.
    ///
    /// - Complexity: O(items).
    public static func == (a: Self, b: Self) -> Bool {
        guard a.order.count == b.order.count, a.numberOfItems == b.numberOfItems, a.error == b.error,
              a.reloadedSections == b.reloadedSections, a.reloadedItems == b.reloadedItems,
              a.reconfiguredItems == b.reconfiguredItems else { return false }
        for (sa, sb) in zip(a.order, b.order) {
            guard a.slotSection[sa] == b.slotSection[sb], a.slotItems[sa] == b.slotItems[sb] else { return false }
        }
        return true
    }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible {
    /// The sections and their items, `[A: [a, b], B: []]`: what a failing test prints.
    ///
    /// - Complexity: O(items).
    public var description: String {
        let sections = order.map { slot in
            "\(Self.name(sectionInSlot(slot))): [\(Self.names(slotItems[slot]).joined(separator: ", "))]"
        }
        return "[\(sections.joined(separator: ", "))]"
    }
}
