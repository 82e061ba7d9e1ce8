import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// `K`/`J` with rows selected, against a plain reference over small lists (docs/keys.md,
/// "Selecting rows"): every selection of three small sections (every nesting shape of up to 4
/// rows between two sections of two), with and without a filter. The reference knows nothing of
/// the editor's outline code: each run of moving rows (selected rows with their nested rows, next
/// to each other) passes the one row (shown, and not moving) above or below it with that row's
/// nested rows, landing at the last (`K`) or first (`J`) place that leaves every other row its
/// parent; with no such row in its section it goes to the end of the section above or the first
/// such place of the section below. Runs landing in one place keep their order. One row selected
/// moves exactly as `K`/`J` move it without a selection.
@MainActor
@Suite final class SelectionMoveTests {
    typealias Item = NestingMoveTests.Item
    typealias N = NestingMoveTests
    let nesting = NestingMoveTests()

    /// `block` at `r` of `rows`: its first row at most one deeper than the row above (0 at the
    /// top and after a passage), the others shifted with it, none deeper than one more than the
    /// row before it.
    static func insert(_ block: [Item], into rows: [Item], at r: Int, above: Int?? = nil) -> [Item] {
        let cap = above ?? (r > 0 && !rows[r - 1].isPassage ? rows[r - 1].level : nil)
        var result = rows
        result.insert(contentsOf: place(block, under: cap), at: r)
        return result
    }

    /// `block`'s levels below a row of level `above` (nil: none, or a passage).
    static func place(_ block: [Item], under above: Int?) -> [Item] {
        let delta = max(0, min(block[0].level, above.map { $0 + 1 } ?? 0)) - block[0].level
        var placed: [Item] = []
        for (i, row) in block.enumerated() {
            let cap = i == 0 ? (above.map { $0 + 1 } ?? 0) : placed[i - 1].level + 1
            placed.append(Item(text: row.text, level: max(0, min(row.level + delta, cap)), isPassage: row.isPassage))
        }
        return placed
    }

    static func isSlot(_ block: [Item], _ rows: [Item], _ r: Int) -> Bool {
        let before = N.parents(rows)
        let after = N.parents(insert(block, into: rows, at: r))
        return rows.allSatisfy { before[$0.text] == after[$0.text] }
    }

    /// The sections after `K` (`up`) or `J` with the rows `selected` (section, row) and the rows
    /// `shown`.
    static func reference(_ original: [[Item]], selected: [(Int, Int)], up: Bool, shown: (Int, Int) -> Bool) -> [[Item]] {
        var moving = Set<[Int]>()
        for (s, r) in selected { for k in r..<N.blockEnd(original[s], r) { moving.insert([s, k]) } }
        var runs: [(s: Int, rows: Range<Int>)] = []
        for p in moving.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            if let last = runs.last, last.s == p[0], last.rows.upperBound == p[1] {
                runs[runs.count - 1].rows = last.rows.lowerBound..<(p[1] + 1)
            } else {
                runs.append((p[0], p[1]..<(p[1] + 1)))
            }
        }
        // Each run's landing: a section, and how many rows that do not move are above it there.
        func staying(_ s: Int, before r: Int) -> Int { (0..<r).filter { !moving.contains([s, $0]) }.count }
        var landings: [(s: Int, gap: Int)] = []
        for run in runs {
            let rows = original[run.s]
            let block = Array(rows[run.rows])
            var cut = rows
            cut.removeSubrange(run.rows)
            let slots = (0...cut.count).filter { isSlot(block, cut, $0) }
            func passes(_ r: Int) -> Bool { shown(run.s, r) && !moving.contains([run.s, r]) }
            var slot: Int?
            if up {
                if let b = (0..<run.rows.lowerBound).last(where: passes) { slot = slots.last { $0 <= b } }
            } else if let b = (run.rows.upperBound..<rows.count).first(where: passes) {
                var e = b + 1
                while e < N.blockEnd(rows, b), !passes(e) { e += 1 }
                slot = slots.first { $0 >= e - block.count }
            }
            if let slot {
                let r = slot <= run.rows.lowerBound ? slot : slot + block.count
                landings.append((run.s, staying(run.s, before: r)))
            } else if up, run.s > 0 {
                landings.append((run.s - 1, staying(run.s - 1, before: original[run.s - 1].count)))
            } else if !up, run.s + 1 < original.count {
                let first = (0...original[run.s + 1].count).first { isSlot(block, original[run.s + 1], $0) }!
                landings.append((run.s + 1, staying(run.s + 1, before: first)))
            } else {
                landings.append((run.s, staying(run.s, before: run.rows.lowerBound)))
            }
        }
        // Rows that stay, runs inserted in their gaps in order, levels placed top to bottom.
        var result: [[Item]] = []
        for s in original.indices {
            let stay = original[s].indices.filter { !moving.contains([s, $0]) }.map { original[s][$0] }
            var rows: [Item] = []
            for gap in 0...stay.count {
                for (k, run) in runs.enumerated() where landings[k].s == s && landings[k].gap == gap {
                    let above = rows.last.flatMap { $0.isPassage ? nil : $0.level }
                    rows += place(Array(original[run.s][run.rows]), under: above)
                }
                if gap < stay.count { rows.append(stay[gap]) }
            }
            result.append(rows)
        }
        return result
    }

    func select(_ editor: ListEditor, _ paths: [(Int, Int)]) {
        if let old = editor.tableView.indexPathsForSelectedRows { for p in old { editor.tableView.deselectRow(at: p, animated: false) } }
        for (s, r) in paths { editor.tableView.selectRow(at: IndexPath(row: r, section: s), animated: false, scrollPosition: .none) }
    }

    static let others = (N.other, N.other.map { Item(text: "c" + $0.text.dropFirst(), level: $0.level) })

    @Test func everySelectionMovedOneStepEqualsTheReference() throws {
        var cases = 0
        for shape in (1...4).flatMap({ N.shapes($0, passages: false) }) {
            let original = [Self.others.0, shape, Self.others.1]
            let editor = try nesting.editor(original)
            editor.send(.key(.char("e")))
            let all = original.indices.flatMap { s in original[s].indices.map { (s, $0) } }
            for subset in 1..<(1 << all.count) {
                let selected = all.indices.filter { subset & (1 << $0) != 0 }.map { all[$0] }
                for (key, up) in [(Key.char("K"), true), (.char("J"), false)] {
                    let context = "\(shape) selected \(selected) \(key)"
                    select(editor, selected)
                    editor.send(.key(key))
                    cases += 1
                    let expected = Self.reference(original, selected: selected, up: up) { _, _ in true }
                    guard nesting.items(editor) == expected else {
                        Issue.record("\(context): \(nesting.items(editor)), expected \(expected)"); return
                    }
                    if expected == original { continue }
                    // The selection follows the rows.
                    let texts = Set(selected.map { original[$0.0][$0.1].text })
                    let now = Set((editor.tableView.indexPathsForSelectedRows ?? []).map { editor.model[$0].text })
                    guard now == texts else { Issue.record("\(context): selected \(now) after"); return }
                    if cases % 5 == 0 { guard try nesting.savesAs(editor, expected, context) else { return } }
                    editor.send(.key(.char("u")))
                    guard nesting.items(editor) == original else { Issue.record("undo of \(context): \(nesting.items(editor))"); return }
                }
            }
        }
        #expect(cases > 8_000)
    }

    /// One row selected (without nested rows) moves as `K`/`J` move the cursor row, filter or not.
    @Test func oneSelectedRowMovesAsTheCursorRow() throws {
        let filters = FilterMoveTests()
        for shape in (1...5).flatMap({ N.shapes($0, passages: true) }) {
            let rows = FilterMoveTests.tagged(shape)
            let original = [Self.others.0, rows, Self.others.1]
            let editor = try nesting.editor(original)
            editor.send(.key(.char("e")))
            for subset in 0..<(1 << shape.count) {
                filters.filter(editor, subset == 0 ? "" : "x\(subset)y")
                let shown: (Int) -> Bool = { subset == 0 || subset & (1 << $0) != 0 }
                for r in shape.indices where shown(r) && !shape[r].isPassage && N.blockEnd(shape, r) == r + 1 {
                    for key in [Key.char("K"), .char("J")] {
                        let context = "\(shape) filter \(subset) \(key) on r\(r)"
                        select(editor, [])
                        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: 1)))))
                        editor.send(.key(key))
                        let alone = nesting.items(editor)
                        if alone != original { editor.send(.key(.char("u"))) }
                        select(editor, [(1, r)])
                        editor.send(.key(key))
                        guard nesting.items(editor) == alone else {
                            Issue.record("\(context): \(nesting.items(editor)), alone \(alone)"); return
                        }
                        if alone != original { editor.send(.key(.char("u"))) }
                        guard nesting.items(editor) == original else { Issue.record("undo of \(context)"); return }
                    }
                }
            }
        }
    }

    /// Under a filter each run passes exactly one shown row that does not move.
    @Test func everySelectionUnderEveryFilterEqualsTheReference() throws {
        let filters = FilterMoveTests()
        var cases = 0
        for shape in (1...4).flatMap({ N.shapes($0, passages: false) }) {
            let rows = FilterMoveTests.tagged(shape)
            let original = [Self.others.0, rows, Self.others.1]
            let editor = try nesting.editor(original)
            editor.send(.key(.char("e")))
            for filter in 1..<(1 << shape.count) {
                filters.filter(editor, "x\(filter)y")
                let shown: (Int, Int) -> Bool = { s, r in s == 1 && filter & (1 << r) != 0 }
                let visible = shape.indices.filter { shown(1, $0) }
                for subset in 1..<(1 << visible.count) {
                    let selected = visible.indices.filter { subset & (1 << $0) != 0 }.map { (1, visible[$0]) }
                    for (key, up) in [(Key.char("K"), true), (.char("J"), false)] {
                        let context = "\(shape) filter \(filter) selected \(selected) \(key)"
                        select(editor, selected)
                        editor.send(.key(key))
                        cases += 1
                        let expected = Self.reference(original, selected: selected, up: up, shown: shown)
                        guard nesting.items(editor) == expected else {
                            Issue.record("\(context): \(nesting.items(editor).map { $0.map { $0.text.prefix(2) + ":\($0.level)" } }), expected \(expected.map { $0.map { $0.text.prefix(2) + ":\($0.level)" } })")
                            return
                        }
                        if expected != original { editor.send(.key(.char("u"))) }
                        guard nesting.items(editor) == original else { Issue.record("undo of \(context)"); return }
                    }
                }
            }
        }
        #expect(cases > 1_000)
    }
}

extension SelectionMoveTests {
    /// While a filter hides some selected rows, every selection key acts on the selected rows
    /// that show (as a delete does): `c`, `K` `J`, `y`, and a pick-up.
    @Test func selectionKeysActOnTheSelectedRowsThatShow() throws {
        let h = try Harness("# A\n- ax\n- b\n- cx\n- d\n", name: "f.md", width: 50, height: 16)
        h.press(.char("e"))
        select(h.editor, [(0, 1), (0, 2)])
        h.type("/x")
        h.press(.enter)
        #expect(h.editor.tableView.isRowHidden(IndexPath(row: 1, section: 0)))
        h.press(.char("c"))
        #expect(h.editor.model.sections[0].rows.map(\.checkbox) == [nil, nil, true, nil])
        h.press(.char("K"))
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["cx", "ax", "b", "d"])
        h.press(.char("y"))
        #expect(h.editor.statusMessage == "Copied 1 row")
        // Only hidden rows selected: the keys say why they do nothing.
        select(h.editor, [(0, 2)])
        h.press(.char("K"))
        #expect(h.editor.statusMessage == "The selected rows are hidden by the filter: nothing to move")
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["cx", "ax", "b", "d"])
    }
}
