import TableKit

extension RowList {
    /// Appends the rows of `other` by taking its chunks, without decoding or copying a row: a
    /// file read in pieces hands its later rows over this way (their text stays in the buffer).
    /// Rows of another buffer than this list's are appended as their own text instead.
    ///
    /// - Complexity: O(chunks of `other`), or O(rows of `other`) when the buffers differ.
    public mutating func append(contentsOf other: RowList) {
        guard !other.isEmpty else { return }
        if isEmpty || buffer == nil || other.buffer == nil || buffer === other.buffer {
            if isEmpty {
                self = other
                return
            }
            if buffer == nil { buffer = other.buffer }
            if other.buffer != nil && buffer !== other.buffer { appendDecoded(other); return }
            for chunk in other.chunks where !chunk.isEmpty {
                starts.append(total)
                chunks.append(chunk)
                total += chunk.count
            }
            passageCount += other.passageCount
        } else {
            appendDecoded(other)
        }
    }

    private mutating func appendDecoded(_ other: RowList) {
        replaceStored(total..<total, with: other.map { StoredRow.owned($0) })
    }
}
