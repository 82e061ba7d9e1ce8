/// What a run loop needs of a terminal: its size, input events with a timeout, drawing a frame,
/// measuring the widths it draws clusters with, giving itself back on Ctrl-Z, the termination
/// signals that arrived, and restoring itself. The curses backend (module `Terminal`) is one
/// implementation; `TestBackend` (Tests/TestSupport) another, which feeds scripted events and
/// keeps the frames, so `TerminalRunLoop` is tested without a terminal.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The window size in cells.
    var size: (width: Int, height: Int) { get }
    /// The columns this terminal draws each grapheme cluster with (Unicode's, corrected by what
    /// `measure` found); programs render with it.
    var widths: WidthProfile { get }
    /// Waits up to `milliseconds` (-1: forever) for one event. `nil` on a timeout, when a signal
    /// interrupted the wait, or when what arrived answered a width measurement (`widths` changed:
    /// the run loop renders again).
    func nextEvent(timeout milliseconds: Int32) -> InputEvent?
    /// `nextEvent(timeout:)` that also returns `nil` as soon as `descriptor` (a pipe the
    /// program's background work writes to, `TerminalProgram.wakeDescriptor`) is readable,
    /// having read what is in it. The default ignores `descriptor` (the program then hears of
    /// its work at the next tick).
    func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32?) -> InputEvent?
    /// Shows a frame. A backend may write only what differs from the frame before.
    func draw(_ grid: CellGrid)
    /// The width probe hook: measures the clusters of `grid` this terminal may draw at another
    /// width than Unicode's, before `grid` is drawn. Returns whether `widths` changed (the frame
    /// is then rendered again with them).
    func measure(_ grid: CellGrid) -> Bool
    /// Ctrl-Z: gives the terminal back and stops the process; returns once it is resumed, with
    /// the next frame drawn in full.
    func suspend()
    /// The termination signal (SIGTERM, SIGHUP, SIGINT) that arrived since the last call, or 0.
    func takePendingSignal() -> Int32
    /// Restores the terminal; called once the program is done (idempotent).
    func stop()
}

extension TerminalBackend {
    /// Ignores `descriptor`: `nextEvent(timeout:)` (a backend that cannot wait on a descriptor;
    /// the program then takes its background results at the next tick).
    public func nextEvent(timeout milliseconds: Int32, wakingOn descriptor: Int32?) -> InputEvent? {
        nextEvent(timeout: milliseconds)
    }
}
