import Testing
import TestSupport
@testable import TableKit

/// Differential fuzzing of the batch engine against `ReferenceTable`: valid batches built to be
/// valid, and invalid ones made from a valid one by breaking exactly one rule. Every result, or
/// exact message, must match; a refused batch must change nothing.
@MainActor
@Suite struct EngineFuzzTests {
    /// What one run covered, for docs/reliability.md.
    static let batchesPerSeed = 50_000

    enum Break: CaseIterable {
        case none, deleteOutOfRange, insertOutOfRange, moveOutOfRange, deleteAndReload, deleteAndMove,
             insertAndMove, sourceMovedTwice, destinationUsedTwice, countsDoNotAddUp, moveFromDeletedSection,
             moveIntoInsertedSection, sectionOutOfRange
    }

    /// A valid batch over `old`: random deletes, reloads, moves and inserts that a data source
    /// following them exactly would report.
    static func validBatch(_ old: [[String]], _ g: inout SplitMix64) -> BatchUpdate {
        var u = BatchUpdate()
        var taken = Set<IndexPath>()
        let all = old.indices.flatMap { s in old[s].indices.map { IndexPath(row: $0, section: s) } }
        for p in all.shuffled(using: &g) {
            switch Int.random(in: 0..<8, using: &g) {
            case 0: u.deleteRows([p]); taken.insert(p)
            case 1: u.reloadRows([p]); taken.insert(p)
            default: break
            }
        }
        var final = old.map(\.count)
        for p in u.deletedRows { final[p.section] -= 1 }
        var sources: [IndexPath] = []
        for p in all where !taken.contains(p) && Int.random(in: 0..<6, using: &g) == 0 { sources.append(p) }
        var destinationsPer = [Int](repeating: 0, count: old.count)
        var moveTargets: [(IndexPath, Int)] = []
        for p in sources {
            let t = Int.random(in: old.indices, using: &g)
            final[p.section] -= 1
            final[t] += 1
            destinationsPer[t] += 1
            moveTargets.append((p, t))
        }
        var insertsPer = [Int](repeating: 0, count: old.count)
        for s in old.indices { insertsPer[s] = Int.random(in: 0...1, using: &g); final[s] += insertsPer[s] }
        for s in old.indices {
            var slots = Array(0..<final[s]).shuffled(using: &g)
            for _ in 0..<insertsPer[s] { u.insertRows([IndexPath(row: slots.removeLast(), section: s)]) }
            for (p, t) in moveTargets where t == s { u.moveRow(from: p, to: IndexPath(row: slots.removeLast(), section: s)) }
        }
        return u
    }

    static func breakOne(_ rule: Break, _ u: inout BatchUpdate, _ old: [[String]], _ counts: inout [Int], _ g: inout SplitMix64) {
        let s = Int.random(in: old.indices, using: &g)
        let anyRow = old[s].isEmpty ? nil : IndexPath(row: Int.random(in: old[s].indices, using: &g), section: s)
        switch rule {
        case .none: break
        case .deleteOutOfRange: u.deleteRows([IndexPath(row: old[s].count + Int.random(in: 0...2, using: &g), section: s)])
        case .insertOutOfRange: u.insertRows([IndexPath(row: counts[s] + Int.random(in: 0...2, using: &g), section: s)])
        case .moveOutOfRange: u.moveRow(from: IndexPath(row: old[s].count, section: s), to: IndexPath(row: 0, section: s))
        case .deleteAndReload: if let p = anyRow { u.deleteRows([p]); u.reloadRows([p]) }
        case .deleteAndMove: if let p = anyRow { u.deleteRows([p]); u.moveRow(from: p, to: IndexPath(row: 0, section: s)) }
        case .insertAndMove: if let p = anyRow { u.insertRows([IndexPath(row: 0, section: s)]); u.moveRow(from: p, to: IndexPath(row: 0, section: s)) }
        case .sourceMovedTwice: if let p = anyRow { u.moveRow(from: p, to: IndexPath(row: 0, section: s)); u.moveRow(from: p, to: IndexPath(row: 1, section: s)) }
        case .destinationUsedTwice:
            if old[s].count >= 2 { u.moveRow(from: IndexPath(row: 0, section: s), to: IndexPath(row: 0, section: s)); u.moveRow(from: IndexPath(row: 1, section: s), to: IndexPath(row: 0, section: s)) }
        case .countsDoNotAddUp: counts[s] += Bool.random(using: &g) || counts[s] == 0 ? 1 : -1
        case .moveFromDeletedSection:
            if let p = anyRow { u.deleteSections([s]); u.moveRow(from: p, to: IndexPath(row: 0, section: 0)) }
        case .moveIntoInsertedSection:
            if let p = anyRow { u.insertSections([0]); u.moveRow(from: p, to: IndexPath(row: 0, section: 0)) }
        case .sectionOutOfRange: u.deleteSections([old.count + Int.random(in: 0...1, using: &g)])
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func differentialFuzz(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        var invalid = 0, valid = 0
        for _ in 0..<Self.batchesPerSeed {
            let old = (0..<Int.random(in: 1...3, using: &g)).map { s in (0..<Int.random(in: 0...4, using: &g)).map { "\(s).\($0)" } }
            var update = Self.validBatch(old, &g)
            let derived = update.derivedCounts(oldRowCounts: old.map(\.count)) { _, n in n % 2 }
            var counts = (0..<derived.sections).map(derived.rows)
            let rule = Break.allCases.randomElement(using: &g)!
            Self.breakOne(rule, &update, old, &counts, &g)
            let expected = ReferenceTable.run(old: old, update: update, newCounts: counts.map { max(0, $0) })
            let actual = runEngine(old: old, update: update, newCounts: counts.map { max(0, $0) })
            if actual != expected {
                Issue.record("seed \(seed) rule \(rule): old \(old) update \(update) counts \(counts)\nexpected \(expected)\nactual \(actual)")
                return
            }
            if rule == .none, case .failure(let m) = expected {
                Issue.record("a batch built valid was refused: \(m) old \(old) update \(update)")
                return
            }
            if case .failure = expected { invalid += 1 } else { valid += 1 }
        }
        #expect(valid > Self.batchesPerSeed / 20)
        #expect(invalid > Self.batchesPerSeed / 2)
    }
}
