import CNcursesw
import CTerminalSupport
import TableKit
import TableRendering
#if canImport(Glibc)
import Glibc
#endif

/// The curses backend: the only code that calls ncurses. It owns the terminal on the main actor,
/// writes grids (only the cells that changed, one `doupdate` per frame), decodes keys, mouse and
/// resizes, and restores the terminal on every way out.
///
///     let terminal = try CursesTerminal.start(theme: theme)
///     defer { terminal.stop() }
///     terminal.run(editor)
@MainActor
public final class CursesTerminal {
    private var screen: OpaquePointer?
    private var decoder = KeyDecoder()
    private var last: CellGrid?
    private var pairs: [CellStyle.Role: Int16] = [:]
    private var stopped = false
    public let theme: Theme

    /// Checks that standard input and output are a terminal curses can drive, then starts.
    public static func start(theme: Theme, environment: [String: String]) throws(TerminalError) -> CursesTerminal {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw TerminalError(description: "standard input and output must be a terminal; use 'listedit apply' in scripts")
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty { throw TerminalError(description: "TERM is not set; cannot drive the terminal") }
        if term == "dumb" { throw TerminalError(description: "the terminal type 'dumb' cannot show a full-screen editor") }
        return try CursesTerminal(theme: theme)
    }

    private init(theme: Theme) throws(TerminalError) {
        self.theme = theme
        setlocale(LC_ALL, "")
        le_save_terminal_mode(0)
        // Leave the alternate screen, show the cursor, reset attributes: the crash-path restore.
        le_install_signal_handlers("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n")
        guard let s = le_newterm() else {
            throw TerminalError(description: "cannot start the terminal (TERM=\(String(cString: getenv("TERM"))))")
        }
        screen = s
        raw()
        noecho()
        nonl()
        keypad(le_stdscr(), true)
        _ = le_set_escdelay(25)
        decoder.bindShiftedArrows()
        var old: mmask_t = 0
        mousemask(le_all_mouse_events(), &old)
        mouseinterval(0)
        if has_colors() && theme.usesColor {
            start_color()
            use_default_colors()
            setUpColors()
        }
        curs_set(1)
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
    }

    /// Restores the terminal (idempotent).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        if let screen { delscreen(screen) }
        screen = nil
    }

    /// The window size in cells.
    public var size: (width: Int, height: Int) { (Int(le_cols()), Int(le_lines())) }

    /// Writes a frame: only cells that differ from the last frame, then one `doupdate`.
    public func draw(_ grid: CellGrid) {
        let full = last == nil || last!.width != grid.width || last!.height != grid.height
        if full { erase() }
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                let cell = grid[x, y]
                let wide = x + 1 < grid.width && grid[x + 1, y].isContinuation
                if full || last![x, y] != cell || (wide && last![x + 1, y] != grid[x + 1, y]) {
                    put(cell, x: x, y: y)
                }
                x += wide ? 2 : 1
            }
        }
        if let c = grid.cursor {
            curs_set(1)
            move(Int32(c.y), Int32(c.x))
        } else {
            curs_set(0)
        }
        wnoutrefresh(le_stdscr())
        doupdate()
        last = grid
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var attrs = le_a_normal()
        let s = cell.style
        if s.bold { attrs |= le_a_bold() }
        if s.dim { attrs |= le_a_dim() }
        if s.reverse { attrs |= le_a_reverse() }
        if s.underline { attrs |= le_a_underline() }
        let pair = pairs[s.role] ?? 0
        let text = cell.text.isEmpty ? " " : cell.text
        var chars = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        _ = le_put_cell(Int32(y), Int32(x), &chars, Int32(chars.count), attrs, pair)
    }

    /// Forgets the last frame so the next draw repaints everything (after a resize or resume).
    public func invalidate() {
        last = nil
        clearok(le_stdscr(), true)
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for one event. Returns nil on timeout or
    /// when a signal interrupted the wait.
    public func nextEvent(timeout milliseconds: Int32) -> InputEvent? {
        wtimeout(le_stdscr(), milliseconds)
        var ch: wint_t = 0
        let r = le_get_wch(&ch)
        if r == le_err() { return nil }
        if r == le_key_code_yes() {
            let code = Int32(ch)
            if code == le_key_resize() {
                invalidate()
                return .resize(width: size.width, height: size.height)
            }
            if code == le_key_mouse() { return mouseEvent() }
            return decoder.key(code: code).map(InputEvent.key)
        }
        return decoder.key(character: UInt32(ch)).map(InputEvent.key)
    }

    private var buttonDown = false

    private func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == le_ok() else { return nil }
        let x = Int(event.x), y = Int(event.y)
        let state = event.bstate
        if state & le_button4_pressed() != 0 { return .mouse(MouseEvent(.wheelUp, x: x, y: y)) }
        if state & le_button5_pressed() != 0 { return .mouse(MouseEvent(.wheelDown, x: x, y: y)) }
        if state & (le_button1_pressed() | le_button1_clicked()) != 0 {
            buttonDown = state & le_button1_pressed() != 0
            return .mouse(MouseEvent(.press, x: x, y: y))
        }
        if state & le_button1_released() != 0 {
            buttonDown = false
            return .mouse(MouseEvent(.release, x: x, y: y))
        }
        if state & le_report_mouse_position() != 0, buttonDown { return .mouse(MouseEvent(.drag, x: x, y: y)) }
        return nil
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and redraws when resumed.
    public func suspend() {
        endwin()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Resumed.
        refresh()
        invalidate()
    }

    /// Runs a program until it quits or a termination signal arrives; the terminal is restored
    /// before returning. Returns the signal that ended it, or 0.
    public func run(_ program: some TerminalProgram) -> Int32 {
        var size = self.size
        program.handle(.resize(width: size.width, height: size.height))
        /// Passes one event on; Ctrl-Z suspends here, a resize updates the size.
        func dispatch(_ event: InputEvent) {
            switch event {
            case .key(.ctrl("z")):
                suspend()
                size = self.size
                program.handle(.resize(width: size.width, height: size.height))
            case .resize(let w, let h):
                size = (w, h)
                program.handle(event)
            default:
                program.handle(event)
            }
        }
        while !program.wantsQuit {
            let sig = le_take_pending_signal()
            if sig != 0 {
                program.terminate(signal: sig)
                stop()
                return sig
            }
            draw(program.render(width: size.width, height: size.height))
            let timeout: Int32 = program.frameInterval.map { Int32(max(1, $0 * 1000)) } ?? 1000
            guard let event = nextEvent(timeout: timeout) else {
                program.handle(.tick)
                continue
            }
            dispatch(event)
            // Typeahead (a paste, a held key): handle what is already waiting before drawing,
            // a bounded run at a time so the screen still follows.
            var waiting = 0
            while waiting < 4_096, !program.wantsQuit, let next = nextEvent(timeout: 0) {
                dispatch(next)
                waiting += 1
            }
        }
        stop()
        return 0
    }
}

extension CursesTerminal {
    /// Ends the process with the signal that stopped the editor (after the terminal was restored),
    /// so the parent sees the usual "killed by SIGTERM".
    public nonisolated static func exit(bySignal signal: Int32) -> Never {
        le_reraise(signal)
        Glibc.exit(128 + signal)
    }
}
