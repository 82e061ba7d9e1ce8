import TableKit

/// Many rows removed or inserted at once (a multiple selection deleted, moved or put back), chunk
/// by chunk with one reindex at the end, so k rows out of n cost O(n / chunk + touched chunks ×
/// chunk), not k × O(chunks) as k single edits would.
extension RowList {
    /// Removes the rows at `indices` and returns them, without decoding their text.
    ///
    ///     var rows = RowList(["a", "b", "c", "d"].map { ListModel.Row(id: .init(raw: 1), text: $0) })
    ///     _ = rows.removeStored(at: [1, 3])     // rows: a c
    ///
    /// - Parameter indices: rows of this list, ascending, each once.
    /// - Complexity: O(chunks + the rows of the chunks touched).
    mutating func removeStored(at indices: [Int]) -> [StoredRow] {
        guard !indices.isEmpty else { return [] }
        if indices.count == 1 {
            let row = stored(at: indices[0])
            replaceStored(indices[0]..<indices[0] + 1, with: [])
            return [row]
        }
        var removed: [StoredRow] = []
        removed.reserveCapacity(indices.count)
        var i = 0
        var c = locate(indices[0]).0
        while i < indices.count {
            let start = starts[c], end = start + chunks[c].count
            guard indices[i] < end else { c += 1; continue }
            var kept: [StoredRow] = []
            kept.reserveCapacity(chunks[c].count)
            for (k, row) in chunks[c].enumerated() {
                if i < indices.count && indices[i] == start + k {
                    removed.append(row)
                    if row.isPassage { passageCount -= 1 }
                    i += 1
                } else {
                    kept.append(row)
                }
            }
            chunks[c] = kept
            c += 1
        }
        chunks.removeAll { $0.isEmpty }
        starts = []
        reindex(from: 0)
        return removed
    }

    /// Inserts rows so that each lands at its index, without decoding their text.
    ///
    /// - Parameter rows: (final index, row) pairs, ascending by index, each index once: the
    ///   indices of the list after the insert.
    /// - Complexity: O(chunks + the rows of the chunks touched).
    mutating func insertStored(_ rows: [(index: Int, row: StoredRow)]) {
        guard !rows.isEmpty else { return }
        if rows.count <= 4 || chunks.isEmpty {
            for (index, row) in rows { insertStored(row, at: index) }
            return
        }
        // Insertion i goes before row (index - i) of the list as it is now.
        var byChunk: [Int: [(Int, StoredRow)]] = [:]
        for (i, pair) in rows.enumerated() {
            let before = pair.index - i
            let (c, k) = before >= total ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(before)
            byChunk[c, default: []].append((k, pair.row))
        }
        var rebuilt: [[StoredRow]] = []
        rebuilt.reserveCapacity(chunks.count + rows.count / Self.maxChunk + 1)
        for c in chunks.indices {
            guard let inserts = byChunk[c] else { rebuilt.append(chunks[c]); continue }
            var merged: [StoredRow] = []
            merged.reserveCapacity(chunks[c].count + inserts.count)
            var j = 0
            for k in 0...chunks[c].count {
                while j < inserts.count && inserts[j].0 == k {
                    merged.append(inserts[j].1)
                    if inserts[j].1.isPassage { passageCount += 1 }
                    j += 1
                }
                if k < chunks[c].count { merged.append(chunks[c][k]) }
            }
            // Oversized chunks are cut into halves of the chunk size, as `init` makes them.
            var s = 0
            while s < merged.count {
                let e = merged.count - s > Self.maxChunk ? s + Self.maxChunk / 2 : merged.count
                rebuilt.append(Array(merged[s..<e]))
                s = e
            }
        }
        chunks = rebuilt
        starts = []
        reindex(from: 0)
    }
}
