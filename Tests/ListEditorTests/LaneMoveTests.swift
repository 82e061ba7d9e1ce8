import Foundation
import Testing
import ListStorage
import ListDocument
@testable import ListEditor
import TableKit

/// `H`/`L` (`MovePlanner.plan(.toSection(_:))`, docs/keys.md, "The board view") checked
/// exhaustively over two small lanes against a reference on arrays of items that knows nothing
/// of `Outline`: every shape of each lane (with passages), every row, both directions. Then the
/// lanes the board passes over (front matter alone, the Kanban archive) and the done lane's
/// checkboxes (`MovePlanner.completing`).
@MainActor
struct LaneMoveTests {
    typealias Item = NestingMoveTests.Item

    static func model(_ sections: [(title: String, items: [Item])]) -> ListModel {
        var model = ListModel()
        for (title, items) in sections {
            let rows = items.map { model.makeRow($0.text, attributes: .init(level: $0.level, isPassage: $0.isPassage)) }
            model.sections.append(ListModel.Section(title: title, rows: rows))
        }
        return model
    }

    /// A step of the planner applied to a copy of `model` (moves, and the checkboxes steps
    /// together change), as the editor's `mutateModel` applies it.
    static func applying(_ step: EditStep, to model: ListModel) -> ListModel {
        var model = model
        switch step {
        case let .together(steps):
            for part in steps { model = applying(part, to: model) }
        case let .changeRow(p, _, row):
            model[p] = ListModel.Row(id: model[p].id, text: row.text, attributes: row.attributes)
        case let .changeRows(paths, _, rows):
            for (p, row) in zip(paths, rows) { model[p] = ListModel.Row(id: model[p].id, text: row.text, attributes: row.attributes) }
        default:
            model = MovePlannerTests.applying(step, to: model)
        }
        return model
    }

    // MARK: Reference

    /// The card holding row `r`: the nearest item at level 0 at or above it.
    static func card(_ rows: [Item], _ r: Int) -> Int {
        var j = r
        while j > 0, rows[j].level > 0, !rows[j].isPassage { j -= 1 }
        return j
    }

    /// The lists after moving the card holding row `r` of lane `from` to lane `to`: at the same
    /// index among the cards of `to`, or after its last card's nested rows, or after the
    /// passages opening it when it has no card.
    static func referenceMove(_ lanes: [[Item]], row r: Int, from: Int, to: Int) -> [[Item]] {
        let rows = lanes[from]
        let c = card(rows, r)
        let end = NestingMoveTests.blockEnd(rows, c)
        let block = Array(rows[c..<end])
        let index = rows[..<c].filter { $0.level == 0 && !$0.isPassage }.count
        let slot = referenceSlot(forCard: index, in: lanes[to])
        var result = lanes
        result[from].removeSubrange(c..<end)
        result[to].insert(contentsOf: block, at: slot)
        return result
    }

    /// Where card `index` lands in lane `target`: before its card `index`, or after its last
    /// card's nested rows, or (no card) after the passages that open it.
    static func referenceSlot(forCard index: Int, in target: [Item]) -> Int {
        let cards = target.indices.filter { target[$0].level == 0 && !target[$0].isPassage }
        if index < cards.count { return cards[index] }
        if let last = cards.last { return NestingMoveTests.blockEnd(target, last) }
        return target.firstIndex { !$0.isPassage } ?? target.count
    }

    // MARK: Every shape

    @Test("H and L move the card holding every row of every shape of two lanes to the reference's place")
    func everyShape() {
        var cases = 0
        let shapes = (1...4).flatMap { NestingMoveTests.shapes($0, passages: true) } + [[]]
        let targets = (0...3).flatMap { NestingMoveTests.shapes($0, passages: true) }.map { $0.map { Item(text: "b" + $0.text.dropFirst(), level: $0.level, isPassage: $0.isPassage) } }
        for a in shapes {
            for b in targets {
                let lanes = [a, b]
                let model = Self.model([("A", a), ("B", b)])
                let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts))
                for s in 0..<2 {
                    for r in 0..<lanes[s].count {
                        for offset in [-1, 1] {
                            cases += 1
                            let context = "\(lanes) row \(r) of lane \(s) by \(offset)"
                            let plan = planner.plan(.toSection(offset), for: .block(IndexPath(row: r, section: s)))
                            let to = s + offset
                            if lanes[s][r].isPassage {
                                guard case .refused(.passage) = plan else { Issue.record("\(context): \(plan)"); continue }
                            } else if !(0..<2).contains(to) {
                                guard case .refused(.cannotGoFurther) = plan else { Issue.record("\(context): \(plan)"); continue }
                            } else {
                                let expected = Self.referenceMove(lanes, row: r, from: s, to: to)
                                guard case .move(let step, let cursor) = plan else { Issue.record("\(context): \(plan)"); continue }
                                let after = Self.applying(step, to: model)
                                #expect(MovePlannerTests.items(after) == expected, "\(context)")
                                #expect(cursor == .revealed, "\(context)")
                                #expect(after.sections.allSatisfy { $0.rows.firstLevelViolation() == nil }, "\(context)")
                                // The cursor's row (the step's focus) is the card where it landed.
                                if case .row(let p) = step.focus {
                                    #expect(after[p].text == lanes[s][Self.card(lanes[s], r)].text, "\(context)")
                                } else {
                                    Issue.record("\(context): focus \(step.focus)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(cases > 10_000)
    }

    // MARK: A selection

    /// The lanes after `H` (`offset` -1) or `L` with rows `selected` (lane, row): every card
    /// holding a selected row goes to the lane `offset` from its own, at its index among its
    /// lane's cards, placed among the rows that stay in the target as one card is; cards at one
    /// place keep their order; cards with no lane that way stay. Nil when none moves.
    static func referenceSelectionMove(_ lanes: [[Item]], selected: [(lane: Int, row: Int)], offset: Int) -> [[Item]]? {
        var cards = Array(repeating: [Int](), count: lanes.count)   // per lane: its moving cards' rows, in order
        for (l, r) in selected where lanes.indices.contains(l + offset) {
            let c = card(lanes[l], r)
            if !cards[l].contains(c) { cards[l].append(c) }
        }
        guard cards.contains(where: { !$0.isEmpty }) else { return nil }
        // What stays in each lane, and what leaves it (blocks with their card index).
        var staying = lanes
        var leaving = Array(repeating: [(block: [Item], index: Int)](), count: lanes.count)
        for l in lanes.indices {
            for c in cards[l].sorted().reversed() {
                let end = NestingMoveTests.blockEnd(lanes[l], c)
                let index = lanes[l][..<c].filter { $0.level == 0 && !$0.isPassage }.count
                leaving[l].insert((Array(lanes[l][c..<end]), index), at: 0)
                staying[l].removeSubrange(c..<end)
            }
        }
        var result = staying
        for l in lanes.indices where !leaving[l].isEmpty {
            let t = l + offset
            // The last first, so that cards at one place keep their order.
            for (block, index) in leaving[l].reversed() {
                result[t].insert(contentsOf: block, at: Self.referenceSlot(forCard: index, in: staying[t]))
            }
        }
        return result
    }

    /// The rows a selection moves (`ListEditor.movingRows`): each selected row with its nested rows.
    static func moving(_ lanes: [[Item]], _ selected: [(lane: Int, row: Int)]) -> [IndexPath] {
        var paths = Set<IndexPath>()
        for (l, r) in selected {
            for row in r..<NestingMoveTests.blockEnd(lanes[l], r) { paths.insert(IndexPath(row: row, section: l)) }
        }
        return paths.sorted()
    }

    /// Every selection (subset of rows that are not passages) of `lanes`, both directions: the
    /// planner's one step against the reference. Returns the cases checked.
    static func checkEverySelection(_ lanes: [[Item]]) -> Int {
        var cases = 0
        let model = Self.model(lanes.enumerated().map { ("L\($0.offset)", $0.element) })
        let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts))
        let selectable = lanes.indices.flatMap { l in lanes[l].indices.filter { !lanes[l][$0].isPassage }.map { (lane: l, row: $0) } }
        guard !selectable.isEmpty else { return 0 }
        for mask in 1..<(1 << selectable.count) {
            let selected = selectable.indices.filter { mask & (1 << $0) != 0 }.map { selectable[$0] }
            for offset in [-1, 1] {
                cases += 1
                let context = "\(lanes) selected \(selected.map { "\($0.lane).\($0.row)" }) by \(offset)"
                let plan = planner.plan(.toSection(offset), for: .rows(Self.moving(lanes, selected), held: nil))
                guard let expected = Self.referenceSelectionMove(lanes, selected: selected, offset: offset) else {
                    guard case .refused(.cannotGoFurther) = plan else { Issue.record("\(context): \(plan)"); continue }
                    continue
                }
                guard case .move(let step, let cursor) = plan else { Issue.record("\(context): \(plan)"); continue }
                let after = Self.applying(step, to: model)
                #expect(MovePlannerTests.items(after) == expected, "\(context)")
                #expect(cursor == .revealed, "\(context)")
                #expect(after.sections.allSatisfy { $0.rows.firstLevelViolation() == nil }, "\(context)")
                #expect(Self.applying(step.inverse, to: after) == model, "\(context): undo")
            }
        }
        return cases
    }

    @Test("H and L with rows selected move every card holding one, against the reference: every selection of two small lanes")
    func everySelectionOfTwoLanes() {
        var cases = 0
        let shapes = (0...3).flatMap { NestingMoveTests.shapes($0, passages: true) }
        for a in shapes {
            for b in shapes {
                cases += Self.checkEverySelection([a, b.map { Item(text: "b" + $0.text.dropFirst(), level: $0.level, isPassage: $0.isPassage) }])
            }
        }
        #expect(cases > 10_000)
    }

    @Test("H and L with rows selected in three lanes: cards leave a lane as others come into it")
    func everySelectionOfThreeLanes() {
        var cases = 0
        let shapes = (0...2).flatMap { NestingMoveTests.shapes($0, passages: true) }
        func named(_ rows: [Item], _ prefix: String) -> [Item] {
            rows.map { Item(text: prefix + $0.text.dropFirst(), level: $0.level, isPassage: $0.isPassage) }
        }
        for a in shapes {
            for b in shapes {
                for c in shapes {
                    cases += Self.checkEverySelection([named(a, "a"), named(b, "b"), named(c, "c")])
                }
            }
        }
        #expect(cases > 5_000)
    }

    // MARK: Lanes passed over

    static let frontMatter = Item(text: "---", level: 0, isPassage: true)

    @Test("Front matter alone and the Kanban archive are not lanes; H and L pass over them")
    func passedOver() {
        let model = Self.model([
            ("", [Self.frontMatter]),
            ("To do", [Item(text: "a", level: 0), Item(text: "b", level: 0)]),
            ("Doing", [Item(text: "c", level: 0), Item(text: "***", level: 0, isPassage: true)]),
            ("Archive", [Item(text: "old", level: 0)]),
            ("Later", [Item(text: "d", level: 0)]),
        ])
        #expect(model.laneSections == IndexSet([1, 2, 4]))
        #expect(model.isArchive(3))
        let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts))
        guard case .refused(.cannotGoFurther) = planner.plan(.toSection(-1), for: .block(IndexPath(row: 0, section: 1))) else {
            Issue.record("H on the first lane went into the front matter"); return
        }
        // L on c (Doing) goes past the archive into Later, before d (the same index, 0).
        guard case .move(let step, _) = planner.plan(.toSection(1), for: .block(IndexPath(row: 0, section: 2))) else {
            Issue.record("L from Doing refused"); return
        }
        let after = MovePlannerTests.items(Self.applying(step, to: model))
        #expect(after[2].map(\.text) == ["***"])
        #expect(after[3].map(\.text) == ["old"])
        #expect(after[4].map(\.text) == ["c", "d"])
        // H from Later comes back to Doing, after nothing (its passage is not a card), at index 0.
        guard case .move(let back, _) = planner.plan(.toSection(-1), for: .block(IndexPath(row: 0, section: 4))) else {
            Issue.record("H from Later refused"); return
        }
        #expect(MovePlannerTests.items(Self.applying(back, to: model))[2].map(\.text) == ["d", "c", "***"])
        // An untitled first section with items is a lane; a titled one with only passages too.
        #expect(Self.model([("", [Self.frontMatter, Item(text: "x", level: 0)])]).isLane(0))
        #expect(Self.model([("Notes", [Item(text: "p", level: 0, isPassage: true)])]).isLane(0))
        // `Archive` without the break before it is a lane.
        #expect(Self.model([("A", [Item(text: "a", level: 0)]), ("Archive", [])]).isLane(1))
    }

    // MARK: Done lanes

    static func task(_ text: String, _ checked: Bool, level: Int = 0) -> (String, Bool?, Int, Bool) { (text, checked, level, false) }

    /// A model of sections of rows `(text, checkbox, level, isPassage)`.
    static func tasks(_ sections: [(String, [(String, Bool?, Int, Bool)])]) -> ListModel {
        var model = ListModel()
        for (title, rows) in sections {
            let made = rows.map { model.makeRow($0.0, attributes: .init(level: $0.2, checkbox: $0.1, isPassage: $0.3)) }
            model.sections.append(ListModel.Section(title: title, rows: made))
        }
        return model
    }

    static let complete = ("**Complete**", Bool?.none, 0, true)

    @Test("A card moved into a done lane is checked, out of one unchecked, in one step; its nested rows keep theirs")
    func doneLane() {
        let model = Self.tasks([
            ("To do", [Self.task("a", false), Self.task("a1", false, level: 1), Self.task("b", true)]),
            ("Done", [Self.complete, Self.task("c", true), ("plain", nil, 0, false)]),
        ])
        #expect(model.isCompleteLane(1) && !model.isCompleteLane(0))
        let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts), isKanbanBoard: true)
        // L on a1 takes card a (with a1) to Done, after **Complete**, before c: a is checked.
        guard case .move(let step, _) = planner.plan(.toSection(1), for: .block(IndexPath(row: 1, section: 0))),
              case .together(let parts) = step else { Issue.record("no move with a check"); return }
        #expect(parts.count == 2)
        let after = Self.applying(step, to: model)
        #expect(after.sections[1].rows.map(\.text) == ["**Complete**", "a", "a1", "c", "plain"])
        #expect(after.sections[1].rows.map(\.checkbox) == [nil, true, false, true, nil])
        // Undo (the inverse) gives back the list as it was, checkbox included.
        let undone = Self.applying(step.inverse, to: after)
        #expect(undone == model)
        // Out of the done lane: c unchecked.
        guard case .move(let out, _) = planner.plan(.toSection(-1), for: .block(IndexPath(row: 1, section: 1))) else { Issue.record("H refused"); return }
        let outside = Self.applying(out, to: model)
        #expect(outside.sections[0].rows.map(\.text) == ["c", "a", "a1", "b"])
        #expect(outside.sections[0].rows[0].checkbox == false)
        // A row without a checkbox stays without; b, already checked, moved in changes nothing.
        guard case .move(let plain, _) = planner.plan(.toSection(-1), for: .block(IndexPath(row: 2, section: 1))) else { Issue.record("H refused"); return }
        if case .together = plain { Issue.record("a row without a checkbox got one") }
        guard case .move(let checked, _) = planner.plan(.toSection(1), for: .block(IndexPath(row: 2, section: 0))) else { Issue.record("L refused"); return }
        if case .together = checked { Issue.record("a checked card was checked again") }
        // K/J into and out of the done lane follow the same rule: J on b (the last of To do)
        // lands after **Complete** (it stays first) and is checked (b already is: no change), K
        // on c goes out and is unchecked.
        guard case .move(let up, _) = planner.plan(.step(.up), for: .block(IndexPath(row: 1, section: 1))) else { Issue.record("K refused"); return }
        let upped = Self.applying(up, to: model)
        #expect(upped.sections[0].rows.map(\.text) == ["a", "a1", "b", "c"])
        #expect(upped.sections[0].rows[3].checkbox == false)
        guard case .move(let down, _) = planner.plan(.step(.down), for: .block(IndexPath(row: 2, section: 0))) else { Issue.record("J refused"); return }
        #expect(Self.applying(down, to: model).sections[1].rows.map(\.text) == ["**Complete**", "b", "c", "plain"])
        // A drop at the top of the done lane lands after **Complete**, never before it.
        let d = planner.target(forMoveFrom: IndexPath(row: 0, section: 0), proposed: IndexPath(row: 0, section: 1))
        #expect(d == IndexPath(row: 1, section: 1))
    }

    @Test("A selection moved into a done lane checks each card that lands at the top level, and only those")
    func doneLaneSelection() {
        let model = Self.tasks([
            ("To do", [Self.task("a", false), Self.task("b", false), Self.task("b1", false, level: 1)]),
            ("Done", [Self.complete, Self.task("c", true)]),
        ])
        let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts), isKanbanBoard: true)
        let moving = [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)]
        guard case .move(let step, _) = planner.plan(.drop(at: IndexPath(row: 2, section: 1)), for: .rows(moving, held: moving[0])) else {
            Issue.record("the drop was not planned"); return
        }
        let after = Self.applying(step, to: model)
        #expect(after.sections[1].rows.map(\.text) == ["**Complete**", "c", "a", "b", "b1"])
        #expect(after.sections[1].rows.map(\.checkbox) == [nil, true, true, true, false])
        #expect(Self.applying(step.inverse, to: after) == model)
    }
}

/// `B`, `H` and `L` in the editor: one undo step through the commit route, the cursor on the
/// moved card, a line for each key that cannot act.
@MainActor
struct LaneKeyTests {
    static let board = "# To do\n- a\n  - a1\n- b\n\n# Doing\n- c\n\n# Done\n\n**Complete**\n- [x] d\n"

    @Test("L and H move the card holding the cursor, one undo step, the cursor following it")
    func moveAndUndo() throws {
        let h = try Harness(Self.board, name: "board.md")
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))   // a1: its card is a
        // a is card 0 of To do: it lands before c, card 0 of Doing.
        h.press(.char("L"))
        #expect(h.editor.model.contents.map(\.rows) == [["b"], ["a", "a1", "c"], ["**Complete**", "d"]])
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 1, section: 1)), "the cursor stays on a1")
        h.press(.shiftRight)
        #expect(h.editor.model.contents.map(\.rows) == [["b"], ["c"], ["**Complete**", "a", "a1", "d"]])
        #expect(h.editor.model.sections[2].rows[1].checkbox == nil, "a card without a checkbox stays without")
        h.press(.char("L"))
        #expect(h.editor.statusMessage == "a cannot go further")
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["b"], ["a", "a1", "c"], ["**Complete**", "d"]])
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["a", "a1", "b"], ["c"], ["**Complete**", "d"]])
        #expect(!h.editor.isModified)
        // On a header: not on a row; on the done lane's passage: it cannot move.
        h.editor.controller.perform(.moveCursor(.to(.header(1))))
        h.press(.char("H"))
        #expect(h.editor.statusMessage == "Not on a row")
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 2)))))
        h.press(.char("H"))
        #expect(h.editor.statusMessage?.hasSuffix("cannot move") == true)
    }

    @Test("H and L with rows selected move every selected card, one undo step; into the done lane they are checked")
    func selection() throws {
        let h = try Harness("---\nkanban-plugin: basic\n---\n\n# To do\n- [ ] a\n  - a1\n- [ ] b\n- [ ] c\n\n# Doing\n- [ ] d\n\n# Done\n\n**Complete**\n- [x] e\n", name: "board.md")
        h.press(.char("e"))
        // a1 (its card is a) and c selected (section 0 holds the front matter).
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 1)))))
        h.press(.char("v"))
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 3, section: 1)))))
        h.press(.char("v"))
        h.press(.char("L"))
        #expect(h.editor.model.contents.map(\.rows) == [["---"], ["b"], ["a", "a1", "d", "c"], ["**Complete**", "e"]])
        // Still selected: on into Done, after **Complete**, both checked; a1 (no box) keeps none.
        h.press(.shiftRight)
        #expect(h.editor.model.contents.map(\.rows) == [["---"], ["b"], ["d"], ["**Complete**", "a", "a1", "e", "c"]])
        #expect(h.editor.model.sections[3].rows.map(\.checkbox) == [nil, true, nil, true, true])
        h.press(.char("L"))
        #expect(h.editor.statusMessage == "The selected rows cannot go further")
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["---"], ["b"], ["a", "a1", "d", "c"], ["**Complete**", "e"]])
        #expect(h.editor.model.sections[2].rows.map(\.checkbox) == [false, nil, false, false])
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.rows) == [["---"], ["a", "a1", "b", "c"], ["d"], ["**Complete**", "e"]])
        #expect(!h.editor.isModified)
    }

    @Test("A card checked into the done lane of a Kanban board comes back unchecked with one undo; elsewhere no checkbox changes")
    func doneLaneUndo() throws {
        let front = "---\nkanban-plugin: basic\n---\n\n"
        let h = try Harness(front + "# To do\n- [ ] a\n\n# Done\n\n**Complete**\n- [x] d\n", name: "board.md")
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        h.press(.char("L"), .char("s"))
        // A Kanban board's blank lines are the plugin's (docs/file-formats.md, "Kanban boards"):
        // an emptied lane keeps three after its heading, a card lands right under **Complete**.
        #expect(h.file == front + "# To do\n\n\n\n# Done\n\n**Complete**\n- [x] a\n- [x] d\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == front + "# To do\n- [ ] a\n\n# Done\n\n**Complete**\n- [x] d\n")
        h.press(.ctrl("r"))
        #expect(h.editor.model.sections[2].rows[1].checkbox == true)
        // Not a Kanban board: `**Complete**` is a paragraph like any other.
        let plain = try Harness("# To do\n- [ ] a\n\n# Done\n\n**Complete**\n- [x] d\n", name: "notes.md")
        plain.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        plain.press(.char("L"))
        #expect(plain.editor.model.contents.map(\.rows) == [[], ["**Complete**", "a", "d"]])
        #expect(plain.editor.model.sections[1].rows[1].checkbox == false)
    }

    @Test("B switches the view and says which; the list's arrows collapse, the board's go across lanes")
    func toggleView() throws {
        let h = try Harness(Self.board, name: "board.md")
        #expect(h.editor.view == .list)
        h.press(.char("B"))
        #expect(h.editor.view == .board)
        #expect(h.editor.statusMessage == "Board view")
        #expect(h.editor.offers(.previousLane) && !h.editor.offers(.collapse))
        h.press(.char("B"))
        #expect(h.editor.view == .list && h.editor.statusMessage == "List view")
        #expect(h.editor.offers(.collapse) && !h.editor.offers(.nextLane))
    }
}
