import TerminalUI

/// Decodes the mouse reports a terminal sends once listedit asked for them (modes 1002 and 1006),
/// without help from curses: ncurses decodes only the form its terminal description names
/// (`kmous`), and `tmux-256color` or `screen-256color` name the old X10 form while the terminal
/// sends SGR, so the report would arrive as Esc and stray keys.
///
/// Both forms carry a button code `b`: bits 0–1 the button (0 left, 2 right, 3 "released" in X10), bit 5
/// (32) motion with a button held, bit 6 (64) the wheel (64 up, 65 down); bits 2–4 are
/// Shift/Meta/Ctrl and are ignored. Columns and lines are 1-based on the wire, 0-based here.
public enum MouseReport {
    /// The SGR form (mode 1006) after its `ESC [ <`: `b ; x ; y` then `M` (press or motion) or
    /// `m` (release). Nil when the text is not such a report or reports nothing listedit uses
    /// (the middle button, the right button's motion and release, motion without a button).
    public static func sgr<S: Sequence>(_ rest: S) -> MouseEvent? where S.Element == UInt8 {
        var numbers: [Int] = [0]
        var final: UInt8?
        for byte in rest {
            guard final == nil else { return nil }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (value, overflow) = numbers[numbers.count - 1].multipliedReportingOverflow(by: 10)
                guard !overflow, value < 1_000_000 else { return nil }
                numbers[numbers.count - 1] = value + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                guard numbers.count < 3 else { return nil }
                numbers.append(0)
            case UInt8(ascii: "M"), UInt8(ascii: "m"):
                final = byte
            default:
                return nil
            }
        }
        guard let final, numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        return event(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, released: final == UInt8(ascii: "m"))
    }

    /// The X10 form after its `ESC [ M`: three bytes, the button code, column and line, each plus
    /// 32. A release names no button (code 3); it is taken as the left button's.
    public static func x10(_ button: UInt8, _ column: UInt8, _ line: UInt8) -> MouseEvent? {
        guard button >= 32, column > 32, line > 32 else { return nil }
        let b = Int(button) - 32
        let x = Int(column) - 33, y = Int(line) - 33
        if b & 64 == 0, b & 32 == 0, b & 3 == 3 { return MouseEvent(.release, x: x, y: y) }
        return event(button: b, x: x, y: y, released: false)
    }

    /// The event for button code `b` at 0-based `x`, `y`.
    private static func event(button b: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        if b & 64 != 0 {
            guard !released, b & 32 == 0 else { return nil }
            switch b & 3 {
            case 0: return MouseEvent(.wheelUp, x: x, y: y)
            case 1: return MouseEvent(.wheelDown, x: x, y: y)
            default: return nil
            }
        }
        if b & 3 == 2 {                                // the right button: its press only
            return b & 32 == 0 && !released ? MouseEvent(.rightPress, x: x, y: y) : nil
        }
        guard b & 3 == 0 else { return nil }          // else only the left button
        if b & 32 != 0 { return released ? nil : MouseEvent(.drag, x: x, y: y) }
        return MouseEvent(released ? .release : .press, x: x, y: y)
    }
}
