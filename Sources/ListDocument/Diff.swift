internal import Algorithms

/// A line diff of two sequences: which elements of `old` are kept in `new`, in order.
///
///     Diff.hunks(from: ["a", "b", "c"], to: ["a", "x", "c"])   // [old 1..<2 → new 1..<2]
///
/// Patience diff (Bram Cohen's) with Myers' O(ND) algorithm where patience finds no anchor:
/// the common prefix and suffix are matched first; then the elements that occur exactly once
/// in both ranges, in the longest run that keeps their order, become anchors, and the ranges
/// between anchors are diffed the same way; a range with no such element goes to Myers. Rows of
/// a list are mostly unique, so a typical edit costs O(n log n) and never the O(n²) of a plain
/// longest-common-subsequence table. Myers is bounded (`myersBudget`); past the bound a range
/// counts as replaced whole, which a merge then sees as one larger change (never a lost one).
package enum Diff {
    /// One change: `old` (in the old sequence's indices) was replaced by `new` (in the new
    /// sequence's). An insertion has an empty `old`, a deletion an empty `new`.
    package struct Hunk: Equatable, Sendable {
        /// What was replaced, as indices of the old sequence.
        package var old: Range<Int>
        /// What replaced it, as indices of the new sequence.
        package var new: Range<Int>
        /// A hunk replacing `old` with `new`.
        package init(old: Range<Int>, new: Range<Int>) { self.old = old; self.new = new }
    }

    /// The changes that turn `old` into `new`, in order, separated by at least one kept element.
    ///
    /// - Complexity: O(n log n) for n elements when most are unique; O(n · d) for d changes in a
    ///   range without unique elements, with d bounded.
    @inlinable
    package static func hunks<Element: Hashable>(from old: [Element], to new: [Element]) -> [Hunk] {
        var interner = Interner<Element>()
        let a = old.map { interner.id($0) }
        let b = new.map { interner.id($0) }
        return hunks(from: a, to: b, symbols: interner.count)
    }

    /// Pairs `(i, j)`: `old[i]` is kept as `new[j]`; increasing in both.
    @inlinable
    package static func matches<Element: Hashable>(from old: [Element], to new: [Element]) -> [(old: Int, new: Int)] {
        var interner = Interner<Element>()
        let a = old.map { interner.id($0) }
        let b = new.map { interner.id($0) }
        return matches(a, b, symbols: interner.count)
    }

    /// How many diagonals Myers may explore in one range before the range counts as replaced.
    static let myersBudget = 1_000

    @usableFromInline
    static func hunks(from a: [Int], to b: [Int], symbols: Int) -> [Hunk] {
        var out: [Hunk] = []
        var i = 0, j = 0
        for m in matches(a, b, symbols: symbols) + [(old: a.count, new: b.count)] {
            if m.old > i || m.new > j { out.append(Hunk(old: i..<m.old, new: j..<m.new)) }
            i = m.old + 1
            j = m.new + 1
        }
        return out
    }

    /// The matched pairs of two sequences of small integers (`0..<symbols`).
    @usableFromInline
    static func matches(_ a: [Int], _ b: [Int], symbols: Int) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var counts = Counts(symbols: symbols)
        // Ranges still to diff; an explicit stack, so deep nesting cannot overflow the call stack.
        var work = [(a: 0..<a.count, b: 0..<b.count)]
        while var (ra, rb) = work.popLast() {
            while !ra.isEmpty, !rb.isEmpty, a[ra.lowerBound] == b[rb.lowerBound] {
                pairs.append((ra.lowerBound, rb.lowerBound))
                ra = ra.dropFirst()
                rb = rb.dropFirst()
            }
            while !ra.isEmpty, !rb.isEmpty, a[ra.upperBound - 1] == b[rb.upperBound - 1] {
                pairs.append((ra.upperBound - 1, rb.upperBound - 1))
                ra = ra.dropLast()
                rb = rb.dropLast()
            }
            guard !ra.isEmpty, !rb.isEmpty else { continue }
            let anchors = counts.patienceAnchors(a, ra, b, rb)
            if anchors.isEmpty {
                pairs += myers(a, ra, b, rb)
                continue
            }
            var (i, j) = (ra.lowerBound, rb.lowerBound)
            for anchor in anchors {
                pairs.append(anchor)
                work.append((i..<anchor.old, j..<anchor.new))
                (i, j) = (anchor.old + 1, anchor.new + 1)
            }
            work.append((i..<ra.upperBound, j..<rb.upperBound))
        }
        pairs.sort { $0.old < $1.old }
        return pairs
    }

    /// Myers' greedy algorithm on `a[ra]` and `b[rb]` (with no common first or last element),
    /// keeping each round's furthest points to walk the path back. Returns no pairs when more
    /// than `myersBudget` rounds would be needed.
    ///
    /// - Complexity: O((n + m) · d) time, O(d²) memory, d ≤ `myersBudget` (8 MB at most).
    static func myers(_ a: [Int], _ ra: Range<Int>, _ b: [Int], _ rb: Range<Int>) -> [(old: Int, new: Int)] {
        let n = ra.count, m = rb.count
        let limit = min(n + m, myersBudget)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { return backtrack(trace, d: d, n: n, m: m, ra.lowerBound, rb.lowerBound) }
            }
        }
        return []
    }

    /// Walks Myers' rounds back from the end, collecting the diagonal steps (the matches).
    /// `trace[d]` holds the furthest points at the start of round d, for diagonals -d...d.
    static func backtrack(_ trace: [[Int]], d final: Int, n: Int, m: Int, _ a0: Int, _ b0: Int) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var x = n, y = m
        for d in stride(from: final, to: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previous = k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d]) ? k + 1 : k - 1
            let px = v[previous + d], py = px - previous
            while x > px, y > py {
                x -= 1; y -= 1
                pairs.append((a0 + x, b0 + y))
            }
            (x, y) = (px, py)
        }
        while x > 0, y > 0 {
            x -= 1; y -= 1
            pairs.append((a0 + x, b0 + y))
        }
        return pairs
    }

    /// Occurrence counts per symbol, reused across ranges (only touched entries are reset).
    struct Counts {
        var inA: [Int32]
        var inB: [Int32]
        var positionInB: [Int]

        init(symbols: Int) {
            inA = Array(repeating: 0, count: symbols)
            inB = Array(repeating: 0, count: symbols)
            positionInB = Array(repeating: 0, count: symbols)
        }

        /// The elements unique in both ranges, in the longest sequence whose order `a` and `b`
        /// agree on (patience sorting).
        ///
        /// - Complexity: O(n log n).
        mutating func patienceAnchors(_ a: [Int], _ ra: Range<Int>, _ b: [Int], _ rb: Range<Int>) -> [(old: Int, new: Int)] {
            for i in ra { inA[a[i]] += 1 }
            for j in rb { inB[b[j]] += 1; positionInB[b[j]] = j }
            var candidates: [(old: Int, new: Int)] = []
            for i in ra where inA[a[i]] == 1 && inB[a[i]] == 1 { candidates.append((i, positionInB[a[i]])) }
            for i in ra { inA[a[i]] = 0 }
            for j in rb { inB[b[j]] = 0 }
            guard !candidates.isEmpty else { return [] }
            // Longest increasing subsequence of `new` positions: piles' tops and back links.
            var tops: [Int] = []
            var back = [Int](repeating: -1, count: candidates.count)
            for (c, candidate) in candidates.enumerated() {
                let lo = tops.partitioningIndex { candidates[$0].new >= candidate.new }
                if lo > 0 { back[c] = tops[lo - 1] }
                if lo == tops.count { tops.append(c) } else { tops[lo] = c }
            }
            var chain: [(old: Int, new: Int)] = []
            var c = tops.last ?? -1   // (no candidates: no chain)
            while c >= 0 { chain.append(candidates[c]); c = back[c] }
            return chain.reversed()
        }
    }

    /// Numbers distinct elements 0, 1, 2… so the diff compares integers.
    @usableFromInline
    struct Interner<Element: Hashable> {
        @usableFromInline var ids: [Element: Int] = [:]
        @usableFromInline var values: [Element] = []
        @inlinable var count: Int { values.count }

        @inlinable init() {}

        @inlinable
        mutating func id(_ element: Element) -> Int {
            if let id = ids[element] { return id }
            ids[element] = values.count
            values.append(element)
            return values.count - 1
        }
    }
}
