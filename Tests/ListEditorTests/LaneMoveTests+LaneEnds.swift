import Testing
import ListStorage
@testable import ListEditor
import TableKit

/// In a Kanban board the passages that end a section (the `%% kanban:settings` block, the `***`
/// before the archive) stay last, as `**Complete**` stays first (docs/file-formats.md, "Kanban
/// boards"): checked exhaustively over two small sections with passages, every row, every path
/// of the one move planner (`K` `J`, every drop the table proposes, `H` `L`, a selection's `K`
/// `J`, `H` `L` and drops).
extension LaneMoveTests {
    /// The passages that end each section (texts): those after its last item; in a section with
    /// no item, all but a first row that stays first.
    static func endingPassages(_ sections: [[Item]], firstStays: (Int) -> Bool) -> [[String]] {
        sections.enumerated().map { s, rows in
            let last = rows.lastIndex { !$0.isPassage }
            let start = last.map { $0 + 1 } ?? (firstStays(s) && !rows.isEmpty ? 1 : 0)
            return rows[start...].map(\.text)
        }
    }

    /// Where `after` puts a row (not a passage) after a passage of `ending` in its section: a
    /// description of the first such row, nil when there is none.
    static func rowAfterEnd(_ after: [[Item]], _ ending: [[String]]) -> String? {
        let texts = Set(ending.joined())
        for rows in after {
            guard let first = rows.firstIndex(where: { $0.isPassage && texts.contains($0.text) }) else { continue }
            if let row = rows[first...].first(where: { !$0.isPassage }) { return "\(row) after \(rows[first])" }
        }
        return nil
    }

    @Test("In a Kanban board no move puts a row after the passages that end a section")
    func nothingLandsAfterTheEndingPassages() {
        var cases = 0, moved = 0
        let shapes = (0...3).flatMap { NestingMoveTests.shapes($0, passages: true) }
        func named(_ rows: [Item], _ prefix: String) -> [Item] {
            rows.map { Item(text: prefix + $0.text.dropFirst(), level: $0.level, isPassage: $0.isPassage) }
        }
        let complete = Item(text: "**Complete**", level: 0, isPassage: true)
        for a in shapes {
            for b in shapes {
                for done in [false, true] {
                    let sections = [named(a, "a"), (done ? [complete] : []) + named(b, "b")]
                    let model = Self.model([("A", sections[0]), ("B", sections[1])])
                    var planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts))
                    planner.isKanbanBoard = true
                    let ending = Self.endingPassages(sections) { planner.firstRowStays($0) }
                    func check(_ plan: MovePlanner.Plan, _ context: @autoclosure () -> String) {
                        cases += 1
                        guard case .move(let step, _) = plan else { return }
                        moved += 1
                        let after = MovePlannerTests.items(Self.applying(step, to: model))
                        if let wrong = Self.rowAfterEnd(after, ending) {
                            Issue.record("\(sections) \(context()): \(wrong) in \(after)")
                        }
                    }
                    for s in 0..<2 {
                        for r in sections[s].indices where !sections[s][r].isPassage {
                            let p = IndexPath(row: r, section: s)
                            check(planner.plan(.step(.up), for: .block(p)), "K on \(p)")
                            check(planner.plan(.step(.down), for: .block(p)), "J on \(p)")
                            check(planner.plan(.toSection(1 - 2 * s), for: .block(p)), "H/L on \(p)")
                            for t in 0..<2 {
                                for proposed in 0..<(sections[t].count + (t == s ? 0 : 1)) {
                                    let d = planner.target(forMoveFrom: p, proposed: IndexPath(row: proposed, section: t))
                                    check(planner.plan(.drop(at: d), for: .block(p)), "drop of \(p) at \(d)")
                                }
                            }
                        }
                    }
                    // Selections: two items (with their nested rows), each in either section.
                    let items = (0..<2).flatMap { s in sections[s].indices.filter { !sections[s][$0].isPassage }.map { IndexPath(row: $0, section: s) } }
                    for i in items.indices {
                        for j in items.indices where j > i {
                            var moving: [IndexPath] = []
                            for p in [items[i], items[j]] where !moving.contains(p) {
                                let end = NestingMoveTests.blockEnd(sections[p.section], p.row)
                                moving += (p.row..<end).map { IndexPath(row: $0, section: p.section) }
                            }
                            let context = "selection \(moving)"
                            check(planner.plan(.step(.up), for: .rows(moving, held: nil)), "K on \(context)")
                            check(planner.plan(.step(.down), for: .rows(moving, held: nil)), "J on \(context)")
                            check(planner.plan(.toSection(1), for: .rows(moving, held: nil)), "L on \(context)")
                            check(planner.plan(.toSection(-1), for: .rows(moving, held: nil)), "H on \(context)")
                            // The held row is the first; the table proposes every destination
                            // (final space of its move alone) and the retarget places it.
                            let held = moving[0]
                            for t in 0..<2 {
                                for d in 0..<(sections[t].count + (t == held.section ? 0 : 1)) {
                                    let at = planner.target(forMoveFrom: held, proposed: IndexPath(row: d, section: t))
                                    check(planner.plan(.drop(at: at), for: .rows(moving, held: held)), "drop of \(context) at \(at)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(cases > 50_000 && moved > 20_000, "\(cases) cases, \(moved) moves")
    }

    @Test("Outside a Kanban board a move may still pass the passages that end a section, and there is no done lane")
    func plainFilesKeepPassingThem() {
        let model = Self.tasks([
            ("To do", [Self.task("a", false), ("Notes", nil, 0, true)]),
            ("Done", [Self.complete, Self.task("c", true)]),
        ])
        let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: model.rowCounts))
        guard case .move(let down, _) = planner.plan(.step(.down), for: .block(IndexPath(row: 0, section: 0))) else {
            Issue.record("J refused"); return
        }
        #expect(Self.applying(down, to: model).contents.map(\.rows) == [["Notes", "a"], ["**Complete**", "c"]])
        // K on c: above **Complete**, which stays first only in a Kanban board; no checkbox changes.
        guard case .move(let up, _) = planner.plan(.step(.up), for: .block(IndexPath(row: 1, section: 1))) else {
            Issue.record("K refused"); return
        }
        let upped = Self.applying(up, to: model)
        #expect(upped.contents.map(\.rows) == [["a", "Notes"], ["c", "**Complete**"]])
        #expect(upped.sections[1].rows[0].checkbox == true)
        // In a board: to the end of To do before its ending passage, unchecked.
        var board = planner
        board.isKanbanBoard = true
        guard case .move(let boardUp, _) = board.plan(.step(.up), for: .block(IndexPath(row: 1, section: 1))) else {
            Issue.record("K refused on a board"); return
        }
        let boardUpped = Self.applying(boardUp, to: model)
        #expect(boardUpped.contents.map(\.rows) == [["a", "c", "Notes"], ["**Complete**"]])
        #expect(boardUpped.sections[0].rows[1].checkbox == false)
    }
}
