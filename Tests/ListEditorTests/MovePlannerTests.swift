import Foundation
import Testing
import ListStorage
@testable import ListEditor
import TableKit

/// The move planner on its own (docs/architecture.md, "Moving rows"), checked exhaustively over
/// small outlines against a plain reference that knows nothing of `Outline`: every level shape
/// (with passages, and a passage opening the file), every row, every intent (`K`, `J`, every
/// drop destination through the retarget, indent, outdent), with and without hidden rows (every
/// set of them, up to four rows). The reference states the rules on arrays of items: a move keeps every other row's
/// parent, lands at the nearest such place, clamps the moved row's level to the level rule, and
/// (rows hidden) passes exactly one shown row.
@MainActor
struct MovePlannerTests {
    // The reference's items, shapes and rules are `NestingMoveTests`' (the editor's moves
    // checked against the same reference).
    typealias Item = NestingMoveTests.Item
    static func shapes(_ n: Int, passages: Bool) -> [[Item]] { NestingMoveTests.shapes(n, passages: passages) }
    static let other = NestingMoveTests.other
    static func blockEnd(_ rows: [Item], _ s: Int) -> Int { NestingMoveTests.blockEnd(rows, s) }
    static func insert(_ block: [Item], into rows: [Item], at r: Int) -> [Item] { NestingMoveTests.insert(block, into: rows, at: r) }
    static func isSlot(_ block: [Item], _ rows: [Item], _ r: Int, first: Bool) -> Bool { NestingMoveTests.isSlot(block, rows, r, first: first) }

    // MARK: The planner's inputs

    /// Every shape of 1 to `maxRows` rows (with passages up to `passagesUpTo` rows) as the first
    /// section, `other` the second: the lists the tests plan on, with their models.
    static func lists(upTo maxRows: Int, passagesUpTo: Int) -> [(rows: [Item], sections: [[Item]], model: ListModel)] {
        (1...maxRows).flatMap { n in
            shapes(n, passages: n <= passagesUpTo).map { rows in (rows, [rows, other], model([rows, other])) }
        }
    }

    static func model(_ sections: [[Item]]) -> ListModel {
        var model = ListModel()
        for (s, items) in sections.enumerated() {
            let rows = items.map { model.makeRow($0.text, attributes: .init(level: $0.level, isPassage: $0.isPassage)) }
            model.sections.append(ListModel.Section(title: "S\(s)", rows: rows))
        }
        return model
    }

    static func items(_ model: ListModel) -> [[Item]] {
        model.sections.map { section in
            (0..<section.rows.count).map { i in
                let a = section.rows.attributes(at: i)
                return Item(text: section.rows[i].text, level: a.level, isPassage: a.isPassage)
            }
        }
    }

    /// The planner's step applied to the model, as the editor's `mutateModel` applies it.
    static func applying(_ step: EditStep, to model: ListModel) -> ListModel {
        var model = model
        switch step {
        case let .moveRows(from, count, to, _, levels):
            model.moveRows(from: ListEditor.block(count, from: from), to: ListEditor.block(count, from: to), levels: levels)
        case let .moveRowSet(from, to, _, levels): model.moveRows(from: from, to: to, levels: levels)
        default: Issue.record("a move planned as \(step)")
        }
        return model
    }

    /// Shown rows: `hidden` holds the hidden rows of section 0.
    static func shown(_ sections: [[Item]], hidden: Set<Int>) -> ShownRows {
        let counts = sections.map(\.count)
        guard !hidden.isEmpty else { return ShownRows(rowCounts: counts) }
        return ShownRows(rowCounts: counts, rows: [(0..<counts[0]).filter { !hidden.contains($0) }])
    }

    // MARK: Reference

    /// The list after `K` (`up`) or `J` on row `s` of section 0, or nil when it cannot go.
    static func referenceStep(_ sections: [[Item]], _ s: Int, up: Bool, hidden: Set<Int>) -> [[Item]]? {
        let rows = sections[0]
        let end = blockEnd(rows, s)
        let block = Array(rows[s..<end])
        var rest = rows
        rest.removeSubrange(s..<end)
        let first = rows.first?.isPassage == true
        let slots = (0...rest.count).filter { isSlot(block, rest, $0, first: first) }
        var result = sections
        // Rows hidden: pass exactly one shown row B (with its hidden nested rows), then the first
        // slot from there that way.
        let isShown = { (r: Int) in !hidden.contains(r) }
        var slot: Int?
        if up {
            let start: Int?
            if hidden.isEmpty { start = s - 1 } else { start = (0..<s).last(where: isShown) }
            if let start, start >= 0 { slot = slots.last { $0 <= start } }
        } else {
            var start: Int?
            if hidden.isEmpty {
                start = s + 1
            } else if let b = (end..<rows.count).first(where: isShown) {
                var e = b + 1
                while e < blockEnd(rows, b), !isShown(e) { e += 1 }
                start = e - block.count
            }
            if let start { slot = slots.first { $0 >= start } }
        }
        if let slot {
            result[0] = insert(block, into: rest, at: slot)
            return result
        }
        // Into the next section: at its first slot; the previous: at its end (none here: row
        // moves start in section 0).
        guard !up else { return nil }
        let below = sections[1]
        let into = (0...below.count).first { isSlot(block, below, $0, first: false) }!
        result[0] = rest
        result[1] = insert(block, into: below, at: into)
        return result
    }

    // MARK: K and J

    @Test("K and J refuse what does not move, and only that: a passage, and the Add item row after a section's rows")
    func stepsRefuseWhatDoesNotMove() {
        var refused = 0
        for (rows, _, model) in Self.lists(upTo: 5, passagesUpTo: 4) {
            let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.sections.map(\.rows.count)))
            for r in 0...rows.count {
                let p = IndexPath(row: r, section: 0)
                let moves = r < rows.count && !rows[r].isPassage
                #expect(planner.canMove(p) == moves, "\(rows) row \(r)")
                for direction in [VerticalDirection.up, .down] {
                    if case .refused(.cannotMove) = planner.plan(.step(direction), for: .block(p)) {
                        #expect(!moves, "\(rows) row \(r): refused")
                        refused += 1
                    } else {
                        #expect(moves, "\(rows) row \(r): not refused")
                    }
                }
            }
        }
        #expect(refused > 0)
    }

    @Test("K and J plan the reference's move: every shape, every row, with and without hidden rows")
    func steps() {
        var cases = 0
        for (rows, sections, model) in Self.lists(upTo: 5, passagesUpTo: 4) {
            let n = rows.count
            // Every set of hidden rows for the small shapes; none for the others.
            let hiddenSets: [Set<Int>] = n <= 4
                ? (0..<(1 << n)).map { mask in Set((0..<n).filter { mask & (1 << $0) != 0 }) }
                : [[]]
            for hidden in hiddenSets {
                let planner = MovePlanner(model: model, shown: Self.shown(sections, hidden: hidden))
                for s in 0..<n where !rows[s].isPassage && !hidden.contains(s) {
                    for up in [true, false] {
                        cases += 1
                        let expected = Self.referenceStep(sections, s, up: up, hidden: hidden)
                        let context = "\(rows) hidden \(hidden.sorted()) row \(s) \(up ? "K" : "J")"
                        switch planner.plan(.step(up ? .up : .down), for: .block(IndexPath(row: s, section: 0))) {
                        case .move(let step, let cursor):
                            let after = Self.applying(step, to: model)
                            #expect(Self.items(after) == expected, "\(context)")
                            #expect(cursor == .revealed, "\(context)")
                            #expect(after.sections.allSatisfy { $0.rows.firstLevelViolation() == nil }, "\(context)")
                        case .unchanged:
                            #expect(expected == sections, "\(context): planned no change")
                        case .refused(let why):
                            #expect(expected == nil, "\(context): refused")
                            #expect(why == .cannotGoFurther)
                        }
                    }
                }
            }
        }
        #expect(cases > 2_000)
    }

    // MARK: Drops

    @Test("A drop at every destination lands at the nearest slot that keeps every other row's parent")
    func drops() {
        var cases = 0
        for (rows, sections, model) in Self.lists(upTo: 5, passagesUpTo: 4) {
            let n = rows.count
            let planner = MovePlanner(model: model, shown: Self.shown(sections, hidden: []))
            let first = rows.first?.isPassage == true
            for s in 0..<n where !rows[s].isPassage {
                let source = IndexPath(row: s, section: 0)
                let end = Self.blockEnd(rows, s)
                let block = Array(rows[s..<end])
                var rest = rows
                rest.removeSubrange(s..<end)
                // Every destination the table can propose: in the own section (final space
                // of the one-row move) and in the other one.
                let proposals = (0..<n).map { IndexPath(row: $0, section: 0) } + (0...Self.other.count).map { IndexPath(row: $0, section: 1) }
                for proposed in proposals {
                    cases += 1
                    let context = "\(rows) row \(s) to \(proposed)"
                    let d = planner.target(forMoveFrom: source, proposed: proposed)
                    var expected = sections
                    if proposed.section == 0 {
                        // The proposal in the list without the block; inside it: no move.
                        let carried = end - s - 1
                        if proposed.row <= s || proposed.row > s + carried {
                            let r = proposed.row <= s ? proposed.row : proposed.row - carried
                            let slots = (0...rest.count).filter { Self.isSlot(block, rest, $0, first: first) }
                            let near = slots.min { (abs($0 - r), $0) < (abs($1 - r), $1) }!
                            expected[0] = Self.insert(block, into: rest, at: near)
                        }
                    } else {
                        let slots = (0...Self.other.count).filter { Self.isSlot(block, Self.other, $0, first: false) }
                        let near = slots.min { (abs($0 - proposed.row), $0) < (abs($1 - proposed.row), $1) }!
                        expected[0] = rest
                        expected[1] = Self.insert(block, into: Self.other, at: near)
                    }
                    switch planner.plan(.drop(at: d), for: .block(source)) {
                    case .move(let step, _):
                        #expect(Self.items(Self.applying(step, to: model)) == expected, "\(context)")
                    case .unchanged:
                        #expect(expected == sections, "\(context): planned no change")
                    case .refused:
                        Issue.record("\(context): a drop refused")
                    }
                }
            }
        }
        #expect(cases > 1_000)
    }

    // MARK: Indent and outdent

    @Test("Tab goes in under a previous sibling only, Shift+Tab out from above level 0, each with the nested rows")
    func relevels() {
        for n in 1...6 {
            for rows in Self.shapes(n, passages: n <= 5) {
                let model = Self.model([rows])
                for holdsLevels in [true, false] {
                    var planner = MovePlanner(model: model, shown: ShownRows(rowCounts: [n]))
                    planner.holdsLevels = holdsLevels
                    for s in 0..<n {
                        let p = IndexPath(row: s, section: 0)
                        let end = Self.blockEnd(rows, s)
                        for delta in [1, -1] {
                            let context = "\(rows) row \(s) by \(delta)"
                            let plan = planner.plan(delta > 0 ? .indent : .outdent, for: .block(p))
                            let expectedRefusal: MovePlanner.Refusal? =
                                rows[s].isPassage ? .passage
                                : !holdsLevels ? .noLevels
                                : delta > 0 && !(s > 0 && !rows[s - 1].isPassage && rows[s - 1].level >= rows[s].level) ? .noRowAbove
                                : delta < 0 && rows[s].level == 0 ? .atTopLevel
                                : nil
                            switch plan {
                            case .refused(let why):
                                #expect(why == expectedRefusal, "\(context)")
                            case .move(let step, let cursor):
                                #expect(expectedRefusal == nil, "\(context)")
                                #expect(cursor == .asIs)
                                var expected = rows
                                for i in s..<end { expected[i].level += delta }
                                let after = Self.applying(step, to: model)
                                #expect(Self.items(after) == [expected], "\(context)")
                                #expect(after.sections[0].rows.firstLevelViolation() == nil, "\(context)")
                            case .unchanged:
                                Issue.record("\(context): planned no change")
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Selections

    /// The rows a selection of `selected` moves: each with its nested rows, in order.
    static func moving(_ rows: [Item], _ selected: [Int]) -> [IndexPath] {
        var result: [Int] = []
        // (A selected row nested under one already taken goes with it.)
        for s in selected where !result.contains(s) { result += Array(s..<blockEnd(rows, s)) }
        return result.map { IndexPath(row: $0, section: 0) }
    }

    @Test("A selection's K, J and drop keep the moving rows' order, the level rule and every row")
    func selections() {
        var cases = 0
        for (rows, sections, model) in Self.lists(upTo: 5, passagesUpTo: 3) {
            let n = rows.count
            let planner = MovePlanner(model: model, shown: Self.shown(sections, hidden: []))
            let items = (0..<n).filter { !rows[$0].isPassage }
            for mask in 1..<(1 << items.count) {
                let selected = items.indices.filter { mask & (1 << $0) != 0 }.map { items[$0] }
                let moving = Self.moving(rows, selected)
                let texts = moving.map { rows[$0.row].text }
                var plans: [(String, MovePlanner.Plan)] = [
                    ("K", planner.plan(.step(.up), for: .rows(moving, held: nil))),
                    ("J", planner.plan(.step(.down), for: .rows(moving, held: nil))),
                ]
                // The held row is the first selected one; the table proposes every
                // destination, and the retarget places it as it places a block.
                let held = IndexPath(row: selected[0], section: 0)
                for d in 0..<n {
                    let target = planner.target(forMoveFrom: held, proposed: IndexPath(row: d, section: 0))
                    plans.append(("drop at \(d)", planner.plan(.drop(at: target), for: .rows(moving, held: held))))
                }
                for (name, plan) in plans {
                    cases += 1
                    let context = "\(rows) selected \(selected) \(name)"
                    guard case .move(let step, _) = plan else { continue }
                    let after = Self.items(Self.applying(step, to: model))
                    // Nothing lost or doubled, the level rule kept; a drop gathers the moving
                    // rows in their order (a step moves each run past one row: runs may pass
                    // each other).
                    #expect(after.joined().map(\.text).sorted() == sections.joined().map(\.text).sorted(), "\(context)")
                    if name.hasPrefix("drop") {
                        #expect(after.joined().map(\.text).filter(texts.contains) == texts, "\(context)")
                    }
                    #expect(Self.model(after).sections.allSatisfy { $0.rows.firstLevelViolation() == nil }, "\(context): \(after)")
                    // The rows that do not move keep their order.
                    let still = sections.joined().map(\.text).filter { !texts.contains($0) }
                    #expect(after.joined().map(\.text).filter { !texts.contains($0) } == still, "\(context)")
                }
            }
        }
        #expect(cases > 1_000)
    }
}

/// A finding of `MovePlannerTests.selections`, through the editor: a selection dropped where the
/// row after it would be left two levels deeper than the last gathered row (the level rule, which
/// a debug build traps on) lands at the nearest place where the rule holds, as a single row's drop
/// is retargeted.
@MainActor
@Suite struct SelectionDropLevelTests {
    @Test func aSelectionDroppedInPlaceKeepsTheLevelRule() throws {
        // r2 and r4 selected; r2, held, is dropped where it is: gathered there, r4 (level 0)
        // would come between r2 and r3 (level 2).
        let h = try Harness("- r0\n  - r1\n    - r2\n    - r3\n- r4\n", name: "list.md")
        h.press(.char("e"), .down, .down, .char("v"), .down, .down, .char("v"))
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["r0", "r1", "r2", "r3", "r4"])
        h.press(.char(" "), .char(" "))
        let rows = h.editor.model.sections[0].rows
        #expect((0..<rows.count).map { "\(rows[$0].text):\(rows.attributes(at: $0).level)" } == ["r0:0", "r2:1", "r4:0", "r1:1", "r3:2"])
        #expect(rows.firstLevelViolation() == nil)
        h.press(.char("u"))
        let back = h.editor.model.sections[0].rows
        #expect((0..<back.count).map { "\(back[$0].text):\(back.attributes(at: $0).level)" } == ["r0:0", "r1:1", "r2:2", "r3:2", "r4:0"])
    }
}
