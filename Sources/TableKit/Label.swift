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

    /// A label showing `text`.
    public init(text: String? = nil) {
        self.text = text
    }
}
