/// One thing the user did, as a message: the terminal backend decodes keys, mouse and resizes
/// into these, and the editor's pure update step consumes them.
public enum InputEvent: Equatable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The window is now `width` × `height` cells.
    case resize(width: Int, height: Int)
    /// Text the user pasted, whole (the terminal's bracketed paste, mode 2004): never read as
    /// keys. Line breaks are `\n`.
    case paste(String)
    /// Time passed with no input (drives animations and periodic work).
    case tick
}

/// A decoded key.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case shiftUp, shiftDown
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// A printable character (including wide and combined ones).
    case char(Character)
    /// Ctrl plus a letter: `.ctrl("r")`.
    case ctrl(Character)
    /// F1…F12.
    case function(Int)
}

/// A mouse event at a cell (0-based column `x`, row `y`).
public struct MouseEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case press, drag, release, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int
    public init(_ kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }
}
