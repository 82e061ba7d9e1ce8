import CNcursesw
import TerminalUI

/// Turns what `get_wch` returns into `Key`s. Codes for Shift+↑/↓/←/→ are looked up (or defined)
/// once, since terminals send them differently.
@MainActor
struct KeyDecoder {
    var shiftUp: Int32 = -1
    var shiftDown: Int32 = -1
    var shiftLeft: Int32 = -1
    var shiftRight: Int32 = -1
    /// The codes of the bracketed-paste brackets `ESC [ 200 ~` and `ESC [ 201 ~`.
    var pasteStart: Int32 = -1
    var pasteEnd: Int32 = -1
    /// The codes of the mouse reports' openings, SGR `ESC [ <` and X10 `ESC [ M` (the rest is
    /// read and decoded by `MouseReport`).
    var mouseSGR: Int32 = -1
    var mouseX10: Int32 = -1

    /// Binds Shift+↑/↓/←/→ sequences that the terminal description does not name (the board
    /// view's `Shift+←`/`Shift+→` move a card to the previous or next lane).
    mutating func bindShiftedArrows() {
        shiftUp = bind("\u{1B}[1;2A", fallback: 0x1FF0)
        shiftDown = bind("\u{1B}[1;2B", fallback: 0x1FF1)
        shiftLeft = bind("\u{1B}[1;2D", fallback: 0x1FF6)
        shiftRight = bind("\u{1B}[1;2C", fallback: 0x1FF7)
    }

    /// Binds the other sequences terminals send for Home and End (`ESC [ 1 ~` from tmux and the
    /// Linux console, `ESC [ H`, `ESC O H`, `ESC [ 7 ~` from rxvt, and the same for End) to curses'
    /// own codes, when the terminal description names another: under tmux with
    /// `TERM=xterm-256color`, Home would otherwise arrive as `Esc` and three characters.
    func bindHomeAndEnd() {
        for sequence in ["\u{1B}[1~", "\u{1B}[H", "\u{1B}OH", "\u{1B}[7~"] where key_defined(sequence) == 0 {
            define_key(sequence, le_key_home())
        }
        for sequence in ["\u{1B}[4~", "\u{1B}[F", "\u{1B}OF", "\u{1B}[8~"] where key_defined(sequence) == 0 {
            define_key(sequence, le_key_end())
        }
    }

    /// Binds the brackets a terminal puts around pasted text (mode 2004), so that curses returns
    /// each as one code.
    mutating func bindPasteBrackets() {
        pasteStart = bind("\u{1B}[200~", fallback: 0x1FF2)
        pasteEnd = bind("\u{1B}[201~", fallback: 0x1FF3)
    }

    /// Binds the openings of both mouse report forms to listedit's own codes, replacing curses'
    /// `kmous` (whichever form the terminal description names), so that reports are decoded by
    /// `MouseReport` in every terminal.
    mutating func bindMouseReports() {
        for sequence in ["\u{1B}[<", "\u{1B}[M"] { define_key(sequence, 0) }
        mouseSGR = 0x1FF4
        mouseX10 = 0x1FF5
        define_key("\u{1B}[<", mouseSGR)
        define_key("\u{1B}[M", mouseX10)
    }

    private func bind(_ sequence: String, fallback: Int32) -> Int32 {
        let existing = key_defined(sequence)
        if existing > 0 { return existing }
        define_key(sequence, fallback)
        return fallback
    }

    /// A function-key code (`KEY_CODE_YES`).
    func key(code: Int32) -> Key? {
        switch code {
        case le_key_up(): return .up
        case le_key_down(): return .down
        case le_key_left(): return .left
        case le_key_right(): return .right
        case le_key_sr(), shiftUp: return .shiftUp
        case le_key_sf(), shiftDown: return .shiftDown
        case le_key_sleft(), shiftLeft: return .shiftLeft
        case le_key_sright(), shiftRight: return .shiftRight
        case le_key_ppage(): return .pageUp
        case le_key_npage(): return .pageDown
        case le_key_home(): return .home
        case le_key_end(): return .end
        case le_key_dc(): return .delete
        case le_key_backspace(): return .backspace
        case le_key_enter(): return .enter
        case le_key_btab(): return .backTab
        default:
            let f0 = Int32(0o410)   // KEY_F0
            if code > f0 && code <= f0 + 12 { return .function(Int(code - f0)) }
            return nil
        }
    }

    /// A character (`OK`).
    func key(character value: UInt32) -> Key? {
        switch value {
        case 0x0A, 0x0D: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(value + 0x60))))
        case 0x00, 0x1C...0x1F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }
}
