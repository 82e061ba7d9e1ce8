internal import Algorithms

/// How many terminal columns text takes by Unicode's data, one grapheme cluster (Swift's
/// `Character`) at a time, rather than `String.count` or the locale's `wcwidth`. A terminal may
/// draw some clusters at other widths: `WidthProfile` holds what it was measured to draw, and is
/// what the screen uses; `TextWidth` is its Unicode fallback.
///
///     TextWidth.of("Milk")            // 4
///     TextWidth.of("吾輩")             // 4: East Asian Wide
///     TextWidth.of("👨‍👩‍👧")            // 2: one emoji ZWJ sequence, one cluster
///     TextWidth.of("e\u{301}")        // 1: a combining accent adds nothing
///     TextWidth.of("क्ष")              // 2: a conjunct of two spacing letters
///     TextWidth.truncate("Cien años de soledad", to: 10)   // "Cien años…"
///
/// A cluster's width follows its kind (`TextWidth.kind(of:)`): an emoji sequence (keycap, flag,
/// skin tone, ZWJ or tag sequence, an emoji followed by VS16 U+FE0F) takes 2 columns, like a code
/// point with Emoji_Presentation; a text presentation sequence (VS15 U+FE0E) and a lone regional
/// indicator take 1. Any other cluster takes the sum of its code points' widths: 2 for East Asian
/// Wide or Fullwidth, 0 for combining, enclosing and format marks and for Hangul vowel and final
/// jamo, 1 otherwise. So a letter with accents is 1, a Hangul syllable written in jamo 2, and an
/// Indic conjunct of two consonants 2. Control characters are 0 here: the grid shows them as `�`.
public enum TextWidth {
    /// Columns of one grapheme cluster by Unicode's data: 0, 1 or 2 for one code point, the sum of
    /// its spacing code points for a conjunct.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
            if isRegionalIndicator(first) { return 1 }
            if isNewEmoji(first) { return 2 }
            return width(of: first)
        }
        switch kind(of: character) {
        case .keycap, .flag, .modifierSequence, .zwjSequence, .tagSequence, .emojiPresentation, .newEmoji:
            return 2
        case .regionalIndicator, .textPresentation:
            return 1
        case .text, .conjunct:
            return scalars.reduce(0) { $0 + width(of: $1) }
        }
    }

    /// Columns of a string: the sum over its grapheme clusters.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        WidthProfile.unicode.width(of: text)
    }

    /// `text` cut to at most `width` columns, ending with `…` when anything was cut. A cluster
    /// that would not fit whole is dropped, never split.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        WidthProfile.unicode.truncate(text, to: width, ellipsis: ellipsis)
    }

    /// Columns of one code point standing alone: 2 for East Asian Wide or Fullwidth, 0 for marks,
    /// format characters, Hangul vowel and final jamo and controls, 1 otherwise.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v == 0xAD { return 1 }       // soft hyphen: format, but terminals show it as a hyphen
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// Whether a code point is East Asian Wide or Fullwidth (binary search in `wideRanges`).
    public static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && contains(wideRanges, value)
    }

    /// Whether a code point is Extended_Pictographic (binary search in `pictographicRanges`): what
    /// starts an emoji ZWJ or tag sequence.
    public static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xA9 && contains(pictographicRanges, scalar.value)
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// An emoji with Emoji_Presentation that the East Asian Width table (an older Unicode) does
    /// not know as wide: assigned after it.
    static func isNewEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x1F000 && scalar.properties.isEmojiPresentation && !isWide(scalar.value)
            && !isRegionalIndicator(scalar)
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }   // Hangul vowel and final jamo
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        case .format: return !prependedConcatenationMarks.contains(v)
        default: return v == 0x200B
        }
    }

    /// Format characters that are drawn (Prepended_Concatenation_Mark in PropList.txt, the same
    /// from Unicode 14 to 16): an Arabic number sign spans the digits after it but takes a column.
    static let prependedConcatenationMarks: Set<UInt32> = [
        0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        let i = ranges.partitioningIndex { $0.upperBound >= value }   // the first range not below value
        return i < ranges.count && ranges[i].lowerBound <= value
    }
}
