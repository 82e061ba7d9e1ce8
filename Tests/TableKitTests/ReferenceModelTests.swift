import Testing
import TestSupport
import TableKit
import ListStorage

/// The engine against `ReferenceTable`: random batches over small tables, valid and invalid,
/// and exhaustive single moves.
@MainActor
@Suite struct ReferenceModelTests {
    static func randomBatch(_ old: [[String]], _ g: inout SplitMix64) -> BatchUpdate {
        var u = BatchUpdate()
        let sections = old.count
        func section(_ extra: Int) -> Int { Int.random(in: 0...max(0, sections - 1 + extra), using: &g) }
        func path(_ extra: Int) -> IndexPath {
            let s = section(extra)
            let rows = s < sections ? old[s].count : 1
            return ip(s, Int.random(in: 0...max(0, rows - 1 + extra), using: &g))
        }
        func count() -> Int { Int.random(in: 0..<8, using: &g) < 5 ? 0 : Int.random(in: 1...2, using: &g) }
        for _ in 0..<count() { u.deleteRows([path(Int.random(in: 0...5, using: &g) == 0 ? 1 : 0)]) }
        for _ in 0..<count() { u.insertRows([path(1)]) }
        for _ in 0..<count() { u.reloadRows([path(Int.random(in: 0...5, using: &g) == 0 ? 1 : 0)]) }
        for _ in 0..<count() { u.moveRow(from: path(0), to: path(1)) }
        if Int.random(in: 0..<3, using: &g) == 0 {
            for _ in 0..<count() { u.deleteSections([section(0)]) }
            for _ in 0..<count() { u.insertSections([section(1)]) }
            for _ in 0..<count() { u.reloadSections([section(0)]) }
            for _ in 0..<count() { u.moveSection(section(0), toSection: section(0)) }
        }
        return u
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomBatchesMatchTheReference(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        var valid = 0, invalid = 0
        var messages = Set<String>()
        for _ in 0..<5_000 {
            let old = (0..<Int.random(in: 1...3, using: &g)).map { s in
                (0..<Int.random(in: 0...3, using: &g)).map { "\(s).\($0)" }
            }
            let update = Self.randomBatch(old, &g)
            let derived = update.derivedCounts(oldRowCounts: old.map(\.count)) { _, n in n % 3 }
            var newCounts = (0..<max(0, derived.sections)).map { max(0, derived.rows($0)) }
            if Int.random(in: 0..<6, using: &g) == 0, !newCounts.isEmpty {
                let k = Int.random(in: newCounts.indices, using: &g)
                newCounts[k] += newCounts[k] > 0 && Bool.random(using: &g) ? -1 : 1
            } else if Int.random(in: 0..<12, using: &g) == 0 {
                newCounts.append(0)
            }
            let expected = ReferenceTable.run(old: old, update: update, newCounts: newCounts)
            let actual = runEngine(old: old, update: update, newCounts: newCounts)
            #expect(actual == expected, "old \(old) update \(update) counts \(newCounts)")
            if actual != expected { return }
            switch expected {
            case .success: valid += 1
            case .failure(let m): invalid += 1; messages.insert(String(m.prefix(30)))
            }
        }
        // The sample exercises both sides and many different rules.
        #expect(valid > 1_000)
        #expect(invalid > 1_000)
        #expect(messages.count >= 15)
    }

    /// Every source and destination of one move in every small table, against the reference and
    /// against `ListModel.moveRow` (UIKit's remove-then-insert).
    @Test func everySingleMove() {
        let shapes: [[Int]] = [[1], [2], [3], [4], [1, 1], [2, 1], [0, 3], [2, 2, 1], [3, 0, 2]]
        var checked = 0
        for shape in shapes {
            let old = shape.enumerated().map { s, n in (0..<n).map { "\(s).\($0)" } }
            for s in old.indices {
                for r in old[s].indices {
                    for t in old.indices {
                        let destinationCount = old[t].count + (t == s ? 0 : 1)
                        for d in 0..<destinationCount {
                            var update = BatchUpdate()
                            update.moveRow(from: ip(s, r), to: ip(t, d))
                            var model = ListModel(sections: old.map { ("", $0) })
                            model.moveRow(from: ip(s, r), to: ip(t, d))
                            let after = model.rowCounts
                            let expected = ReferenceTable.run(old: old, update: update, newCounts: after)
                            #expect(expected == .success(model.contents.map(\.rows)))
                            #expect(runEngine(old: old, update: update, newCounts: after) == expected)
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    /// Every section move of tables of up to five sections.
    @Test func everySectionMove() {
        for count in 1...5 {
            let old = (0..<count).map { ["\($0)"] }
            for from in 0..<count {
                for to in 0..<count {
                    var update = BatchUpdate()
                    update.moveSection(from, toSection: to)
                    var model = ListModel(sections: old.map { ("", $0) })
                    model.moveSection(from: from, to: to)
                    #expect(runEngine(old: old, update: update, newCounts: model.rowCounts) == .success(model.contents.map(\.rows)))
                }
            }
        }
    }
}
