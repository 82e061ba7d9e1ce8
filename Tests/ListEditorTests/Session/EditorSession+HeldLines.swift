import ListDocument
@testable import ListEditor
import TableKit
import ListStorage

/// The read-back of each save against what the editor held for every row besides its text, by
/// identity: an item's other lines (those of its block in the file or in an earlier version of
/// it, or those a pasted row carries) and the marks the screen showed (an ordered item's number,
/// the dim `…`, a passage's first line of content). The table check (`tableDifference`) compares
/// first lines only: a row whose other lines were lost, swapped for another row's, or brought
/// back after a delete, or a number shown otherwise than written, is seen here.
extension EditorSession {
    /// What the editor holds for each row (all sections, in order) besides its text, taken
    /// before a save.
    struct Held {
        /// Per row, its text (for messages).
        var texts: [String] = []
        /// Per row, its other lines (`ListDocument.otherLines(of:text:)`, by the row's identity,
        /// with the later lines of the paragraph its text holds after a rename), nil for none (a
        /// passage, a new row that carries none).
        var lines: [[UInt8]?] = []
        /// Per row, the marks the screen shows for it (`ListEditor.shownMark`).
        var marks: [MarkdownWriter.ShownMark?] = []
    }

    /// What `editor` holds for its rows now.
    ///
    /// - Complexity: O(rows × blocks of the file), plus a scan of an earlier version per row of one.
    static func held(_ editor: ListEditor) -> Held {
        var held = Held()
        for (s, section) in editor.document.model.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                held.texts.append(row.text)
                held.lines.append(editor.document.otherLines(of: row.id, text: row.text)?.markdown.bytes)
                held.marks.append(editor.shownMark(IndexPath(row: r, section: s)))
            }
        }
        return held
    }

    /// Where the saved `bytes` do not hold what the editor held (`held`, taken before the save):
    /// rows and row blocks pair in order (a count that differs is reported); each item's other
    /// lines are the ones held, compared line by line without indentation (a row moved to another
    /// level is re-indented) and blank lines (an item written anew puts its lines before its
    /// nested rows); each row's marks are those its block gives (`MarkdownWriter.shownMark`).
    ///
    /// - Complexity: O(rows × size of each row's block and what is nested in it).
    static func heldDifference(_ held: Held, new bytes: [UInt8]) -> String? {
        let scan = MarkdownScanner.scan(bytes), blocks = rowBlocks(scan)
        guard blocks.count == held.lines.count else {
            return "the saved file has \(blocks.count) rows, the editor held \(held.lines.count)"
        }
        func lines(_ bytes: [UInt8]?) -> [String] {
            String(decoding: bytes ?? [], as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
                let text = line.drop { $0 == " " || $0 == "\t" }
                return text.isEmpty ? nil : String(text)
            }
        }
        for (k, b) in blocks.enumerated() {
            let written = scan.blocks[b].kind == .item ? MarkdownWriter.otherLines(of: b, in: bytes, scan)?.bytes : nil
            if lines(written) != lines(held.lines[k]) {
                return "row \(k) \(held.texts[k].debugDescription) held the other lines \(lines(held.lines[k])), the file has \(lines(written))"
            }
            let mark = MarkdownWriter.shownMark(ofBlock: b, in: bytes, scan)
            if let shown = held.marks[k], shown != mark {
                return "row \(k) \(held.texts[k].debugDescription) showed \(shown), the file gives \(mark)"
            }
        }
        return nil
    }
}
