import Testing
import TestSupport
import TableKit
@testable import ListStorage

/// `RowList` against a plain array: random inserts, removes, replacements and moves across chunk
/// boundaries, rows from a file buffer and owned rows mixed.
@Suite struct RowListTests {
    /// Rows appended one at a time (how a merge or a restore builds its sections) past many
    /// chunk splits: every row stays, in order. (Each split used to zero the chunks' starts
    /// before the one recomputed, so 150,000 appends left 2,544 rows.)
    @Test func appendingOneRowAtATimeKeepsEveryRow() {
        var list = RowList()
        let n = RowList.maxChunk * 8 + 3
        for i in 0..<n { list.append(ListModel.Row(id: .init(raw: UInt64(i)), text: "r\(i)")) }
        #expect(list.count == n)
        #expect(list.map(\.text) == (0..<n).map { "r\($0)" })
        list.remove(at: n / 2)
        #expect(list.count == n - 1)
        #expect(list[n / 2].text == "r\(n / 2 + 1)")
    }

    @Test func randomEditsMatchAnArray() {
        var g = SplitMix64(seed: 42)
        let text = (0..<3_000).map { "row \($0)\n" }.joined()
        let bytes = Array(text.utf8)
        var refs: [(offset: UInt32, length: UInt32)] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            refs.append((UInt32(start), UInt32(i - start)))
            start = i + 1
        }
        var model = ListModel(buffer: TextBuffer(bytes), sections: [("a", Array(refs[0..<2_500])), ("b", Array(refs[2_500...]))])
        var reference = model.contents.map(\.rows)
        #expect(reference[0].count == 2_500)
        for step in 0..<4_000 {
            let s = Int.random(in: 0..<2, using: &g)
            let n = reference[s].count
            switch Int.random(in: 0..<5, using: &g) {
            case 0:
                let at = Int.random(in: 0...n, using: &g)
                model.insertRow("new \(step)", at: IndexPath(row: at, section: s))
                reference[s].insert("new \(step)", at: at)
            case 1 where n > 0:
                let at = Int.random(in: 0..<n, using: &g)
                model.removeRow(at: IndexPath(row: at, section: s))
                reference[s].remove(at: at)
            case 2 where n > 0:
                let at = Int.random(in: 0..<n, using: &g)
                model[IndexPath(row: at, section: s)].text = "edit \(step)"
                reference[s][at] = "edit \(step)"
            case 3 where n > 0:
                let t = 1 - s
                let from = Int.random(in: 0..<n, using: &g), to = Int.random(in: 0...reference[t].count, using: &g)
                model.moveRow(from: IndexPath(row: from, section: s), to: IndexPath(row: to, section: t))
                reference[t].insert(reference[s].remove(at: from), at: to)
            default:
                let snapshot = model
                model.insertRow("temp", at: IndexPath(row: 0, section: s))
                model = snapshot
            }
            if step % 500 == 0 { #expect(model.contents.map(\.rows) == reference) }
        }
        #expect(model.contents.map(\.rows) == reference)
        var out: [String] = []
        model.sections[0].rows.forEachUTF8 { out.append(String(decoding: $0, as: UTF8.self)) }
        #expect(out == reference[0])
    }

    @Test func identitiesSurviveMovesAndEdits() {
        let bytes = Array("a\nb\n".utf8)
        var model = ListModel(buffer: TextBuffer(bytes), sections: [("", [(0, 1), (2, 1)])])
        let b = model[IndexPath(row: 1, section: 0)].id
        model.moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(model[IndexPath(row: 0, section: 0)].id == b)
        model[IndexPath(row: 0, section: 0)].text = "B"
        #expect(model[IndexPath(row: 0, section: 0)].id == b)
        let fresh = model.makeRow("c")
        #expect(fresh.id != b && fresh.id != model[IndexPath(row: 1, section: 0)].id)
    }
}
