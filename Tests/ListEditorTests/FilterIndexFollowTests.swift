import Testing
import ListDocument
@testable import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// The fast build of the filter's index (pieces on several cores, joined) and its following of
/// batches on rows anywhere (`deleteRowSet`, `insertRowSet`, `moveRowSet`), each held to an
/// index built the general way from the list (`FilterIndex(model:)`), over seeded random lists
/// of file rows and edited rows, passages, markup and text folded every way.
@MainActor
@Suite struct FilterIndexFollowTests {
    static let words = ["Milk", "**Eggs**", "oat", "Größe", "ÀÉÎ", "ΣΟΦΙΑ", "日本", "tea", "`code`", "[link](x)", "a&amp;b",
                        "İstanbul", "x_y_", "~", "plain text", "DŽ", "Ꙁꙁ", "가한", ""]

    /// A random list: sections of 0 to `rows` rows, some still in a file buffer, some edited
    /// (held as their own text), some passages.
    static func randomList(_ g: inout SplitMix64, sections: Int = 3, rows: Int = 7) -> ListModel {
        var bytes: [UInt8] = []
        var specs: [[(offset: UInt32, length: UInt32, attributes: ListModel.Row.Attributes, text: String?)]] = []
        for _ in 0..<sections {
            var spec: [(offset: UInt32, length: UInt32, attributes: ListModel.Row.Attributes, text: String?)] = []
            for _ in 0..<Int.random(in: 0...rows, using: &g) {
                var text = ""
                for _ in 0..<Int.random(in: 1...3, using: &g) { text += words[Int.random(in: 0..<words.count, using: &g)] + " " }
                let offset = UInt32(bytes.count)
                bytes += Array(text.utf8)
                let passage = Int.random(in: 0..<6, using: &g) == 0
                let own = Int.random(in: 0..<3, using: &g) == 0
                spec.append((offset, UInt32(text.utf8.count), .init(isPassage: passage), own ? text.uppercased() : nil))
            }
            specs.append(spec)
        }
        let buffer = TextBuffer(bytes)
        var list = ListModel()
        list.sections = specs.enumerated().map { ListModel.fileSection(buffer: buffer, title: "S\($0.offset)", rows: $0.element) }
        return list
    }

    static func same(_ a: FilterIndex, _ b: FilterIndex) -> Bool { a.bytes == b.bytes && a.starts == b.starts }

    @Test func theBuildOnSeveralCoresEqualsTheGeneralOne() {
        var g = SplitMix64(seed: 2)
        for round in 0..<200 {
            let list = Self.randomList(&g, sections: Int.random(in: 0...4, using: &g), rows: 40)
            for markdown in [true, false] {
                let reference = FilterIndex(model: list, markdown: markdown)
                // Pieces of 1 to 5 rows: sections cut into several pieces, joined.
                let build = FilterIndexBuild(model: list, markdown: markdown, minimumPiece: 1 + round % 5)
                if round % 2 == 0 { build.start(workers: 2) }
                let built = build.finish()
                #expect(Self.same(built, reference), "round \(round), markdown \(markdown)")
                #expect(built.size == reference.size)
                // Each row holding a pattern, as a search of each row's folded text finds them.
                for pattern in ["e", "ea", "milk", " ", "ö", "日"].map(FilterIndex.fold) {
                    let expected = built.bytes.indices.map { s in
                        (0..<built.starts[s].count - 1).filter { built.texts(section: s, rows: $0..<$0 + 1)[0].contains(pattern) }
                    }
                    #expect(built.matches(pattern) == expected, "round \(round), \(pattern)")
                }
            }
        }
    }

    /// Random sources among `list`'s rows, and destinations (final space) for them.
    static func randomMove(_ list: ListModel, _ g: inout SplitMix64) -> (from: [IndexPath], to: [IndexPath]) {
        let all = list.sections.indices.flatMap { s in list.sections[s].rows.indices.map { IndexPath(row: $0, section: s) } }
        let from = all.filter { _ in Int.random(in: 0..<3, using: &g) == 0 }
        var left = list.sections.indices.map { s in list.sections[s].rows.count - from.filter { $0.section == s }.count }
        var into = Array(repeating: 0, count: left.count)
        let sections = from.map { _ in Int.random(in: 0..<left.count, using: &g) }
        for s in sections { into[s] += 1 }
        var free = left.indices.map { s in Array(0..<(left[s] + into[s])).shuffled(using: &g) }
        let to = sections.map { s in IndexPath(row: free[s].removeLast(), section: s) }
        left = []
        return (from, to)
    }

    @Test func rowSetStepsAreFollowedAsABuildWouldBe() {
        var g = SplitMix64(seed: 16)
        var followed = 0
        for round in 0..<400 {
            var list = Self.randomList(&g)
            guard !list.sections.isEmpty else { continue }
            var index = FilterIndex(model: list, markdown: true)
            let (from, to) = Self.randomMove(list, &g)
            switch round % 2 {
            case 0:
                // A selection deleted, then put back (its undo).
                let rows = list.removeRows(at: from)
                index.deleteRows(at: from)
                #expect(Self.same(index, FilterIndex(model: list, markdown: true)), "delete, round \(round)")
                list.insertRows(rows, at: from)
                index.insertRows(rows.map { FilterIndex.folded($0, markdown: true, references: [:]) }, at: from)
                #expect(Self.same(index, FilterIndex(model: list, markdown: true)), "its undo, round \(round)")
            default:
                // A selection moved (one batch), then moved back (its undo).
                list.moveRows(from: from, to: to)
                index.moveRows(from: from, to: to)
                #expect(Self.same(index, FilterIndex(model: list, markdown: true)), "move, round \(round)")
                let order = to.indices.sorted { to[$0] < to[$1] }
                let back = (order.map { to[$0] }, order.map { from[$0] })
                list.moveRows(from: back.0, to: back.1)
                index.moveRows(from: back.0, to: back.1)
                #expect(Self.same(index, FilterIndex(model: list, markdown: true)), "its undo, round \(round)")
            }
            if !from.isEmpty { followed += 1 }
        }
        #expect(followed > 300)
    }

    /// The editor follows a deleted and a moved selection, their undos and redos, without
    /// building the index again.
    @Test func theEditorFollowsSelectionBatches() throws {
        let h = try Harness("# A\n- Milk\n- **Eggs**\n- Oat\n- Tea\n\nA note.\n\n- Bread\n# B\n- Screws\n- Glue\n- Größe\n", width: 40, height: 16)
        let editor = h.editor
        func check(_ what: String) {
            guard let index = editor.filterIndex, index.changes == editor.changeCount else {
                Issue.record("after \(what): the index was not followed")
                return
            }
            #expect(Self.same(index, FilterIndex(model: editor.model, markdown: true, references: editor.document.linkReferences)),
                    "after \(what)")
        }
        h.press(.char("e"))
        h.press(.char("/"), .char("e"), .escape)
        check("the first filter")
        // Rows 1 and 3 of A and row 1 of B selected, then deleted.
        // From header A (Home): row r of A is r + 1 lines down; B's rows follow A's six rows, its
        // `Add item` line and B's header.
        h.press(.home, .down, .down, .char("v"), .down, .down, .char("v"))
        for _ in 0..<6 { h.press(.down) }
        h.press(.char("v"))
        #expect(editor.tableView.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0), IndexPath(row: 1, section: 1)],
                "\(editor.tableView.indexPathsForSelectedRows ?? [])\n\(h.screen)")
        let rows = editor.model.rowCounts
        h.press(.char("x"), .char("y"))
        #expect(editor.model.rowCounts.reduce(0, +) == rows.reduce(0, +) - 3)
        check("a delete of a selection")
        h.press(.char("u"))
        #expect(editor.model.rowCounts == rows)
        check("its undo")
        h.press(.ctrl("r"))
        check("its redo")
        h.press(.char("u"))
        check("its undo again")
        // Two rows selected, picked up, dropped one row down: one batch.
        let texts = editor.model.sections.map { $0.rows.map(\.text) }
        h.press(.home, .down, .char("v"), .down, .down, .char("v"), .char(" "), .down, .char(" "))
        #expect(editor.model.sections.map { $0.rows.map(\.text) } != texts)
        check("a move of a selection")
        h.press(.char("u"))
        check("its undo")
        h.press(.ctrl("r"))
        check("its redo")
    }
}
