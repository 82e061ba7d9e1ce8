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
        public var range: Range<Int>
        public var emphasis: Emphasis
        public init(range: Range<Int>, emphasis: Emphasis) {
            self.range = range
            self.emphasis = emphasis
        }
    }

    /// How a stretch of text is emphasized.
    public struct Emphasis: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Emphasis(rawValue: 1)
        public static let italic = Emphasis(rawValue: 2)
        public static let code = Emphasis(rawValue: 4)
        public static let strikethrough = Emphasis(rawValue: 8)
        public static let link = Emphasis(rawValue: 16)
    }

    /// A label showing `text`.
    public init(text: String? = nil) {
        self.text = text
    }
}
