import Foundation
import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// One-step moves while a filter hides rows, and indent/outdent, checked exhaustively over small
/// lists against a plain reference (docs/keys.md, "Filter" and "Outline"): every nesting shape of
/// up to 5 rows with every filter (every subset of its rows shown), and shapes of 6 rows with every
/// filter; every shown row, `K` and `J`. The reference knows nothing of the editor's outline
/// code: it cuts the block, lists the places that leave every other row its parent, and takes
/// the last at or before the shown neighbour above (`K`), or the first after the shown neighbour
/// below and the hidden rows nested under it (`J`). Each move must equal it, leave the same rows
/// shown, keep the cursor on the moved row, save as that Markdown, and undo in one step.
@MainActor
@Suite final class FilterMoveTests {
    typealias Item = NestingMoveTests.Item
    let nesting = NestingMoveTests()

    /// Row `i` of a shape is named `r<i>` followed by a tag `x<k>y` for every filter `k` (a
    /// subset of rows, as bits) that shows it: typing `x<k>y` shows exactly that subset.
    static func tagged(_ shape: [Item]) -> [Item] {
        shape.enumerated().map { i, item in
            let tags = (1..<(1 << shape.count)).filter { $0 & (1 << i) != 0 }.map { " x\($0)y" }.joined()
            return Item(text: "r\(i)" + tags, level: item.level)
        }
    }

    /// The reference: the sections after `K` (`up`) or `J` on row `s` of section 1 with the rows
    /// `shown` (of section 1; the other sections are hidden unless nothing is filtered); nil when
    /// nothing moves.
    static func reference(_ original: [[Item]], s: Int, up: Bool, shown: (Int) -> Bool, filtered: Bool) -> [[Item]]? {
        typealias N = NestingMoveTests
        let rows = original[1]
        let end = N.blockEnd(rows, s)
        let block = Array(rows[s..<end])
        var cut = rows
        cut.removeSubrange(s..<end)
        let slots = (0...cut.count).filter { N.isSlot(block, cut, $0) }
        var expected = original
        expected[1] = cut
        if up {
            if let b = (0..<s).last(where: shown) {
                expected[1] = N.insert(block, into: cut, at: slots.last { $0 <= b }!)
            } else {
                expected[0] = N.insert(block, into: original[0], at: original[0].count)
            }
        } else if let b = (end..<rows.count).first(where: shown) {
            var e = b + 1
            while e < N.blockEnd(rows, b), !shown(e) { e += 1 }
            expected[1] = N.insert(block, into: cut, at: slots.first { $0 >= e - block.count }!)
        } else {
            let first = (0...original[2].count).first { N.isSlot(block, original[2], $0) }!
            expected[2] = N.insert(block, into: original[2], at: first)
        }
        _ = filtered
        return expected == original ? nil : expected
    }

    func shownTexts(_ editor: ListEditor) -> [String] {
        var texts: [String] = []
        for (s, section) in editor.model.sections.enumerated() {
            for r in 0..<section.rows.count where !editor.tableView.isRowHidden(IndexPath(row: r, section: s)) {
                texts.append(section.rows[r].text)
            }
        }
        return texts
    }

    func filter(_ editor: ListEditor, _ text: String) {
        editor.handle(.key(.char("/")))
        editor.handle(.key(.ctrl("u")))
        for c in text { editor.handle(.key(.char(c))) }
        editor.handle(.key(.enter))
    }

    static let shapes = (1...5).flatMap { NestingMoveTests.shapes($0, passages: false) }
        + NestingMoveTests.shapes(6, passages: false).enumerated().filter { $0.offset % 11 == 0 }.map(\.element)

    @Test func everyOneStepMoveUnderEveryFilterEqualsTheReference() throws {
        var cases = 0
        for shape in Self.shapes {
            let rows = Self.tagged(shape)
            let original = [NestingMoveTests.other, rows, NestingMoveTests.other.map { Item(text: "c" + $0.text.dropFirst(), level: $0.level) }]
            let editor = try nesting.editor(original)
            for subset in 0..<(1 << shape.count) {
                filter(editor, subset == 0 ? "" : "x\(subset)y")
                let shown: (Int) -> Bool = { subset == 0 || subset & (1 << $0) != 0 }
                let before = shownTexts(editor)
                for s in shape.indices where shown(s) {
                    for (key, up) in [(Key.char("K"), true), (.char("J"), false)] {
                        let context = "\(shape) filter \(subset) \(key) on r\(s)"
                        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: s, section: 1)))))
                        editor.handle(.key(key))
                        cases += 1
                        guard let expected = Self.reference(original, s: s, up: up, shown: shown, filtered: subset != 0) else {
                            guard nesting.items(editor) == original else { Issue.record("\(context): moved to \(nesting.items(editor))"); return }
                            continue
                        }
                        guard nesting.items(editor) == expected else {
                            Issue.record("\(context): \(nesting.items(editor).map { $0.map { $0.text.prefix(2) + ":\($0.level)" } }), expected \(expected.map { $0.map { $0.text.prefix(2) + ":\($0.level)" } })")
                            return
                        }
                        guard case .row(let p)? = editor.tableView.focus, editor.model[p].text == rows[s].text else {
                            Issue.record("\(context): the cursor left the moved row"); return
                        }
                        guard Set(shownTexts(editor)) == Set(before) else { Issue.record("\(context): other rows shown"); return }
                        guard try nesting.savesAs(editor, expected, context) else { return }
                        guard nesting.checkUndo(editor, original, expected, context) else { return }
                        guard Set(shownTexts(editor)) == Set(before) else { Issue.record("\(context): undo shows other rows"); return }
                    }
                }
            }
        }
        #expect(cases > 10_000)
    }

    /// Indent: the row and its nested rows one level deeper, only under a previous sibling (the
    /// row above at its level or deeper); outdent: one level up from a level above 0, the rows
    /// after it kept where they are. Saved, the file is the Markdown of the new levels.
    @Test func everyIndentAndOutdentEqualsTheReference() throws {
        for shape in (1...6).flatMap({ NestingMoveTests.shapes($0, passages: false) }) {
            let original = [shape, NestingMoveTests.other]
            let editor = try nesting.editor(original)
            for s in shape.indices {
                for (key, delta) in [(Key.tab, 1), (.backTab, -1), (.char(">"), 1), (.char("<"), -1)] {
                    let context = "\(shape) \(key) on \(shape[s])"
                    let allowed = delta > 0 ? s > 0 && shape[s - 1].level >= shape[s].level : shape[s].level > 0
                    var expected = original
                    if allowed {
                        for r in s..<NestingMoveTests.blockEnd(shape, s) { expected[0][r].level += delta }
                    }
                    editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: s, section: 0)))))
                    editor.handle(.key(key))
                    guard nesting.items(editor) == expected else { Issue.record("\(context): \(nesting.items(editor))"); return }
                    if !allowed {
                        guard editor.statusMessage != nil else { Issue.record("\(context): refused silently"); return }
                        continue
                    }
                    guard try nesting.savesAs(editor, expected, context) else { return }
                    guard nesting.checkUndo(editor, original, expected, context) else { return }
                }
            }
        }
    }

    /// A drop while a filter hides rows, between shown rows A and B: right after A and its nested
    /// rows, hidden or not (not past B), or at the section's start when there is no A; where that
    /// would split a row from its nested rows, at the nearest place that does not (the upper on a
    /// tie). Every shape of up to 5 rows, every filter, every shown row, every place between shown
    /// rows of its section.
    @Test func everyDropBetweenShownRowsEqualsTheReference() throws {
        typealias N = NestingMoveTests
        var cases = 0
        for shape in (1...5).flatMap({ N.shapes($0, passages: false) }) {
            let rows = Self.tagged(shape)
            let original = [rows, N.other]
            let editor = try nesting.editor(original)
            editor.handle(.key(.char("e")))
            for subset in 1..<(1 << shape.count) {
                filter(editor, "x\(subset)y")
                let shown: (Int) -> Bool = { subset & (1 << $0) != 0 }
                for s in shape.indices where shown(s) {
                    let end = N.blockEnd(rows, s)
                    let block = Array(rows[s..<end])
                    var cut = rows
                    cut.removeSubrange(s..<end)
                    let others = rows.indices.filter { shown($0) && !(s..<end).contains($0) }
                    for k in 0...others.count {
                        var full = 0
                        if k > 0 { full = min(N.blockEnd(rows, others[k - 1]), k < others.count ? others[k] : rows.count) }
                        let r = full <= s ? full : (full >= end ? full - block.count : s)
                        let expected = [N.insert(block, into: cut, at: N.nearestSlot(block, cut, r)), N.other]
                        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: s, section: 0)))))
                        editor.handle(.key(.char(" ")))
                        editor.proposeShown(k, inSection: 0, direction: nil)
                        if N.isSlot(block, cut, r), let drag = editor.tableView.rowDrag {
                            // The held row is drawn where it lands: after k shown rows (and the
                            // shown rows it carries, which stay in place until the drop).
                            let held = editor.tableView.shownPosition(of: drag)
                            let carried = r > s ? (s + 1..<end).filter(shown).count : 0
                            guard held == k + carried || expected == original else { Issue.record("\(shape) filter \(subset) r\(s) to \(k): held at \(held)"); return }
                        }
                        editor.handle(.key(.char(" ")))
                        cases += 1
                        let context = "\(shape) filter \(subset) dropping r\(s) after \(k) shown rows"
                        guard nesting.items(editor) == expected else {
                            Issue.record("\(context): \(nesting.items(editor).map { $0.map { $0.text.prefix(2) + ":\($0.level)" } }), expected \(expected.map { $0.map { $0.text.prefix(2) + ":\($0.level)" } })")
                            return
                        }
                        if expected != original { guard nesting.checkUndo(editor, original, expected, context) else { return } }
                    }
                }
            }
        }
        #expect(cases > 3_000)
    }

    /// `↓` and `↑` while holding a row with rows hidden: each step passes one shown row (the
    /// held row's place among them changes every step), into the next section at the end.
    @Test func dragStepsPassOneShownRowEach() throws {
        let rows = Self.tagged([Item(text: "", level: 0), Item(text: "", level: 1), Item(text: "", level: 1), Item(text: "", level: 0),
                                Item(text: "", level: 1), Item(text: "", level: 0)])
        let original = [rows, NestingMoveTests.other]
        let editor = try nesting.editor(original)
        editor.handle(.key(.char("e")))
        filter(editor, "x\(0b101001)y")   // r0, r3 and r5 shown
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        editor.handle(.key(.char(" ")))
        var places: [String] = []
        for _ in 0..<4 {
            editor.handle(.key(.down))
            let drag = editor.tableView.rowDrag!
            places.append("\(drag.destination.section):\(editor.tableView.shownPosition(of: drag))")
        }
        #expect(places == ["0:1", "0:2", "1:0", "1:0"])
        _ = editor.render(width: 40, height: 30)
        editor.handle(.key(.up))
        editor.handle(.key(.char(" ")))
        // r0 with its hidden nested rows after r5 (the end of the section).
        #expect(nesting.items(editor)[0].map { String($0.text.prefix(2)) } == ["r3", "r4", "r5", "r0", "r1", "r2"])
    }
}
