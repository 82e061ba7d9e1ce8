import TableKit

internal import Algorithms

/// The rows of one section: a collection of `ListModel.Row` stored in chunks, so inserting,
/// removing and finding a row cost O(chunk + chunks) however long the section is, and rows read
/// from a file keep pointing into its bytes (8 bytes of position each) until they are edited.
///
///     var rows = RowList(["Milk", "Eggs"].map { ListModel.Row(id: .init(raw: $0.hashValue.magnitude), text: $0) })
///     rows.insert(rows[0], at: 2)
///     rows.map(\.text)      // ["Milk", "Eggs", "Milk"]
public struct RowList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Sendable {
    public typealias Element = ListModel.Row
    public typealias Index = Int

    static let maxChunk = 1024

    var chunks: [[StoredRow]] = []
    /// Index of the first row of each chunk.
    var starts: [Int] = []
    var total = 0
    var buffer: TextBuffer?
    /// How many rows are passages (kept as rows change, so counting list items is O(1)).
    public internal(set) var passageCount = 0

    public init() {}

    init(stored: [StoredRow], buffer: TextBuffer?) {
        self.buffer = buffer
        var i = 0
        while i < stored.count {
            let end = Swift.min(stored.count, i + Self.maxChunk / 2)
            chunks.append(Array(stored[i..<end]))
            i = end
        }
        passageCount = stored.reduce(0) { $0 + ($1.isPassage ? 1 : 0) }
        reindex(from: 0)
    }

    /// Appends one row at the end, filling the last chunk up to half the chunk size as `init`
    /// does (readers build their sections this way, a row at a time).
    mutating func appendStored(_ row: StoredRow) {
        if let last = chunks.indices.last, chunks[last].count < Self.maxChunk / 2 {
            chunks[last].append(row)
        } else {
            starts.append(total)
            chunks.append([row])
            chunks[chunks.count - 1].reserveCapacity(Self.maxChunk / 2)
        }
        total += 1
        if row.isPassage { passageCount += 1 }
    }

    /// The bytes of the file this list's rows were read from (every row still holding its
    /// original text points into them), if any: a writer tells rows of the file it writes over
    /// from rows of an earlier version of it (kept by an undo step across a save).
    public var textBuffer: TextBuffer? { buffer }

    public var startIndex: Int { 0 }
    public var endIndex: Int { total }
    public var count: Int { total }

    /// The chunk holding row `i`, and the row's place in it.
    func locate(_ i: Int) -> (Int, Int) {
        let c = Swift.max(0, starts.partitioningIndex { $0 > i } - 1)   // the last chunk starting at or before i
        return (c, i - starts[c])
    }

    func row(_ stored: StoredRow) -> ListModel.Row {
        switch stored {
        case .owned(let box): return box.row
        case .file(let offset, let length, let attributes):
            return ListModel.Row(id: buffer?.id(at: offset) ?? .init(raw: UInt64(offset)), text: buffer?.string(offset, length) ?? "",
                                 attributes: attributes)
        }
    }

    func stored(at i: Int) -> StoredRow {
        let (c, k) = locate(i)
        return chunks[c][k]
    }

    public subscript(position: Int) -> ListModel.Row {
        get { row(stored(at: position)) }
        set {
            let (c, k) = locate(position)
            passageCount += (newValue.isPassage ? 1 : 0) - (chunks[c][k].isPassage ? 1 : 0)
            // A row still in its file stays there when only its attributes change (a toggle).
            if case .file(let offset, let length, _) = chunks[c][k], let buffer, newValue.id == buffer.id(at: offset),
               newValue.text.utf8.count == Int(length), newValue.text == buffer.string(offset, length) {
                chunks[c][k] = .file(offset: offset, length: length, attributes: newValue.attributes)
            } else {
                chunks[c][k] = .owned(newValue)
            }
        }
    }

    mutating func reindex(from chunk: Int) {
        // A chunk split off or removed at or after `chunk`: the starts before it stay right
        // (zeroing them all would make the count lose every row before `chunk - 1`).
        if starts.count < chunks.count { starts += Array(repeating: 0, count: chunks.count - starts.count) }
        if starts.count > chunks.count { starts.removeLast(starts.count - chunks.count) }
        var n = chunk > 0 ? starts[chunk - 1] + chunks[chunk - 1].count : 0
        for c in chunk..<chunks.count {
            starts[c] = n
            n += chunks[c].count
        }
        total = n
    }

    /// Replaces rows; small edits inside one chunk (insert, remove, append) stay local.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == ListModel.Row {
        replaceStored(range, with: newElements.map { StoredRow.owned($0) })
    }

    mutating func replaceStored(_ range: Range<Int>, with new: [StoredRow]) {
        if chunks.isEmpty {
            if !new.isEmpty { self = RowList(stored: new, buffer: buffer) }
            return
        }
        let (c, k) = range.lowerBound == total ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(range.lowerBound)
        if k + range.count <= chunks[c].count {
            for i in k..<(k + range.count) where chunks[c][i].isPassage { passageCount -= 1 }
            for row in new where row.isPassage { passageCount += 1 }
            chunks[c].replaceSubrange(k..<(k + range.count), with: new)
            if chunks[c].count > Self.maxChunk {
                let half = chunks[c].count / 2
                let tail = Array(chunks[c][half...])
                chunks[c].removeSubrange(half...)
                chunks.insert(tail, at: c + 1)
            } else if chunks[c].isEmpty && chunks.count > 1 {
                chunks.remove(at: c)
            }
            reindex(from: Swift.max(0, c - 1))
            return
        }
        var all = Array(storedRows)
        all.replaceSubrange(range, with: new)
        self = RowList(stored: all, buffer: buffer)
    }

    /// How many rows are list items (not passages).
    public var itemCount: Int { total - passageCount }

    /// Every stored row in order (no text decoded).
    var storedRows: FlattenSequence<[[StoredRow]]> { chunks.joined() }

    /// Inserts a row taken from another list of the same model without decoding its text.
    mutating func insertStored(_ row: StoredRow, at i: Int) { replaceStored(i..<i, with: [row]) }

    /// Row `stored` of a list whose rows point into `source`, as this list can hold it: as it is
    /// when its bytes are this list's (or it holds its own text), else as its own text with its
    /// identity (a row of an earlier version of the file, brought back by undo across a save,
    /// moved into a section read again since: its offset means nothing in this list's bytes).
    func adopting(_ stored: StoredRow, from source: TextBuffer?) -> StoredRow {
        guard case .file(let offset, let length, let attributes) = stored, let source, source !== buffer else { return stored }
        return .owned(ListModel.Row(id: source.id(at: offset), text: source.string(offset, length), attributes: attributes))
    }

    /// Calls `body` with each row in order; `text` is `nil` for a row that still holds the bytes
    /// of `file` as read (its text undecoded), so a writer writing over `file` can copy those rows
    /// without making strings. Rows of another buffer are decoded.
    public func forEachRow(undecodedIn file: TextBuffer?,
                           _ body: (_ id: ListModel.RowID, _ attributes: ListModel.Row.Attributes, _ text: String?) -> Void) {
        for stored in storedRows {
            switch stored {
            case .file(let offset, let length, let attributes):
                body(buffer?.id(at: offset) ?? .init(raw: UInt64(offset)), attributes,
                     file != nil && buffer === file ? nil : buffer?.string(offset, length) ?? "")
            case .owned(let box): body(box.row.id, box.row.attributes, box.row.text)
            }
        }
    }

    /// Calls `body` with each row's UTF-8 bytes in order, reading file rows straight from the
    /// buffer (for fast saving).
    public func forEachUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bytes = buffer?.bytes ?? []
        bytes.withUnsafeBufferPointer { file in
            for stored in storedRows {
                switch stored {
                case .file(let offset, let length, _):
                    body(UnsafeBufferPointer(rebasing: file[Int(offset)..<Int(offset) + Int(length)]))
                case .owned(let box):
                    var text = box.row.text
                    text.withUTF8 { body($0) }
                }
            }
        }
    }

    /// Equal rows (identity and text); rows still in the same file are compared without decoding.
    public static func == (a: RowList, b: RowList) -> Bool {
        guard a.total == b.total else { return false }
        if a.sharesStorage(with: b) { return true }   // O(1): neither changed since a copy
        for (x, y) in zip(a.storedRows, b.storedRows) {
            switch (x, y) {
            case let (.file(o1, l1, t1), .file(o2, l2, t2)) where a.buffer === b.buffer:
                if o1 != o2 || l1 != l2 || t1 != t2 { return false }
            default:
                if a.row(x) != b.row(y) { return false }
            }
        }
        return true
    }
}

extension RowList: Equatable {}

extension RowList {
    /// A list of rows held as their own text.
    public init(_ rows: [ListModel.Row]) {
        self.init(stored: rows.map { .owned($0) }, buffer: nil)
    }
}
