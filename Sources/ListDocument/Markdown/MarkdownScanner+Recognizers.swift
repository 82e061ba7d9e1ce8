/// Line-level recognizers: each looks at the current line from a position (usually its first
/// non-space) and says whether a block starts there, as `cmark-gfm`'s scanners do.
extension MarkdownScanner {
    struct ListMarker {
        var width: Int
        var ordered: Bool
        /// Bullet character or ordered delimiter.
        var char: UInt8
        var number: Int
    }

    /// `cmark_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    @inline(__always) func isCmarkSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// `#` to `######` followed by spaces or the line end: the length matched (spaces included).
    func atxHeadingStart(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        var n = 0
        while n < 7 && peek(b, i + n) == 0x23 { n += 1 }
        guard n >= 1 && n <= 6 else { return nil }
        let c = peek(b, i + n)
        if c == 0x0A { return n + 1 }
        guard isSpaceOrTab(c) else { return nil }
        var m = n
        while isSpaceOrTab(peek(b, i + m)) { m += 1 }
        return m
    }

    /// Three or more backticks (with no backtick after them on the line) or tildes: the fence's
    /// length.
    func openingFence(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let c = peek(b, i)
        guard c == 0x60 || c == 0x7E else { return nil }
        var n = 0
        while peek(b, i + n) == c { n += 1 }
        guard n >= 3 else { return nil }
        if c == 0x60 {
            var j = i + n
            while j < line.end {
                if b[j] == 0x60 { return nil }
                j += 1
            }
        }
        return n
    }

    /// A closing fence: the run's length when only spaces and tabs follow it.
    func closingFence(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let c = peek(b, i)
        guard c == 0x60 || c == 0x7E else { return nil }
        var n = 0
        while peek(b, i + n) == c { n += 1 }
        guard n >= 3 else { return nil }
        var j = i + n
        while isSpaceOrTab(peek(b, j)) { j += 1 }
        return j >= line.end ? n : nil
    }

    /// `===` (level 1) or `---` (level 2) alone on the line.
    func setextUnderline(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let c = peek(b, i)
        guard c == 0x3D || c == 0x2D else { return nil }
        var j = i
        while peek(b, j) == c { j += 1 }
        while isSpaceOrTab(peek(b, j)) { j += 1 }
        guard j >= line.end else { return nil }
        return c == 0x3D ? 1 : 2
    }

    /// Three or more `*`, `-` or `_` (the same), spaces and tabs between, alone on the line.
    func thematicBreak(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let c = peek(b, i)
        guard c == 0x2A || c == 0x2D || c == 0x5F else { return false }
        var count = 1
        var j = i + 1
        while j < line.end {
            let d = b[j]
            if d == c {
                count += 1
            } else if !isSpaceOrTab(d) {
                return false
            }
            j += 1
        }
        return count >= 3
    }

    /// A list marker: `-`, `+` or `*`, or up to nine digits and `.` or `)`, followed by white
    /// space. Interrupting a paragraph, the item must have content and an ordered one must be 1.
    func listMarker(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, interruptsParagraph: Bool) -> ListMarker? {
        let c = peek(b, i)
        var marker: ListMarker
        var j: Int
        if c == 0x2A || c == 0x2D || c == 0x2B {
            j = i + 1
            marker = ListMarker(width: 1, ordered: false, char: c, number: 0)
        } else if c >= 0x30 && c <= 0x39 {
            var number = 0
            j = i
            repeat {
                number = number * 10 + Int(peek(b, j) - 0x30)
                j += 1
            } while j - i < 9 && peek(b, j) >= 0x30 && peek(b, j) <= 0x39
            if interruptsParagraph && number != 1 { return nil }
            let d = peek(b, j)
            guard d == 0x2E || d == 0x29 else { return nil }
            j += 1
            marker = ListMarker(width: j - i, ordered: true, char: d, number: number)
        } else {
            return nil
        }
        guard isCmarkSpace(peek(b, j)) else { return nil }
        if interruptsParagraph {
            var k = j
            while isSpaceOrTab(peek(b, k)) { k += 1 }
            if k >= line.end { return nil }
        }
        return marker
    }

    // MARK: HTML blocks

    /// The HTML block kind (1 to 7) starting at `i`; kind 7 cannot interrupt a paragraph.
    func htmlBlockStart(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, allowKind7: Bool) -> Int? {
        guard peek(b, i) == 0x3C else { return nil }  // <
        let next = peek(b, i + 1)
        if next == 0x21 {  // !
            if peek(b, i + 2) == 0x2D && peek(b, i + 3) == 0x2D { return 2 }
            if matches(b, i + 2, "[CDATA[", caseInsensitive: false) { return 5 }
            let d = peek(b, i + 2)
            if d >= 0x41 && d <= 0x5A { return 4 }
        } else if next == 0x3F {
            return 3
        }
        // Kind 1: <script, <pre, <style.
        for name in ["script", "pre", "style"] where matches(b, i + 1, name, caseInsensitive: true) {
            let d = peek(b, i + 1 + name.utf8.count)
            if isCmarkSpace(d) || d == 0x3E { return 1 }
        }
        // Kind 6: a block-level tag name.
        var j = i + 1
        if peek(b, j) == 0x2F { j += 1 }
        var k = j
        while isAlphanumeric(peek(b, k)) { k += 1 }
        if k > j && Self.blockTagNames.contains(lowercased(b, j, k)) {
            let d = peek(b, k)
            if isCmarkSpace(d) || d == 0x3E || (d == 0x2F && peek(b, k + 1) == 0x3E) { return 6 }
        }
        if allowKind7, let end = completeTag(b, i + 1) {
            var e = end
            while peek(b, e) == 0x20 || peek(b, e) == 0x09 || peek(b, e) == 0x0C { e += 1 }
            if e >= line.end { return 7 }
        }
        return nil
    }

    /// Whether the line, from `i`, holds the end of an HTML block of `type` (1 to 5).
    func htmlBlockEnds(_ b: UnsafeBufferPointer<UInt8>, type: Int, from i: Int) -> Bool {
        let needles: [String]
        switch type {
        case 1: needles = ["</script>", "</pre>", "</style>"]
        case 2: needles = ["-->"]
        case 3: needles = ["?>"]
        case 4: needles = [">"]
        case 5: needles = ["]]>"]
        default: return false
        }
        var j = i
        while j < line.end {
            for needle in needles where matches(b, j, needle, caseInsensitive: type == 1) { return true }
            j += 1
        }
        return false
    }

    /// An open tag (`tagname attribute* space* /? >`) or a closing tag (`/tagname space* >`)
    /// from just after its `<`: the offset after it.
    private func completeTag(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        var i = start
        let closing = peek(b, i) == 0x2F
        if closing { i += 1 }
        guard isLetter(peek(b, i)) else { return nil }
        while isAlphanumeric(peek(b, i)) || peek(b, i) == 0x2D { i += 1 }
        if closing {
            while isCmarkSpace(peek(b, i)) && i < line.end { i += 1 }
            return peek(b, i) == 0x3E ? i + 1 : nil
        }
        while true {
            let save = i
            var j = i
            while j < line.end && isCmarkSpace(b[j]) { j += 1 }
            let c = peek(b, j)
            guard j > i, isLetter(c) || c == 0x5F || c == 0x3A else { i = save; break }
            j += 1
            while isAlphanumeric(peek(b, j)) || [0x3A, 0x2E, 0x5F, 0x2D].contains(peek(b, j)) { j += 1 }
            i = j
            // An optional value.
            var k = j
            while k < line.end && isCmarkSpace(b[k]) { k += 1 }
            guard peek(b, k) == 0x3D else { continue }
            k += 1
            while k < line.end && isCmarkSpace(b[k]) { k += 1 }
            let q = peek(b, k)
            if q == 0x22 || q == 0x27 {
                var m = k + 1
                while m < line.end && b[m] != q { m += 1 }
                guard m < line.end else { return nil }
                i = m + 1
            } else {
                var m = k
                while m < line.end && !isCmarkSpace(b[m]) && ![0x22, 0x27, 0x3D, 0x3C, 0x3E, 0x60].contains(b[m]) { m += 1 }
                guard m > k else { return nil }
                i = m
            }
        }
        while i < line.end && isCmarkSpace(b[i]) { i += 1 }
        if peek(b, i) == 0x2F { i += 1 }
        return peek(b, i) == 0x3E ? i + 1 : nil
    }

    static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
        "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    private func matches(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ word: String, caseInsensitive: Bool) -> Bool {
        var j = i
        for w in word.utf8 {
            var c = peek(b, j)
            if caseInsensitive && c >= 0x41 && c <= 0x5A { c += 0x20 }
            guard c == w else { return false }
            j += 1
        }
        return true
    }

    private func lowercased(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        String(decoding: b[from..<to].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    @inline(__always) private func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    @inline(__always) private func isAlphanumeric(_ c: UInt8) -> Bool { isLetter(c) || (c >= 0x30 && c <= 0x39) }

    // MARK: tables (GitHub)

    /// A delimiter row: `|? :?-+:? (| :?-+:?)* |?`, spaces allowed around each cell.
    func tableDelimiterRow(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var i = start
        func cell(_ i: inout Int) -> Bool {
            var j = i
            while isTableSpace(peek(b, j)) { j += 1 }
            if peek(b, j) == 0x3A { j += 1 }
            guard peek(b, j) == 0x2D else { return false }
            while peek(b, j) == 0x2D { j += 1 }
            if peek(b, j) == 0x3A { j += 1 }
            while isTableSpace(peek(b, j)) { j += 1 }
            i = j
            return true
        }
        if peek(b, i) == 0x7C { i += 1 }
        guard cell(&i) else { return false }
        while peek(b, i) == 0x7C {
            var j = i + 1
            guard cell(&j) else { break }
            i = j
        }
        if peek(b, i) == 0x7C { i += 1 }
        while isTableSpace(peek(b, i)) { i += 1 }
        return i >= line.end
    }

    /// The number of cells of the line read as a table row from `start` (0: not a row).
    func tableRowColumns(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        rowColumns(b, start, line.end)
    }

    /// Cells of `b[start..<end]` as a row: cells are split by unescaped pipes, a leading and a
    /// trailing pipe are optional.
    func rowColumns(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        func pipe(_ i: Int) -> Int {
            guard i < end && b[i] == 0x7C else { return 0 }
            var j = i + 1
            while j < end && isTableSpace(b[j]) { j += 1 }
            return j - i
        }
        var i = start + pipe(start)
        var columns = 0
        while i < end {
            var j = i
            while j < end && b[j] != 0x7C {
                j += b[j] == 0x5C && j + 1 < end && isASCIIPunctuation(b[j + 1]) ? 2 : 1
            }
            let p = pipe(j)
            if j > i || p > 0 { columns += 1 }
            i = j + p
            if p == 0 { break }
        }
        return columns
    }

    @inline(__always) private func isTableSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C }
}

/// ASCII punctuation, the characters a backslash escapes.
@inline(__always)
func isASCIIPunctuation(_ c: UInt8) -> Bool {
    (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
}
