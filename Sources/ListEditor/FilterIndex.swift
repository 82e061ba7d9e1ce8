import Glibc
import ListDocument
import TableKit
internal import Algorithms

/// The rows' text as the filter searches it (docs/keys.md, "Filter"): each row's displayed text
/// (Markdown markup left out: `**a**b` is `ab`), case-folded, per section joined by newlines into
/// one byte array with the start of each row beside it (about the text's bytes plus 5 per row).
/// A search is one `memmem` scan over a section's bytes; narrowing after a typed character scans
/// only the rows that matched before.
///
///     let index = FilterIndex(model: list, markdown: true)
///     index.matches(FilterIndex.fold("milk"))      // per section, the rows containing "milk"
///
/// The index is of the list as it was when built (`changes`): the editor builds it again when
/// the list has changed since.
struct FilterIndex {
    /// Per section: the folded texts, each followed by a newline; passages are empty (never kept).
    var bytes: [[UInt8]]
    /// Per section: where each row's text starts in `bytes`, and the end (count + 1 entries).
    var starts: [[UInt32]]
    /// The editor's change count when the index was built.
    var changes: Int

    /// The rows one pattern kept, per section (current space), and the list's change count then.
    struct Matches {
        var pattern: [UInt8]
        var rows: [[Int]]
        var changes: Int
    }

    init(model: ListModel, markdown: Bool, references: [String: MarkdownLinkReference] = [:], changes: Int = 0) {
        self.changes = changes
        bytes = []
        starts = []
        bytes.reserveCapacity(model.sections.count)
        for section in model.sections {
            var out: [UInt8] = []
            var at: [UInt32] = []
            at.reserveCapacity(section.rows.count + 1)
            section.rows.forEachUTF8 { text, attributes in
                at.append(UInt32(out.count))
                if !attributes.isPassage {
                    if markdown && Self.mayHaveMarkup(text) {
                        var shown = MarkdownInline.render(text, references: references).text
                        shown.withUTF8 { Self.appendFolded($0, to: &out) }
                    } else {
                        Self.appendFolded(text, to: &out)
                    }
                }
                out.append(0x0A)
            }
            at.append(UInt32(out.count))
            bytes.append(out)
            starts.append(at)
        }
    }

    /// Bytes that can start inline Markdown (emphasis, code, links, escapes, entities, HTML).
    static func mayHaveMarkup(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in text {
            switch b {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "<"), UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "!"):
                return true
            default: continue
            }
        }
        return false
    }

    /// Appends `text` case-folded (ASCII by table, anything else by `lowercased()`); newlines
    /// become spaces (they separate rows).
    static func appendFolded(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if text.allSatisfy({ $0 < 0x80 }) {
            for b in text { out.append(b == 0x0A ? 0x20 : (b >= 0x41 && b <= 0x5A ? b | 0x20 : b)) }
        } else {
            for b in String(decoding: text, as: UTF8.self).lowercased().utf8 { out.append(b == 0x0A ? 0x20 : b) }
        }
    }

    /// A typed pattern as the index holds text.
    static func fold(_ pattern: String) -> [UInt8] {
        var out: [UInt8] = []
        var p = pattern
        p.withUTF8 { appendFolded($0, to: &out) }
        return out
    }

    /// The rows of each section whose text contains `pattern` (folded, not empty), ascending.
    ///
    /// - Complexity: one `memmem` scan of the index's bytes, plus O(log rows) per match.
    func matches(_ pattern: [UInt8]) -> [[Int]] {
        zip(bytes, starts).map { text, at in
            var rows: [Int] = []
            text.withUnsafeBufferPointer { t in
                pattern.withUnsafeBufferPointer { p in
                    guard let base = t.baseAddress, let pat = p.baseAddress, p.count > 0 else { return }
                    var from = 0
                    var row = 0
                    while from < t.count, let hit = Self.search(base + from, t.count - from, pat, p.count) {
                        let offset = UInt32(base.distance(to: hit))
                        // The row whose text holds the hit: the last start at or before it.
                        row = at[row...].partitioningIndex { $0 > offset } - 1
                        rows.append(row)
                        from = Int(at[row + 1])
                        row += 1
                    }
                }
            }
            return rows
        }
    }

    /// Of `rows` (an earlier pattern's matches, current space), those whose text contains
    /// `pattern`: the scan when a character is appended.
    ///
    /// - Complexity: O(bytes of those rows).
    func narrow(_ rows: [[Int]], to pattern: [UInt8]) -> [[Int]] {
        zip(rows, zip(bytes, starts)).map { kept, section in
            let (text, at) = section
            return text.withUnsafeBufferPointer { t in
                pattern.withUnsafeBufferPointer { p in
                    guard let base = t.baseAddress, let pat = p.baseAddress, p.count > 0 else { return kept }
                    return kept.filter { r in
                        let start = Int(at[r]), end = Int(at[r + 1]) - 1
                        return end - start >= p.count && Self.search(base + start, end - start, pat, p.count) != nil
                    }
                }
            }
        }
    }

    /// The first place of `pattern` (`m` bytes, at least one) in `n` bytes at `text`: `memchr`
    /// finds each candidate first byte, `memcmp` checks the rest (the C library's `memmem` is a
    /// GNU extension that Swift's Glibc module does not offer).
    static func search(_ text: UnsafePointer<UInt8>, _ n: Int, _ pattern: UnsafePointer<UInt8>, _ m: Int) -> UnsafePointer<UInt8>? {
        guard m <= n else { return nil }
        let first = Int32(pattern[0])
        var at = text
        let last = text + (n - m)
        while at <= last {
            guard let hit = memchr(at, first, last - at + 1) else { return nil }
            let candidate = hit.assumingMemoryBound(to: UInt8.self)
            if m == 1 || memcmp(candidate + 1, pattern + 1, m - 1) == 0 { return UnsafePointer(candidate) }
            at = UnsafePointer(candidate) + 1
        }
        return nil
    }

    /// Bytes the index holds (its text and row starts).
    var size: Int { bytes.reduce(0) { $0 + $1.count } + starts.reduce(0) { $0 + $1.count * 4 } }
}
