import TableKit

/// A full-screen program the terminal backend runs: it draws itself into a grid and consumes
/// input events (Bubble Tea's shape: view and update, no terminal inside).
@MainActor
public protocol TerminalProgram: AnyObject {
    /// The whole screen.
    func render(width: Int, height: Int) -> CellGrid
    /// One input event (keys, mouse, resize, or a tick when nothing happened).
    func handle(_ event: InputEvent)
    /// Set when the program is done.
    var wantsQuit: Bool { get }
    /// While non-nil, the backend draws a frame at least this often (seconds): animations.
    var frameInterval: Double? { get }
    /// The process got SIGTERM, SIGHUP or SIGINT: keep what must be kept (a recovery file), fast.
    func terminate(signal: Int32)
}
