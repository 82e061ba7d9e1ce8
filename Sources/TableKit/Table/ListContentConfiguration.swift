import Foundation

/// What a row shows, as one value: UIKit's `UIListContentConfiguration` reduced to a terminal
/// line. Text, secondary text after it (dimmed, as `.subtitle` draws its detail), and an image
/// as a glyph before the text: a character (`"★"`, `"✉"`), since a terminal cell has no pixels.
///
///     var content = cell.defaultContentConfiguration()
///     content.text = "Inbox"
///     content.secondaryText = "3 unread"
///     content.image = "✉"
///     cell.contentConfiguration = content       // ✉ Inbox  3 unread
public struct ListContentConfiguration: Equatable, Sendable {
    /// The main text (nil: none).
    public var text: String?
    /// The secondary text, drawn after the text, dimmed (nil: none).
    public var secondaryText: String?
    /// A glyph drawn before the text, UIKit's image (nil: none).
    public var image: Character?

    /// A configuration with the parts given (all nil: an empty one, drawing nothing).
    ///
    ///     cell.contentConfiguration = ListContentConfiguration(text: "Inbox", image: "✉")   // ✉ Inbox
    public init(text: String? = nil, secondaryText: String? = nil, image: Character? = nil) {
        self.text = text
        self.secondaryText = secondaryText
        self.image = image
    }
}
