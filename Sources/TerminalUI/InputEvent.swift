/// One thing the user did, as a message: the terminal backend decodes keys, mouse and resizes
/// into these, and the editor's pure update step consumes them.
public enum InputEvent: Equatable, Sendable {
    /// A key was pressed.
    case key(Key)
    /// The mouse was pressed, dragged, released or wheeled over a cell.
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
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Shift and the up arrow.
    case shiftUp
    /// Shift and the down arrow.
    case shiftDown
    /// Shift and the left arrow.
    case shiftLeft
    /// Shift and the right arrow.
    case shiftRight
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter (Return).
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift and Tab.
    case backTab
    /// Backspace: deletes before the cursor.
    case backspace
    /// Delete: deletes under the cursor.
    case delete
    /// A printable character (including wide and combined ones).
    case char(Character)
    /// Ctrl plus a letter: `.ctrl("r")`.
    case ctrl(Character)
    /// F1…F12.
    case function(Int)
}

/// A mouse event at a cell (0-based column `x`, row `y`).
public struct MouseEvent: Equatable, Sendable {
    /// What the mouse did.
    public enum Kind: Equatable, Sendable {
        /// The button went down.
        case press
        /// The mouse moved with the button down.
        case drag
        /// The button went up.
        case release
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down (towards the user).
        case wheelDown
        /// The right button went down: a table host opens the row's context menu.
        case rightPress
    }
    /// What the mouse did.
    public var kind: Kind
    /// The cell's column, 0 at the left.
    public var x: Int
    /// The cell's line, 0 at the top.
    public var y: Int
    /// An event of `kind` at column `x`, line `y` (0-based).
    public init(_ kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }
}
