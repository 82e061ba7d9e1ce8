import TableKit
import ListStorage

internal import Algorithms

/// The other lines that new rows carry (a paste of whole items: `ListDocument.carry(_:to:)`),
/// kept in the recovery file after the edits and the base, so a restore gives the pasted items
/// back complete. Each: a line `SECTION ROW ENDING TEXT-LENGTH LINES-LENGTH`, then the row's
/// text and the lines, as bytes (docs/file-formats.md, "Recovery files").
///
///     // "- Added" pasted at row 2 of section 0, carrying "  a second line\n":
///     // "0 2 1 5 14\nAddeda second line\n"
extension Recovery {
    /// A row of the edits that carries other lines: where it is (current space), its text (to
    /// find it again), the lines.
    struct CarriedLine: Equatable, Sendable {
        var path: IndexPath
        var text: String
        var lines: RowLines
    }

    /// The carried lines of `document`'s rows, encoded; empty when none carries any.
    ///
    /// - Complexity: O(rows) when some row carries lines, else O(1).
    static func encodeCarriedLines(of document: ListDocument) -> [UInt8] {
        guard !document.carriedLines.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for (s, section) in document.model.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                guard let lines = document.carriedLines[row.id] else { continue }
                let text = Array(row.text.utf8)
                bytes += Array("\(s) \(r) \(lines.markdown.ending.rawValue) \(text.count) \(lines.markdown.bytes.count)\n".utf8)
                bytes += text + lines.markdown.bytes
            }
        }
        return bytes
    }

    /// The carried lines `encodeCarriedLines` wrote; nil when `bytes` are not in that form.
    ///
    /// - Complexity: O(bytes).
    static func decodeCarriedLines(_ bytes: ArraySlice<UInt8>) -> [CarriedLine]? {
        var result: [CarriedLine] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            let fields = String(decoding: bytes[i..<end], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            guard fields.count == 5, fields.allSatisfy({ $0 >= 0 }), let ending = MarkdownBlock.Ending(rawValue: UInt8(clamping: fields[2])),
                  ending != .unclosed, fields[3] <= bytes.endIndex - end - 1, fields[4] <= bytes.endIndex - end - 1 - fields[3] else { return nil }
            let textStart = end + 1, linesStart = textStart + fields[3], next = linesStart + fields[4]
            result.append(CarriedLine(path: IndexPath(row: fields[1], section: fields[0]),
                                      text: String(decoding: bytes[textStart..<linesStart], as: UTF8.self),
                                      lines: RowLines(markdown: .init(bytes: Array(bytes[linesStart..<next]), ending: ending))))
            i = next
        }
        return result
    }
}

extension ListDocument {
    /// Gives the rows restored or merged from `file` (`RecoverySession.restored` or `merged`, put
    /// in the model) what their texts alone do not say, as `file` recorded it: the other lines
    /// pasted rows carry (`carryLines`), and the identities of rows of earlier versions of the
    /// file (`placeEarlierRows`), so a save writes every row with all its lines.
    ///
    /// - Complexity: O(size of the recovery file) when it records neither; else that plus the
    ///   diff of the edits and the model (O(rows) when they are the same list).
    public mutating func keepLines(recordedIn file: RecoveryFile) throws(DocumentError) {
        try carryLines(recordedIn: file)
        try placeEarlierRows(recordedIn: file)
    }

    /// Gives the rows of the model that `file`'s edits recorded as carrying other lines (a paste
    /// of whole items) those lines again: each recorded row of the edits (found by its place
    /// there, with the text recorded) is followed into the model through the matches of a diff
    /// of the two lists, so rows a merge moved keep their lines, and of two rows with the same
    /// text each gets its own; a row of the file (whose lines are the file's) or one the merge
    /// did not keep gets none. Call it after putting the edits in the model
    /// (`RecoverySession.restored` or `merged`).
    ///
    /// - Complexity: O(size of the recovery file) when it records none; else that plus the
    ///   diff of the edits and the model (O(rows) when they are the same list).
    mutating func carryLines(recordedIn file: RecoveryFile) throws(DocumentError) {
        let records = try file.carriedLines()
        guard !records.isEmpty else { return }
        let mine = try file.edits().items
        let place = Self.places(ofEdits: mine, in: model.items)
        let mineStarts = Self.sectionStarts(mine)
        for carried in records {
            let p = carried.path
            guard p.section < mineStarts.count else { continue }
            let flat = mineStarts[p.section] + 1 + p.row
            guard flat < mine.count, case .row(let text, _) = mine[flat], text == carried.text,
                  let (s, r) = place(flat), let r else { continue }
            let row = model.sections[s].rows[r]
            guard row.text == carried.text, markdown?.buffer.offset(of: row.id) == nil else { continue }
            carry(carried.lines, to: row.id)
        }
    }

    /// Where each entry of a recovery file's edits (`mine`, by flat index) is in the model
    /// (`ours`), followed through the matches of a diff of the two lists, so rows a merge moved
    /// are found, and of two rows with the same text each is its own: the section, and the row
    /// (nil for the section's heading); nil for an entry the model does not hold.
    ///
    /// - Complexity: the diff of the two lists (O(entries) when they are the same list); each
    ///   call O(log sections).
    static func places(ofEdits mine: [ListItem], in ours: [ListItem]) -> (_ flat: Int) -> (section: Int, row: Int?)? {
        var target: [Int: Int]?
        if mine != ours {
            var moved: [Int: Int] = [:]
            for m in Diff.matches(from: mine, to: ours) { moved[m.old] = m.new }
            target = moved
        }
        let starts = sectionStarts(ours)
        return { [target] flat in
            guard let there = target.map({ $0[flat] }) ?? flat, there < ours.count else { return nil }
            let s = starts.partitioningIndex { $0 > there } - 1
            guard s >= 0 else { return nil }
            return (s, there > starts[s] ? there - starts[s] - 1 : nil)
        }
    }

    /// The flat indices (`ListModel.items`) of the section headings.
    static func sectionStarts(_ items: [ListItem]) -> [Int] {
        items.indices.filter { if case .section = items[$0] { true } else { false } }
    }
}
