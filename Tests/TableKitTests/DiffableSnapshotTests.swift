import Testing
import TableKit
import TestSupport

typealias Snap = DiffableDataSourceSnapshot<String, String>

/// A snapshot restated plainly: an array of sections with their items, UIKit's rules written out
/// call by call with linear searches, and the project's decision that a refused call changes
/// nothing and is remembered (the first one) for `apply` to throw.
struct PlainSnapshot {
    var sections: [(id: String, items: [String])] = []
    var reloadedSections: Set<String> = []
    var reloadedItems: Set<String> = []
    var reconfiguredItems: Set<String> = []
    var error: DiffableDataSourceError?

    func section(of item: String) -> Int? { sections.firstIndex { $0.items.contains(item) } }
    func index(of section: String) -> Int? { sections.firstIndex { $0.id == section } }
    var allItems: [String] { sections.flatMap(\.items) }

    mutating func refuse(_ e: DiffableDataSourceError) { if error == nil { error = e } }

    /// Identifiers named twice in `ids` or already present, each once, in the order first seen.
    static func repeats(_ ids: [String], present: (String) -> Bool) -> [String] {
        var seen: [String] = [], out: [String] = []
        for id in ids {
            if seen.contains(id) || present(id) { if !out.contains(id) { out.append(id) } }
            seen.append(id)
        }
        return out
    }

    static func unique(_ ids: [String]) -> [String] {
        var out: [String] = []
        for id in ids where !out.contains(id) { out.append(id) }
        return out
    }

    static func q(_ ids: [String]) -> [String] { ids.map { "\"\($0)\"" } }

    mutating func insertSections(_ ids: [String], at position: Int, _ op: String) {
        let dup = Self.repeats(ids) { index(of: $0) != nil }
        guard dup.isEmpty else { return refuse(.duplicateSectionIdentifiers(Self.q(dup), operation: op)) }
        sections.insert(contentsOf: ids.map { ($0, []) }, at: position)
    }

    mutating func insertItems(_ ids: [String], section: Int, row: Int, _ op: String) {
        let dup = Self.repeats(ids) { self.section(of: $0) != nil }
        guard dup.isEmpty else { return refuse(.duplicateItemIdentifiers(Self.q(dup), operation: op)) }
        sections[section].items.insert(contentsOf: ids, at: row)
    }

    mutating func perform(_ call: SnapshotCall) {
        switch call {
        case .appendSections(let ids):
            insertSections(ids, at: sections.count, "appendSections(_:)")
        case .insertSections(let ids, let anchor, let after):
            let op = after ? "insertSections(_:afterSection:)" : "insertSections(_:beforeSection:)"
            guard let a = index(of: anchor) else { return refuse(.sectionNotFound(Self.q([anchor]), operation: op)) }
            insertSections(ids, at: a + (after ? 1 : 0), op)
        case .deleteSections(let ids):
            for id in ids {
                guard let s = index(of: id) else { continue }
                for item in sections[s].items { reloadedItems.remove(item); reconfiguredItems.remove(item) }
                reloadedSections.remove(id)
                sections.remove(at: s)
            }
        case .moveSection(let id, let anchor, let after):
            let op = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
            let missing = Self.unique([id, anchor].filter { index(of: $0) == nil })
            guard missing.isEmpty else { return refuse(.sectionNotFound(Self.q(missing), operation: op)) }
            guard id != anchor else { return refuse(.movedRelativeToItself("\"\(id)\"", operation: op)) }
            let moved = sections.remove(at: index(of: id)!)
            sections.insert(moved, at: index(of: anchor)! + (after ? 1 : 0))
        case .reloadSections(let ids):
            let missing = Self.unique(ids.filter { index(of: $0) == nil })
            guard missing.isEmpty else { return refuse(.sectionNotFound(Self.q(missing), operation: "reloadSections(_:)")) }
            reloadedSections.formUnion(ids)
        case .appendItems(let ids, let section):
            let op = "appendItems(_:toSection:)"
            if let section {
                guard let s = index(of: section) else { return refuse(.sectionNotFound(Self.q([section]), operation: op)) }
                insertItems(ids, section: s, row: sections[s].items.count, op)
            } else {
                guard !sections.isEmpty else { return refuse(.noSections(operation: op)) }
                insertItems(ids, section: sections.count - 1, row: sections[sections.count - 1].items.count, op)
            }
        case .insertItems(let ids, let anchor, let after):
            let op = after ? "insertItems(_:afterItem:)" : "insertItems(_:beforeItem:)"
            guard let s = section(of: anchor) else { return refuse(.itemNotFound(Self.q([anchor]), operation: op)) }
            insertItems(ids, section: s, row: sections[s].items.firstIndex(of: anchor)! + (after ? 1 : 0), op)
        case .deleteItems(let ids):
            for id in ids {
                guard let s = section(of: id) else { continue }
                sections[s].items.removeAll { $0 == id }
                reloadedItems.remove(id)
                reconfiguredItems.remove(id)
            }
        case .deleteAllItems:
            self = PlainSnapshot(error: error)
        case .moveItem(let id, let anchor, let after):
            let op = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
            let missing = Self.unique([id, anchor].filter { section(of: $0) == nil })
            guard missing.isEmpty else { return refuse(.itemNotFound(Self.q(missing), operation: op)) }
            guard id != anchor else { return refuse(.movedRelativeToItself("\"\(id)\"", operation: op)) }
            let from = section(of: id)!
            sections[from].items.removeAll { $0 == id }
            let to = section(of: anchor)!
            sections[to].items.insert(id, at: sections[to].items.firstIndex(of: anchor)! + (after ? 1 : 0))
        case .reloadItems(let ids), .reconfigureItems(let ids):
            let reconfigure: Bool
            if case .reconfigureItems = call { reconfigure = true } else { reconfigure = false }
            let op = reconfigure ? "reconfigureItems(_:)" : "reloadItems(_:)"
            let missing = Self.unique(ids.filter { section(of: $0) == nil })
            guard missing.isEmpty else { return refuse(.itemNotFound(Self.q(missing), operation: op)) }
            if reconfigure { reconfiguredItems.formUnion(ids) } else { reloadedItems.formUnion(ids) }
        }
    }
}

/// One snapshot call with its arguments (`after`: the `after…:` variant).
enum SnapshotCall: CustomStringConvertible {
    case appendSections([String])
    case insertSections([String], String, after: Bool)
    case deleteSections([String])
    case moveSection(String, String, after: Bool)
    case reloadSections([String])
    case appendItems([String], String?)
    case insertItems([String], String, after: Bool)
    case deleteItems([String])
    case deleteAllItems
    case moveItem(String, String, after: Bool)
    case reloadItems([String])
    case reconfigureItems([String])

    func perform(on s: inout Snap) {
        switch self {
        case .appendSections(let ids): s.appendSections(ids)
        case .insertSections(let ids, let a, let after): after ? s.insertSections(ids, afterSection: a) : s.insertSections(ids, beforeSection: a)
        case .deleteSections(let ids): s.deleteSections(ids)
        case .moveSection(let id, let a, let after): after ? s.moveSection(id, afterSection: a) : s.moveSection(id, beforeSection: a)
        case .reloadSections(let ids): s.reloadSections(ids)
        case .appendItems(let ids, let section): s.appendItems(ids, toSection: section)
        case .insertItems(let ids, let a, let after): after ? s.insertItems(ids, afterItem: a) : s.insertItems(ids, beforeItem: a)
        case .deleteItems(let ids): s.deleteItems(ids)
        case .deleteAllItems: s.deleteAllItems()
        case .moveItem(let id, let a, let after): after ? s.moveItem(id, afterItem: a) : s.moveItem(id, beforeItem: a)
        case .reloadItems(let ids): s.reloadItems(ids)
        case .reconfigureItems(let ids): s.reconfigureItems(ids)
        }
    }

    var description: String {
        switch self {
        case .appendSections(let ids): "appendSections(\(ids))"
        case .insertSections(let ids, let a, let after): "insertSections(\(ids), \(after ? "after" : "before"): \(a))"
        case .deleteSections(let ids): "deleteSections(\(ids))"
        case .moveSection(let id, let a, let after): "moveSection(\(id), \(after ? "after" : "before"): \(a))"
        case .reloadSections(let ids): "reloadSections(\(ids))"
        case .appendItems(let ids, let s): "appendItems(\(ids), toSection: \(s ?? "nil"))"
        case .insertItems(let ids, let a, let after): "insertItems(\(ids), \(after ? "after" : "before"): \(a))"
        case .deleteItems(let ids): "deleteItems(\(ids))"
        case .deleteAllItems: "deleteAllItems()"
        case .moveItem(let id, let a, let after): "moveItem(\(id), \(after ? "after" : "before"): \(a))"
        case .reloadItems(let ids): "reloadItems(\(ids))"
        case .reconfigureItems(let ids): "reconfigureItems(\(ids))"
        }
    }

    /// A random call over small alphabets, so that duplicates, missing anchors and moves relative
    /// to oneself all come up.
    static func random(sections: [String], items: [String], using g: inout SplitMix64) -> SnapshotCall {
        func some(_ from: [String]) -> [String] { (0..<Int.random(in: 0...3, using: &g)).map { _ in from.randomElement(using: &g)! } }
        let s = sections.randomElement(using: &g)!, s2 = sections.randomElement(using: &g)!
        let i = items.randomElement(using: &g)!, i2 = items.randomElement(using: &g)!
        let after = Bool.random(using: &g)
        switch Int.random(in: 0..<24, using: &g) {
        case 0, 1: return .appendSections(some(sections))
        case 2: return .insertSections(some(sections), s, after: after)
        case 3: return .deleteSections(some(sections))
        case 4, 5: return .moveSection(s, s2, after: after)
        case 6: return .reloadSections(some(sections))
        case 7, 8, 9: return .appendItems(some(items), Bool.random(using: &g) ? nil : s)
        case 10, 11, 12: return .insertItems(some(items), i, after: after)
        case 13, 14: return .deleteItems(some(items))
        case 15: return Int.random(in: 0..<4, using: &g) == 0 ? .deleteAllItems : .deleteItems([i])
        case 16, 17, 18, 19: return .moveItem(i, i2, after: after)
        case 20, 21: return .reloadItems(some(items))
        default: return .reconfigureItems(some(items))
        }
    }
}

/// Where the snapshot and the plain model disagree on any query, or nil.
func snapshotDisagreement(_ s: Snap, _ m: PlainSnapshot, sections: [String], items: [String]) -> String? {
    if s.sectionIdentifiers != m.sections.map(\.id) { return "sections \(s.sectionIdentifiers) vs \(m.sections.map(\.id))" }
    if s.itemIdentifiers != m.allItems { return "items \(s.itemIdentifiers) vs \(m.allItems)" }
    if s.numberOfSections != m.sections.count || s.numberOfItems != m.allItems.count { return "counts" }
    if s.error != m.error { return "error \(String(describing: s.error)) vs \(String(describing: m.error))" }
    for id in sections {
        let plain = m.index(of: id).map { m.sections[$0].items } ?? []
        if s.itemIdentifiers(inSection: id) != plain || s.numberOfItems(inSection: id) != plain.count { return "section \(id)" }
        if s.indexOfSection(id) != m.index(of: id) { return "indexOfSection(\(id))" }
    }
    for id in items {
        if s.indexOfItem(id) != m.allItems.firstIndex(of: id) { return "indexOfItem(\(id))" }
        if s.sectionIdentifier(containingItem: id) != m.section(of: id).map({ m.sections[$0].id }) { return "section containing \(id)" }
    }
    if s.reloadedItemIdentifiers != m.allItems.filter(m.reloadedItems.contains) { return "reloaded items" }
    if s.reconfiguredItemIdentifiers != m.allItems.filter(m.reconfiguredItems.contains) { return "reconfigured items" }
    if s.reloadedSectionIdentifiers != m.sections.map(\.id).filter(m.reloadedSections.contains) { return "reloaded sections" }
    return nil
}

/// The snapshot's calls and queries against the plain model, and UIKit's error cases.
@Suite struct DiffableSnapshotTests {
    /// Random call sequences over small alphabets: after every call, every query of the snapshot
    /// answers as the plain model does, refusals included (a refused call changes nothing and the
    /// first refusal is kept).
    @Test(arguments: 0..<40)
    func callsAgreeWithThePlainModel(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let sections = ["A", "B", "C", "D"], items = ["a", "b", "c", "d", "e", "f", "g", "h"]
        var snapshot = Snap(), model = PlainSnapshot()
        var calls: [String] = []
        for _ in 0..<120 {
            let call = SnapshotCall.random(sections: sections, items: items, using: &g)
            calls.append(call.description)
            call.perform(on: &snapshot)
            model.perform(call)
            if let broken = snapshotDisagreement(snapshot, model, sections: sections, items: items) {
                Issue.record("seed \(seed): \(broken) after \(calls.suffix(6))")
                return
            }
            // Start afresh now and then, so refusals do not hide later calls' behaviour.
            if snapshot.error != nil, Int.random(in: 0..<3, using: &g) == 0 {
                snapshot = Snap(); model = PlainSnapshot()
            }
        }
    }

    /// UIKit's messages, with the call and every offending identifier named, strings quoted.
    @Test func messagesNameTheCallAndTheIdentifiers() {
        var s = Snap()
        s.appendSections(["Groceries"])
        s.appendItems(["Milk", "Eggs", "Milk", "Bread", "Eggs"])
        #expect(s.error?.description == "appendItems(_:toSection:): supplied item identifiers are not unique. Duplicate identifiers: \"Milk\", \"Eggs\"")
        #expect(s.itemIdentifiers.isEmpty)

        var t = Snap()
        t.appendSections(["A", "B"])
        t.insertSections(["B"], afterSection: "A")
        #expect(t.error?.description == "insertSections(_:afterSection:): supplied section identifiers are not unique. Duplicate identifiers: \"B\"")

        var u = Snap()
        u.appendItems(["x"])
        #expect(u.error?.description == "appendItems(_:toSection:): there are currently no sections in the snapshot. Please add a section first.")

        var v = Snap()
        v.appendSections(["A"])
        v.appendItems(["x"], toSection: "Z")
        #expect(v.error?.description == "appendItems(_:toSection:): section identifier not found in the snapshot: \"Z\"")
        v.moveItem("p", beforeItem: "q")                 // a second refusal: the first is kept
        #expect(v.error == .sectionNotFound(["\"Z\""], operation: "appendItems(_:toSection:)"))

        var w = Snap()
        w.appendSections(["A"])
        w.appendItems(["x"])
        w.reloadItems(["p", "q", "p"])
        #expect(w.error?.description == "reloadItems(_:): item identifiers not found in the snapshot: \"p\", \"q\"")
        var x = Snap()
        x.appendSections(["A"])
        x.appendItems(["x"])
        x.moveItem("x", afterItem: "x")
        #expect(x.error?.description == "moveItem(_:afterItem:): cannot move identifier \"x\" relative to itself")

        // Other identifier types describe themselves.
        var n = DiffableDataSourceSnapshot<Int, Int>()
        n.appendSections([1])
        n.appendItems([7, 7])
        #expect(n.error?.description == "appendItems(_:toSection:): supplied item identifiers are not unique. Duplicate identifiers: 7")
    }

    /// The doc comment's example, as written there.
    @Test func documentedExample() {
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Groceries", "Hardware"])
        snapshot.appendItems(["Milk", "Eggs"], toSection: "Groceries")
        snapshot.appendItems(["Screws"])
        snapshot.moveItem("Eggs", beforeItem: "Milk")
        #expect(snapshot.indexOfItem("Screws") == 2)
        #expect(snapshot.description == "[\"Groceries\": [\"Eggs\", \"Milk\"], \"Hardware\": [\"Screws\"]]")
        #expect(snapshot.error == nil)
    }

    /// Copies are values: changing one leaves the other as it was.
    @Test func snapshotsAreValues() {
        var a = Snap()
        a.appendSections(["A", "B"])
        a.appendItems(["x", "y"], toSection: "A")
        let b = a
        a.moveItem("x", afterItem: "y")
        a.moveSection("B", beforeSection: "A")
        a.deleteItems(["y"])
        #expect(b.itemIdentifiers(inSection: "A") == ["x", "y"])
        #expect(b.sectionIdentifiers == ["A", "B"])
        #expect(b.indexOfItem("y") == 1)
        #expect(a.sectionIdentifiers == ["B", "A"] && a.itemIdentifiers == ["x"])
        #expect(a != b)
    }
}
