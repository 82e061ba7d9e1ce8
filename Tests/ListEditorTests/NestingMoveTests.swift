import Foundation
import Testing
import ListDocument
import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// Moves carry nested rows (docs/keys.md, "Nested rows"), checked exhaustively over small lists:
/// every level shape of up to 6 rows (and shapes with passages up to 5), every source, every
/// destination a drag can propose and both one-step moves. Each result must equal a plain
/// reference (cut the block, choose the slot by the parents it keeps, clamp, insert), save as a
/// Markdown file with that nesting, be one undo step, and undo must give back the list and the
/// file's bytes exactly.
@MainActor
@Suite final class NestingMoveTests {
    /// A row as the reference sees it.
    struct Item: Equatable, CustomStringConvertible {
        var text: String
        var level: Int
        var isPassage = false
        var description: String { isPassage ? "¶\(text)" : "\(text):\(level)" }
    }

    // MARK: Shapes

    /// Every shape of `n` rows: each an item whose level is at most one more than the item
    /// above (0 first and after a passage), or (with `passages`) a passage.
    static func shapes(_ n: Int, passages: Bool) -> [[Item]] {
        var result: [[Item]] = []
        func extend(_ rows: [Item]) {
            guard rows.count < n else { result.append(rows); return }
            let name = "r\(rows.count)"
            let top = rows.last.map { $0.isPassage ? 0 : $0.level + 1 } ?? 0
            for level in 0...top { extend(rows + [Item(text: name, level: level)]) }
            if passages { extend(rows + [Item(text: name, level: 0, isPassage: true)]) }
        }
        extend([])
        return result
    }

    static let other = [Item(text: "b0", level: 0), Item(text: "b1", level: 1)]

    // MARK: Reference

    /// The parent of each row: the nearest item above with a smaller level, not past a passage.
    static func parents(_ rows: [Item]) -> [String: String] {
        var result: [String: String] = [:]
        for (i, row) in rows.enumerated() where !row.isPassage {
            var j = i - 1
            while j >= 0, !rows[j].isPassage {
                if rows[j].level < row.level { result[row.text] = rows[j].text; break }
                j -= 1
            }
        }
        return result
    }

    /// Where row `s`'s block ends: the rows after it deeper than it, up to a passage (a passage
    /// carries nothing).
    static func blockEnd(_ rows: [Item], _ s: Int) -> Int {
        guard !rows[s].isPassage else { return s + 1 }
        var e = s + 1
        while e < rows.count, !rows[e].isPassage, rows[e].level > rows[s].level { e += 1 }
        return e
    }

    /// `block` inserted into `rows` at `r`, its first row clamped between 0 and one more than
    /// the row above (0 at the top and after a passage), the others following it.
    static func insert(_ block: [Item], into rows: [Item], at r: Int) -> [Item] {
        let above = r > 0 && !rows[r - 1].isPassage ? rows[r - 1].level + 1 : 0
        let landed = min(block[0].level, above)
        var result = rows
        result.insert(contentsOf: block.map { Item(text: $0.text, level: $0.level - block[0].level + landed) }, at: r)
        return result
    }

    /// Whether landing at `r` leaves every other row with its parent, and the first row first
    /// when it stays first (a passage opening the file).
    static func isSlot(_ block: [Item], _ rows: [Item], _ r: Int, first: Bool = false) -> Bool {
        if first, r == 0, !rows.isEmpty { return false }
        let before = parents(rows)
        let after = parents(insert(block, into: rows, at: r))
        return rows.allSatisfy { before[$0.text] == after[$0.text] }
    }

    /// The nearest slot to `r` (the one above on a tie).
    static func nearestSlot(_ block: [Item], _ rows: [Item], _ r: Int, first: Bool = false) -> Int {
        let slots = (0...rows.count).filter { isSlot(block, rows, $0, first: first) }
        return slots.min { (abs($0 - r), $0) < (abs($1 - r), $1) }!
    }

    // MARK: The editor

    /// The list as a Markdown file: sections `S0`, `S1`…, items indented two spaces a level,
    /// passages as paragraphs between blank lines.
    static func markdown(_ sections: [[Item]]) -> String {
        var text = ""
        for (s, rows) in sections.enumerated() {
            text += "# S\(s)\n"
            for row in rows {
                if row.isPassage {
                    text += "\n\(row.text)\n\n"
                } else {
                    text += String(repeating: "  ", count: row.level) + "- \(row.text)\n"
                }
            }
        }
        return text
    }

    let folder = TempFolder()
    deinit { folder.remove() }

    /// An editor on the list written as a Markdown file.
    func editor(_ sections: [[Item]]) throws -> ListEditor {
        // The editors of earlier cases are gone without quitting: their recovery files would pile
        // up beside the file, and every open reads them all (thousands of cases).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(".list.md.listedit-recovery") {
            try? FileManager.default.removeItem(atPath: folder.file(name))
        }
        let path = folder.file("list.md", Self.markdown(sections))
        let editor = ListEditor.started(document: try ListDocument.open(path), animations: false)
        editor.send(.resize(width: 40, height: 30))
        _ = editor.render(width: 40, height: 30)
        #expect(items(editor) == sections)
        return editor
    }

    /// Whether the editor's save writes `expected`: exactly the file `markdown` makes of it when
    /// it has no passages (moved items indented for their new levels), else a file that reads
    /// back as `expected` (the blank lines around passages are the writer's choice).
    func savesAs(_ editor: ListEditor, _ expected: [[Item]], _ context: String) throws -> Bool {
        let bytes = try editor.document.serialized()
        if !expected.joined().contains(where: \.isPassage) {
            if bytes == Array(Self.markdown(expected).utf8) { return true }
            Issue.record("\(context): saved as \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            return false
        }
        let path = folder.file("saved.md", String(decoding: bytes, as: UTF8.self))
        let back = items(try ListDocument.open(path).model)
        if back == expected { return true }
        Issue.record("\(context): saved, it reads back as \(back)")
        return false
    }

    func items(_ editor: ListEditor) -> [[Item]] { items(editor.model) }

    func items(_ model: ListModel) -> [[Item]] {
        model.sections.map { $0.rows.map { Item(text: $0.text, level: $0.level, isPassage: $0.isPassage) } }
    }

    func key(_ editor: ListEditor, _ k: Key) { editor.send(.key(k)) }

    /// Undo gives back `original` exactly and redo `moved`, each in one step.
    func checkUndo(_ editor: ListEditor, _ original: [[Item]], _ moved: [[Item]], _ context: String) -> Bool {
        key(editor, .char("u"))
        guard items(editor) == original else { Issue.record("undo of \(context): \(items(editor))"); return false }
        key(editor, .ctrl("r"))
        guard items(editor) == moved else { Issue.record("redo of \(context): \(items(editor))"); return false }
        key(editor, .char("u"))
        guard items(editor) == original, !editor.isModified else { Issue.record("second undo of \(context)"); return false }
        guard (try? editor.document.serialized()) == Array(Self.markdown(original).utf8) else {
            Issue.record("undo of \(context) does not save the file as it was"); return false
        }
        return true
    }

    // MARK: Tests

    static let allShapes = (1...6).flatMap { shapes($0, passages: false) } + (1...5).flatMap { shapes($0, passages: true) }.filter { $0.contains(where: \.isPassage) }

    @Test func everyDropEqualsTheReference() throws {
        var cases = 0
        for shape in Self.allShapes {
            let original = [shape, Self.other]
            let editor = try editor(original)
            key(editor, .char("e"))
            for s in shape.indices where !shape[s].isPassage {
                let end = Self.blockEnd(shape, s)
                let block = Array(shape[s..<end])
                var cut = shape
                cut.removeSubrange(s..<end)
                // Every slot the table offers: its own section without the row, the other with it.
                let proposals = (0...shape.count - 1).map { IndexPath(row: $0, section: 0) } + (0...Self.other.count).map { IndexPath(row: $0, section: 1) }
                for d in proposals {
                    let expected: [[Item]]
                    if d.section == 0 {
                        let k = end - s - 1
                        let r = d.row <= s ? d.row : (d.row <= s + k ? s : d.row - k)
                        expected = [Self.insert(block, into: cut, at: Self.nearestSlot(block, cut, r, first: shape[0].isPassage)), Self.other]
                    } else {
                        expected = [cut, Self.insert(block, into: Self.other, at: Self.nearestSlot(block, Self.other, d.row))]
                    }
                    editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: s, section: 0)))))
                    key(editor, .char(" "))
                    editor.controller.perform(.propose(d))
                    key(editor, .char(" "))
                    cases += 1
                    let context = "\(shape) moving \(shape[s]) to \(d)"
                    guard items(editor) == expected else {
                        Issue.record("\(context): \(items(editor)), expected \(expected)")
                        return
                    }
                    guard try savesAs(editor, expected, context) else { return }
                    if expected != original {
                        guard checkUndo(editor, original, expected, context) else { return }
                    }
                    guard tableInvariantViolation(editor.tableView) == nil else { Issue.record("\(context): \(tableInvariantViolation(editor.tableView)!)"); return }
                }
            }
        }
        #expect(cases > 5_000)
    }

    @Test func everyOneStepMoveEqualsTheReference() throws {
        for shape in Self.allShapes {
            let original = [Self.other, shape, Self.other.map { Item(text: "c" + $0.text.dropFirst(), level: $0.level) }]
            for editMode in [false, true] {
                let editor = try editor(original)
                if editMode { key(editor, .char("e")) }
                for s in shape.indices where !shape[s].isPassage {
                    let end = Self.blockEnd(shape, s)
                    let block = Array(shape[s..<end])
                    var cut = shape
                    cut.removeSubrange(s..<end)
                    for (k, down) in [(Key.char("J"), true), (.char("K"), false), (.shiftDown, true), (.shiftUp, false)] {
                        var expected = original
                        let slots = (0...cut.count).filter { Self.isSlot(block, cut, $0) }
                        if let r = down ? slots.first(where: { $0 > s }) : slots.last(where: { $0 < s }) {
                            expected[1] = Self.insert(block, into: cut, at: r)
                        } else if down {
                            expected[1] = cut
                            expected[2] = Self.insert(block, into: original[2], at: 0)
                        } else {
                            expected[1] = cut
                            expected[0] = Self.insert(block, into: original[0], at: original[0].count)
                        }
                        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: s, section: 1)))))
                        key(editor, k)
                        let context = "\(shape) \(k) on \(shape[s]) (edit mode: \(editMode))"
                        guard items(editor) == expected else {
                            Issue.record("\(context): \(items(editor)), expected \(expected)")
                            return
                        }
                        guard try savesAs(editor, expected, context) else { return }
                        guard checkUndo(editor, original, expected, context) else { return }
                    }
                }
            }
        }
    }

    @Test func escapePutsEverythingBack() throws {
        let original = [[Item(text: "a", level: 0), Item(text: "a1", level: 1), Item(text: "a2", level: 2), Item(text: "b", level: 0)], Self.other]
        let editor = try editor(original)
        key(editor, .char("e"))
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        key(editor, .char(" "))
        _ = editor.render(width: 40, height: 30)
        #expect(editor.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "a  +2")
        for _ in 0..<4 { key(editor, .down) }
        key(editor, .escape)
        #expect(items(editor) == original)
        #expect(!editor.isModified)
        _ = editor.render(width: 40, height: 30)
        #expect(editor.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "a")
    }

    /// A `↓` while holding that would land inside a block the row may not split takes it past
    /// the whole block at once.
    @Test func everyDragStepMovesTheRow() throws {
        let original = [[Item(text: "x", level: 0), Item(text: "a", level: 0), Item(text: "a1", level: 1), Item(text: "a2", level: 1),
                         Item(text: "a3", level: 1), Item(text: "b", level: 0)], Self.other]
        let editor = try editor(original)
        key(editor, .char("e"))
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        key(editor, .char(" "))
        var shown: [IndexPath] = []
        for _ in 0..<5 {
            key(editor, .down)
            shown.append(editor.tableView.rowDrag!.destination)
        }
        // Past a's block at once; then the end of the section (a step below the last row stays
        // there, as for any row: docs/keys.md); then into the next section, where a level-0 row
        // may not land between b0 and its nested b1.
        #expect(shown == [IndexPath(row: 4, section: 0), IndexPath(row: 5, section: 0), IndexPath(row: 5, section: 0),
                          IndexPath(row: 0, section: 1), IndexPath(row: 2, section: 1)])
        key(editor, .char(" "))
        #expect(items(editor)[1].map(\.description) == ["b0:0", "b1:1", "x:0"])
    }

    @Test func frontMatterStaysFirst() throws {
        let path = folder.file("front.md", "---\ntitle: x\n---\n- a\n- b\n# S\n- c\n")
        let editor = ListEditor.started(document: try ListDocument.open(path), animations: false)
        editor.send(.resize(width: 40, height: 20))
        _ = editor.render(width: 40, height: 20)
        func texts() -> [String] { editor.model.sections[0].rows.map { $0.isPassage ? "¶" : $0.text } }
        #expect(texts() == ["¶", "a", "b"])
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        key(editor, .char("K"))
        #expect(texts() == ["¶", "a", "b"])
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        for _ in 0..<4 { key(editor, .char("K")) }
        #expect(texts() == ["¶", "c", "a", "b"])
        key(editor, .char("e"))
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 3, section: 0)))))
        key(editor, .char(" "))
        editor.controller.perform(.propose(IndexPath(row: 0, section: 0)))
        key(editor, .char(" "))
        #expect(texts() == ["¶", "b", "c", "a"])
        key(editor, .char("s"))
        #expect(folder.text("front.md") == "---\ntitle: x\n---\n- b\n- c\n- a\n# S\n")
    }

    /// No section goes above the untitled first section of a Markdown file (what comes before the
    /// first heading), and it cannot be picked up itself.
    @Test func theUntitledFirstSectionStaysFirst() throws {
        let path = folder.file("intro.md", "Intro\n\n# A\n- a\n# B\n- b\n")
        let editor = ListEditor.started(document: try ListDocument.open(path), animations: false)
        editor.send(.resize(width: 40, height: 20))
        _ = editor.render(width: 40, height: 20)
        func titles() -> [String] { editor.model.sections.map(\.title) }
        #expect(titles() == ["", "A", "B"])
        key(editor, .char("e"))
        editor.controller.perform(.moveCursor(.to(.header(1))))
        key(editor, .char("K"))
        #expect(titles() == ["", "A", "B"])
        editor.controller.perform(.moveCursor(.to(.header(2))))
        key(editor, .char(" ")); key(editor, .up); key(editor, .up); key(editor, .char(" "))
        #expect(titles() == ["", "B", "A"])
        editor.controller.perform(.moveCursor(.to(.header(0))))
        key(editor, .char(" "))
        #expect(editor.tableView.sectionDrag == nil)
        key(editor, .char("J"))
        #expect(titles() == ["", "B", "A"])
    }
}
