import TableKit
import ListStorage

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
    /// Gives the rows of the model that `file`'s edits recorded as carrying other lines (a paste
    /// of whole items) those lines again: each row at the place recorded, with the text recorded,
    /// and not a row of the file (whose lines are the file's). Call it after putting the edits
    /// in the model (`RecoverySession.restored` or `merged`); a row that moved (a merge) is left
    /// with its first line only.
    ///
    /// - Complexity: O(size of the recovery file) when it records some, else O(1).
    public mutating func carryLines(recordedIn file: RecoveryFile) throws(DocumentError) {
        for carried in try file.carriedLines() {
            let p = carried.path
            guard p.section < model.sections.count, p.row < model.sections[p.section].rows.count else { continue }
            let row = model.sections[p.section].rows[p.row]
            guard row.text == carried.text, markdown?.buffer.offset(of: row.id) == nil else { continue }
            carry(carried.lines, to: row.id)
        }
    }
}
