import TableKit

/// Telling an untouched list of rows in O(1), and moving rows read from one version of a file to
/// the next version, where their bytes moved by a fixed amount (a save that kept a section as it
/// was).
extension RowList {
    /// Whether this list and `other` are the same stored rows, not merely equal ones: neither was
    /// changed since one was copied from the other. Every change to a `RowList` that shares its
    /// storage with another copies it first (copy on write), so a list that says `true` here
    /// holds exactly the rows of `other`, in order, with the same buffer.
    ///
    ///     let read = doc.model.sections[2].rows
    ///     doc.model.sections[2].rows[0].checkbox = true
    ///     doc.model.sections[2].rows.sharesStorage(with: read)     // false
    ///
    /// `false` does not mean different (an edit undone gives equal rows in new storage).
    ///
    /// - Parameter other: another list, typically the same section as read or last saved.
    /// - Complexity: O(1).
    public func sharesStorage(with other: RowList) -> Bool {
        guard total == other.total, buffer === other.buffer else { return false }
        if total == 0 { return true }
        let a = chunks.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let b = other.chunks.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        return a == b
    }

    /// The rows of this list moved into `newBuffer`, where the bytes that were at offset `o` of
    /// the list's buffer are at `o + shift`: rows still in the file keep pointing at their text
    /// (now in `newBuffer`) and take the identities `newBuffer` gives those offsets, as a reader
    /// of the new buffer would give them. Rows of other buffers or made in memory stay as they are.
    ///
    ///     // A section 120 bytes further down the file just saved:
    ///     let moved = rows.rebased(to: TextBuffer(saved, generation: 2), shift: 120)
    ///
    /// - Parameter newBuffer: the bytes of the new version of the file.
    /// - Parameter shift: from offsets of the list's buffer to offsets of `newBuffer`.
    /// - Complexity: O(rows); no text is decoded.
    public func rebased(to newBuffer: TextBuffer, shift: Int) -> RowList {
        var copy = self
        guard let old = buffer else { return copy }
        copy.buffer = newBuffer
        copy.chunks = chunks.map { chunk in
            chunk.map { stored in
                switch stored {
                case .file(let offset, let length, let attributes):
                    return .file(offset: UInt32(Int(offset) + shift), length: length, attributes: attributes)
                case .owned(let box):
                    guard let offset = old.offset(of: box.row.id) else { return stored }
                    return .owned(ListModel.Row(id: newBuffer.id(at: UInt32(offset + shift)), text: box.row.text,
                                                attributes: box.row.attributes))
                }
            }
        }
        return copy
    }
}
