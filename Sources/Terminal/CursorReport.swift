/// Picks cursor position reports (`ESC [ row ; column R`, the terminal's answer to `ESC [ 6 n`)
/// out of the characters `get_wch` returns, which also carry whatever the user types meanwhile.
/// Characters that turn out not to be a report come back out in order, to be decoded as keys.
///
///     var reader = CursorReport.Reader()
///     reader.feed(0x1B)                      // []: maybe a report
///     for c in "[18;5R".unicodeScalars { reader.feed(c.value) }   // the last gives .report(18, 5)
///     reader.feed(0x61)                      // [.character(0x61)]: the user typed `a`
struct CursorReport: Equatable {
    /// 1-based, as the terminal reports them.
    var row: Int
    var column: Int

    /// What feeding one character produced.
    enum Output: Equatable {
        case report(CursorReport)
        /// A character that belongs to no report.
        case character(UInt32)
    }

    struct Reader {
        /// Characters of a report begun but not finished.
        private(set) var pending: [UInt32] = []
        private var row = 0
        private var column = 0

        /// Whether a report has begun (an Esc arrived): wait a little for the rest before
        /// `flush()` gives the characters back as keys.
        var isInsideReport: Bool { !pending.isEmpty }

        /// Feeds one character; returns a finished report, or characters that belong to none.
        mutating func feed(_ c: UInt32) -> [Output] {
            if accepts(c) {
                pending.append(c)
                if c == 0x52 {   // R
                    let report = CursorReport(row: row, column: column)
                    reset()
                    return [.report(report)]
                }
                return []
            }
            let given = flush()
            // The character that broke the pattern may begin a report of its own.
            if c == 0x1B {
                pending = [c]
                return given
            }
            return given + [.character(c)]
        }

        /// Gives back the characters of an unfinished report (the wait for the rest is over).
        mutating func flush() -> [Output] {
            let given = pending.map(Output.character)
            reset()
            return given
        }

        /// Whether `c` continues the pattern ESC [ digits ; digits R, noting the numbers.
        private mutating func accepts(_ c: UInt32) -> Bool {
            let isDigit = c >= 0x30 && c <= 0x39
            switch pending.count {
            case 0: return c == 0x1B
            case 1: return c == 0x5B   // [
            default:
                let semicolon = pending.contains(0x3B)
                let last = pending[pending.count - 1]
                let lastIsDigit = last >= 0x30 && last <= 0x39
                if isDigit {
                    guard pending.count < 16 else { return false }
                    let digit = Int(c - 0x30)
                    if semicolon { column = column * 10 + digit } else { row = row * 10 + digit }
                    return true
                }
                if c == 0x3B { return !semicolon && lastIsDigit }
                if c == 0x52 { return semicolon && lastIsDigit }
                return false
            }
        }

        private mutating func reset() {
            pending = []
            row = 0
            column = 0
        }
    }
}
