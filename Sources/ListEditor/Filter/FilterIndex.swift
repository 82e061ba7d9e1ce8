import Glibc
import ListDocument
import TableKit
import ListStorage
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
/// It is built on every core from a snapshot of the list (`FilterIndexBuild`, started by `/`).
/// The editor keeps it current through every change it makes (`ListEditor.followInFilterIndex`:
/// rows inserted, deleted, renamed, moved, sections inserted, deleted, moved, rows anywhere
/// deleted, put back or moved as one batch), each costing a move of the section's bytes;
/// `changes` is the editor's change count it is current for, and an index behind it (a change it
/// did not follow: a whole list replaced) is built again.
public struct FilterIndex: Sendable {
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

    /// The index of `model` built row by row on this thread, the general way: the reference the
    /// fast build (`FilterIndexBuild`, `piece(of:_:markdown:references:)`) is tested against.
    init(model: ListModel, markdown: Bool, references: [String: MarkdownLinkReference] = [:], changes: Int = 0) {
        self.changes = changes
        bytes = []
        starts = []
        bytes.reserveCapacity(model.sections.count)
        for section in model.sections {
            let (out, at) = Self.section(section.rows, markdown: markdown, references: references)
            bytes.append(out)
            starts.append(at)
        }
    }

    /// One section's folded texts and row starts.
    static func section(_ rows: RowList, markdown: Bool, references: [String: MarkdownLinkReference]) -> ([UInt8], [UInt32]) {
        var out: [UInt8] = []
        var at: [UInt32] = []
        at.reserveCapacity(rows.count + 1)
        rows.forEachUTF8 { text, attributes in
            at.append(UInt32(out.count))
            if !attributes.isPassage { appendShown(text, markdown: markdown, references: references, to: &out) }
            out.append(0x0A)
        }
        at.append(UInt32(out.count))
        return (out, at)
    }

    /// Appends a row's text as shown (Markdown rendered), folded.
    static func appendShown(_ text: UnsafeBufferPointer<UInt8>, markdown: Bool, references: [String: MarkdownLinkReference],
                            to out: inout [UInt8]) {
        if markdown && mayHaveMarkup(text) {
            var shown = MarkdownInline.render(text, references: references).text
            shown.withUTF8 { appendFolded($0, to: &out) }
        } else {
            appendFolded(text, to: &out)
        }
    }

    /// A row's folded text (empty for a passage: never kept).
    static func folded(_ row: ListModel.Row, markdown: Bool, references: [String: MarkdownLinkReference]) -> [UInt8] {
        guard !row.isPassage else { return [] }
        var out: [UInt8] = []
        var text = row.text
        text.withUTF8 { appendShown($0, markdown: markdown, references: references, to: &out) }
        return out
    }

    // MARK: Following changes

    /// The folded texts of rows `range` of section `s`.
    func texts(section s: Int, rows range: Range<Int>) -> [[UInt8]] {
        range.map { r in Array(bytes[s][Int(starts[s][r])..<Int(starts[s][r + 1]) - 1]) }
    }

    /// Replaces rows `range` of section `s` with rows of folded `texts` (moving the bytes after).
    mutating func replace(section s: Int, rows range: Range<Int>, with texts: [[UInt8]]) {
        let lo = Int(starts[s][range.lowerBound]), hi = Int(starts[s][range.upperBound])
        var new: [UInt8] = []
        var at: [UInt32] = []
        new.reserveCapacity(texts.reduce(0) { $0 + $1.count + 1 })
        for text in texts {
            at.append(UInt32(lo + new.count))
            new.append(contentsOf: text)
            new.append(0x0A)
        }
        bytes[s].replaceSubrange(lo..<hi, with: new)
        starts[s].replaceSubrange(range, with: at)
        let delta = new.count - (hi - lo)
        if delta != 0 {
            starts[s].withUnsafeMutableBufferPointer { p in
                for i in (range.lowerBound + texts.count)..<p.count { p[i] = UInt32(Int(p[i]) + delta) }
            }
        }
    }

    /// Inserts a section of rows (current space after the insert).
    mutating func insertSection(_ rows: RowList, at i: Int, markdown: Bool, references: [String: MarkdownLinkReference]) {
        var piece = Self.piece(of: rows, 0..<rows.count, markdown: markdown, references: references)
        piece.starts.append(UInt32(truncatingIfNeeded: piece.bytes.count))
        bytes.insert(piece.bytes, at: i)
        starts.insert(piece.starts, at: i)
    }

    /// Removes section `i`.
    mutating func removeSection(_ i: Int) {
        bytes.remove(at: i)
        starts.remove(at: i)
    }

    /// Moves section `from` to `to` (UIKit's `moveSection`).
    mutating func moveSection(from: Int, to: Int) {
        let (b, a) = (bytes.remove(at: from), starts.remove(at: from))
        bytes.insert(b, at: to)
        starts.insert(a, at: to)
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

    /// Appends `text` case-folded; newlines become spaces (they separate rows). ASCII and
    /// Latin-1 letters (`À`…`Þ`) are folded by table, and so is text whose other characters have no
    /// case (CJK, kana, hangul: U+3000…U+9FFF and U+AC00…U+D7FF, UTF-8 lead bytes `E3`…`ED`
    /// without `EA 80`…`EA AF`); anything else by `lowercased()`.
    static func appendFolded(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let start = out.count
        var i = 0
        while i < text.count {
            let b = text[i]
            if b < 0x80 {
                out.append(b == 0x0A ? 0x20 : (b >= 0x41 && b <= 0x5A ? b | 0x20 : b))
                i += 1
            } else if b == 0xC3, i + 1 < text.count {
                let c = text[i + 1]
                out.append(b)
                out.append(c >= 0x80 && c <= 0x9E && c != 0x97 ? c + 0x20 : c)
                i += 2
            } else if b >= 0xE3, b <= 0xED, i + 2 < text.count, b != 0xEA || text[i + 1] >= 0xB0 {
                // U+3000…U+9FFF and U+AC00…U+D7FF; not U+A000…U+ABFF, which holds cased letters
                // (Cyrillic Extended-B, Latin Extended-D).
                out.append(b); out.append(text[i + 1]); out.append(text[i + 2])
                i += 3
            } else {
                out.removeSubrange(start...)
                for b in String(decoding: text, as: UTF8.self).lowercased().utf8 { out.append(b == 0x0A ? 0x20 : b) }
                return
            }
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
    /// - Complexity: one `memmem` scan of the index's bytes, plus O(log d) per match, d the rows
    ///   since the previous match (a galloping search from it).
    func matches(_ pattern: [UInt8]) -> [[Int]] {
        zip(bytes, starts).map { text, at in
            var rows: [Int] = []
            text.withUnsafeBufferPointer { t in
                pattern.withUnsafeBufferPointer { p in
                    at.withUnsafeBufferPointer { at in
                        guard let base = t.baseAddress, let pat = p.baseAddress, p.count > 0 else { return }
                        var from = 0
                        var row = 0
                        while from < t.count, let hit = Self.search(base + from, t.count - from, pat, p.count) {
                            let offset = UInt32(base.distance(to: hit))
                            // The row whose text holds the hit: the last start at or before it,
                            // found by doubling steps from the row after the last match.
                            var step = 1
                            while row + step < at.count && at[row + step] <= offset {
                                row += step
                                step *= 2
                            }
                            row = at[row..<min(row + step, at.count)].partitioningIndex { $0 > offset } - 1
                            rows.append(row)
                            from = Int(at[row + 1])
                            row += 1
                        }
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
    /// Whether folded `text` contains folded `pattern` (an empty pattern is in every text, but a
    /// passage's empty text matches nothing: callers fold passages to nothing and patterns are
    /// never empty under a filter).
    static func contains(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard !pattern.isEmpty else { return true }
        return text.withUnsafeBufferPointer { t in
            pattern.withUnsafeBufferPointer { p in
                guard let tb = t.baseAddress, let pb = p.baseAddress else { return false }
                return search(tb, t.count, pb, p.count) != nil
            }
        }
    }

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
