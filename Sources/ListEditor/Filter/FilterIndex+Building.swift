import ListDocument
import TableKit
import ListStorage

/// Building the index fast: a piece of a section (a range of its rows) folded in one pass into an
/// array of the rows' byte count, most rows by table straight from the file's bytes; only rows
/// with Markdown markup are rendered, and only characters outside ASCII, Latin-1 and caseless CJK
/// go through `lowercased()`. Pieces are built on several cores at once (`FilterIndexBuild`) and
/// joined per section.
///
///     let piece = FilterIndex.piece(of: rows, 0..<rows.count, markdown: true, references: [:])
///     let index = FilterIndex(joining: [piece], sections: [0], changes: 0)
extension FilterIndex {
    /// Rows of one section folded: their texts, each followed by a newline, and where each starts
    /// (from the piece's first byte; no end entry).
    struct Piece: Sendable {
        var bytes: [UInt8]
        var starts: [UInt32]
    }

    /// Rows `range` (current space) of `rows` folded, as `section` would fold them.
    ///
    /// - Complexity: O(rows in `range` + their bytes); rows with markup also pay a Markdown render.
    static func piece(of rows: RowList, _ range: Range<Int>, markdown: Bool,
                      references: [String: MarkdownLinkReference]) -> Piece {
        // A folded row is as long as its text unless it is rendered or folded by
        // `lowercased()` (which may lengthen it): the rare overflow takes the general way.
        var capacity = range.count
        rows.forEachUTF8(in: range) { text, _ in capacity += text.count }
        var starts: [UInt32] = []
        starts.reserveCapacity(range.count)
        var overflow = false
        let bytes = Self.foldTable.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                guard let base = out.baseAddress, let table = table.baseAddress else { return }
                let stops = table + (markdown ? 768 : 512)
                var o = 0
                rows.forEachUTF8(in: range) { text, attributes in
                    guard !overflow else { return }
                    starts.append(UInt32(truncatingIfNeeded: o))
                    if !attributes.isPassage {
                        guard o + text.count + 1 <= capacity else { overflow = true; return }
                        if foldByTable(text, to: base + o, table: table, stops: stops) {
                            o += text.count
                        } else {
                            var shown: [UInt8] = []
                            appendShown(text, markdown: markdown, references: references, to: &shown)
                            guard o + shown.count + 1 <= capacity else { overflow = true; return }
                            for b in shown { base[o] = b; o += 1 }
                        }
                    }
                    guard o < capacity else { overflow = true; return }
                    base[o] = 0x0A
                    o += 1
                }
                count = o
            }
        }
        guard overflow else { return Piece(bytes: bytes, starts: starts) }
        var out: [UInt8] = []
        starts.removeAll(keepingCapacity: true)
        rows.forEachUTF8(in: range) { text, attributes in
            starts.append(UInt32(truncatingIfNeeded: out.count))
            if !attributes.isPassage { appendShown(text, markdown: markdown, references: references, to: &out) }
            out.append(0x0A)
        }
        return Piece(bytes: out, starts: starts)
    }

    /// The tables of `foldByTable`, 1,024 bytes: a byte folded (256: after any byte but `C3`;
    /// 256: after `C3`, Latin-1 capitals `À`…`Þ` but `×` lowered), then the bytes it stops at
    /// (256: plain text, 256: Markdown, with its markup bytes): 1 where `appendFolded` needs more
    /// than a table (a newline, lead bytes other than `C3` and `E3`…`ED`; `EA 80`…`EA AF` is
    /// stopped at by `foldByTable` itself) or the text may be rendered (markup, as
    /// `mayHaveMarkup` finds it).
    static let foldTable: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 1_024)
        for b in 0..<256 {
            t[b] = UInt8(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            t[256 + b] = UInt8(b >= 0x80 && b <= 0x9E && b != 0x97 ? b + 0x20 : b)
            let stop: UInt8 = b == 0x0A || (b >= 0xC0 && b != 0xC3 && !(b >= 0xE3 && b <= 0xED)) ? 1 : 0
            t[512 + b] = stop
            t[768 + b] = stop
        }
        for b in "*_`[]<\\&~!".utf8 { t[768 + Int(b)] = 1 }
        return t
    }()

    /// Writes `text` folded to `out` (as many bytes) as `appendFolded` would, and returns true;
    /// returns false (what it wrote is to be overwritten) when a byte is a stop (a newline,
    /// markup, a character folded by `lowercased()`). No branch depends on the bytes but the
    /// loop's: text mixing scripts costs what ASCII costs.
    ///
    /// - Parameters:
    ///   - table: `foldTable`'s first 512 bytes.
    ///   - stops: `foldTable`'s stops, plain or Markdown.
    @inline(__always)
    static func foldByTable(_ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>,
                            table: UnsafePointer<UInt8>, stops: UnsafePointer<UInt8>) -> Bool {
        guard let src = text.baseAddress else { return true }
        var stopped: UInt8 = 0
        var after = 0   // 256 after a `C3` byte
        var afterEA: UInt8 = 0   // 1 after an `EA` byte: `EA 80`…`EA AF` (U+A000…U+ABFF) has cased letters
        for i in 0..<text.count {
            let b = Int(src[i])
            stopped |= stops[b] | (afterEA & (b < 0xB0 ? 1 : 0))
            out[i] = table[after | b]
            after = b == 0xC3 ? 256 : 0
            afterEA = b == 0xEA ? 1 : 0
        }
        return stopped == 0
    }

    /// The index of whole sections from their pieces, in order: `sections[j]` is the section of
    /// `pieces[j]`, ascending, every section from 0 at least once.
    ///
    /// - Complexity: O(rows) for a section of one piece; a section of several also copies its bytes.
    init(joining pieces: [Piece], sections: [Int], changes: Int) {
        self.changes = changes
        bytes = []
        starts = []
        var j = 0
        while j < pieces.count {
            var k = j + 1
            while k < pieces.count && sections[k] == sections[j] { k += 1 }
            if k == j + 1 {
                var at = pieces[j].starts
                at.append(UInt32(truncatingIfNeeded: pieces[j].bytes.count))
                bytes.append(pieces[j].bytes)
                starts.append(at)
            } else {
                var out: [UInt8] = []
                var at: [UInt32] = []
                out.reserveCapacity(pieces[j..<k].reduce(0) { $0 + $1.bytes.count })
                at.reserveCapacity(pieces[j..<k].reduce(1) { $0 + $1.starts.count })
                for piece in pieces[j..<k] {
                    let base = UInt32(truncatingIfNeeded: out.count)
                    for s in piece.starts { at.append(base &+ s) }
                    out.append(contentsOf: piece.bytes)
                }
                at.append(UInt32(truncatingIfNeeded: out.count))
                bytes.append(out)
                starts.append(at)
            }
            j = k
        }
    }
}
