/// A modal text entry: a title over a one-line editor. The program that shows it decides what
/// Enter and Esc do (its keymap binds them); every other key edits the line.
///
///     var entry = TextEntry(title: "Rename", text: "Milk")
///     entry.line.handle(.char("s"))      // "Milks"
public struct TextEntry: Equatable, Sendable {
    public let title: String
    public var line: LineEditor

    public init(title: String, text: String = "") {
        self.title = title
        line = LineEditor(text)
    }
}
