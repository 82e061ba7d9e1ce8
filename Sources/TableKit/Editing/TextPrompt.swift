import Foundation

/// A request for one line of text, presented over the table (UIKit: an alert with a text field):
/// a title, the text it starts with, and what to do with the answer (`nil`: cancelled).
///
///     controller.present(TextPrompt(title: "New item") { text in
///         guard let text, !text.isEmpty else { return }
///         …
///     })
///
/// The host shows it and edits the text (listedit's line editor in its modal box), then calls
/// `EditController.finishPrompt(with:)`.
@MainActor
public final class TextPrompt {
    /// The question shown above the line.
    public let title: String
    /// The text the line starts with.
    public let initialText: String
    let completion: @MainActor (String?) -> Void

    /// A prompt titled `title` whose line starts as `initialText`; `completion` gets the text
    /// entered, or nil when the user cancels.
    public init(title: String, initialText: String = "", completion: @escaping @MainActor (String?) -> Void) {
        self.title = title
        self.initialText = initialText
        self.completion = completion
    }
}
