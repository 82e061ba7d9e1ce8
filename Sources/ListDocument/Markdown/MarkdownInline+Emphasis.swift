/// Delimiter runs, brackets and the final flattening of `InlineParser`.
extension InlineParser {
    // MARK: delimiter runs

    mutating func delimiterRun(_ c: UInt8) {
        let start = pos
        while peek(pos) == c { pos += 1 }
        let (left, right, punctBefore, punctAfter) = flanking(start, pos)
        let canOpen, canClose: Bool
        if c == 0x5F {
            canOpen = left && (!right || punctBefore)
            canClose = right && (!left || punctAfter)
        } else {
            canOpen = left
            canClose = right
        }
        text(s[start..<pos])
        if canOpen || canClose {
            delimiters.append(Delimiter(piece: pieces.count - 1, char: c, canOpen: canOpen, canClose: canClose, length: pos - start))
        }
    }

    /// GitHub's strikethrough: `~` or `~~`, left- or right-flanking.
    mutating func tildes() {
        let start = pos
        while peek(pos) == 0x7E { pos += 1 }
        let (left, right, _, _) = flanking(start, pos)
        text(s[start..<pos])
        if (left || right) && pos - start <= 2 {
            delimiters.append(Delimiter(piece: pieces.count - 1, char: 0x7E, canOpen: left, canClose: right, length: pos - start))
        }
    }

    /// Whether the run `start..<end` is left- and right-flanking, and whether punctuation is
    /// before and after it (a `~` next to it counts as a line end, as in cmark-gfm).
    func flanking(_ start: Int, _ end: Int) -> (Bool, Bool, Bool, Bool) {
        var b = start - 1
        while b > 0 && (s[b] & 0xC0 == 0x80 || s[b] == 0x7E) { b -= 1 }
        var before: Unicode.Scalar = "\n"
        if b >= 0 && start > 0, let scalar = decode(b), scalar != "~" { before = scalar }
        var a = end
        while a < s.count && s[a] == 0x7E { a += 1 }
        var after: Unicode.Scalar = "\n"
        if a < s.count, let scalar = decode(a) { after = scalar }
        let spaceBefore = Self.isUnicodeSpace(before), spaceAfter = Self.isUnicodeSpace(after)
        let punctBefore = Self.isUnicodePunctuation(before), punctAfter = Self.isUnicodePunctuation(after)
        let left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore)
        let right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter)
        return (left, right, punctBefore, punctAfter)
    }

    func decode(_ i: Int) -> Unicode.Scalar? {
        var iterator = s[i..<min(s.count, i + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    static func isUnicodeSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 9, 10, 12, 13, 32, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    static func isUnicodePunctuation(_ c: Unicode.Scalar) -> Bool {
        if c.value < 128 { return isASCIIPunctuation(UInt8(c.value)) }
        switch c.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    // MARK: emphasis

    func live(after i: Int) -> Int? {
        var j = i + 1
        while j < delimiters.count && delimiters[j].removed { j += 1 }
        return j < delimiters.count ? j : nil
    }

    func live(before i: Int) -> Int? {
        var j = i - 1
        while j >= 0 && delimiters[j].removed { j -= 1 }
        return j >= 0 ? j : nil
    }

    /// CommonMark's "process emphasis" over the delimiters from `bottom` on.
    mutating func processEmphasis(bottom: Int) {
        func kind(_ c: UInt8) -> Int { c == 0x2A ? 0 : c == 0x5F ? 1 : 2 }
        var openersBottom = Array(repeating: Array(repeating: bottom - 1, count: 3), count: 3)
        var closer = live(after: bottom - 1)
        while let c = closer {
            let d = delimiters[c]
            guard d.canClose else {
                closer = live(after: c)
                continue
            }
            var opener = live(before: c)
            var found: Int?
            while let o = opener, o >= bottom, o > openersBottom[d.length % 3][kind(d.char)] {
                let e = delimiters[o]
                // (A `~` run matches only a run of its own length.)
                if e.canOpen && e.char == d.char && (d.char != 0x7E || e.length == d.length)
                    && (!(d.canOpen || e.canClose) || d.length % 3 == 0 || (e.length + d.length) % 3 != 0) {
                    found = o
                    break
                }
                opener = live(before: o)
            }
            if let o = found {
                closer = d.char == 0x7E ? strikethrough(o, c) : emphasis(o, c)
            } else {
                openersBottom[d.length % 3][kind(d.char)] = live(before: c) ?? bottom - 1
                closer = live(after: c)
                if !d.canOpen { delimiters[c].removed = true }
            }
        }
        for i in delimiters.indices where i >= bottom { delimiters[i].removed = true }
    }

    mutating func style(_ style: MarkdownInline.Style, from: Int, to: Int) {
        guard from < to else { return }
        for p in from..<to where !pieces[p].removed { pieces[p].style.insert(style) }
    }

    /// Emphasis (one delimiter from each side) or strong emphasis (two).
    mutating func emphasis(_ o: Int, _ c: Int) -> Int? {
        let op = delimiters[o].piece, cp = delimiters[c].piece
        let use = pieces[op].bytes.count >= 2 && pieces[cp].bytes.count >= 2 ? 2 : 1
        pieces[op].bytes.removeLast(use)
        pieces[cp].bytes.removeLast(use)
        for i in (o + 1)..<c { delimiters[i].removed = true }
        style(use == 1 ? .emphasis : .strong, from: op + 1, to: cp)
        if pieces[op].bytes.isEmpty {
            pieces[op].removed = true
            delimiters[o].removed = true
        }
        if pieces[cp].bytes.isEmpty {
            pieces[cp].removed = true
            delimiters[c].removed = true
            return live(after: c)
        }
        return c
    }

    /// Strikethrough between runs of the same length; otherwise both stay text.
    mutating func strikethrough(_ o: Int, _ c: Int) -> Int? {
        let next = live(after: c)
        let op = delimiters[o].piece, cp = delimiters[c].piece
        if pieces[op].bytes.count == pieces[cp].bytes.count {
            style(.strikethrough, from: op + 1, to: cp)
            pieces[op].removed = true
            pieces[cp].removed = true
        }
        for i in o...c { delimiters[i].removed = true }
        return next
    }

    // MARK: links

    mutating func pushBracket(image: Bool, bytes: [UInt8], at position: Int) {
        if let last = brackets.indices.last { brackets[last].bracketAfter = true }
        text(bytes)
        brackets.append(Bracket(piece: pieces.count - 1, image: image, delimiterBottom: delimiters.count, position: position))
    }

    mutating func closeBracket() {
        pos += 1
        let initial = pos
        guard let b = brackets.indices.last else { text([0x5D]); return }
        let opener = brackets[b]
        guard opener.active else {
            brackets.removeLast()
            text([0x5D])
            return
        }
        var matched = false
        // An inline link: (destination "title").
        if peek(pos) == 0x28 {
            let sps = spacechars(pos + 1)
            if let n = destination(pos + 1 + sps) {
                let endURL = pos + 1 + sps + n
                let startTitle = endURL + spacechars(endURL)
                let endTitle = startTitle == endURL ? startTitle : startTitle + title(startTitle)
                let endAll = endTitle + spacechars(endTitle)
                if peek(endAll) == 0x29 {
                    pos = endAll + 1
                    matched = true
                }
            }
        }
        // A reference: [label], [], or the text itself.
        if !matched {
            var label: [UInt8]?
            if let (after, raw) = MarkdownLinkReference.linkLabel(s, pos) {
                pos = after
                label = raw
            } else {
                pos = initial
            }
            if label?.isEmpty != false && !opener.bracketAfter {
                label = Array(s[opener.position..<(initial - 1)])
            }
            if let label, isDefined(MarkdownLinkReference.normalize(label)) {
                matched = true
            } else {
                pos = initial
            }
        }
        guard matched else {
            brackets.removeLast()
            text([0x5D])
            return
        }
        pieces[opener.piece].removed = true
        style(opener.image ? .image : .link, from: opener.piece + 1, to: pieces.count)
        processEmphasis(bottom: opener.delimiterBottom)
        brackets.removeLast()
        if !opener.image {
            if let top = brackets.indices.last { brackets[top].linkInside = true }
            for i in brackets.indices.reversed() where !brackets[i].image {
                if !brackets[i].active { break }
                brackets[i].active = false
            }
        }
    }

    func spacechars(_ i: Int) -> Int {
        var j = i
        while j < s.count && isSpace(s[j]) { j += 1 }
        return j - i
    }

    /// A link destination at `start`: its length.
    func destination(_ start: Int) -> Int? {
        var i = start
        if peek(i) == 0x3C {
            i += 1
            while i < s.count {
                if s[i] == 0x3E { i += 1; return i < s.count ? i - start : nil }
                if s[i] == 0x5C { i += 2 } else if s[i] == 0x0A || s[i] == 0x3C { return nil } else { i += 1 }
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
            } else if isSpace(c) {
                if i == start { return nil }
                break
            } else {
                i += 1
            }
        }
        return i < s.count ? i - start : nil
    }

    /// A link title at `start`: its length (0 when none).
    func title(_ start: Int) -> Int {
        let open = peek(start)
        let close: UInt8 = open == 0x28 ? 0x29 : open
        guard open == 0x22 || open == 0x27 || open == 0x28 else { return 0 }
        var i = start + 1
        while i < s.count {
            let c = s[i]
            if c == 0x5C && i + 1 < s.count && isASCIIPunctuation(s[i + 1]) {
                i += 2
            } else if c == close {
                return i + 1 - start
            } else if open == 0x28 && c == 0x28 {
                return 0
            } else {
                i += 1
            }
        }
        return 0
    }

    // MARK: output

    /// The display text and its runs.
    func flatten() -> MarkdownInline.Rendered {
        var bytes: [UInt8] = []
        var styles: [MarkdownInline.Style] = []
        for piece in pieces where !piece.removed {
            bytes += piece.bytes
            styles += Array(repeating: piece.style, count: piece.bytes.count)
        }
        var runs: [MarkdownInline.Run] = []
        for (i, style) in styles.enumerated() {
            if let last = runs.last, last.style == style, last.range.upperBound == i {
                runs[runs.count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                runs.append(.init(range: i..<(i + 1), style: style))
            }
        }
        return .init(text: String(decoding: bytes, as: UTF8.self), runs: runs)
    }
}
