extension TextWidth {
    /// What a grapheme cluster is made of, as far as its width goes. Terminals draw the `.text`
    /// kind as Unicode says; they are known to disagree on every other kind (tmux 3.3a draws 👍🏽
    /// in 4 columns and ❤️ with VS16 in 1, where Unicode says 2; other terminals draw a ZWJ family
    /// as three people, 6 columns), so the terminal backend measures those clusters.
    ///
    ///     TextWidth.kind(of: "👍🏽")          // .modifierSequence
    ///     TextWidth.kind(of: "e\u{301}")     // .text
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// One code point, a letter with combining marks, a Hangul syllable in jamo.
        case text
        /// More than one spacing code point in one cluster: an Indic conjunct (`क्ष`), a vowel
        /// sign (`का`), a skin tone after something that takes none.
        case conjunct
        /// `1️⃣`: a digit, `#` or `*`, then U+20E3 (usually with VS16 between).
        case keycap
        /// `🇫🇷`: two regional indicators.
        case flag
        /// `🇫`: a regional indicator standing alone.
        case regionalIndicator
        /// `👍🏽`: an emoji that takes a skin tone, and the skin tone.
        case modifierSequence
        /// `👨‍👩‍👧`: pictographs joined by U+200D ZERO WIDTH JOINER.
        case zwjSequence
        /// `🏴󠁧󠁢󠁥󠁮󠁧󠁿`: a pictograph and tag characters (subdivision flags).
        case tagSequence
        /// `❤️`: an emoji followed by VS16 U+FE0F, asking for emoji presentation.
        case emojiPresentation
        /// `⌚︎`: an emoji followed by VS15 U+FE0E, asking for text presentation.
        case textPresentation
        /// An emoji newer than the width table, which terminals with older tables draw at another
        /// width or not at all.
        case newEmoji

        /// Whether terminals are known to draw this kind at other widths than Unicode's.
        public var isDisputed: Bool { self != .text }
    }

    /// The kind of one grapheme cluster.
    ///
    /// - Complexity: O(n) in the cluster's code points.
    public static func kind(of character: Character) -> Kind {
        let scalars = character.unicodeScalars
        var rest = scalars.makeIterator()
        guard let first = rest.next() else { return .text }
        guard let second = rest.next() else {
            if isRegionalIndicator(first) { return .regionalIndicator }
            return isNewEmoji(first) ? .newEmoji : .text
        }
        let v = first.value
        if isRegionalIndicator(first) { return isRegionalIndicator(second) ? .flag : .regionalIndicator }
        if (0x30...0x39).contains(v) || v == 0x23 || v == 0x2A {
            if scalars.contains(where: { $0.value == 0x20E3 }) { return .keycap }
        }
        if isPictographic(first) {
            var joined = false
            for s in scalars.dropFirst() {
                if joined && s.value != 0x200D && !isZeroWidth(s) { return .zwjSequence }
                if s.value == 0x200D { joined = true }
            }
            if (0xE0020...0xE007F).contains(second.value) { return .tagSequence }
            if second.properties.isEmojiModifier, first.properties.isEmojiModifierBase { return .modifierSequence }
        }
        if first.properties.isEmoji {
            if second.value == 0xFE0F { return .emojiPresentation }
            if second.value == 0xFE0E { return .textPresentation }
        }
        var spacing = 0
        for s in scalars where width(of: s) > 0 {
            spacing += 1
            if spacing > 1 { return .conjunct }
        }
        return isNewEmoji(first) ? .newEmoji : .text
    }
}
