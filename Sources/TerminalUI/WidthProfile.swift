/// The columns each grapheme cluster takes on one terminal: Unicode's width (`TextWidth`),
/// corrected by the widths the terminal was measured to draw. Every width on screen goes through
/// a profile: the cell grid, truncation with `…`, the line editor's cursor column, mouse columns.
///
///     var tmux = WidthProfile.unicode
///     tmux.record("👍🏽", width: 4)          // tmux 3.3a draws the skin tone as a second emoji
///     tmux.width(of: "👍🏽 ok")               // 7 (Unicode: 5)
///     tmux.truncate("👍🏽👍🏽👍🏽", to: 6)       // "👍🏽…"
///
/// The terminal backend fills it by asking the terminal where its cursor went after drawing each
/// disputed cluster (`needsMeasuring`); tests build one by hand. A plain value: copy it freely.
public struct WidthProfile: Sendable, Equatable {
    /// Widths measured on the terminal, by cluster.
    public private(set) var measured: [Character: Int]

    /// A profile with `measured` widths over Unicode's.
    public init(measured: [Character: Int] = [:]) {
        self.measured = measured
    }

    /// Unicode's widths, nothing measured: what a terminal that cannot be asked gets.
    public static let unicode = WidthProfile()

    /// Columns of one grapheme cluster: the measured width, or Unicode's.
    public func width(of character: Character) -> Int {
        if let a = character.asciiValue { return a >= 0x20 && a < 0x7F ? 1 : 0 }
        if !measured.isEmpty, let w = measured[character] { return w }
        return TextWidth.of(character)
    }

    /// Columns of a string: the sum over its grapheme clusters.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func width(of text: some StringProtocol) -> Int {
        var total = 0
        for c in text { total += width(of: c) }
        return total
    }

    /// `text` cut to at most `width` columns, ending with `ellipsis` when anything was cut. A
    /// cluster that would not fit whole is dropped, never split.
    ///
    ///     WidthProfile.unicode.truncate("吾輩は猫である", to: 7)   // "吾輩は…"
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if self.width(of: text) <= width { return text }
        let room = width - self.width(of: ellipsis)
        guard room >= 0 else { return String(repeating: ".", count: width) }
        var result = ""
        var used = 0
        for c in text {
            let w = self.width(of: c)
            if used + w > room { break }
            result.append(c)
            used += w
        }
        return result + ellipsis
    }

    /// Records what the terminal drew `character` with (0 when it drew nothing).
    public mutating func record(_ character: Character, width: Int) {
        measured[character] = max(0, width)
    }

    /// Whether `character` is of a kind terminals draw differently from Unicode and has not been
    /// measured yet: the clusters the backend asks the terminal about.
    public func needsMeasuring(_ character: Character) -> Bool {
        character.asciiValue == nil && measured[character] == nil && TextWidth.kind(of: character).isDisputed
    }
}
