import ListDocument
import TableKit

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
        // Bytes that stop the table: a newline (it separates rows), and markup when rendered.
        let below64: UInt64 = 1 << 0x0A | (markdown ? markupBelow64 : 0)
        let above64: UInt64 = markdown ? markupAbove64 : 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            guard let base = out.baseAddress else { return }
            var o = 0
            rows.forEachUTF8(in: range) { text, attributes in
                guard !overflow else { return }
                starts.append(UInt32(truncatingIfNeeded: o))
                if !attributes.isPassage {
                    guard o + text.count + 1 <= capacity else { overflow = true; return }
                    if foldByTable(text, to: base + o, below64: below64, above64: above64) {
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

    /// The markup bytes of `mayHaveMarkup` below 64 (`!`, `&`, `*`, `<`) and from 64 (`[`, `\`,
    /// `]`, `_`, `` ` ``, `~`), as bit masks.
    static let markupBelow64: UInt64 = 1 << 0x21 | 1 << 0x26 | 1 << 0x2A | 1 << 0x3C
    static let markupAbove64: UInt64 = 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x5F - 64)
        | 1 << (0x60 - 64) | 1 << (0x7E - 64)

    /// Writes `text` folded to `out` (as many bytes) as `appendFolded` would, and returns true;
    /// returns false (what it wrote is to be overwritten) at a byte the table cannot fold: one in
    /// the masks (a newline, markup) or a character folded by `lowercased()`.
    @inline(__always)
    static func foldByTable(_ text: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>,
                            below64: UInt64, above64: UInt64) -> Bool {
        guard let src = text.baseAddress else { return true }
        let n = text.count
        var i = 0
        while i < n {
            let b = src[i]
            if b < 0x40 {
                if (below64 >> UInt64(b)) & 1 != 0 { return false }
                out[i] = b
                i += 1
            } else if b < 0x80 {
                if (above64 >> UInt64(b &- 0x40)) & 1 != 0 { return false }
                out[i] = b &- 0x41 < 26 ? b | 0x20 : b
                i += 1
            } else if b == 0xC3, i + 1 < n {
                let c = src[i + 1]
                out[i] = b
                out[i + 1] = c >= 0x80 && c <= 0x9E && c != 0x97 ? c &+ 0x20 : c
                i += 2
            } else if b >= 0xE3, b <= 0xED, i + 2 < n {
                out[i] = b
                out[i + 1] = src[i + 1]
                out[i + 2] = src[i + 2]
                i += 3
            } else {
                return false
            }
        }
        return true
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
