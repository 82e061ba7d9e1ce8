import TableKit

/// A row's attributes (level, checkbox, passage) read and changed without decoding its text, so
/// questions about nesting cost no strings however long the rows are.
extension RowList {
    /// The attributes of row `i`.
    public func attributes(at i: Int) -> ListModel.Row.Attributes {
        switch stored(at: i) {
        case .file(_, _, let attributes): return attributes
        case .owned(let box): return box.row.attributes
        }
    }

    /// Sets the attributes of row `i`; a row still in its file stays there.
    public mutating func setAttributes(_ attributes: ListModel.Row.Attributes, at i: Int) {
        let (c, k) = locate(i)
        let old = chunks[c][k]
        guard old.isPassage == attributes.isPassage else {
            // The passage count changes: through the subscript, which keeps it.
            var row = self[i]
            row.attributes = attributes
            self[i] = row
            return
        }
        switch old {
        case .file(let offset, let length, _):
            chunks[c][k] = .file(offset: offset, length: length, attributes: attributes)
        case .owned(let box):
            chunks[c][k] = .owned(ListModel.Row(id: box.row.id, text: box.row.text, attributes: attributes))
        }
    }
}
