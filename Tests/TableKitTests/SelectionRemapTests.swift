import Testing
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// The selection follows its rows through batches, against a plain reference: after any batch of
/// deletes, inserts and moves, the selected rows are exactly the rows selected before that still
/// exist, wherever they went; a deleted row leaves the selection. Also the bulk row edits of
/// `ListModel` against arrays.
@MainActor
@Suite struct SelectionRemapTests {
    @Test func selectionFollowsItsRowsThroughRandomBatches() throws {
        var g = SplitMix64(seed: 16)
        for round in 0..<300 {
            let picker = Picker((0..<Int.random(in: 0...9, using: &g)).map { "r\($0)" })
            let table = TableView()
            table.dataSource = picker
            table.allowsMultipleSelectionDuringEditing = true
            table.setEditing(true, animated: false)
            var next = picker.rows.count
            for _ in 0..<4 {
                // Select a random subset from code.
                for (i, _) in picker.rows.enumerated() where Bool.random(using: &g) {
                    table.selectRow(at: IndexPath(row: i, section: 0), animated: false, scrollPosition: .none)
                }
                let selected = Set((table.indexPathsForSelectedRows ?? []).map { picker.rows[$0.row] })
                // A random batch: deletes, moves, inserts, as UIKit's index spaces want them.
                let old = picker.rows
                let deleted = Set(old.indices.filter { _ in Int.random(in: 0..<4, using: &g) == 0 })
                let kept = old.indices.filter { !deleted.contains($0) }
                let moved = Set(kept.filter { _ in Int.random(in: 0..<3, using: &g) == 0 })
                var final = kept.filter { !moved.contains($0) }.map { old[$0] }
                for m in moved.sorted() { final.insert(old[m], at: Int.random(in: 0...final.count, using: &g)) }
                var inserted: [String] = []
                for _ in 0..<Int.random(in: 0...2, using: &g) {
                    let label = "n\(next)"
                    next += 1
                    inserted.append(label)
                    final.insert(label, at: Int.random(in: 0...final.count, using: &g))
                }
                picker.rows = final
                try table.performBatchUpdates {
                    try table.deleteRows(at: deleted.map { IndexPath(row: $0, section: 0) }, with: .fade)
                    for m in moved { try table.moveRow(at: IndexPath(row: m, section: 0), to: IndexPath(row: final.firstIndex(of: old[m])!, section: 0)) }
                    try table.insertRows(at: inserted.map { IndexPath(row: final.firstIndex(of: $0)!, section: 0) }, with: .fade)
                }
                let after = Set((table.indexPathsForSelectedRows ?? []).map { picker.rows[$0.row] })
                #expect(after == selected.subtracting(deleted.map { old[$0] }), "round \(round): \(old) → \(final)")
                table._checkInvariants()
            }
            table.setEditing(false, animated: false)
            #expect(table.indexPathsForSelectedRows == nil)
        }
    }

    /// `removeRows`, `insertRows` and `moveRows` of `ListModel` against arrays, at sizes that
    /// cross the row list's chunks.
    @Test func bulkRowEditsAgreeWithArrays() {
        var g = SplitMix64(seed: 7)
        for n in [0, 1, 5, 600, 3000] {
            let texts = (0..<n).map { "t\($0)" }
            var list = ListModel(sections: [("A", []), ("B", [])])
            for (i, t) in texts.enumerated() { list.insertRow(t, at: IndexPath(row: i / 2, section: i % 2)) }
            var reference = [texts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), texts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)]
            func same() -> Bool { list.sections.map { $0.rows.map(\.text) } == reference }
            #expect(same())
            // Remove a random set, put it back.
            let all = (0..<2).flatMap { s in reference[s].indices.map { IndexPath(row: $0, section: s) } }
            let picked = all.filter { _ in Int.random(in: 0..<5, using: &g) == 0 }
            let removed = list.removeRows(at: picked.shuffled(using: &g))
            #expect(removed.map(\.text) == picked.map { reference[$0.section][$0.row] })
            let before = reference
            for p in picked.reversed() { reference[p.section].remove(at: p.row) }
            #expect(same())
            list.insertRows(removed, at: picked)
            reference = before
            #expect(same())
            // Gather the picked rows at a random place of section B, with levels.
            let rest = [0, 1].map { s in reference[s].enumerated().filter { !picked.contains(IndexPath(row: $0.offset, section: s)) }.map(\.element) }
            let at = Int.random(in: 0...rest[1].count, using: &g)
            list.moveRows(from: picked, to: picked.indices.map { IndexPath(row: at + $0, section: 1) }, levels: picked.map { _ in 0 })
            reference = [rest[0], Array(rest[1][..<at]) + picked.map { before[$0.section][$0.row] } + Array(rest[1][at...])]
            #expect(same())
        }
    }
}
