/// A one-line text editor for modal entry: cursor keys, Home/End, Backspace/Delete, Ctrl-U
/// (delete to start), Ctrl-K (delete to end), Ctrl-A/Ctrl-E, wide characters and paste (a paste
/// arrives as a run of characters).
///
///     var line = LineEditor("Milk")
///     line.handle(.char("s"))          // "Milks", cursor at the end
///     line.handle(.home); line.handle(.delete)   // "ilks"
///
/// The cursor is an index into `text`'s grapheme clusters, so a wide or combined character is
/// edited as one unit.
public struct LineEditor: Equatable, Sendable {
    public private(set) var text: [Character]
    /// Position in `text`, `0...text.count`.
    public private(set) var cursor: Int
    /// Longest text accepted (a paste past it is cut).
    public var limit = 10_000

    public init(_ initial: String = "") {
        text = Array(initial)
        cursor = text.count
    }

    public var string: String { String(text) }

    /// Applies one editing key; returns false for keys it does not edit with (Enter, Esc, …).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c):
            guard text.count < limit, !c.isNewline else { return true }
            text.insert(c, at: cursor)
            cursor += 1
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .backspace, .ctrl("h"):
            if cursor > 0 { text.remove(at: cursor - 1); cursor -= 1 }
        case .delete, .ctrl("d"):
            if cursor < text.count { text.remove(at: cursor) }
        case .ctrl("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            text.removeLast(text.count - cursor)
        case .ctrl("w"):
            var i = cursor
            while i > 0 && text[i - 1] == " " { i -= 1 }
            while i > 0 && text[i - 1] != " " { i -= 1 }
            text.removeSubrange(i..<cursor)
            cursor = i
        default:
            return false
        }
        return true
    }

    /// Columns before the cursor (where the terminal cursor goes).
    public var cursorColumn: Int { TextWidth.of(String(text[..<cursor])) }
}
