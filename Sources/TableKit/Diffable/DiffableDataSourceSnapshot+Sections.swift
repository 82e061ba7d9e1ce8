/// Section calls, UIKit's names. A refused call changes nothing and is kept in `error` (see
/// ``DiffableDataSourceError``).
extension DiffableDataSourceSnapshot {
    /// Adds sections at the end.
    ///
    ///     snapshot.appendSections(["Groceries", "Hardware"])
    ///
    /// Refused when an identifier is given twice or is already in the snapshot.
    ///
    /// - Complexity: O(sections).
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: order.count, operation: "appendSections(_:)")
    }

    /// Adds sections just before another.
    ///
    /// - Complexity: O(sections).
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        let operation = "insertSections(_:beforeSection:)"
        guard let anchor = slotOfSection[toIdentifier] else { return refuse(.sectionNotFound([Self.name(toIdentifier)], operation: operation)) }
        insertSections(identifiers, at: positionOfSlot[anchor], operation: operation)
    }

    /// Adds sections just after another.
    ///
    /// - Complexity: O(sections).
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        let operation = "insertSections(_:afterSection:)"
        guard let anchor = slotOfSection[toIdentifier] else { return refuse(.sectionNotFound([Self.name(toIdentifier)], operation: operation)) }
        insertSections(identifiers, at: positionOfSlot[anchor] + 1, operation: operation)
    }

    /// Removes sections with their items. Identifiers that are not in the snapshot are ignored.
    ///
    /// - Complexity: O(sections + items of the removed sections).
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        var removed = Set<Int>()
        for id in identifiers {
            guard let slot = slotOfSection.removeValue(forKey: id) else { continue }
            removed.insert(slot)
            reloadedSections.remove(id)
            for item in slotItems[slot] {
                locations[item] = nil
                if !reloadedItems.isEmpty { reloadedItems.remove(item) }
                if !reconfiguredItems.isEmpty { reconfiguredItems.remove(item) }
            }
            slotSection[slot] = nil
            slotItems[slot] = []
            positionOfSlot[slot] = -1
            freeSlots.append(slot)
        }
        guard !removed.isEmpty else { return }
        order.removeAll { removed.contains($0) }
        renumberSections()
    }

    /// Moves a section, with its items, just before another.
    ///
    /// - Complexity: O(sections).
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: false, operation: "moveSection(_:beforeSection:)")
    }

    /// Moves a section, with its items, just after another.
    ///
    /// - Complexity: O(sections).
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: true, operation: "moveSection(_:afterSection:)")
    }

    /// Marks sections so that `apply` gives all their rows fresh cells (see
    /// ``TableViewDiffableDataSource`` for what that means for rows that also move).
    ///
    /// Refused when a section is not in the snapshot.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        let missing = Self.uniqued(identifiers.filter { slotOfSection[$0] == nil })
        guard missing.isEmpty else { return refuse(.sectionNotFound(Self.names(missing), operation: "reloadSections(_:)")) }
        reloadedSections.formUnion(identifiers)
    }

    // MARK: Helpers

    mutating func insertSections(_ identifiers: [Section], at position: Int, operation: String) {
        var seen = Set<Section>(), duplicates: [Section] = []
        for id in identifiers where !seen.insert(id).inserted || slotOfSection[id] != nil {
            if !duplicates.contains(id) { duplicates.append(id) }
        }
        guard duplicates.isEmpty else { return refuse(.duplicateSectionIdentifiers(Self.names(duplicates), operation: operation)) }
        var slots: [Int] = []
        for id in identifiers {
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                slotSection[slot] = id
            } else {
                slot = slotSection.count
                slotSection.append(id)
                slotItems.append([])
                positionOfSlot.append(-1)
            }
            slotOfSection[id] = slot
            slots.append(slot)
        }
        order.insert(contentsOf: slots, at: position)
        renumberSections()
    }

    mutating func moveSection(_ identifier: Section, next toIdentifier: Section, after: Bool, operation: String) {
        let missing = Self.uniqued([identifier, toIdentifier].filter { slotOfSection[$0] == nil })
        guard missing.isEmpty, let slot = slotOfSection[identifier], let anchor = slotOfSection[toIdentifier] else {
            return refuse(.sectionNotFound(Self.names(missing), operation: operation))
        }
        guard identifier != toIdentifier else { return refuse(.movedRelativeToItself(Self.name(identifier), operation: operation)) }
        let (position, anchorPosition) = (positionOfSlot[slot], positionOfSlot[anchor])
        order.remove(at: position)
        // The anchor's position after the removal.
        let at = anchorPosition - (position < anchorPosition ? 1 : 0) + (after ? 1 : 0)
        order.insert(slot, at: at)
        renumberSections()
    }

    static func name(_ identifier: some Hashable) -> String { DiffableDataSourceError.name(identifier) }

    static func names<T: Hashable>(_ identifiers: [T]) -> [String] { identifiers.map { DiffableDataSourceError.name($0) } }

    /// The identifiers without repeats, in first-seen order.
    static func uniqued<T: Hashable>(_ identifiers: [T]) -> [T] {
        var seen = Set<T>()
        return identifiers.filter { seen.insert($0).inserted }
    }
}
