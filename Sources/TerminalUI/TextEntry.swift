/// A modal text entry: a title over a one-line editor. The program that shows it decides what
/// Enter and Esc do (its keymap binds them); every other key edits the line.
///
///     var entry = TextEntry(title: "Rename", text: "Milk")
///     entry.line.apply(.insert("s"))     // "Milks"
public struct TextEntry: Equatable, Sendable {
    /// The question shown above the line.
    public let title: String
    /// The line being edited.
    public var line: LineEditor

    /// An entry titled `title` whose line starts as `text`, the cursor at its end.
    public init(title: String, text: String = "") {
        self.title = title
        line = LineEditor(text)
    }
}
