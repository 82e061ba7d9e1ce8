import TableKit
import ListStorage

/// The nesting rules of one section's rows (docs/keys.md, "Nested rows"): which rows a row
/// carries, the level a moved row takes where it lands, and the slots it may land in without
/// splitting another row's nested rows.
///
///     // levels 0 1 1 0: the first row carries the next two
///     let outline = Outline(count: 4) { [(0, false), (1, false), (1, false), (0, false)][$0] }
///     outline.nestedEnd(of: 0)             // 3
///     outline.isSlot(1, level: 0)          // false: a level-0 row there would take both as its own
///     outline.isSlot(1, level: 1)          // true: it joins them
///
/// A block being moved (a row and its nested rows) is cut out first (`cutting:`): indices are
/// then those of the section without it, the "slots" a drop or a one-step move chooses from. Each
/// question reads only the rows it needs (`shape`), never the whole section.
struct Outline {
    /// A row as nesting sees it.
    struct Shape: Equatable {
        var level: Int
        var isPassage: Bool
    }

    /// Rows (without the cut block).
    let count: Int
    /// Row `i`'s shape (`0 <= i < count`).
    let shape: (Int) -> Shape
    /// Whether the first row stays first (front matter): nothing may land before it.
    var firstStays = false
    /// The last slot when the passages that end the section stay last (a Kanban lane's settings
    /// block or `***`): right after its last row that is not a passage, or, with none, at the top
    /// (after a first row that stays first); `count` when they do not stay.
    private(set) var lastSlot: Int

    /// - Parameter lastStays: whether the passages after the last row that is not a passage stay
    ///   last: nothing may land after them.
    /// - Complexity: O(the passages that end the section) when `lastStays`.
    init(count: Int, firstStays: Bool = false, lastStays: Bool = false, shape: @escaping (Int) -> Shape) {
        self.count = count
        self.shape = shape
        self.firstStays = firstStays
        var last = count
        if lastStays {
            while last > 0, shape(last - 1).isPassage { last -= 1 }
            if last == 0, firstStays, count > 0 { last = 1 }
        }
        lastSlot = last
    }

    init(count: Int, firstStays: Bool = false, lastStays: Bool = false, shape: @escaping (Int) -> (Int, Bool)) {
        self.init(count: count, firstStays: firstStays, lastStays: lastStays) { let (level, passage) = shape($0); return Shape(level: level, isPassage: passage) }
    }

    /// The rows of a model section, without the rows `cut` (current model indices).
    init(_ rows: RowList, cutting cut: Range<Int>? = nil, firstStays: Bool = false, lastStays: Bool = false) {
        let cut = cut ?? 0..<0
        self.init(count: rows.count - cut.count, firstStays: firstStays, lastStays: lastStays) { i in
            let a = rows.attributes(at: i < cut.lowerBound ? i : i + cut.count)
            return Shape(level: a.level, isPassage: a.isPassage)
        }
    }

    /// The end (exclusive) of row `i` and its nested rows: the rows after it with a greater
    /// level, up to the first row at its level or less, or the first passage. A passage carries
    /// nothing.
    func nestedEnd(of i: Int) -> Int {
        let own = shape(i)
        var j = i + 1
        guard !own.isPassage else { return j }
        while j < count {
            let s = shape(j)
            if s.isPassage || s.level <= own.level { break }
            j += 1
        }
        return j
    }

    /// The level a row of level `own` takes at slot `r` (before row `r`): kept, clamped between 0
    /// and the level rule's cap below the row above (`RowList.levelCap(below:)`: one more than
    /// it, 0 first in the section and after a passage).
    func level(_ own: Int, at r: Int) -> Int {
        let above = r > 0 ? shape(r - 1) : nil
        return max(0, min(own, RowList.levelCap(below: above?.isPassage == false ? above?.level : nil)))
    }

    /// Whether a row of level `own` (with its nested rows) may land at slot `r` without splitting
    /// another row's nested rows: the row after it keeps its parent, so it must be a passage or
    /// not deeper than the level the landing row takes. The end is always a slot; before the
    /// first row only when it does not stay first; nothing after `lastSlot`.
    func isSlot(_ r: Int, level own: Int) -> Bool { isSlot(r, levels: [own]) }

    /// Whether rows of levels `levels` (a run of blocks one after another, as a multiple
    /// selection moves them) may land at slot `r`: placed there (`placed(_:under:)`), none is
    /// shallower than the row after them, which so keeps its parent. Never after `lastSlot`.
    func isSlot(_ r: Int, levels: [Int]) -> Bool {
        guard r >= 0, r <= lastSlot else { return false }
        if r == 0, firstStays, count > 0 { return false }
        guard r < count else { return true }
        let next = shape(r)
        guard !next.isPassage else { return true }
        if levels.count == 1 { return next.level <= level(levels[0], at: r) }
        let above = r > 0 && !shape(r - 1).isPassage ? shape(r - 1).level : nil
        return Self.placed(levels, under: above).allSatisfy { $0 >= next.level }
    }

    /// The levels rows of `levels` take below a row of level `above` (nil: none, or a passage):
    /// the first clamped between 0 and one more than `above`, the others shifted with it, none
    /// deeper than one more than the row before it nor above 0.
    ///
    ///     Outline.placed([2, 3, 1], under: 0)    // [1, 2, 0]
    ///
    /// - Complexity: O(levels).
    static func placed(_ levels: [Int], under above: Int?) -> [Int] {
        guard let first = levels.first else { return [] }
        let delta = max(0, min(first, RowList.levelCap(below: above))) - first
        var result: [Int] = []
        result.reserveCapacity(levels.count)
        for (i, level) in levels.enumerated() {
            let cap = RowList.levelCap(below: i == 0 ? above : result[i - 1])
            result.append(max(0, min(level + delta, cap)))
        }
        return result
    }

    /// The slot nearest to `r` (the one above on a tie).
    func nearestSlot(to r: Int, level own: Int) -> Int {
        let r = min(max(r, 0), lastSlot)
        for d in 0... {
            if r - d >= 0, isSlot(r - d, level: own) { return r - d }
            if r + d <= lastSlot, isSlot(r + d, level: own) { return r + d }
            if r - d < 0, r + d > lastSlot { break }
        }
        return lastSlot
    }

    /// The first slot after `r`, if any: landing there passes the row at `r` and as many rows
    /// after it as its nested rows need.
    func slot(after r: Int, level own: Int) -> Int? { slot(after: r, levels: [own]) }

    /// The first slot after `r` for rows of `levels` (see `isSlot(_:levels:)`), if any.
    func slot(after r: Int, levels: [Int]) -> Int? {
        var s = r + 1
        while s <= lastSlot {
            if isSlot(s, levels: levels) { return s }
            s += 1
        }
        return nil
    }

    /// The last slot before `r`, if any.
    func slot(before r: Int, level own: Int) -> Int? { slot(before: r, levels: [own]) }

    /// The last slot before `r` for rows of `levels`, if any.
    func slot(before r: Int, levels: [Int]) -> Int? {
        var s = r - 1
        while s >= 0 {
            if isSlot(s, levels: levels) { return s }
            s -= 1
        }
        return nil
    }

    /// The first slot from the top (the top itself unless the first row stays first or is
    /// deeper than level 0).
    func firstSlot(level own: Int) -> Int { firstSlot(levels: [own]) }

    /// The first slot from the top for rows of `levels`.
    func firstSlot(levels: [Int]) -> Int { isSlot(0, levels: levels) ? 0 : (slot(after: 0, levels: levels) ?? lastSlot) }
}
