/// The bytes of a file a list was read from, shared (never copied) by every row that still holds
/// its original text. Immutable, so it is safely shared across isolation domains.
public final class TextBuffer: Sendable {
    /// The file's bytes, UTF-8.
    public let bytes: [UInt8]

    /// - Parameter bytes: valid UTF-8 (the reader checks it first).
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    func string(_ offset: UInt32, _ length: UInt32) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(offset)..<Int(offset) + Int(length)]), as: UTF8.self)
        }
    }
}

/// How a row is held: a slice of the file it was read from (its identity is its offset), or its
/// own text once created or edited.
///
/// 16 bytes a row: an edited row's text lives in a box, so the common case stays small.
enum StoredRow: Sendable {
    case file(offset: UInt32, length: UInt32)
    case owned(OwnedRow)

    static func owned(_ row: ListModel.Row) -> StoredRow { .owned(OwnedRow(row)) }
}

/// A row created or edited in memory.
final class OwnedRow: Sendable {
    let row: ListModel.Row
    init(_ row: ListModel.Row) { self.row = row }
}
