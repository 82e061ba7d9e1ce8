/// A line of text in a cell (UIKit's `UILabel`, reduced to what a terminal row draws).
///
///     cell.textLabel?.text = "Milk"
///     cell.textLabel?.isEnabled = false     // drawn dimmed
@MainActor
public final class Label {
    public var text: String?
    /// A disabled label is drawn dimmed.
    public var isEnabled = true

    public init(text: String? = nil) {
        self.text = text
    }
}
