/// The inline parser behind `MarkdownInline`: a flat list of pieces with styles, a delimiter
/// stack for emphasis and strikethrough, a bracket stack for links (CommonMark's algorithm, with
/// styles applied to the pieces between matched delimiters instead of building a tree).
struct InlineParser {
    typealias Style = MarkdownInline.Style

    struct Piece {
        var bytes: [UInt8]
        var style: Style = []
        var removed = false
    }

    struct Delimiter {
        var piece: Int
        var char: UInt8
        var canOpen: Bool
        var canClose: Bool
        /// The run's length when found (for the rule of three).
        var length: Int
        var removed = false
    }

    struct Bracket {
        var piece: Int
        var image: Bool
        var active = true
        /// Delimiters below this index were there before the bracket.
        var delimiterBottom: Int
        /// Source offset after `[`.
        var position: Int
        var bracketAfter = false
        /// A link closed inside it.
        var linkInside = false
    }

    let s: [UInt8]
    let isDefined: (String) -> Bool
    var pos = 0
    var pieces: [Piece] = []
    var delimiters: [Delimiter] = []
    var brackets: [Bracket] = []

    init(s: [UInt8], isDefined: @escaping (String) -> Bool) {
        self.s = s
        self.isDefined = isDefined
    }

    func peek(_ i: Int) -> UInt8 { i < s.count ? s[i] : 0 }

    mutating func text(_ bytes: some Sequence<UInt8>, _ style: Style = []) {
        pieces.append(Piece(bytes: Array(bytes), style: style))
    }

    mutating func parse() {
        while pos < s.count {
            let c = s[pos]
            switch c {
            case 0x5C: backslash()
            case 0x60: backticks()
            case 0x26: entity()
            case 0x3C: pointyBrace()
            case 0x2A, 0x5F: delimiterRun(c)
            case 0x7E: tildes()
            case 0x5B:
                pushBracket(image: false, bytes: [0x5B], at: pos + 1)
                pos += 1
            case 0x21:
                if peek(pos + 1) == 0x5B {
                    pushBracket(image: true, bytes: [0x21, 0x5B], at: pos + 2)
                    pos += 2
                } else {
                    text([c])
                    pos += 1
                }
            case 0x5D: closeBracket()
            case 0x0A:
                // A line break (a multi-line setext title): spaces around it go.
                if let last = pieces.indices.last, pieces[last].style.isEmpty,
                   !delimiters.contains(where: { $0.piece == last && !$0.removed }) {
                    while let b = pieces[last].bytes.last, b == 0x20 || b == 0x09 { pieces[last].bytes.removeLast() }
                }
                text([0x0A])
                pos += 1
                while pos < s.count && (s[pos] == 0x20 || s[pos] == 0x09) { pos += 1 }
            case 0x3A where !inBracket && bareURL(): break
            case 0x77 where !inBracket && bareWWW(): break
            default:
                var end = pos + 1
                while end < s.count && !Self.special(s[end]) { end += 1 }
                text(s[pos..<end])
                pos = end
            }
        }
        processEmphasis(bottom: 0)
    }

    static func special(_ c: UInt8) -> Bool {
        switch c {
        case 0x5C, 0x60, 0x26, 0x3C, 0x2A, 0x5F, 0x7E, 0x5B, 0x21, 0x5D, 0x3A, 0x77, 0x0A: true
        default: false
        }
    }

    /// Inside the text of a link or image still open, where GitHub's bare addresses are not looked
    /// for (as cmark-gfm 0.29 behaves: inside a link even once it cannot become one; inside an
    /// image until a link closes in it).
    var inBracket: Bool {
        guard let top = brackets.last else { return false }
        return !top.image || (top.active && !top.linkInside)
    }

    /// GitHub's `http://`, `https://` or `ftp://` address, at its `:`: the scheme was already
    /// read as text and moves into the link.
    mutating func bareURL() -> Bool {
        guard peek(pos + 1) == 0x2F, peek(pos + 2) == 0x2F, pos + 3 < s.count else { return false }
        var rewind = 0
        while rewind < pos && isLetter(s[pos - rewind - 1]) { rewind += 1 }
        let scheme = String(decoding: s[(pos - rewind)..<pos], as: UTF8.self).lowercased()
        guard ["http", "https", "ftp"].contains(scheme), Self.isHostChar(s, pos + 3),
              let last = pieces.indices.last, pieces[last].style.isEmpty, pieces[last].bytes.count >= rewind,
              !delimiters.contains(where: { $0.piece == last && !$0.removed }) else { return false }
        let domain = Self.domainLength(s, pos + 3, allowShort: true)
        guard domain > 0 else { return false }
        var end = pos + 3 + domain
        while end < s.count && !isSpace(s[end]) { end += 1 }
        end = Self.trimAddress(s, pos, end)
        guard end > pos else { return false }
        pieces[last].bytes.removeLast(rewind)
        text(s[(pos - rewind)..<end], .link)
        pos = end
        return true
    }

    /// GitHub's `www.` address after a space, `*`, `_`, `~` or `(` (or at the start).
    mutating func bareWWW() -> Bool {
        guard pos == 0 || isSpace(s[pos - 1]) || [0x2A, 0x5F, 0x7E, 0x28].contains(s[pos - 1]),
              matches(pos, "www."), Self.domainLength(s, pos, allowShort: false) > 0 else { return false }
        var end = pos
        while end < s.count && !isSpace(s[end]) { end += 1 }
        end = Self.trimAddress(s, pos, end)
        guard end > pos else { return false }
        text(s[pos..<end], .link)
        pos = end
        return true
    }

    /// Not white space and not punctuation.
    static func isHostChar(_ s: [UInt8], _ i: Int) -> Bool {
        guard i < s.count else { return false }
        var iterator = s[i..<min(s.count, i + 4)].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let c) = decoder.decode(&iterator) else { return false }
        return !isUnicodeSpace(c) && !isUnicodePunctuation(c)
    }

    /// The domain at `start`: letters, digits, `-`, `_` and dots (no `_` in the last two labels;
    /// at least one dot unless `allowShort`).
    static func domainLength(_ s: [UInt8], _ start: Int, allowShort: Bool) -> Int {
        var i = start + 1
        var dots = 0, underscores1 = 0, underscores2 = 0
        while i < s.count - 1 {
            if s[i] == 0x5F {
                underscores2 += 1
            } else if s[i] == 0x2E {
                underscores1 = underscores2
                underscores2 = 0
                dots += 1
            } else if !isHostChar(s, i) && s[i] != 0x2D {
                break
            }
            i += 1
        }
        if underscores1 > 0 || underscores2 > 0 { return 0 }
        return allowShort || dots > 0 ? i - start : 0
    }

    /// Where an address ends: before a `<`, trailing punctuation, an entity-like `&x;`, or an
    /// unmatched `)`.
    static func trimAddress(_ s: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        if let lt = s[start..<end].firstIndex(of: 0x3C) { end = lt }
        while end > start {
            let c = s[end - 1]
            if [0x3F, 0x21, 0x2E, 0x2C, 0x3A, 0x2A, 0x5F, 0x7E, 0x27, 0x22].contains(c) {
                end -= 1
            } else if c == 0x3B {
                var n = end - 2
                while n > start && ((s[n] | 0x20) >= 0x61 && (s[n] | 0x20) <= 0x7A) { n -= 1 }
                end = n < end - 2 && s[n] == 0x26 ? n : end - 1
            } else if c == 0x29 {
                let open = s[start..<end].filter { $0 == 0x28 }.count, close = s[start..<end].filter { $0 == 0x29 }.count
                if close <= open { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    mutating func backslash() {
        if isASCIIPunctuation(peek(pos + 1)) {
            text([s[pos + 1]])
            pos += 2
        } else {
            text([0x5C])
            pos += 1
        }
    }

    mutating func backticks() {
        var n = 0
        while peek(pos + n) == 0x60 { n += 1 }
        let start = pos + n
        var i = start
        while i < s.count {
            if s[i] == 0x60 {
                var m = 0
                while peek(i + m) == 0x60 { m += 1 }
                if m == n {
                    var content = s[start..<i].map { $0 == 0x0A ? 0x20 : $0 }
                    if content.contains(where: { $0 != 0x20 }) && content.first == 0x20 && content.last == 0x20 && content.count >= 2 {
                        content = Array(content.dropFirst().dropLast())
                    }
                    text(content, .code)
                    pos = i + m
                    return
                }
                i += m
            } else {
                i += 1
            }
        }
        text(s[pos..<start])
        pos = start
    }

    mutating func entity() {
        if let (decoded, length) = Self.decodeEntity(s, pos) {
            text(Array(decoded.utf8))
            pos += length
        } else {
            text([0x26])
            pos += 1
        }
    }

    /// An entity or numeric character reference at `i` (`&`): its text and length.
    static func decodeEntity(_ s: [UInt8], _ i: Int) -> (String, Int)? {
        var j = i + 1
        if j < s.count && s[j] == 0x23 {
            j += 1
            var code: UInt32 = 0
            var digits = 0
            if j < s.count && (s[j] == 0x78 || s[j] == 0x58) {
                j += 1
                while j < s.count, let d = hexValue(s[j]) {
                    code = min(0x110000, code * 16 + d)
                    j += 1
                    digits += 1
                }
            } else {
                while j < s.count && s[j] >= 0x30 && s[j] <= 0x39 {
                    code = min(0x110000, code * 10 + UInt32(s[j] - 0x30))
                    j += 1
                    digits += 1
                }
            }
            guard digits >= 1 && digits <= 8, j < s.count, s[j] == 0x3B else { return nil }
            let scalar = code == 0 ? nil : Unicode.Scalar(code)
            return (String(Character(scalar ?? "\u{FFFD}")), j + 1 - i)
        }
        while j < s.count && j - i <= 32 && ((s[j] | 0x20) >= 0x61 && (s[j] | 0x20) <= 0x7A || s[j] >= 0x30 && s[j] <= 0x39) { j += 1 }
        guard j < s.count, s[j] == 0x3B, j > i + 1,
              let value = MarkdownEntities.table[String(decoding: s[(i + 1)..<j], as: UTF8.self)] else { return nil }
        return (value, j + 1 - i)
    }

    private static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x41...0x46: UInt32(c - 0x41 + 10)
        case 0x61...0x66: UInt32(c - 0x61 + 10)
        default: nil
        }
    }

    // MARK: <…>

    mutating func pointyBrace() {
        if let end = autolinkURI(pos + 1) {
            text(s[(pos + 1)..<(end - 1)], .link)
            pos = end
        } else if let end = autolinkEmail(pos + 1) {
            text(s[(pos + 1)..<(end - 1)], .link)
            pos = end
        } else if let end = htmlTag(pos + 1) {
            text(s[pos..<end], .html)
            pos = end
        } else {
            text([0x3C])
            pos += 1
        }
    }

    /// `scheme:…>` after `<`: the offset after `>`.
    func autolinkURI(_ start: Int) -> Int? {
        var i = start
        guard isLetter(peek(i)) else { return nil }
        i += 1
        while isLetter(peek(i)) || isDigit(peek(i)) || peek(i) == 0x2E || peek(i) == 0x2B || peek(i) == 0x2D { i += 1 }
        guard i - start >= 2, i - start <= 32, peek(i) == 0x3A else { return nil }
        i += 1
        while i < s.count && s[i] > 0x20 && s[i] != 0x3C && s[i] != 0x3E { i += 1 }
        return peek(i) == 0x3E ? i + 1 : nil
    }

    func autolinkEmail(_ start: Int) -> Int? {
        var i = start
        let local = Array("!#$%&'*+/=?^_`{|}~-.".utf8)
        while i < s.count && (isLetter(s[i]) || isDigit(s[i]) || local.contains(s[i])) { i += 1 }
        guard i > start, peek(i) == 0x40 else { return nil }
        i += 1
        while true {
            let label = i
            guard isLetter(peek(i)) || isDigit(peek(i)) else { return nil }
            while isLetter(peek(i)) || isDigit(peek(i)) || peek(i) == 0x2D { i += 1 }
            guard s[i - 1] != 0x2D, i - label <= 63 else { return nil }
            if peek(i) == 0x2E { i += 1; continue }
            return peek(i) == 0x3E ? i + 1 : nil
        }
    }

    /// An inline HTML tag, comment, processing instruction, declaration or CDATA section after
    /// `<`: the offset after it.
    func htmlTag(_ start: Int) -> Int? {
        var i = start
        let c = peek(i)
        if c == 0x21 {
            if peek(i + 1) == 0x2D && peek(i + 2) == 0x2D {
                // <!-- ... --> with no "--" inside; not "<!-->" or "<!--->".
                i += 3
                if peek(i) == 0x3E || (peek(i) == 0x2D && peek(i + 1) == 0x3E) { return nil }
                while i + 2 < s.count {
                    if s[i] == 0x2D && s[i + 1] == 0x2D { return s[i + 2] == 0x3E ? i + 3 : nil }
                    i += 1
                }
                return nil
            }
            if matches(i + 1, "[CDATA[") {
                i += 8
                while i + 2 < s.count {
                    if s[i] == 0x5D && s[i + 1] == 0x5D && s[i + 2] == 0x3E { return i + 3 }
                    i += 1
                }
                return nil
            }
            i += 1
            guard peek(i) >= 0x41 && peek(i) <= 0x5A else { return nil }
            while peek(i) >= 0x41 && peek(i) <= 0x5A { i += 1 }
            guard isSpace(peek(i)) else { return nil }
            while i < s.count && s[i] != 0x3E { i += 1 }
            return i < s.count ? i + 1 : nil
        }
        if c == 0x3F {
            i += 1
            while i + 1 < s.count {
                if s[i] == 0x3F && s[i + 1] == 0x3E { return i + 2 }
                i += 1
            }
            return nil
        }
        let closing = c == 0x2F
        if closing { i += 1 }
        guard isLetter(peek(i)) else { return nil }
        while isLetter(peek(i)) || isDigit(peek(i)) || peek(i) == 0x2D { i += 1 }
        if closing {
            while isSpace(peek(i)) { i += 1 }
            return peek(i) == 0x3E ? i + 1 : nil
        }
        while true {
            var j = i
            while isSpace(peek(j)) { j += 1 }
            let a = peek(j)
            guard j > i, isLetter(a) || a == 0x5F || a == 0x3A else { break }
            j += 1
            while isLetter(peek(j)) || isDigit(peek(j)) || [0x5F, 0x2E, 0x3A, 0x2D].contains(peek(j)) { j += 1 }
            i = j
            var k = j
            while isSpace(peek(k)) { k += 1 }
            guard peek(k) == 0x3D else { continue }
            k += 1
            while isSpace(peek(k)) { k += 1 }
            let q = peek(k)
            if q == 0x22 || q == 0x27 {
                var m = k + 1
                while m < s.count && s[m] != q { m += 1 }
                guard m < s.count else { return nil }
                i = m + 1
            } else {
                var m = k
                while m < s.count && !isSpace(s[m]) && ![0x22, 0x27, 0x3D, 0x3C, 0x3E, 0x60].contains(s[m]) { m += 1 }
                guard m > k else { return nil }
                i = m
            }
        }
        while isSpace(peek(i)) { i += 1 }
        if peek(i) == 0x2F { i += 1 }
        return peek(i) == 0x3E ? i + 1 : nil
    }

    func matches(_ i: Int, _ word: String) -> Bool {
        var j = i
        for w in word.utf8 {
            guard peek(j) == w else { return false }
            j += 1
        }
        return true
    }

    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
}
