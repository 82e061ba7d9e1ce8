import ListDocument

/// One row of pasted text (docs/keys.md, "Pasting"): each non-blank line of a paste is a row; a
/// line that is a list item (`- [ ] Buy milk`, `* x`, `1. x`, `2) x`) loses its marker, and its
/// checkbox and its indentation relative to the least-indented line are read too.
///
///     PastedRow.rows(from: "- [ ] Buy milk\n  - [x] Oat milk\n\nEggs\n")
///     // [("Buy milk", level 0, checked false), ("Oat milk", level 1, checked true), ("Eggs", level 0, nil)]
///
/// The editor inserts each as a row with its checkbox, its level placed on the cursor row's
/// (`ListEditor.rowsForPaste`); plain text keeps neither levels nor open checkboxes.
public struct PastedRow: Equatable, Sendable {
    /// The line without its indentation, list marker, checkbox and trailing blanks.
    public var text: String
    /// Nesting relative to the least-indented pasted line (0), by indentation: a line indented
    /// deeper than the line before it is one level deeper; a line indented like an earlier one
    /// takes that one's level.
    public var level: Int
    /// The task checkbox of a list item: `false` for `[ ]`, `true` for `[x]` or `[X]`, `nil`
    /// for none (a line that is not a list item keeps a leading `[x]` as text).
    public var checked: Bool?
    /// The item's other lines when the row is a copy of an item (the register: a copy or a
    /// delete keeps whole items); nil for pasted text, whose every line is a row.
    public var lines: RowLines?

    public init(text: String, level: Int = 0, checked: Bool? = nil, lines: RowLines? = nil) {
        self.text = text
        self.level = level
        self.checked = checked
        self.lines = lines
    }

    /// The rows of pasted text, in order; blank lines (and lines that are only a marker) are
    /// skipped. Line breaks are LF, CRLF or CR.
    ///
    /// - Complexity: O(length of `pasted`).
    public static func rows(from pasted: String) -> [PastedRow] {
        var lines: [(indent: Int, text: String, checked: Bool?)] = []
        for line in Self.lines(of: pasted) {
            let (text, checked) = stripMarker(line.drop { $0 == " " || $0 == "\t" })
            guard !text.isEmpty else { continue }
            lines.append((indentation(of: line), text, checked))
        }
        // Levels count from the least-indented line, so an outline whose first line is nested
        // (`  - child A`, `- Parent B`) keeps its shape.
        var indents = [lines.map(\.indent).min() ?? 0]   // the indentation of each open level
        var rows: [PastedRow] = []
        for line in lines {
            while indents.count > 1, indents[indents.count - 1] > line.indent { indents.removeLast() }
            if line.indent > indents[indents.count - 1] { indents.append(line.indent) }
            rows.append(PastedRow(text: line.text, level: indents.count - 1, checked: line.checked))
        }
        return rows
    }

    /// The lines of `text` (LF, CRLF or CR breaks).
    static func lines(of text: String) -> [Substring] {
        // "\r\n" is one Character, so splitting on characters that are line breaks covers all three.
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }

    /// Columns of leading blanks (a tab counts to the next multiple of 4).
    static func indentation(of line: Substring) -> Int {
        var columns = 0
        for c in line {
            if c == " " { columns += 1 } else if c == "\t" { columns += 4 - columns % 4 } else { break }
        }
        return columns
    }

    /// The text of a line (indentation removed) without its list marker and checkbox, trimmed.
    static func stripMarker(_ line: Substring) -> (text: String, checked: Bool?) {
        func trimmed(_ s: Substring) -> String {
            String(s.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        guard let rest = afterMarker(line) else { return (trimmed(line), nil) }
        let body = rest.drop { $0 == " " || $0 == "\t" }
        for (box, checked) in [("[ ]", false), ("[x]", true), ("[X]", true)] where body.hasPrefix(box) {
            let after = body.dropFirst(3)
            if after.isEmpty || after.first == " " || after.first == "\t" {
                return (trimmed(after.drop { $0 == " " || $0 == "\t" }), checked)
            }
        }
        return (trimmed(body), nil)
    }

    /// What follows a bullet (`-` `*` `+`) or ordered marker (1 to 9 digits, then `.` or `)`)
    /// and the blank after it; nil when the line does not start with one.
    static func afterMarker(_ line: Substring) -> Substring? {
        guard let first = line.first else { return nil }
        var rest: Substring
        if first == "-" || first == "*" || first == "+" {
            rest = line.dropFirst()
        } else {
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count) else { return nil }
            rest = line.dropFirst(digits.count)
            guard rest.first == "." || rest.first == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return rest
    }
}
