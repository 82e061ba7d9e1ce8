import TableKit
import ListStorage

/// Following a batch on rows anywhere (a multiple selection deleted, put back or moved: the
/// `deleteRowSet`, `insertRowSet` and `moveRowSet` steps): each section touched is rewritten once,
/// its kept rows copied as runs of bytes, so a bulk change costs one pass over the sections it
/// touches instead of a rebuild of the index.
///
///     index.deleteRows(at: [[0, 1], [0, 4], [1, 0]])                          // original space
///     index.insertRows([Array("milk".utf8)], at: [[0, 2]])                    // final space
///     index.moveRows(from: [[0, 1], [1, 3]], to: [[1, 0], [1, 1]])            // as ListModel.moveRows
extension FilterIndex {
    /// Removes the rows at `paths`.
    ///
    /// - Parameter paths: original space, each once, in any order.
    /// - Complexity: O(rows + bytes) of each section touched.
    mutating func deleteRows(at paths: [IndexPath]) {
        splice(removing: paths, inserting: [])
    }

    /// Inserts rows of folded `texts` at `paths` (`texts[i]` at `paths[i]`).
    ///
    /// - Parameter paths: final space, each once, in any order.
    /// - Complexity: O(rows + bytes) of each section touched.
    mutating func insertRows(_ texts: [[UInt8]], at paths: [IndexPath]) {
        splice(removing: [], inserting: Array(zip(paths, texts)))
    }

    /// Moves rows as `ListModel.moveRows(from:to:)` does: every source taken out, then each put at
    /// its destination, their folded texts carried (not folded again).
    ///
    /// - Parameters:
    ///   - sources: original space, each once.
    ///   - destinations: final space, one per source, each once.
    /// - Complexity: O(rows + bytes) of each section touched.
    mutating func moveRows(from sources: [IndexPath], to destinations: [IndexPath]) {
        let texts = sources.map { p in self.texts(section: p.section, rows: p.row..<p.row + 1)[0] }
        splice(removing: sources, inserting: Array(zip(destinations, texts)))
    }

    /// Removes the rows at `removing` (original space), then inserts the rows of `inserting`
    /// (final space), each section touched rewritten in one pass.
    mutating func splice(removing: [IndexPath], inserting: [(IndexPath, [UInt8])]) {
        var removed = Array(repeating: [Int](), count: bytes.count)
        var added = Array(repeating: [(Int, [UInt8])](), count: bytes.count)
        for p in removing { removed[p.section].append(p.row) }
        for (p, text) in inserting { added[p.section].append((p.row, text)) }
        for s in bytes.indices where !removed[s].isEmpty || !added[s].isEmpty {
            removed[s].sort()
            added[s].sort { $0.0 < $1.0 }
            splice(section: s, removing: removed[s], inserting: added[s])
        }
    }

    /// Section `s` with rows `removing` (original space, ascending) taken out and then rows of
    /// folded texts put at `inserting`'s rows (final space, ascending).
    ///
    /// - Complexity: O(rows + bytes) of the section: kept rows are copied in runs.
    mutating func splice(section s: Int, removing: [Int], inserting: [(Int, [UInt8])]) {
        let old = bytes[s], at = starts[s]
        let oldRows = at.count - 1
        let newRows = oldRows - removing.count + inserting.count
        let removedBytes = removing.reduce(0) { $0 + Int(at[$1 + 1] - at[$1]) }
        let addedBytes = inserting.reduce(0) { $0 + $1.1.count + 1 }
        var out: [UInt8] = []
        var rowStarts: [UInt32] = []
        out.reserveCapacity(old.count - removedBytes + addedBytes)
        rowStarts.reserveCapacity(newRows + 1)
        old.withUnsafeBufferPointer { text in
            var r = 0, gone = 0, put = 0, k = 0   // old row, removals passed, insertions done, new row
            while k < newRows {
                if put < inserting.count, inserting[put].0 == k {
                    rowStarts.append(UInt32(truncatingIfNeeded: out.count))
                    out.append(contentsOf: inserting[put].1)
                    out.append(0x0A)
                    put += 1
                    k += 1
                    continue
                }
                while gone < removing.count, removing[gone] == r {
                    r += 1
                    gone += 1
                }
                // A run of kept rows: up to the next removed row or the next insertion.
                var end = gone < removing.count ? removing[gone] : oldRows
                if put < inserting.count { end = min(end, r + inserting[put].0 - k) }
                precondition(end > r && end <= oldRows, "rows to splice out of range")
                let shift = UInt32(truncatingIfNeeded: out.count &- Int(at[r]))
                for j in r..<end { rowStarts.append(at[j] &+ shift) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[Int(at[r])..<Int(at[end])]))
                k += end - r
                r = end
            }
        }
        rowStarts.append(UInt32(truncatingIfNeeded: out.count))
        bytes[s] = out
        starts[s] = rowStarts
    }
}
