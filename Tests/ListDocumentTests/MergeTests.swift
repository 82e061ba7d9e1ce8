import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// The diff and the three-way merge: exhaustively on small sequences against a brute-force
/// reference, and on properties over random larger ones.
@Suite struct MergeTests {
    // MARK: The reference

    /// A single edit of a base: replace `range` with `with` (an insertion has an empty range).
    struct Edit: Hashable {
        var range: Range<Int>
        var with: [Character]

        func apply(_ base: [Character]) -> [Character] {
            Array(base[..<range.lowerBound]) + with + Array(base[range.upperBound...])
        }
    }

    static let alphabet: [Character] = ["a", "b", "c"]

    /// Every base of length 0...4 over the alphabet.
    static let bases: [[Character]] = (0...4).flatMap { n in
        (0..<Int(pow3(n))).map { code in (0..<n).map { alphabet[code / pow3($0) % 3] } }
    }

    static func pow3(_ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * 3 } }

    /// No edit, every single insertion, deletion and replacement (by another letter).
    static func edits(of base: [Character]) -> [Edit] {
        var out = [Edit(range: 0..<0, with: [])]
        for p in 0...base.count { for x in alphabet { out.append(Edit(range: p..<p, with: [x])) } }
        for i in base.indices {
            out.append(Edit(range: i..<i + 1, with: []))
            for y in alphabet where y != base[i] { out.append(Edit(range: i..<i + 1, with: [y])) }
        }
        return out
    }

    /// Whether two edits collide the way the merge defines it (overlap, an insertion strictly
    /// inside, or two insertions at one place); the no-edit never collides.
    static func collide(_ x: Edit, _ y: Edit) -> Bool {
        if x.range.isEmpty && x.with.isEmpty || y.range.isEmpty && y.with.isEmpty { return false }
        return ThreeWayMerge.collides(x.range, y.range)
    }

    /// Both edits applied (they do not collide): the one further left first in base order, an
    /// insertion before a change that starts at the same place.
    static func applyBoth(_ base: [Character], _ x: Edit, _ y: Edit) -> [Character] {
        if x == y { return x.apply(base) }
        let (first, second) = (x.range.lowerBound, x.range.isEmpty ? 0 : 1) <= (y.range.lowerBound, y.range.isEmpty ? 0 : 1) ? (x, y) : (y, x)
        return Array(base[..<first.range.lowerBound]) + first.with + Array(base[first.range.upperBound..<second.range.lowerBound])
            + second.with + Array(base[second.range.upperBound...])
    }

    /// The conflict form: mine's version of the joint region, then theirs'.
    static func conflict(_ base: [Character], mine x: Edit, theirs y: Edit) -> [Character] {
        let lo = min(x.range.lowerBound, y.range.lowerBound), hi = max(x.range.upperBound, y.range.upperBound)
        func version(_ e: Edit) -> [Character] {
            Array(base[lo..<e.range.lowerBound]) + e.with + Array(base[e.range.upperBound..<hi])
        }
        return Array(base[..<lo]) + version(x) + version(y) + Array(base[hi...])
    }

    // MARK: Exhaustive

    /// Every base of length ≤ 4 over three letters, every pair of single edits (and no edit) on
    /// each side: 95,000 merges. A clean merge must equal applying both edits, under some
    /// reading of each side's change as a single edit (`aab` to `ab` deletes either `a`); a
    /// conflict must be mine's version then theirs' of a region where such readings collide.
    /// Where every reading of the two changes is apart, the merge must be clean; where every
    /// reading collides with different results, it must be a conflict.
    @Test func everySingleEditPairOnSmallSequences() {
        var clean = 0, conflicts = 0
        for base in Self.bases {
            let all = Self.edits(of: base)
            var readings: [[Character]: [Edit]] = [:]
            for e in all { readings[e.apply(base), default: []].append(e) }
            for em in all {
                for et in all {
                    let mine = em.apply(base), theirs = et.apply(base)
                    let r = ThreeWayMerge.merge(base: base, theirs: theirs, mine: mine)
                    var cleanResults = Set<[Character]>(), conflictResults = Set<[Character]>()
                    for x in readings[mine]! {
                        for y in readings[theirs]! {
                            if x == y || !Self.collide(x, y) {
                                cleanResults.insert(Self.applyBoth(base, x, y))
                            } else {
                                conflictResults.insert(Self.conflict(base, mine: x, theirs: y))
                            }
                        }
                    }
                    if r.conflicts == 0 {
                        clean += 1
                        #expect(cleanResults.contains(r.merged), "base \(base) mine \(mine) theirs \(theirs): \(r.merged)")
                        #expect(!cleanResults.isEmpty)
                    } else {
                        conflicts += 1
                        #expect(r.conflicts == 1)
                        #expect(conflictResults.contains(r.merged), "base \(base) mine \(mine) theirs \(theirs): \(r.merged)")
                    }
                    if conflictResults.isEmpty { #expect(r.conflicts == 0, "base \(base) mine \(mine) theirs \(theirs)") }
                }
            }
        }
        // Both outcomes are well represented.
        #expect(clean > 50_000 && conflicts > 5_000, "clean \(clean), conflicts \(conflicts)")
    }

    /// A row deleted on one side and edited on the other keeps the edit and counts a conflict;
    /// identical changes merge cleanly; a conflict's range covers mine then theirs.
    @Test func namedCases() {
        let base = ["Milk", "Eggs", "Bread"]
        let deletedAndEdited = ThreeWayMerge.merge(base: base, theirs: ["Milk", "Brown eggs", "Bread"], mine: ["Milk", "Bread"])
        #expect(deletedAndEdited.merged == ["Milk", "Brown eggs", "Bread"])
        #expect(deletedAndEdited.conflicts == 1)
        let bothEdited = ThreeWayMerge.merge(base: base, theirs: ["Milk", "Brown eggs", "Bread"], mine: ["Milk", "6 eggs", "Bread"])
        #expect(bothEdited.merged == ["Milk", "6 eggs", "Brown eggs", "Bread"])
        #expect(bothEdited.conflictRanges == [1..<3])
        let same = ThreeWayMerge.merge(base: base, theirs: ["Milk", "Bread", "Tea"], mine: ["Milk", "Bread", "Tea"])
        #expect(same.merged == ["Milk", "Bread", "Tea"] && same.conflicts == 0)
        let apart = ThreeWayMerge.merge(base: base, theirs: ["Oat milk", "Eggs", "Bread"], mine: ["Milk", "Eggs", "Rye bread"])
        #expect(apart.merged == ["Oat milk", "Eggs", "Rye bread"] && apart.conflicts == 0)
        let deletedUnchanged = ThreeWayMerge.merge(base: base, theirs: base, mine: ["Milk", "Bread"])
        #expect(deletedUnchanged.merged == ["Milk", "Bread"])
    }

    // MARK: Properties on random sequences

    /// A random sequence of `count` elements over `letters` symbols.
    static func random(_ count: Int, letters: Int, _ g: inout SplitMix64) -> [Int] {
        (0..<count).map { _ in Int.random(in: 0..<letters, using: &g) }
    }

    /// A few random inserts, deletes and replacements.
    static func edited(_ s: [Int], edits: Int, letters: Int, _ g: inout SplitMix64) -> [Int] {
        var out = s
        for _ in 0..<edits {
            switch Int.random(in: 0..<3, using: &g) {
            case 0: out.insert(Int.random(in: 0..<letters, using: &g), at: Int.random(in: 0...out.count, using: &g))
            case 1 where !out.isEmpty: out.remove(at: Int.random(in: 0..<out.count, using: &g))
            default: if !out.isEmpty { out[Int.random(in: 0..<out.count, using: &g)] = Int.random(in: 0..<letters, using: &g) }
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func mergeProperties(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        for round in 0..<600 {
            let letters = [2, 5, 40, 1000][round % 4]
            let base = Self.random(Int.random(in: 0...120, using: &g), letters: letters, &g)
            let mine = Self.edited(base, edits: Int.random(in: 0...8, using: &g), letters: letters, &g)
            let theirs = Self.edited(base, edits: Int.random(in: 0...8, using: &g), letters: letters, &g)
            let onlyMine = ThreeWayMerge.merge(base: base, theirs: base, mine: mine)
            #expect(onlyMine.merged == mine && onlyMine.conflicts == 0)
            let onlyTheirs = ThreeWayMerge.merge(base: base, theirs: theirs, mine: base)
            #expect(onlyTheirs.merged == theirs && onlyTheirs.conflicts == 0)
            let same = ThreeWayMerge.merge(base: base, theirs: theirs, mine: theirs)
            #expect(same.merged == theirs && same.conflicts == 0)
            // Conflict ranges lie inside the result, in order, apart.
            let r = ThreeWayMerge.merge(base: base, theirs: theirs, mine: mine)
            #expect(zip(r.conflictRanges, r.conflictRanges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
            #expect(r.conflictRanges.allSatisfy { $0.upperBound <= r.merged.count })
        }
    }

    /// Edits in two halves kept apart by an unchanged unique run merge cleanly to both applied.
    @Test func changesApartMergeCleanly() {
        var g = SplitMix64(seed: 9)
        for _ in 0..<300 {
            let left = Self.random(30, letters: 4, &g), right = Self.random(30, letters: 4, &g)
            let fence = [100, 101, 102]
            let mineLeft = Self.edited(left, edits: 4, letters: 4, &g)
            let theirRight = Self.edited(right, edits: 4, letters: 4, &g)
            let r = ThreeWayMerge.merge(base: left + fence + right, theirs: left + fence + theirRight, mine: mineLeft + fence + right)
            #expect(r.merged == mineLeft + fence + theirRight)
            #expect(r.conflicts == 0)
        }
    }

    // MARK: The diff

    /// Hunks turn old into new, are apart (at least one kept element between two), and the
    /// kept elements are equal; on random pairs with few and many distinct symbols.
    @Test func diffHunksRebuildTheNewSequence() {
        var g = SplitMix64(seed: 5)
        for round in 0..<2_000 {
            let letters = [2, 3, 10, 500][round % 4]
            let a = Self.random(Int.random(in: 0...60, using: &g), letters: letters, &g)
            let b = round % 2 == 0 ? Self.edited(a, edits: Int.random(in: 0...10, using: &g), letters: letters, &g)
                                   : Self.random(Int.random(in: 0...60, using: &g), letters: letters, &g)
            let hunks = Diff.hunks(from: a, to: b)
            var rebuilt: [Int] = [], i = 0, j = 0
            for h in hunks {
                #expect(h.old.lowerBound >= i && h.new.lowerBound - j == h.old.lowerBound - i)
                #expect(Array(a[i..<h.old.lowerBound]) == Array(b[j..<h.new.lowerBound]))
                rebuilt += a[i..<h.old.lowerBound] + b[h.new]
                (i, j) = (h.old.upperBound, h.new.upperBound)
            }
            rebuilt += a[i...]
            #expect(rebuilt == b)
            #expect(zip(hunks, hunks.dropFirst()).allSatisfy { $0.old.upperBound < $1.old.lowerBound })
        }
    }

    /// Myers alone finds a longest common subsequence: checked against the textbook table.
    @Test func myersIsMinimal() {
        var g = SplitMix64(seed: 11)
        for _ in 0..<1_500 {
            let a = Self.random(Int.random(in: 0...25, using: &g), letters: 3, &g)
            let b = Self.random(Int.random(in: 0...25, using: &g), letters: 3, &g)
            let pairs = Diff.myers(a, 0..<a.count, b, 0..<b.count).sorted { $0.old < $1.old }
            #expect(pairs.allSatisfy { a[$0.old] == b[$0.new] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.old < $1.old && $0.new < $1.new })
            var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            #expect(pairs.count == table[0][0])
        }
    }

    /// Past its budget Myers gives up on a range: the range counts as replaced whole, still a
    /// correct diff.
    @Test func myersBudgetFallsBackToOneHunk() {
        let a = Array(repeating: 0, count: 3_000) + Array(repeating: 1, count: 3_000)
        let b = Array(repeating: 1, count: 3_000) + Array(repeating: 0, count: 3_000)
        #expect(Diff.myers(a, 0..<a.count, b, 0..<b.count).isEmpty)
        #expect(Diff.hunks(from: a, to: b) == [Diff.Hunk(old: 0..<6_000, new: 0..<6_000)])
    }

    /// The document's flattened form round-trips, untitled first section included.
    @Test func listItemsRoundTrip() {
        let model = ListModel(sections: [("", ["loose"]), ("A", ["x", "y"]), ("B", [])])
        #expect(model.items == [.section(""), .row("loose"), .section("A"), .row("x"), .row("y"), .section("B")])
        #expect(ListModel(items: model.items).items == model.items)
        #expect(ListModel(items: [.row("orphan"), .section("S")]).contents.map(\.title) == ["", "S"])
    }
}
