/// How many terminal columns text takes, from Unicode data rather than `String.count` or the
/// locale's `wcwidth`.
///
///     TextWidth.of("Milk")        // 4
///     TextWidth.of("吾輩")         // 4: East Asian Wide
///     TextWidth.of("🧑‍🚀")          // 2: one emoji ZWJ sequence, one grapheme
///     TextWidth.of("e\u{301}")    // 1: a combining accent adds nothing
///     TextWidth.truncate("Cien años de soledad", to: 10)   // "Cien años…"
///
/// A grapheme cluster (Swift's `Character`) is 2 columns when it starts with an East Asian Wide
/// or Fullwidth code point, or is an emoji in emoji presentation (by default, or asked for with
/// U+FE0F); 0 when it consists only of combining, enclosing or format marks (a lone accent, a
/// zero-width joiner or space); otherwise 1. Control characters are 0 here: the view replaces
/// them before drawing.
public enum TextWidth {
    /// Columns of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        if isWide(first.value) { return 2 }
        let props = first.properties
        if props.isEmojiPresentation { return 2 }
        if props.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        return 1
    }

    /// Columns of a string: the sum over its grapheme clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for c in text {
            if let a = c.asciiValue { total += a >= 0x20 && a < 0x7F ? 1 : 0 } else { total += of(c) }
        }
        return total
    }

    /// `text` cut to at most `width` columns, ending with `…` when anything was cut. A wide
    /// character that would not fit whole is dropped, never split.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let room = width - of(ellipsis)
        guard room >= 0 else { return String(repeating: ".", count: width) }
        var result = ""
        var used = 0
        for c in text {
            let w = of(c)
            if used + w > room { break }
            result.append(c)
            used += w
        }
        return result + ellipsis
    }

    /// Whether a code point is East Asian Wide or Fullwidth (binary search in `wideRanges`).
    public static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var lo = 0, hi = wideRanges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if value < r.lowerBound { hi = mid } else if value > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        let v = scalar.value
        return v == 0x200B || (0x1160...0x11FF).contains(v) || (0xFE00...0xFE0F).contains(v)
    }
}
