// Terminal: the curses backend, the only code that calls ncurses. It owns starting and restoring
// the terminal, drawing grids, measuring cluster widths, decoding keys, mouse and pastes, and
// signals, behind TerminalUI's `TerminalBackend` protocol. It may import CNcursesw,
// CTerminalSupport and TerminalUI; never table or editor code.
import CNcursesw
import CTerminalSupport
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The curses backend: the only code that calls ncurses. It owns the terminal on the main actor,
/// writes grids (only the cells that changed, one `doupdate` per frame, every grapheme cluster
/// whole), measures the clusters terminals disagree on (`CursesTerminal+Widths`), decodes keys,
/// mouse and resizes, and restores the terminal on every way out.
///
///     let terminal = try CursesTerminal.start(theme: theme, environment: environment)
///     let signal = TerminalRunLoop(backend: terminal).run(editor)   // stops the terminal at the end
///
/// It implements `TerminalBackend` and nothing more: the run loop (TerminalUI) decides when to
/// draw, tick and quit.
@MainActor
public final class CursesTerminal: TerminalBackend {
    private var screen: OpaquePointer?
    var decoder = KeyDecoder()
    private var last: CellGrid?
    private var pairs: [CellStyle.Role: Int16] = [:]
    /// The pairs of the palette colours an app chose (`CellStyle.color`), on the default background.
    private var palettePairs: [CellStyle.PaletteColor: Int16] = [:]
    private var stopped = false
    public let theme: Theme
    /// Unicode's widths corrected by what this terminal was measured to draw; programs render
    /// with it.
    public internal(set) var widths = WidthProfile.unicode
    /// Measuring in progress: the clusters asked about, the answers' reader, events read meanwhile.
    var probe = WidthProbe()
    /// Rows the next frame must write in full (a probe drew on them).
    var repaint: Set<Int> = []
    /// Where ncurses left the cursor after the last update.
    var parked = (y: 0, x: 0)
    /// Whether clusters ncurses cannot draw can be written directly: a UTF-8 locale and a
    /// terminal that can address the cursor.
    private(set) var writesClusters = false

    /// Checks that standard input and output are a terminal curses can drive, then starts.
    public static func start(theme: Theme, environment: [String: String]) throws(TerminalError) -> CursesTerminal {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw TerminalError(reason: .notATerminal, description: "standard input and output must be a terminal")
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty { throw TerminalError(reason: .terminalType, description: "TERM is not set; cannot drive the terminal") }
        if term == "dumb" { throw TerminalError(reason: .terminalType, description: "the terminal type 'dumb' cannot show a full-screen program") }
        return try CursesTerminal(theme: theme)
    }

    private init(theme: Theme) throws(TerminalError) {
        self.theme = theme
        setlocale(LC_ALL, "")
        le_save_terminal_mode(0)
        // Mouse reporting and bracketed paste off, leave the alternate screen, show the cursor,
        // reset attributes: the crash-path restore.
        le_install_signal_handlers(Self.modesOff + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n")
        guard let s = le_newterm() else {
            throw TerminalError(reason: .terminalType, description: "cannot start the terminal (TERM=\(String(cString: getenv("TERM"))))")
        }
        screen = s
        raw()
        noecho()
        nonl()
        keypad(le_stdscr(), true)
        // How long a lone Esc waits for the rest of an escape sequence: 25 ms, or the user's
        // ESCDELAY (ncurses' own variable, in ms) for slow links where sequences arrive split.
        if let value = getenv("ESCDELAY").flatMap({ Int32(String(cString: $0)) }), value >= 0 {
            _ = le_set_escdelay(value)
        } else {
            _ = le_set_escdelay(25)
        }
        decoder.bindShiftedArrows()
        decoder.bindHomeAndEnd()
        decoder.bindPasteBrackets()
        // Mouse reports are decoded here (`MouseReport`), not by curses: no `mousemask`.
        decoder.bindMouseReports()
        le_write_raw(Self.modesOn)
        if has_colors() && theme.usesColor {
            start_color()
            use_default_colors()
            setUpColors()
        }
        curs_set(1)
        writesClusters = le_can_address() && le_locale_is_utf8()
    }

    private func setUpColors() {
        let table: [(CellStyle.Role, Int16, Int16)] = [
            (.bar, Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
            (.barButton, Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
            (.header, Int16(COLOR_CYAN), -1),
            (.footer, -1, -1),
            (.cursor, Int16(COLOR_BLUE), -1),
            (.deleteControl, Int16(COLOR_RED), -1),
            (.insertControl, Int16(COLOR_GREEN), -1),
            (.handle, Int16(COLOR_YELLOW), -1),
            (.deleteButton, Int16(COLOR_RED), -1),
            (.status, -1, -1),
            (.message, Int16(COLOR_GREEN), -1),
            (.error, Int16(COLOR_RED), -1),
            (.modal, Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
            (.dragged, Int16(COLOR_YELLOW), -1),
            (.selected, Int16(COLOR_CYAN), -1),
            (.actionButton, Int16(COLOR_BLUE), -1),
        ]
        for (i, (role, fg, bg)) in table.enumerated() {
            let pair = Int16(i + 1)
            let custom = theme.colors[role]
            init_pair(pair, custom?.foreground ?? fg, custom?.background ?? bg)
            pairs[role] = pair
        }
        for (i, color) in CellStyle.PaletteColor.allCases.enumerated() {
            let pair = Int16(table.count + 1 + i)
            init_pair(pair, color.rawValue, -1)
            palettePairs[color] = pair
        }
    }

    /// The private modes listedit asks for beyond what curses sets up: button-motion mouse
    /// reporting (1002: presses, drags with a button held, releases) in SGR form (1006), and
    /// bracketed paste (2004: pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~`).
    static let modesOn = "\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h"
    /// Every mouse mode (curses' 1000 too) and bracketed paste off.
    static let modesOff = "\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"

    /// Restores the terminal (idempotent).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        le_write_raw(Self.modesOff)
        if let screen { delscreen(screen) }
        screen = nil
    }

    /// The window size in cells.
    public var size: (width: Int, height: Int) { (Int(le_cols()), Int(le_lines())) }

    /// Writes a frame: only clusters that differ from the last frame, then one `doupdate`.
    ///
    /// A cluster goes into one ncurses cell when the cell can hold all its code points and
    /// ncurses' width for it (`wcwidth` of its first code point) is the width it takes in the
    /// grid; ncurses then writes it whole and knows where the cursor went. Any other cluster (a
    /// skin tone tmux draws in 4 columns, a flag, more code points than a cell holds, an emoji
    /// newer than the C library) gets invisible stand-ins in ncurses' screen, one per column, and
    /// is written after the update directly at its place (`le_write_at`). ncurses may write
    /// stand-ins again over any row it updates, so every such cluster of a row that changed is
    /// written again; the cursor and the current attributes end where ncurses believes they are.
    public func draw(_ grid: CellGrid) {
        let full = last.map { $0.width != grid.width || $0.height != grid.height } ?? true
        if full { erase() }
        var direct: [(x: Int, y: Int)] = []
        for y in 0..<grid.height {
            var changed = full || repaint.contains(y)
            var x = 0
            while x < grid.width {
                let w = grid.clusterWidth(x: x, y: y)
                if full || (x..<x + w).contains(where: { last?[$0, y] != grid[$0, y] }) {
                    put(grid[x, y], x: x, y: y, width: w)
                    changed = true
                }
                x += w
            }
            guard changed else { continue }
            x = 0
            while x < grid.width {
                let w = grid.clusterWidth(x: x, y: y)
                if !ncursesDraws(grid[x, y].text, width: w) { direct.append((x, y)) }
                x += w
            }
        }
        repaint = []
        let cursor = grid.cursor ?? (0, 0)
        parked = (max(0, min(grid.height - 1, cursor.y)), max(0, min(grid.width - 1, cursor.x)))
        curs_set(grid.cursor == nil ? 0 : 1)
        move(Int32(parked.y), Int32(parked.x))
        wnoutrefresh(le_stdscr())
        doupdate()
        if !direct.isEmpty {
            for (x, y) in direct {
                let (attrs, pair) = attributes(grid[x, y].style)
                le_write_at(Int32(y), Int32(x), grid[x, y].text, attrs, pair)
            }
            le_write_end(Int32(parked.y), Int32(parked.x))
        }
        last = grid
    }

    /// Whether ncurses can draw `text` as one cell `width` columns wide (see `draw`).
    private func ncursesDraws(_ text: String, width: Int) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return true }
        if first.value < 0x7F, width == 1, scalars.count == 1 { return true }
        guard writesClusters else { return true }
        return scalars.count <= Int(le_ccharw_max()) && Int(le_wcwidth(wchar_t(bitPattern: first.value))) == width
    }

    private func attributes(_ s: CellStyle) -> (attr_t, Int16) {
        var attrs = le_a_normal()
        if s.bold { attrs |= le_a_bold() }
        if s.dim { attrs |= le_a_dim() }
        if s.reverse { attrs |= le_a_reverse() }
        if s.underline { attrs |= le_a_underline() }
        return (attrs, s.color.flatMap { palettePairs[$0] } ?? pairs[s.role] ?? 0)
    }

    private func put(_ cell: Cell, x: Int, y: Int, width: Int) {
        let (attrs, pair) = attributes(cell.style)
        let text = cell.text.isEmpty ? " " : cell.text
        guard ncursesDraws(text, width: width) else {
            for column in x..<x + width { _ = le_put_stand_in(Int32(y), Int32(column), attrs, pair) }
            return
        }
        // Without direct writes, a cluster longer than a cell keeps what fits.
        var chars = text.unicodeScalars.prefix(Int(le_ccharw_max())).map { wchar_t(bitPattern: $0.value) }
        _ = le_put_cluster(Int32(y), Int32(x), &chars, Int32(chars.count), attrs, pair)
    }

    /// Forgets the last frame so the next draw repaints everything (after a resize or resume).
    public func invalidate() {
        last = nil
        clearok(le_stdscr(), true)
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for one event. Returns nil on timeout,
    /// when a signal interrupted the wait, or when what arrived was the terminal's answer to a
    /// width probe (`widths` changed: draw again).
    public func nextEvent(timeout milliseconds: Int32) -> InputEvent? {
        if let event = probe.takeQueued() { return event }
        if probe.isWaiting {
            readAnswer(timeout: milliseconds)
            return probe.takeQueued()
        }
        wtimeout(le_stdscr(), milliseconds)
        var ch: wint_t = 0
        let r = le_get_wch(&ch)
        if r == le_err() { return nil }
        if r == le_key_code_yes() {
            if Int32(ch) == decoder.pasteStart { return .paste(readPaste()) }
            return event(code: Int32(ch))
        }
        return decoder.key(character: UInt32(ch)).map(InputEvent.key)
    }

    /// Waits for input or for `descriptor` to be readable (`poll` on both): background work wakes
    /// the run loop at once, with no polling loop. Input curses already holds comes first.
    public func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32?) -> InputEvent? {
        guard let descriptor, !probe.isWaiting else { return nextEvent(timeout: milliseconds) }
        if let event = nextEvent(timeout: 0) { return event }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, milliseconds)
        if ready <= 0 { return nil }   // a timeout, or a signal (a resize comes as a key next)
        if fds[1].revents != 0 {
            var scratch = [UInt8](repeating: 0, count: 64)
            while read(descriptor, &scratch, scratch.count) > 0 {}
            return nil
        }
        return nextEvent(timeout: max(0, milliseconds))
    }

    /// Milliseconds a paste may pause between two characters before what arrived counts as all of
    /// it (a terminal that never sends the closing bracket must not hang the editor).
    static let pastePause: Int32 = 2_000

    /// Reads pasted text up to the closing bracket `ESC [ 201 ~` (the opening one was read):
    /// characters as they are, CR and CRLF as `\n`; key codes inside a paste are dropped (a
    /// paste is text, never keys).
    func readPaste() -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasCR = false
        wtimeout(le_stdscr(), Self.pastePause)
        while true {
            var ch: wint_t = 0
            let r = le_get_wch(&ch)
            if r == le_err() { break }
            if r == le_key_code_yes() {
                if Int32(ch) == decoder.pasteEnd { break }
                if Int32(ch) == le_key_enter() { scalars.append("\n") }
                continue
            }
            let value = UInt32(ch)
            if value == 0x0A && lastWasCR { lastWasCR = false; continue }
            lastWasCR = value == 0x0D
            if let scalar = Unicode.Scalar(value == 0x0D ? 0x0A : value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The event for a function-key code from `get_wch`.
    func event(code: Int32) -> InputEvent? {
        if code == le_key_resize() {
            invalidate()
            return .resize(width: size.width, height: size.height)
        }
        if code == decoder.mouseSGR { return readMouseSGR().map(InputEvent.mouse) }
        if code == decoder.mouseX10 { return readMouseX10().map(InputEvent.mouse) }
        return decoder.key(code: code).map(InputEvent.key)
    }

    /// Milliseconds the rest of a mouse report may take after its opening.
    static let mouseReportPause: Int32 = 500

    /// Reads the rest of an SGR mouse report (`b ; x ; y` then `M` or `m`; `ESC [ <` was read)
    /// byte by byte. Nil when it is cut off or malformed.
    private func readMouseSGR() -> MouseEvent? {
        wtimeout(le_stdscr(), Self.mouseReportPause)
        var bytes: [UInt8] = []
        while bytes.count < 24 {
            let c = wgetch(le_stdscr())
            guard c >= 0, c < 0x80 else { return nil }
            bytes.append(UInt8(c))
            if c == 0x4D || c == 0x6D { return MouseReport.sgr(bytes) }   // M, m
        }
        return nil
    }

    /// Reads the three bytes of an X10 mouse report (`ESC [ M` was read).
    private func readMouseX10() -> MouseEvent? {
        wtimeout(le_stdscr(), Self.mouseReportPause)
        var bytes: [UInt8] = []
        while bytes.count < 3 {
            let c = wgetch(le_stdscr())
            guard c >= 0, c < 0x100 else { return nil }
            bytes.append(UInt8(c))
        }
        return MouseReport.x10(bytes[0], bytes[1], bytes[2])
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and redraws when resumed.
    public func suspend() {
        endwin()
        le_write_raw(Self.modesOff)
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Resumed.
        le_write_raw(Self.modesOn)
        refresh()
        invalidate()
    }

    /// The termination signal (SIGTERM, SIGHUP, SIGINT) the handlers recorded since the last
    /// call, or 0.
    public func takePendingSignal() -> Int32 { le_take_pending_signal() }
}

extension CursesTerminal {
    /// Ends the process with the signal that stopped the editor (after the terminal was restored),
    /// so the parent sees the usual "killed by SIGTERM".
    public nonisolated static func exit(bySignal signal: Int32) -> Never {
        le_reraise(signal)
        Glibc.exit(128 + signal)
    }
}
