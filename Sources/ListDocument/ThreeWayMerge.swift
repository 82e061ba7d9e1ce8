/// A three-way merge of sequences (diff3): what changed from `base` to `theirs` and from `base`
/// to `mine`, both applied.
///
///     let r = ThreeWayMerge.merge(base: ["a", "b", "c"], theirs: ["a", "B", "c"], mine: ["a", "b", "c", "d"])
///     r.merged      // ["a", "B", "c", "d"]
///     r.conflicts   // 0
///
/// Each side is diffed against `base` (`Diff.hunks`). Changes whose `base` ranges overlap, or
/// two insertions at the same place, form one region; any other changes are apart (changes that
/// only touch, such as a row edited by one side and the row after it by the other, merge
/// cleanly, unless `touchingConflicts` asks for `git merge-file`'s rule, where they conflict).
/// A region changed by one side takes that side; changed by both sides to the same result, that
/// result; changed by both sides differently, it is a conflict: both versions are
/// kept, **mine first, then theirs**, and it counts once. So a row deleted on one side and
/// unchanged on the other is deleted; a row deleted on one side and edited on the other keeps
/// the edit (a conflict).
package enum ThreeWayMerge {
    /// The merged sequence and where the conflicts are.
    package struct Result<Element> {
        /// The merged elements, both versions of each conflict included.
        package var merged: [Element]
        /// The number of conflicting regions.
        package var conflicts: Int { conflictRanges.count }
        /// Each conflict's elements in `merged` (mine's version, then theirs').
        package var conflictRanges: [Range<Int>]

        @usableFromInline
        init(merged: [Element], conflictRanges: [Range<Int>]) {
            self.merged = merged
            self.conflictRanges = conflictRanges
        }
    }

    /// - Complexity: that of two `Diff.hunks` (O(n log n) for n mostly unique elements), plus
    ///   O(n) to assemble. Inlinable, so that it is specialized for the caller's element type
    ///   (unspecialized, every copy and hash of an element goes through its witness table).
    /// - Parameter touchingConflicts: changes of the two sides that only touch (one ends where
    ///   the other starts) conflict, as in `git merge-file` (the lines of a passage merge so).
    @inlinable
    package static func merge<Element: Hashable>(base: [Element], theirs: [Element], mine: [Element],
                                                 touchingConflicts: Bool = false) -> Result<Element> {
        var interner = Diff.Interner<Element>()
        let b = base.map { interner.id($0) }
        let t = theirs.map { interner.id($0) }
        let m = mine.map { interner.id($0) }
        let myHunks = Diff.hunks(from: b, to: m, symbols: interner.count)
        let theirHunks = Diff.hunks(from: b, to: t, symbols: interner.count)

        var merged: [Element] = []
        merged.reserveCapacity(max(mine.count, theirs.count))
        var conflictRanges: [Range<Int>] = []
        var cursor = 0
        var im = 0, it = 0
        while im < myHunks.count || it < theirHunks.count {
            // The next change in base order; at one place an insertion comes before a change
            // that starts there (it goes before that change's rows).
            let takeMine: Bool
            if im == myHunks.count { takeMine = false } else if it == theirHunks.count { takeMine = true } else {
                let (x, y) = (myHunks[im].old, theirHunks[it].old)
                takeMine = (x.lowerBound, x.isEmpty ? 0 : 1) <= (y.lowerBound, y.isEmpty ? 0 : 1)
            }
            let first = takeMine ? myHunks[im] : theirHunks[it]
            var region = first.old
            var mineIn = takeMine ? im..<im + 1 : im..<im
            var theirsIn = takeMine ? it..<it : it..<it + 1
            if takeMine { im += 1 } else { it += 1 }
            // Grow the region while a change of either side collides with it.
            var grew = true
            while grew {
                grew = false
                if im < myHunks.count, collides(myHunks[im].old, region, touching: touchingConflicts) {
                    region = min(region.lowerBound, myHunks[im].old.lowerBound)..<max(region.upperBound, myHunks[im].old.upperBound)
                    im += 1
                    mineIn = mineIn.lowerBound..<im
                    grew = true
                }
                if it < theirHunks.count, collides(theirHunks[it].old, region, touching: touchingConflicts) {
                    region = min(region.lowerBound, theirHunks[it].old.lowerBound)..<max(region.upperBound, theirHunks[it].old.upperBound)
                    it += 1
                    theirsIn = theirsIn.lowerBound..<it
                    grew = true
                }
            }
            merged += base[cursor..<region.lowerBound]
            cursor = region.upperBound
            if theirsIn.isEmpty {
                merged += side(mine, base, myHunks[mineIn], region)
            } else if mineIn.isEmpty {
                merged += side(theirs, base, theirHunks[theirsIn], region)
            } else {
                let mineIDs = side(m, b, myHunks[mineIn], region)
                let theirIDs = side(t, b, theirHunks[theirsIn], region)
                if mineIDs == theirIDs {
                    merged += side(mine, base, myHunks[mineIn], region)
                } else {
                    let start = merged.count
                    merged += side(mine, base, myHunks[mineIn], region)
                    merged += side(theirs, base, theirHunks[theirsIn], region)
                    conflictRanges.append(start..<merged.count)
                }
            }
        }
        merged += base[cursor...]
        return Result(merged: merged, conflictRanges: conflictRanges)
    }

    /// Whether a change to `range` of base falls in `region`: their ranges overlap, an insertion
    /// lies strictly inside the other, or both are insertions at the same place; with `touching`,
    /// also when one ends where the other starts.
    @usableFromInline
    static func collides(_ range: Range<Int>, _ region: Range<Int>, touching: Bool = false) -> Bool {
        if touching { return range.lowerBound <= region.upperBound && region.lowerBound <= range.upperBound }
        return (range.lowerBound < region.upperBound && region.lowerBound < range.upperBound)
            || (range.isEmpty && region.isEmpty && range.lowerBound == region.lowerBound)
    }

    /// What one side made of `region` of base: base's elements there with the side's changes.
    @inlinable
    static func side<E>(_ changed: [E], _ base: [E], _ hunks: ArraySlice<Diff.Hunk>, _ region: Range<Int>) -> [E] {
        var out: [E] = []
        var at = region.lowerBound
        for hunk in hunks {
            out += base[at..<hunk.old.lowerBound]
            out += changed[hunk.new]
            at = hunk.old.upperBound
        }
        out += base[at..<region.upperBound]
        return out
    }

    /// `merge` of lists as items (`ListModel.items`): what `ListDocument.merge` and recovery
    /// merges run, compiled here, specialised for `ListItem`. A caller in another module (the
    /// benchmark) gets that code, not the generic `merge`: since `merge` is no longer public,
    /// the benchmark's call was no longer specialised (callgrind: `initializeBufferWithCopyOfBuffer
    /// for ListItem` and an unspecialised `map` in the merge, 874 ms against 658 ms at 1,000,000
    /// items).
    package static func mergeItems(base: [ListItem], theirs: [ListItem], mine: [ListItem]) -> Result<ListItem> {
        merge(base: base, theirs: theirs, mine: mine)
    }
}
