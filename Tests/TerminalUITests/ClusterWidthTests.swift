import Testing
import TerminalUI

/// Widths of grapheme clusters under Unicode's rules and under a profile measured in a terminal.
@Suite struct ClusterWidthTests {
    /// One cluster: Unicode's width, its kind, and what tmux 3.3a draws it with (measured with a
    /// cursor position request after drawing it at the start of a line, glibc 2.36).
    struct Sample: CustomTestStringConvertible, Sendable {
        let cluster: Character
        let unicode: Int
        let kind: TextWidth.Kind
        let tmux: Int
        /// `cluster` as a string: the compiler's check of a `Character` literal does not know the
        /// conjunct rule of grapheme segmentation (Unicode 15.1) that the standard library applies.
        init(_ cluster: String, _ unicode: Int, _ kind: TextWidth.Kind, tmux: Int) {
            self.cluster = Character(cluster)
            self.unicode = unicode
            self.kind = kind
            self.tmux = tmux
        }
        var testDescription: String { cluster.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }

    static let samples: [Sample] = [
        Sample("A", 1, .text, tmux: 1),
        Sample("吴", 2, .text, tmux: 2),
        Sample("ｱ", 1, .text, tmux: 1),
        Sample("e\u{301}", 1, .text, tmux: 1),
        Sample("a\u{308}\u{301}", 1, .text, tmux: 1),
        Sample("\u{1100}\u{1161}\u{11A8}", 2, .text, tmux: 2),   // Hangul syllable in jamo
        Sample("\u{AC00}", 2, .text, tmux: 2),
        Sample("\u{AD}", 1, .text, tmux: 1),                     // soft hyphen
        Sample("\u{200D}", 0, .text, tmux: 0),
        Sample("👍", 2, .text, tmux: 2),
        Sample("🏽", 2, .text, tmux: 2),
        Sample("❤", 1, .text, tmux: 1),
        Sample("⌚", 2, .text, tmux: 2),
        Sample("👍🏽", 2, .modifierSequence, tmux: 4),
        Sample("🧑🏽‍🚀", 2, .zwjSequence, tmux: 4),
        Sample("👋🏻‍♀️", 2, .zwjSequence, tmux: 4),
        Sample("👨‍👩‍👧", 2, .zwjSequence, tmux: 2),
        Sample("👨‍👩‍👧‍👦", 2, .zwjSequence, tmux: 2),
        Sample("🧑‍🚀", 2, .zwjSequence, tmux: 2),
        Sample("🏳️‍🌈", 2, .zwjSequence, tmux: 1),
        Sample("❤️‍🔥", 2, .zwjSequence, tmux: 1),
        Sample("🇫🇷", 2, .flag, tmux: 2),
        Sample("🇫", 1, .regionalIndicator, tmux: 1),
        Sample("❤️", 2, .emojiPresentation, tmux: 1),
        Sample("☺️", 2, .emojiPresentation, tmux: 1),
        Sample("©️", 2, .emojiPresentation, tmux: 1),
        Sample("⌚︎", 1, .textPresentation, tmux: 2),
        Sample("1️⃣", 2, .keycap, tmux: 1),
        Sample("#⃣", 2, .keycap, tmux: 1),
        Sample("🏴󠁧󠁢󠁥󠁮󠁧󠁿", 2, .tagSequence, tmux: 2),
        Sample("\u{0915}\u{094D}\u{0937}", 2, .conjunct, tmux: 2),            // क्ष
        Sample("\u{0915}\u{094D}\u{200D}\u{0937}", 2, .conjunct, tmux: 1),    // half form with ZWJ
        Sample("\u{0915}\u{093E}", 2, .conjunct, tmux: 2),                    // का
        Sample("\u{0E01}\u{0E33}", 2, .conjunct, tmux: 2),                    // Thai กำ
        Sample("\u{1FAE8}", 2, .newEmoji, tmux: 0),                           // Unicode 15: unknown to glibc 2.36
    ]

    /// What the terminal backend would have recorded in tmux: the measured width of every
    /// cluster of a disputed kind.
    static let tmux = WidthProfile(measured: Dictionary(
        samples.filter { $0.kind.isDisputed }.map { ($0.cluster, $0.tmux) }, uniquingKeysWith: { a, _ in a }))

    @Test(arguments: samples)
    func unicodeWidthAndKind(_ sample: Sample) {
        #expect(TextWidth.of(sample.cluster) == sample.unicode)
        #expect(WidthProfile.unicode.width(of: sample.cluster) == sample.unicode)
        #expect(TextWidth.kind(of: sample.cluster) == sample.kind)
    }

    /// Every cluster tmux draws at another width than Unicode's is of a kind the backend measures;
    /// and a profile holding the measurements gives tmux's width for every cluster, measured or not.
    @Test(arguments: samples)
    func disputedClustersAreTheOnesMeasured(_ sample: Sample) {
        if sample.tmux != sample.unicode { #expect(sample.kind.isDisputed) }
        #expect(WidthProfile.unicode.needsMeasuring(sample.cluster) == sample.kind.isDisputed)
        #expect(!Self.tmux.needsMeasuring(sample.cluster))
        #expect(Self.tmux.width(of: sample.cluster) == sample.tmux)
    }

    @Test func stringsAddTheirClusters() {
        let row = "ok 👍🏽 👨‍👩‍👧 🇫🇷 ❤️ cafe\u{301}"
        #expect(TextWidth.of(row) == 2 + 1 + 2 + 1 + 2 + 1 + 2 + 1 + 2 + 1 + 4)
        #expect(Self.tmux.width(of: row) == 2 + 1 + 4 + 1 + 2 + 1 + 2 + 1 + 1 + 1 + 4)
        #expect(TextWidth.of("🇫🇷🇯") == 3)                      // a flag and a lone indicator
        #expect(TextWidth.of("a\u{200B}b") == 2)
        #expect(TextWidth.of("line\r\n") == 4)
        #expect(TextWidth.of("") == 0)
    }

    @Test func truncationUsesTheProfile() {
        #expect(TextWidth.truncate("👍🏽👍🏽👍🏽", to: 5) == "👍🏽👍🏽…")
        #expect(Self.tmux.truncate("👍🏽👍🏽👍🏽", to: 5) == "👍🏽…")
        #expect(Self.tmux.truncate("👍🏽👍🏽👍🏽", to: 4) == "…")
        #expect(Self.tmux.truncate("❤️❤️❤️❤️", to: 3) == "❤️❤️…")
        for width in 0...16 {
            for profile in [WidthProfile.unicode, Self.tmux] {
                let cut = profile.truncate("🧑‍🚀吾a\u{301}輩🇯🇵👍🏽❤️xyz", to: width)
                #expect(profile.width(of: cut) <= width)
                #expect(cut.unicodeScalars.count > 0 || width == 0)
            }
        }
    }

    @Test func aMeasurementReplacesUnicodesWidth() {
        var profile = WidthProfile.unicode
        #expect(profile.needsMeasuring("👍🏽"))
        profile.record("👍🏽", width: 4)
        #expect(!profile.needsMeasuring("👍🏽"))
        #expect(profile.width(of: "👍🏽!") == 5)
        #expect(profile.needsMeasuring("👍🏻"))            // another skin tone is another cluster
        profile.record("🫨", width: -1)
        #expect(profile.width(of: "🫨") == 0)
        #expect(profile != .unicode)
    }

    /// Extended_Pictographic (the generated table) agrees with the standard library's emoji data
    /// where they overlap: every emoji above ASCII but the regional indicators, keycap bases and
    /// modifiers is pictographic.
    @Test func pictographicTableCoversTheEmoji() {
        var checked = 0
        for v in UInt32(0xA0)...0x1FFFF {
            guard let s = Unicode.Scalar(v), s.properties.isEmoji else { continue }
            if (0x1F1E6...0x1F1FF).contains(v) || s.properties.isEmojiModifier { continue }
            #expect(TextWidth.isPictographic(s), "\(String(v, radix: 16))")
            checked += 1
        }
        #expect(checked > 1_000)
        #expect(!TextWidth.isPictographic("A"))
        #expect(!TextWidth.isPictographic("\u{1F1EB}"))
    }
}
