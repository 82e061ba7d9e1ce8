/// Item calls, UIKit's names. A refused call changes nothing and is kept in `error` (see
/// ``DiffableDataSourceError``).
extension DiffableDataSourceSnapshot {
    /// Adds items at the end of a section, or of the last section when `sectionIdentifier` is
    /// `nil`.
    ///
    ///     snapshot.appendItems(["Milk", "Eggs"], toSection: "Groceries")
    ///
    /// Refused when an identifier is given twice or is already in the snapshot (UIKit: "supplied
    /// item identifiers are not unique"), when the section is not in the snapshot, or when there is
    /// no section at all.
    ///
    /// - Complexity: O(`identifiers.count` + sections).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let operation = "appendItems(_:toSection:)"
        let slot: Int
        if let sectionIdentifier {
            guard let found = slotOfSection[sectionIdentifier] else {
                return refuse(.sectionNotFound([Self.name(sectionIdentifier)], operation: operation))
            }
            slot = found
        } else {
            guard let last = order.last else { return refuse(.noSections(operation: operation)) }
            slot = last
        }
        insertItems(identifiers, slot: slot, row: slotItems[slot].count, operation: operation)
    }

    /// Adds items just before another item, in its section.
    ///
    /// - Complexity: O(`identifiers.count` + rows after the anchor + sections).
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        let operation = "insertItems(_:beforeItem:)"
        guard let anchor = locations[beforeIdentifier] else { return refuse(.itemNotFound([Self.name(beforeIdentifier)], operation: operation)) }
        insertItems(identifiers, slot: anchor.slot, row: anchor.row, operation: operation)
    }

    /// Adds items just after another item, in its section.
    ///
    /// - Complexity: O(`identifiers.count` + rows after the anchor + sections).
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        let operation = "insertItems(_:afterItem:)"
        guard let anchor = locations[afterIdentifier] else { return refuse(.itemNotFound([Self.name(afterIdentifier)], operation: operation)) }
        insertItems(identifiers, slot: anchor.slot, row: anchor.row + 1, operation: operation)
    }

    /// Removes items. Identifiers that are not in the snapshot are ignored.
    ///
    /// - Complexity: O(`identifiers.count` + rows after the first removed one in each section
    ///   touched + sections).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var rowsBySlot: [Int: [Int]] = [:]
        for id in identifiers {
            guard let location = locations.removeValue(forKey: id) else { continue }
            rowsBySlot[location.slot, default: []].append(location.row)
            if !reloadedItems.isEmpty { reloadedItems.remove(id) }
            if !reconfiguredItems.isEmpty { reconfiguredItems.remove(id) }
        }
        guard !rowsBySlot.isEmpty else { return }
        for (slot, unsorted) in rowsBySlot {
            let rows = unsorted.sorted()
            var items = slotItems[slot]
            slotItems[slot] = []                      // `items` is the only reference: no copy
            var write = rows[0], next = 0
            for read in rows[0]..<items.count {
                if next < rows.count, rows[next] == read { next += 1; continue }
                items[write] = items[read]
                write += 1
            }
            items.removeLast(items.count - write)
            slotItems[slot] = items
            reindex(slot: slot, from: rows[0])
        }
        recount()
    }

    /// Removes every item and every section, as UIKit's method of the same name does. A refusal
    /// already kept in `error` stays.
    public mutating func deleteAllItems() {
        let error = self.error
        self = Self()
        self.error = error
    }

    /// Moves an item just before another, into that item's section.
    ///
    /// - Complexity: O(rows after the first changed row in the one or two sections + sections).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: false, operation: "moveItem(_:beforeItem:)")
    }

    /// Moves an item just after another, into that item's section.
    ///
    /// - Complexity: O(rows after the first changed row in the one or two sections + sections).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: true, operation: "moveItem(_:afterItem:)")
    }

    /// Marks items so that `apply` gives their rows fresh cells (UIKit's `reloadRows`). Refused
    /// when an item is not in the snapshot.
    ///
    /// - Complexity: O(`identifiers.count`).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        let missing = Self.uniqued(identifiers.filter { locations[$0] == nil })
        guard missing.isEmpty else { return refuse(.itemNotFound(Self.names(missing), operation: "reloadItems(_:)")) }
        reloadedItems.formUnion(identifiers)
    }

    /// Marks items so that `apply` asks the cell provider again with the rows' own cells (UIKit's
    /// `reconfigureRows`): nothing is deleted or inserted. Refused when an item is not in the
    /// snapshot.
    ///
    /// - Complexity: O(`identifiers.count`).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        let missing = Self.uniqued(identifiers.filter { locations[$0] == nil })
        guard missing.isEmpty else { return refuse(.itemNotFound(Self.names(missing), operation: "reconfigureItems(_:)")) }
        reconfiguredItems.formUnion(identifiers)
    }

    // MARK: Helpers

    mutating func insertItems(_ identifiers: [Item], slot: Int, row: Int, operation: String) {
        var seen = Set<Item>(minimumCapacity: identifiers.count), duplicates: [Item] = []
        for id in identifiers where !seen.insert(id).inserted || locations[id] != nil {
            duplicates.append(id)
        }
        guard duplicates.isEmpty else {
            return refuse(.duplicateItemIdentifiers(Self.names(Self.uniqued(duplicates)), operation: operation))
        }
        guard !identifiers.isEmpty else { return }
        locations.reserveCapacity(locations.count + identifiers.count)
        slotItems[slot].insert(contentsOf: identifiers, at: row)
        reindex(slot: slot, from: row)
        recount()
    }

    mutating func moveItem(_ identifier: Item, next toIdentifier: Item, after: Bool, operation: String) {
        let missing = Self.uniqued([identifier, toIdentifier].filter { locations[$0] == nil })
        guard missing.isEmpty, let from = locations[identifier], let anchor = locations[toIdentifier] else {
            return refuse(.itemNotFound(Self.names(missing), operation: operation))
        }
        guard identifier != toIdentifier else { return refuse(.movedRelativeToItself(Self.name(identifier), operation: operation)) }
        slotItems[from.slot].remove(at: from.row)
        reindex(slot: from.slot, from: from.row)
        // The anchor's row after the removal.
        let row = anchor.row - (anchor.slot == from.slot && from.row < anchor.row ? 1 : 0) + (after ? 1 : 0)
        slotItems[anchor.slot].insert(identifier, at: row)
        reindex(slot: anchor.slot, from: row)
        if from.slot != anchor.slot { recount() }
    }

    /// Moves an item to a place given as a final index path: what a row the user dropped does.
    ///
    /// - Parameter path: the item's index path after the move.
    mutating func moveItem(_ item: Item, toFinal path: IndexPath) {
        guard let from = locations[item] else { return }   // (the row dropped is one of the snapshot's)
        slotItems[from.slot].remove(at: from.row)
        reindex(slot: from.slot, from: from.row)
        let slot = order[path[0]]
        slotItems[slot].insert(item, at: path[1])
        reindex(slot: slot, from: path[1])
        recount()
    }
}
