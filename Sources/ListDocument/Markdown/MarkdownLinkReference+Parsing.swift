/// Link reference definitions (`[label]: destination "title"`) as CommonMark reads them at the
/// start of a paragraph, and label matching.
extension MarkdownLinkReference {
    /// The definitions that open `content` (a paragraph's lines, each ending in a line feed): the
    /// bytes they take (whole lines) and the definitions by normalized label, in order.
    static func parseDefinitions(_ content: [UInt8]) -> (consumed: Int, [(String, MarkdownLinkReference)]) {
        var found: [(String, MarkdownLinkReference)] = []
        var pos = 0
        while pos < content.count && content[pos] == 0x5B {
            guard let (end, label, reference) = definition(content, pos) else { break }
            let key = normalize(label)
            if !key.isEmpty { found.append((key, reference)) }
            pos = end
        }
        return (pos, found)
    }

    /// One definition at `start`: where it ends, its raw label and the reference.
    private static func definition(_ s: [UInt8], _ start: Int) -> (Int, [UInt8], MarkdownLinkReference)? {
        guard let (afterLabel, label) = linkLabel(s, start), !label.allSatisfy(isWhite) else { return nil }
        var i = afterLabel
        guard i < s.count && s[i] == 0x3A else { return nil }
        i += 1
        i = spacesAndOneNewline(s, i)
        guard let (afterURL, url) = destination(s, i) else { return nil }
        i = afterURL
        let beforeTitle = i
        i = spacesAndOneNewline(s, i)
        var title: [UInt8]?
        if i != beforeTitle, let (afterTitle, t) = linkTitle(s, i) {
            i = afterTitle
            title = t
        } else {
            i = beforeTitle
        }
        var end = skipSpaces(s, i)
        if !atLineEnd(s, &end) {
            guard title != nil else { return nil }
            title = nil
            end = skipSpaces(s, beforeTitle)
            guard atLineEnd(s, &end) else { return nil }
        }
        let reference = MarkdownLinkReference(destination: String(decoding: url, as: UTF8.self),
                                              title: title.map { String(decoding: $0, as: UTF8.self) })
        return (end, label, reference)
    }

    /// `[` up to 999 characters without unescaped brackets `]`: the offset after `]` and the
    /// trimmed label.
    static func linkLabel(_ s: [UInt8], _ start: Int) -> (Int, [UInt8])? {
        guard start < s.count && s[start] == 0x5B else { return nil }
        var i = start + 1
        var length = 0
        while i < s.count && s[i] != 0x5B && s[i] != 0x5D {
            if s[i] == 0x5C {
                i += 1
                length += 1
                if i < s.count && isASCIIPunctuation(s[i]) {
                    i += 1
                    length += 1
                }
            } else {
                i += 1
                length += 1
            }
            if length > 999 { return nil }
        }
        guard i < s.count && s[i] == 0x5D else { return nil }
        var label = Array(s[(start + 1)..<i])
        while let f = label.first, isWhite(f) { label.removeFirst() }
        while let l = label.last, isWhite(l) { label.removeLast() }
        return (i + 1, label)
    }

    private static func destination(_ s: [UInt8], _ start: Int) -> (Int, [UInt8])? {
        var i = start
        if i < s.count && s[i] == 0x3C {
            i += 1
            while i < s.count {
                if s[i] == 0x3E {
                    i += 1
                    guard i < s.count else { return nil }
                    return (i, Array(s[(start + 1)..<(i - 1)]))
                } else if s[i] == 0x5C {
                    i += 2
                } else if s[i] == 0x0A || s[i] == 0x3C {
                    return nil
                } else {
                    i += 1
                }
            }
            return nil
        }
        var depth = 0
        while i < s.count {
            let c = s[i]
            if c == 0x5C && i + 1 < s.count && isASCIIPunctuation(s[i + 1]) {
                i += 2
            } else if c == 0x28 {
                depth += 1
                i += 1
                if depth > 32 { return nil }
            } else if c == 0x29 {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                if i == start { return nil }
                break
            } else {
                i += 1
            }
        }
        guard i < s.count else { return nil }
        return (i, Array(s[start..<i]))
    }

    private static func linkTitle(_ s: [UInt8], _ start: Int) -> (Int, [UInt8])? {
        guard start < s.count else { return nil }
        let open = s[start]
        let close: UInt8
        switch open {
        case 0x22, 0x27: close = open
        case 0x28: close = 0x29
        default: return nil
        }
        var i = start + 1
        while i < s.count {
            let c = s[i]
            if c == 0x5C && i + 1 < s.count && isASCIIPunctuation(s[i + 1]) {
                i += 2
            } else if c == close {
                return (i + 1, Array(s[(start + 1)..<i]))
            } else if open == 0x28 && c == 0x28 {
                return nil
            } else {
                i += 1
            }
        }
        return nil
    }

    private static func skipSpaces(_ s: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < s.count && (s[i] == 0x20 || s[i] == 0x09) { i += 1 }
        return i
    }

    private static func spacesAndOneNewline(_ s: [UInt8], _ start: Int) -> Int {
        var i = skipSpaces(s, start)
        var end = i
        if atLineEnd(s, &end) && end < s.count { i = skipSpaces(s, end) }
        return i
    }

    /// At a line end (or the end): moves past it.
    private static func atLineEnd(_ s: [UInt8], _ i: inout Int) -> Bool {
        var seen = false
        if i < s.count && s[i] == 0x0D { i += 1; seen = true }
        if i < s.count && s[i] == 0x0A { i += 1; seen = true }
        return seen || i >= s.count
    }

    private static func isWhite(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// A label as references match it: case folded, inner white space collapsed to one space,
    /// trimmed.
    ///
    ///     MarkdownLinkReference.normalize(Array("  Foo\n  BAR ".utf8))   // "foo bar"
    package static func normalize(_ label: [UInt8]) -> String {
        var out: [UInt8] = []
        var space = false
        for c in label {
            if isWhite(c) {
                space = !out.isEmpty
            } else {
                if space { out.append(0x20) }
                space = false
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self).uppercased().lowercased()
    }
}
