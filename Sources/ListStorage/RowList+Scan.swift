import TableKit

/// Reading many rows fast, without decoding rows that still point into their file: what a filter
/// index and the cursor's position in the header need.
extension RowList {
    /// Calls `body` with each row's UTF-8 bytes and attributes, in order (file rows straight from
    /// the buffer).
    ///
    /// - Complexity: O(rows + bytes of rows held as their own text).
    public func forEachUTF8(_ body: (UnsafeBufferPointer<UInt8>, ListModel.Row.Attributes) -> Void) {
        forEachUTF8(in: 0..<total, body)
    }

    /// Calls `body` with the UTF-8 bytes and attributes of rows `range`, in order (file rows
    /// straight from the buffer): a piece of a section, as the filter index folds it on several
    /// cores at once.
    ///
    ///     rows.forEachUTF8(in: 1_000..<2_000) { text, attributes in total += text.count }
    ///
    /// - Parameters:
    ///   - range: rows of this list (`0...count` bounds).
    ///   - body: called once per row with its text's bytes (valid only during the call) and its
    ///     attributes.
    /// - Complexity: O(chunks + rows in `range` + bytes of those held as their own text).
    public func forEachUTF8(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, ListModel.Row.Attributes) -> Void) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= total, "rows \(range) of \(total)")
        let bytes = buffer?.bytes ?? []
        bytes.withUnsafeBufferPointer { file in
            var (c, k) = locate(range.lowerBound)
            var left = range.count
            while left > 0 {
                let chunk = chunks[c]
                let end = Swift.min(chunk.count, k + left)
                for stored in chunk[k..<end] {
                    switch stored {
                    case .file(let offset, let length, let attributes):
                        body(UnsafeBufferPointer(rebasing: file[Int(offset)..<Int(offset) + Int(length)]), attributes)
                    case .owned(let box):
                        var text = box.row.text
                        text.withUTF8 { body($0, box.row.attributes) }
                    }
                }
                left -= end - k
                c += 1
                k = 0
            }
        }
    }

    /// How many rows before row `i` are list items (not passages).
    ///
    /// - Parameter i: `0...count`.
    /// - Complexity: O(i) checks of a stored flag, no text decoded.
    public func itemCount(before i: Int) -> Int {
        guard passageCount > 0 else { return i }
        var items = 0, seen = 0
        for chunk in chunks {
            if seen + chunk.count <= i {
                for row in chunk where !row.isPassage { items += 1 }
                seen += chunk.count
            } else {
                for row in chunk[..<(chunk.startIndex + i - seen)] where !row.isPassage { items += 1 }
                break
            }
        }
        return items
    }
}
