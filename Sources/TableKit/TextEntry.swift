/// A modal text entry: a prompt, a line editor, and what to do with the result (`nil` when
/// cancelled with Esc).
@MainActor
public final class TextEntry {
    public let title: String
    public var line: LineEditor
    let completion: @MainActor (String?) -> Void

    public init(title: String, initial: String = "", completion: @escaping @MainActor (String?) -> Void) {
        self.title = title
        line = LineEditor(initial)
        self.completion = completion
    }

    /// Handles a key; returns true when the entry is finished (saved or cancelled).
    func handle(_ key: Key) -> Bool {
        switch key {
        case .enter:
            completion(line.string)
            return true
        case .escape:
            completion(nil)
            return true
        default:
            line.handle(key)
            return false
        }
    }
}
