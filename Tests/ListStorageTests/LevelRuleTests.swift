import Testing
import TestSupport
import TableKit
import ListStorage

/// The level rule (RowList+Levels): a row's level is at most one more than the level of the row
/// above it in its list, 0 first and after a passage. The check and the repair, exhaustively
/// over small sections (every level sequence, with and without passages) against a plain
/// restatement.
@Suite struct LevelRuleTests {
    /// A section's rows: `nil` is a passage, a number an item's level.
    static func rows(_ shape: [Int?]) -> RowList {
        RowList(shape.enumerated().map { i, level in
            ListModel.Row(id: .init(raw: UInt64(i)), text: "r\(i)",
                          attributes: .init(level: level ?? 0, isPassage: level == nil))
        })
    }

    static func shape(_ rows: RowList) -> [Int?] {
        rows.indices.map { rows.attributes(at: $0).isPassage ? nil : rows.attributes(at: $0).level }
    }

    /// Every sequence of `n` rows, each a passage or an item of level 0 through `maxLevel`.
    static func allShapes(_ n: Int, maxLevel: Int) -> [[Int?]] {
        guard n > 0 else { return [[]] }
        let options: [Int?] = [nil] + (0...maxLevel).map { $0 }
        return allShapes(n - 1, maxLevel: maxLevel).flatMap { prefix in options.map { prefix + [$0] } }
    }

    /// The rule, plainly: the first row that breaks it.
    static func referenceViolation(_ shape: [Int?]) -> Int? {
        var cap = 0
        for (i, level) in shape.enumerated() {
            guard let level else { cap = 0; continue }
            if level > cap { return i }
            cap = level + 1
        }
        return nil
    }

    /// The repair, plainly: each item under its parent as it was (the nearest item above it with
    /// a smaller level, back to the last passage), one level deeper than the parent is now.
    static func referenceRepair(_ shape: [Int?]) -> [Int?] {
        var out = shape
        for i in shape.indices {
            guard let level = shape[i] else { continue }
            var j = i - 1
            while j >= 0, let l = shape[j], l >= level { j -= 1 }
            if j >= 0, shape[j] != nil { out[i] = out[j]! + 1 } else { out[i] = 0 }
        }
        return out
    }

    @Test func theCheckFindsTheFirstRowThatBreaksTheRule() {
        for n in 0...5 {
            for shape in Self.allShapes(n, maxLevel: 3) {
                let rows = Self.rows(shape)
                #expect(rows.firstLevelViolation() == Self.referenceViolation(shape), "\(shape)")
                for i in 0...n {
                    let cap = i == 0 || shape[i - 1] == nil ? 0 : shape[i - 1]! + 1
                    #expect(rows.levelCap(at: i) == cap)
                }
            }
        }
    }

    /// The repair keeps the rule, changes nothing on a section that keeps it, keeps every row
    /// under the row it was nested under, and agrees with the plain restatement.
    @Test func theRepairKeepsTheRuleAndEveryRowUnderItsParent() {
        for n in 0...6 {
            for shape in Self.allShapes(n, maxLevel: 3) {
                var rows = Self.rows(shape)
                let changed = rows.clampLevels(from: 0, through: n)
                let repaired = Self.shape(rows)
                #expect(repaired == Self.referenceRepair(shape), "\(shape)")
                #expect(rows.firstLevelViolation() == nil, "\(shape) → \(repaired)")
                #expect(changed == shape.indices.filter { shape[$0] != repaired[$0] }, "\(shape)")
                if Self.referenceViolation(shape) == nil { #expect(changed.isEmpty, "\(shape)") }
            }
        }
    }

    /// After a change at row `k` (the rows above and below it keep the rule among themselves),
    /// a repair from `k` gives what a repair of the whole section gives, and stops early.
    @Test func aRepairFromTheChangedRowIsTheWholeRepair() {
        for n in 1...6 {
            for shape in Self.allShapes(n, maxLevel: 3) where Self.referenceViolation(shape) == nil {
                for k in 0..<n {
                    for level in 0...4 where shape[k] != nil {
                        var changed = shape
                        changed[k] = level
                        var rows = Self.rows(changed)
                        rows.clampLevels(from: k)
                        #expect(Self.shape(rows) == Self.referenceRepair(changed), "\(changed) from \(k)")
                    }
                }
            }
        }
    }

    @Test func theModelNamesTheRowThatBreaksTheRule() {
        var model = ListModel(sections: [("Fine", ["a", "b"]), ("Deep Learning", ["Frameworks", "pytorch", "tensorflow"])])
        #expect(model.levelViolation() == nil)
        model[IndexPath(row: 1, section: 1)].level = 1
        model[IndexPath(row: 2, section: 1)].level = 2
        #expect(model.levelViolation() == nil)
        model[IndexPath(row: 2, section: 1)].level = 3
        #expect(model.levelViolation() == IndexPath(row: 2, section: 1))
        #expect(model.levelViolationMessage(at: IndexPath(row: 2, section: 1))
            == "row 2 of section 1 (\"tensorflow\") is at level 3, but the row above it allows at most 2")
        model[IndexPath(row: 2, section: 1)].level = 2
        model.sections[1].rows.remove(at: 0)
        #expect(model.levelViolation() == IndexPath(row: 0, section: 1))
        #expect(model.levelViolationMessage(at: IndexPath(row: 0, section: 1))
            == "row 0 of section 1 (\"pytorch\") is at level 1, but a section's first row is at level 0")
        model.clampLevels()
        #expect(model.levelViolation() == nil)
        #expect(model.sections[1].rows.map(\.level) == [0, 1])   // tensorflow stays under pytorch
    }

    /// The debug check traps on a list that breaks the rule (the tests run debug builds).
    @Test func theDebugCheckTrapsOnAListThatBreaksTheRule() async {
        await #expect(processExitsWith: .failure) {
            var model = ListModel(sections: [("Deep Learning", ["pytorch", "tensorflow"])])
            model[IndexPath(row: 0, section: 0)].level = 1
            model._checkLevels(section: 0, rows: 0..<1)
        }
        await #expect(processExitsWith: .failure) {
            var model = ListModel(sections: [("Deep Learning", ["Frameworks", "pytorch", "tensorflow"])])
            model[IndexPath(row: 2, section: 0)].level = 2
            model._checkLevels()
        }
    }

    @Test func theDebugCheckPassesAListThatKeepsTheRule() {
        var model = ListModel(sections: [("Deep Learning", ["Frameworks", "pytorch", "tensorflow"])])
        model[IndexPath(row: 1, section: 0)].level = 1
        model[IndexPath(row: 2, section: 0)].level = 1
        #expect(model.levelViolation() == nil)
        model._checkLevels()
        model._checkLevels(section: 0, rows: 1..<2)
    }
}
