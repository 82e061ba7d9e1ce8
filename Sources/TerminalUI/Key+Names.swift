/// A key's names: the one a configuration file uses (`ctrl-r`, `space`, `pgdn`), and the labels
/// help screens (`^R`, `Space`, `PgDn`) and hint lines (`space`, `esc`) show.
extension Key {
    /// Parses a configuration file's name for a key: a character, or up, down, left, right,
    /// shift-up, shift-down, shift-left, shift-right, enter, esc, space, tab, backtab, backspace, delete, home, end, pgup,
    /// pgdn, f1…f12, ctrl-x. Nil for anything else.
    ///
    ///     Key(name: "ctrl-n")      // .ctrl("n")
    public init?(name: String) {
        let lower = name.lowercased()
        if let key = Self.named[lower] { self = key; return }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last, c.isLetter { self = .ctrl(c); return }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { self = .function(n); return }
        if name.count == 1, let c = name.first { self = .char(c); return }
        return nil
    }

    /// What `init?(name:)` accepts, in words (for error messages).
    public static let nameSyntax = "a character, or up, down, left, right, shift-up, shift-down, shift-left, shift-right, enter, esc, space, tab, backspace, delete, home, end, pgup, pgdn, f1…f12, ctrl-x"

    static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "esc": .escape,
        "escape": .escape, "space": .char(" "), "tab": .tab, "backtab": .backTab, "backspace": .backspace,
        "delete": .delete, "home": .home, "end": .end, "pgup": .pageUp, "pgdn": .pageDown,
        "shift-up": .shiftUp, "shift-down": .shiftDown, "shift-left": .shiftLeft, "shift-right": .shiftRight,
    ]

    /// The label a help screen or man page shows: `↑`, `Space`, `Enter`, `Esc`, `Del`, `^R`,
    /// `PgUp`, `Shift+↑`, `Shift+←`, `F1`, or the character.
    public var label: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftUp: return "Shift+↑"
        case .shiftDown: return "Shift+↓"
        case .shiftLeft: return "Shift+←"
        case .shiftRight: return "Shift+→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift+Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "^" + String(c).uppercased()
        case .function(let n): return "F\(n)"
        }
    }

    /// The label a hint line shows: a help label in lower case for named keys (`space`, `enter`,
    /// `esc`), the same otherwise.
    public var hintLabel: String {
        switch self {
        case .enter, .escape, .char(" "), .delete, .tab, .backspace, .home, .end: return label.lowercased()
        default: return label
        }
    }
}
