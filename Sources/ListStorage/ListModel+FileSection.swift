import TableKit

extension ListModel {
    /// Builds one section whose rows point into a file's bytes, a row at a time, straight into
    /// the section's chunked storage: a reader of a 10^6-row file makes no intermediate array of
    /// rows (each would cost a copy and a release of every row).
    ///
    ///     var builder = ListModel.FileSectionBuilder(buffer: buffer)
    ///     builder.append(offset: 2, length: 4, attributes: .init())           // "Milk", read from the bytes
    ///     builder.append(text: "1. Eggs", offset: 9, attributes: .init())     // unescaped text
    ///     let section = builder.section(title: "Groceries")
    public struct FileSectionBuilder {
        let buffer: TextBuffer
        var rows: RowList

        /// A builder of rows that point into `buffer`.
        public init(buffer: TextBuffer) {
            self.buffer = buffer
            rows = RowList(stored: [], buffer: buffer)
        }

        /// Whether no row was appended yet.
        public var isEmpty: Bool { rows.isEmpty }

        /// Appends a row whose text is the `length` bytes at `offset` of the buffer.
        public mutating func append(offset: UInt32, length: UInt32, attributes: Row.Attributes) {
            rows.appendStored(.file(offset: offset, length: length, attributes: attributes))
        }

        /// Appends a row whose text is not its bytes (escapes removed), with the identity of the
        /// bytes at `offset`.
        public mutating func append(text: String, offset: UInt32, attributes: Row.Attributes) {
            rows.appendStored(.owned(Row(id: buffer.id(at: offset), text: text, attributes: attributes)))
        }

        /// The section, titled `title`, with the rows appended so far.
        public func section(title: String) -> Section { Section(title: title, rows: rows) }
    }
}
