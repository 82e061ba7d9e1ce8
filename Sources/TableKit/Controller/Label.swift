/// A line of text in a cell (UIKit's `UILabel`, reduced to what a terminal row draws).
///
///     cell.textLabel?.text = "Milk"
///     cell.textLabel?.isEnabled = false     // drawn dimmed
@MainActor
public final class Label {
    /// The text shown; nil shows nothing.
    public var text: String?
    /// A disabled label is drawn dimmed.
    public var isEnabled = true
    /// Styled stretches of `text` (UTF-8 offsets), as an attributed string would hold them: the
    /// renderer draws each in its emphasis. Empty: all plain.
    public var runs: [Run] = []

    /// A stretch of the text and its emphasis.
    public struct Run: Equatable, Sendable {
        /// UTF-8 offsets into the label's `text`.
        public var range: Range<Int>
        /// How the stretch is drawn.
        public var emphasis: Emphasis
        /// A stretch `range` (UTF-8 offsets into `text`) drawn with `emphasis`.
        public init(range: Range<Int>, emphasis: Emphasis) {
            self.range = range
            self.emphasis = emphasis
        }
    }

    /// How a stretch of text is emphasized.
    public struct Emphasis: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Strong text (`**a**`): drawn bold.
        public static let bold = Emphasis(rawValue: 1)
        /// Emphasized text (`*a*`): the terminal renderer underlines it.
        public static let italic = Emphasis(rawValue: 2)
        /// A code span (text between backticks): the terminal renderer draws it plain.
        public static let code = Emphasis(rawValue: 4)
        /// Struck-out text (`~~a~~`): the terminal renderer dims it.
        public static let strikethrough = Emphasis(rawValue: 8)
        /// A link's text (its target is not shown): drawn underlined.
        public static let link = Emphasis(rawValue: 16)
        /// Secondary text, as UIKit's `secondaryLabel` colour: the terminal renderer dims it
        /// (the `…` after an item with more lines).
        public static let dimmed = Emphasis(rawValue: 32)
    }

    /// A label showing `text`.
    public init(text: String? = nil) {
        self.text = text
    }
}
