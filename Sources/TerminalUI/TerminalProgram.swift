// TerminalUI: the terminal layer, with no table code. It owns keys and input events, the keymap
// (keys to actions per mode), the cell grid and its styles, the theme, text width by grapheme
// cluster (`WidthProfile`), the line editor, the animation clock, the `TerminalProgram` protocol
// (render and handle: Bubble Tea's view and update), the `TerminalBackend` protocol and the run
// loop over it (`TerminalRunLoop`). It may import the standard library and swift-algorithms;
// never TableKit, never curses (a backend such as `Terminal` implements `TerminalBackend`).
/// A full-screen program the terminal backend runs: it draws itself into a grid and consumes
/// input events (Bubble Tea's shape: view and update, no terminal inside).
@MainActor
public protocol TerminalProgram: AnyObject {
    /// The whole screen, measured with `widths`.
    func render(width: Int, height: Int) -> CellGrid
    /// The columns the terminal draws each grapheme cluster with: the backend sets it (Unicode's
    /// widths corrected by measuring the terminal) before rendering; tests set one to render as
    /// a given terminal would. Every grid the program renders, and every width it computes for
    /// layout, truncation, the line editor and the mouse, uses it.
    var widths: WidthProfile { get set }
    /// One input event (keys, mouse, resize, or a tick when nothing happened).
    func handle(_ event: InputEvent)
    /// Set when the program is done.
    var wantsQuit: Bool { get }
    /// Set when the program asks to be suspended (its key for suspending, Ctrl-Z unless the
    /// user's key map binds it to something else): the run loop suspends the process, clears
    /// this, and sends a resize when it resumes.
    var wantsSuspend: Bool { get set }
    /// While non-nil, the backend draws a frame at least this often (seconds): animations.
    var frameInterval: Double? { get }
    /// The process got SIGTERM, SIGHUP or SIGINT: keep what must be kept (a recovery file), fast.
    func terminate(signal: Int32)
    /// A file descriptor (the read end of a pipe) that the program's background work writes a
    /// byte to when it has results: the run loop's wait for input ends then, and the program
    /// gets a tick, in which it takes them. `nil` (the default): no background work.
    var wakeDescriptor: Int32? { get }
}

extension TerminalProgram {
    /// No background work: `nil`.
    public var wakeDescriptor: Int32? { nil }
}
