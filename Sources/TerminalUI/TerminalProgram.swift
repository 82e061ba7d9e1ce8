// TerminalUI: the terminal layer, with no table code. It owns keys and input events, the keymap
// (keys to actions per mode), the cell grid and its styles, the theme, text width by grapheme
// cluster (`WidthProfile`), the line editor, the animation clock, the `TerminalProgram` protocol
// (render and update: Bubble Tea's view and update, with effects the runtime performs), the
// `TerminalBackend` protocol and the run loop over it (`TerminalRunLoop`). It may import the
// standard library and swift-algorithms; never TableKit, never curses (a backend such as
// `Terminal` implements `TerminalBackend`).
/// A full-screen program the terminal backend runs: it draws itself into a grid and consumes
/// input events (Bubble Tea's shape: view and update, no terminal inside). Its update step does
/// not act on the world: what it wants done (write a file, say) it returns as `Effect`s, which the
/// run loop hands to the performer it was given (`TerminalRunLoop.run(_:performing:)`); the
/// performer feeds each result back into the program and returns the effects that asks for. A
/// program with nothing to perform has `Effect == Never` and runs with `run(_:)`.
@MainActor
public protocol TerminalProgram: AnyObject {
    /// What the update step asks the runtime to do (`Never`: nothing).
    associatedtype Effect = Never
    /// The whole screen, measured with `widths`.
    func render(width: Int, height: Int) -> CellGrid
    /// The columns the terminal draws each grapheme cluster with: the backend sets it (Unicode's
    /// widths corrected by measuring the terminal) before rendering; tests set one to render as
    /// a given terminal would. Every grid the program renders, and every width it computes for
    /// layout, truncation, the line editor and the mouse, uses it.
    var widths: WidthProfile { get set }
    /// What starting asks for (Bubble Tea's `Init`): the run loop performs these right after the
    /// first frame is drawn (with those of the first size), before the first input. Returns each
    /// effect once (a second call returns none).
    func start() -> [Effect]
    /// One input event (keys, mouse, resize, or a tick when nothing happened): the update step.
    /// Returns the effects it asks for, in order; it performs none of them itself.
    func handle(_ event: InputEvent) -> [Effect]
    /// Set when the program is done.
    var wantsQuit: Bool { get }
    /// Set when the program asks to be suspended (its key for suspending, Ctrl-Z unless the
    /// user's key map binds it to something else): the run loop suspends the process, clears
    /// this, and sends a resize when it resumes.
    var wantsSuspend: Bool { get set }
    /// While non-nil, the backend draws a frame at least this often (seconds): animations.
    var frameInterval: Double? { get }
    /// More than one event was handled since the last frame (typeahead: a held key, keys queued
    /// behind a slow frame, a burst of mouse reports): ends every animation at its last frame,
    /// the running ones and those the next frame would start, so that frame shows where the
    /// input left things and no animation replays the burst afterwards. The run loop calls it
    /// before drawing; the default does nothing.
    func finishAnimations()
    /// The process got SIGTERM, SIGHUP or SIGINT: what must be kept (a recovery file), fast. The
    /// run loop performs the effects returned before it restores the terminal.
    func terminate(signal: Int32) -> [Effect]
    /// A file descriptor (the read end of a pipe) that the program's background work writes a
    /// byte to when it has results: the run loop's wait for input ends then, and the program
    /// gets a tick, in which it takes them. `nil` (the default): no background work.
    var wakeDescriptor: Int32? { get }
}

extension TerminalProgram {
    /// Nothing to do on starting.
    public func start() -> [Effect] { [] }

    /// No background work: `nil`.
    public var wakeDescriptor: Int32? { nil }

    /// No animations: nothing to finish.
    public func finishAnimations() {}
}
