import TerminalUI

extension LineEdit {
    /// The line edit's words in help.
    var words: String {
        switch self {
        case .moveLeft, .moveRight: return "move"
        case .moveToStart: return "start"
        case .moveToEnd: return "end"
        case .deleteBackward, .deleteForward: return "erase"
        case .deleteToStart: return "erase to the start"
        case .deleteToEnd: return "erase to the end"
        case .deleteWordBackward: return "erase a word"
        case .insert: return "type"
        }
    }
}
