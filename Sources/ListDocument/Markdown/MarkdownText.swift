/// Row texts and section titles between the model and the file.
///
/// A row's text is the Markdown source of its first line after the marker and checkbox, except
/// that what would change the line's structure is literal: leading white space, a leading list
/// marker, `#`, `>`, fence, rule, HTML block, checkbox (`[x] `) or link reference definition. The
/// writer escapes those (`# h` is written `\# h`, `1. x` is written `1\. x`, a leading space as
/// `&#32;`), and reading removes exactly those escapes, so every text reads back as itself:
///
///     MarkdownText.escapeItem("# h")          // "\# h"
///     MarkdownText.item(source: "\\# h")      // "# h"
///     MarkdownText.item(source: "*em*")       // "*em*" (inline Markdown stays source)
///
/// A title keeps its source too; the writer trims it (as Markdown does) and escapes a trailing
/// run of `#` that would read as a closing sequence (`C #` is written `C \#`).
package enum MarkdownText {
    // MARK: items

    /// The row text of an item whose first-line source is `source`.
    package static func item(source: some Collection<UInt8>) -> String {
        String(decoding: unescapeItem(Array(source)), as: UTF8.self)
    }

    /// A row text holding line breaks split into its first line and the later lines of the
    /// item's first paragraph (empty lines left out: a paragraph has none, so `"a b\n"` is a
    /// paragraph of one line, `a b`, that was longer); nil for a text without a line break, which
    /// is the item's first line alone (docs/file-formats.md, "Renaming a multi-line item").
    ///
    ///     MarkdownText.paragraph(of: "Added x\nto y")   // ("Added x", ["to y"])
    ///     MarkdownText.paragraph(of: "Added x")         // nil
    package static func paragraph(of text: String) -> (first: String, rest: [String])? {
        let bytes = Array(text.utf8)
        guard bytes.contains(0x0A) else { return nil }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let first = lines.removeFirst()
        // A later line is written after its indentation: its own leading white space goes.
        return (first, lines.map { String($0.drop { $0 == " " || $0 == "\t" }) }.filter { !$0.isEmpty })
    }

    /// A row text's first line: the text itself when it holds no line break.
    package static func firstLine(of text: String) -> String {
        guard let i = text.utf8.firstIndex(of: 0x0A) else { return text }
        return String(text[..<i])
    }

    /// The source to write for a row text (see the type's description).
    package static func escapeItem(_ text: String) -> [UInt8] { escapeItem(Array(text.utf8)) }

    static func escapeItem(_ t: [UInt8]) -> [UInt8] {
        guard let c = t.first else { return t }
        if c == 0x20 { return Array("&#32;".utf8) + t.dropFirst() }
        if c == 0x09 { return Array("&#9;".utf8) + t.dropFirst() }
        if startsWithSpaceEntity(t) { return [0x5C] + t }
        if let digits = orderedDigits(t, minBackslashes: 0) { return Array(t[..<digits]) + [0x5C] + t[digits...] }
        if c == 0x5C && escapeItem(Array(t.dropFirst())) != Array(t.dropFirst()) { return [0x5C] + t }
        if isBlockSyntax(t) { return [0x5C] + t }
        return t
    }

    static func unescapeItem(_ s: [UInt8]) -> [UInt8] {
        if s.starts(with: "&#32;".utf8) { return [0x20] + s.dropFirst(5) }
        if s.starts(with: "&#9;".utf8) { return [0x09] + s.dropFirst(4) }
        if s.first == 0x5C {
            let rest = Array(s.dropFirst())
            if escapeItem(rest) != rest { return rest }
        }
        if let digits = orderedDigits(s, minBackslashes: 1) { return Array(s[..<digits]) + s[(digits + 1)...] }
        return s
    }

    private static func startsWithSpaceEntity(_ t: [UInt8]) -> Bool {
        t.starts(with: "&#32;".utf8) || t.starts(with: "&#9;".utf8)
    }

    /// `1` to `9` digits, at least `minBackslashes` backslashes, `.` or `)`, then white space or
    /// the end: the number of digits.
    private static func orderedDigits(_ t: [UInt8], minBackslashes: Int) -> Int? {
        var i = 0
        while i < t.count && i < 10 && t[i] >= 0x30 && t[i] <= 0x39 { i += 1 }
        guard i >= 1 && i <= 9 else { return nil }
        var j = i
        while j < t.count && t[j] == 0x5C { j += 1 }
        guard j - i >= minBackslashes, j < t.count, t[j] == 0x2E || t[j] == 0x29 else { return nil }
        return j + 1 == t.count || isWhite(t[j + 1]) ? i : nil
    }

    /// Whether `t`, at the start of an item's content, would open a block other than a paragraph
    /// or read as a checkbox.
    static func isBlockSyntax(_ t: [UInt8]) -> Bool {
        var bytes = t
        bytes.append(0x0A)
        return bytes.withUnsafeBufferPointer { b -> Bool in
            var probe = MarkdownScanner()
            probe.line = .init(start: 0, end: t.count, offset: 0, firstNonspace: 0)
            let c = t[0]
            let next = t.count > 1 ? t[1] : 0x0A
            if c == 0x3E { return true }  // >
            // `--` after a `- ` marker, or `**` after `* `, would make the line a rule.
            if (c == 0x2D || c == 0x2A) && t.allSatisfy({ $0 == c || $0 == 0x20 || $0 == 0x09 }) && t.filter({ $0 == c }).count >= 2 {
                return true
            }
            if (c == 0x2D || c == 0x2B || c == 0x2A) && (next == 0x0A || isWhite(next)) { return true }
            if probe.atxHeadingStart(b, 0) != nil || probe.thematicBreak(b, 0) || probe.openingFence(b, 0) != nil
                || probe.htmlBlockStart(b, 0, allowKind7: true) != nil {
                return true
            }
            if t.count >= 4 && c == 0x5B && (t[1] == 0x20 || t[1] == 0x78 || t[1] == 0x58) && t[2] == 0x5D
                && (t[3] == 0x20 || t[3] == 0x09 || t[3] == 0x0B || t[3] == 0x0C) {
                return true
            }
            if c == 0x5B { return MarkdownLinkReference.parseDefinitions(bytes).consumed > 0 }
            return false
        }
    }

    // MARK: titles

    /// A section title from a heading's source (a setext title's lines joined by line feeds).
    package static func title(source: some Collection<UInt8>) -> String {
        String(decoding: unescapeTitle(Array(source)), as: UTF8.self)
    }

    /// The title trimmed of white space, as a heading holds it.
    package static func trimmedTitle(_ title: String) -> String {
        let bytes = Array(title.utf8)
        var from = 0, to = bytes.count
        while from < to && isWhite(bytes[from]) { from += 1 }
        while to > from && isWhite(bytes[to - 1]) { to -= 1 }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// The source to write for a title (trimmed; a trailing `#` run escaped when it would read as
    /// a closing sequence).
    package static func escapeTitle(_ title: String) -> [UInt8] {
        var t = Array(trimmedTitle(title).utf8)
        if let (i, _) = closingRun(t, minBackslashes: 0) { t.insert(0x5C, at: i) }
        return t
    }

    static func unescapeTitle(_ s: [UInt8]) -> [UInt8] {
        var t = s
        if let (i, _) = closingRun(t, minBackslashes: 1) { t.remove(at: i) }
        return t
    }

    /// A trailing run of `#` after backslashes that follow a space, a tab or the start: where the
    /// backslashes start, and how many there are.
    private static func closingRun(_ t: [UInt8], minBackslashes: Int) -> (Int, Int)? {
        var j = t.count
        while j > 0 && t[j - 1] == 0x23 { j -= 1 }
        guard j < t.count else { return nil }
        var i = j
        while i > 0 && t[i - 1] == 0x5C { i -= 1 }
        guard j - i >= minBackslashes, i == 0 || t[i - 1] == 0x20 || t[i - 1] == 0x09 else { return nil }
        return (i, j - i)
    }

    static func isWhite(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }
}
