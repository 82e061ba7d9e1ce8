import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// 100,000 seeded keys, mouse events, resizes and outside batch updates through an
/// `EditController` and a `TableView` whose data source and delegate behave oddly: they refuse
/// moves at random, retarget drags to random places (including places that do not exist), give
/// rows mixed editing styles, and delete and insert rows in `commit`. After every event the frame
/// is drawn and every invariant checked.
@MainActor
@Suite struct OddDelegateFuzzTests {
    /// Rows are numbered; the model is the data source's own arrays.
    final class Odd: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewSectionReorderingDataSource, TableViewDelegate {
        var sections: [(id: Int, rows: [Int])] = [(0, [1, 2, 3]), (1, []), (2, [4, 5, 6, 7]), (3, [8])]
        var nextID = 9, nextSection = 4
        var g: SplitMix64
        /// What a correct table must still show: every id ever inserted and not deleted.
        var alive = Set(1...8)
        var failures: [String] = []

        init(seed: UInt64) { g = SplitMix64(seed: seed) }

        static func text(_ id: Int) -> String { "吾\(id)·" }

        func numberOfSections(in tableView: TableView) -> Int { sections.count }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { sections[s].rows.count }
        func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(Self.text(sections[p.section].rows[p.row])) }
        func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { "S\(sections[s].id)" }
        func tableView(_ t: TableView, canEditRowAt p: IndexPath) -> Bool { sections[p.section].rows[p.row] % 7 != 0 }
        func tableView(_ t: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
            let id = sections[p.section].rows[p.row]
            return id % 3 == 0 ? .insert : id % 5 == 0 ? .none : .delete
        }
        func tableView(_ t: TableView, canMoveRowAt p: IndexPath) -> Bool { Int.random(in: 0..<4, using: &g) != 0 }
        func tableView(_ t: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
            sections[b.section].rows.insert(sections[a.section].rows.remove(at: a.row), at: b.row)
        }
        func tableView(_ t: TableView, canMoveSection s: Int) -> Bool { Int.random(in: 0..<3, using: &g) != 0 }
        func tableView(_ t: TableView, moveSection a: Int, toSection b: Int) { sections.insert(sections.remove(at: a), at: b) }
        func tableView(_ t: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
            do {
                switch style {
                case .delete:
                    alive.remove(sections[p.section].rows.remove(at: p.row))
                    try t.deleteRows(at: [p], with: .fade)
                case .insert:
                    let at = IndexPath(row: p.row + 1, section: p.section)
                    sections[p.section].rows.insert(nextID, at: at.row)
                    alive.insert(nextID)
                    nextID += 1
                    try t.insertRows(at: [at], with: .automatic)
                case .none:
                    failures.append("commit of .none at \(p)")
                }
            } catch {
                failures.append("commit \(style) at \(p): \(error)")
            }
        }
        func tableView(_ t: TableView, targetIndexPathForMoveFromRowAt source: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
            switch Int.random(in: 0..<5, using: &g) {
            case 0: return source
            case 1: return IndexPath(row: Int.random(in: -2...9, using: &g), section: Int.random(in: -1...5, using: &g))
            case 2: return IndexPath(row: 0, section: proposed.section)
            default: return proposed
            }
        }

        /// A change from outside the table (another part of an app), in the middle of anything.
        func outsideUpdate(_ t: TableView) {
            do {
                switch Int.random(in: 0..<4, using: &g) {
                case 0:
                    let s = Int.random(in: 0..<sections.count, using: &g)
                    let r = Int.random(in: 0...sections[s].rows.count, using: &g)
                    sections[s].rows.insert(nextID, at: r)
                    alive.insert(nextID)
                    nextID += 1
                    try t.insertRows(at: [IndexPath(row: r, section: s)])
                case 1:
                    guard let s = sections.indices.filter({ !sections[$0].rows.isEmpty }).randomElement(using: &g) else { return }
                    let r = Int.random(in: 0..<sections[s].rows.count, using: &g)
                    alive.remove(sections[s].rows.remove(at: r))
                    try t.deleteRows(at: [IndexPath(row: r, section: s)])
                case 2:
                    let s = Int.random(in: 0...sections.count, using: &g)
                    sections.insert((nextSection, [nextID]), at: s)
                    alive.insert(nextID)
                    nextSection += 1
                    nextID += 1
                    try t.insertSections([s])
                default:
                    guard sections.count > 1 else { return }
                    let s = Int.random(in: 0..<sections.count, using: &g)
                    for id in sections.remove(at: s).rows { alive.remove(id) }
                    try t.deleteSections([s])
                }
            } catch {
                failures.append("outside update: \(error)")
            }
        }
    }

    static let keys: [Key] = [
        .up, .down, .up, .down, .pageUp, .pageDown, .home, .end, .char(" "), .char(" "), .enter, .escape,
        .shiftUp, .shiftDown, .char("K"), .char("J"), .char("e"), .char("e"), .char("-"), .char("x"),
        .delete, .char("+"), .char("i"), .char("d"), .char("y"), .char("n"),
    ]

    static let sizes = [(1, 1), (2, 2), (7, 3), (30, 8), (40, 14), (80, 24)]

    func check(_ odd: Odd, _ view: TableRenderer, _ grid: CellGrid, _ context: @autoclosure () -> String) -> Bool {
        func fail(_ what: String) -> Bool { Issue.record("\(what) after \(context())"); return false }
        if !odd.failures.isEmpty { return fail(odd.failures.joined(separator: "; ")) }
        let ids = odd.sections.flatMap(\.rows)
        guard ids.count == Set(ids).count, Set(ids) == odd.alive else { return fail("rows \(odd.sections) (alive \(odd.alive.sorted()))") }
        if let broken = tableInvariantViolation(view.tableView) { return fail(broken) }
        guard grid.clustersAreWhole else { return fail("half a cluster in\n\(grid.text)") }
        // The rows drawn are the model's rows: each line under a row shows that row's text.
        if grid.width >= 30 {
            let lines = grid.lines
            for y in 0..<grid.height {
                guard case .row(let p)? = view.item(atScreenLine: y) else { continue }
                guard view.tableView.contains(p) else { return fail("line \(y) shows a missing row \(p)") }
                let text = Odd.text(odd.sections[p.section].rows[p.row])
                guard lines[y].contains(text) else { return fail("line \(y) '\(lines[y])' is not row \(p) '\(text)'") }
            }
        }
        return true
    }

    @Test(arguments: [1 as UInt64, 2])
    func oddDelegatesKeepEveryInvariant(seed: UInt64) {
        let odd = Odd(seed: seed &* 1_000_003)
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.animationsEnabled = false
        view.tableView.dataSource = odd
        view.tableView.delegate = odd
        let controller = EditController(tableView: view.tableView)
        var g = SplitMix64(seed: seed)
        var size = (w: 40, h: 14)
        var moves = 0, outside = 0
        for i in 1...50_000 {
            let roll = Int.random(in: 0..<100, using: &g)
            let event: String
            if roll < 3 {
                size = Self.sizes.randomElement(using: &g)!
                event = "resize \(size)"
            } else if roll < 5 {
                odd.outsideUpdate(view.tableView)
                outside += 1
                event = "outside update"
            } else if roll < 25 {
                // The mouse, as an application wires it: press a row's handle to pick it up,
                // drag over the lines, release to drop; the wheel scrolls.
                let y = Int.random(in: -1...size.h, using: &g)
                switch Int.random(in: 0..<5, using: &g) {
                case 0:
                    if case .row(let p)? = view.item(atScreenLine: y), view.tableView.isEditing, controller.perform(.beginDrag(at: p)).isPerformed {} else if let item = view.item(atScreenLine: y) {
                        EditController(tableView: view.tableView).perform(.moveCursor(.to(item)))
                    }
                case 1, 2: if let slot = view.displayedSlot(atScreenLine: y) { controller.perform(.propose(slot)) }
                case 3: controller.perform(.drop)
                default: view.scroll(by: Bool.random(using: &g) ? -3 : 3)
                }
                event = "mouse at line \(y)"
            } else {
                let key = Self.keys.randomElement(using: &g)!
                controller.handle(key)
                event = "\(key)"
            }
            let before = odd.sections.map(\.rows)
            var grid = CellGrid(width: size.w, height: size.h)
            view.layOut(height: size.h)
            view.render(into: &grid, top: 0, height: size.h)
            guard odd.sections.map(\.rows) == before else {
                Issue.record("drawing changed the rows after event \(i)")
                return
            }
            if view.tableView.rowDrag != nil { moves += 1 }
            guard check(odd, view, grid, "event \(i) (\(event)), seed \(seed)") else { return }
        }
        // The stream really did what it is meant to.
        #expect(moves > 1_000)
        #expect(outside > 500)
        #expect(odd.nextID > 500)
    }
}
