import TableKit

/// The bytes of a file a list was read from, shared (never copied) by every row that still holds
/// its original text. Immutable, so it is safely shared across isolation domains.
public final class TextBuffer: Sendable {
    /// The file's bytes, UTF-8.
    public let bytes: [UInt8]
    /// Added to a row's offset to make its identity: a reader gives each version of a file it
    /// reads its own base (`generation(_:)`), so rows of two versions never share an identity.
    public let idBase: UInt64
    /// Whether the bytes are a Markdown file's: its rows name blocks, which a Markdown save
    /// finds again for rows undo brings back across saves. False for another format's (a
    /// plain-text file's lines, after a save as `.txt`): a Markdown save writes its rows as new.
    public let isMarkdown: Bool

    /// - Parameter bytes: valid UTF-8 (the reader checks it first).
    /// - Parameter generation: 0 for the first version read; rows get identities
    ///   `generation << 41 + offset`, which never meet the identities of new rows (`1 << 40` up,
    ///   `ListModel.RowID.isNew`).
    /// - Parameter isMarkdown: false for a file of another format than Markdown.
    public init(_ bytes: [UInt8], generation: UInt64 = 0, isMarkdown: Bool = true) {
        self.bytes = bytes
        idBase = generation << ListModel.RowID.versionShift
        self.isMarkdown = isMarkdown
    }

    /// The identity of the row at `offset` in this buffer.
    public func id(at offset: UInt32) -> ListModel.RowID { .init(raw: idBase + UInt64(offset)) }

    /// The offset in this buffer of a row identity made by `id(at:)`, if it is one of this buffer's.
    public func offset(of id: ListModel.RowID) -> Int? {
        id.raw >= idBase && id.raw - idBase < UInt64(bytes.count) + 1 ? Int(id.raw - idBase) : nil
    }

    func string(_ offset: UInt32, _ length: UInt32) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(offset)..<Int(offset) + Int(length)]), as: UTF8.self)
        }
    }
}

/// How a row is held: a slice of the file it was read from (its identity is its offset), or its
/// own text once created or edited.
///
/// 16 bytes a row (the attributes fit in the tag's padding): an edited row's text lives in a box,
/// so the common case stays small.
enum StoredRow: Sendable {
    case file(offset: UInt32, length: UInt32, attributes: ListModel.Row.Attributes)
    case owned(OwnedRow)

    static func owned(_ row: ListModel.Row) -> StoredRow { .owned(OwnedRow(row)) }

    var isPassage: Bool {
        switch self {
        case .file(_, _, let attributes): attributes.isPassage
        case .owned(let box): box.row.isPassage
        }
    }
}

/// A row created or edited in memory.
final class OwnedRow: Sendable {
    let row: ListModel.Row
    init(_ row: ListModel.Row) { self.row = row }
}
