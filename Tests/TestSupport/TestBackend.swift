// TestSupport: what the test targets share, no tests of its own: golden screens, temporary
// folders, a seeded generator, the table's invariants, key helpers for the edit controller, and
// `TestBackend` (the run loop without a terminal). It may import TableKit, TerminalUI and
// TableRendering; never curses, files through Foundation only.
import TerminalUI

/// A `TerminalBackend` for tests: it plays a script of events, waits and signals, keeps every
/// frame drawn and every wait asked for, and moves a `ManualClock` by the time a wait lasts, so
/// `TerminalRunLoop` (and any program over it) is tested without tmux or a terminal.
///
///     let backend = TestBackend(width: 40, height: 10, script: [.event(.key(.char("j"))), .idle, .event(.key(.char("q")))])
///     TerminalRunLoop(backend: backend, clock: backend.clock).run(program)
///     backend.frames.last?.text
///
/// When the script runs out the backend reports SIGHUP (`ranOut` is set), so a loop that never
/// quits ends instead of hanging the test.
@MainActor
public final class TestBackend: TerminalBackend {
    /// One thing the terminal does when the run loop waits.
    public enum Step: Sendable {
        /// An event arrives (after the frame the loop drew before waiting).
        case event(InputEvent)
        /// An event already waiting: handled with the one before it, before the next frame.
        case typeahead(InputEvent)
        /// Nothing arrives: the wait times out after its full timeout (the clock moves by it).
        case idle
        /// The clock moves this many seconds; the next step then happens in the same wait.
        case advance(Double)
        /// A termination signal arrives and interrupts the wait.
        case signal(Int32)
    }

    public var size: (width: Int, height: Int)
    public private(set) var widths = WidthProfile.unicode
    /// The clock the run loop must read (`TerminalRunLoop(backend:clock:)`).
    public let clock = ManualClock()
    /// What is left of the script.
    public private(set) var script: [Step]
    /// Every frame drawn, in order.
    public private(set) var frames: [CellGrid] = []
    /// For each frame, how many cells differ from the frame before (all of them for the first
    /// frame and after a size change or a suspension): what a diffing backend would write.
    public private(set) var changedCells: [Int] = []
    /// Every wait the loop asked for (milliseconds; 0 is a look at waiting input).
    public private(set) var timeouts: [Int32] = []
    /// What the "terminal" draws at other widths than Unicode's: `measure` finds these.
    public var terminalWidths: [Character: Int] = [:]
    /// How often `measure` changed `widths`.
    public private(set) var measurements = 0
    public private(set) var suspensions = 0
    public private(set) var stopped = false
    /// The script ran out before the program quit.
    public private(set) var ranOut = false
    private var pendingSignal: Int32 = 0
    private var forgetLastFrame = false

    /// A terminal of `width` × `height` cells that plays `script`.
    public init(width: Int = 40, height: Int = 10, script: [Step]) {
        size = (width, height)
        self.script = script
    }

    public func nextEvent(timeout milliseconds: Int32) -> InputEvent? {
        timeouts.append(milliseconds)
        if milliseconds == 0 {
            guard case .typeahead(let event)? = script.first else { return nil }
            script.removeFirst()
            return event
        }
        while !script.isEmpty {
            switch script.removeFirst() {
            case .event(let event), .typeahead(let event):
                if case .resize(let w, let h) = event { size = (w, h) }
                return event
            case .idle:
                clock.now += Double(max(0, milliseconds)) / 1000
                return nil
            case .advance(let seconds):
                clock.now += seconds
            case .signal(let signal):
                pendingSignal = signal
                return nil
            }
        }
        if !ranOut {
            ranOut = true
            pendingSignal = 1     // SIGHUP
        }
        return nil
    }

    public func draw(_ grid: CellGrid) {
        if let last = frames.last, !forgetLastFrame, last.width == grid.width, last.height == grid.height {
            var changed = 0
            for y in 0..<grid.height {
                for x in 0..<grid.width where last[x, y] != grid[x, y] { changed += 1 }
            }
            changedCells.append(changed)
        } else {
            changedCells.append(grid.width * grid.height)
        }
        forgetLastFrame = false
        frames.append(grid)
    }

    public func measure(_ grid: CellGrid) -> Bool {
        var changed = false
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                if let c = grid[x, y].text.first, let width = terminalWidths[c], widths.measured[c] == nil {
                    widths.record(c, width: width)
                    changed = true
                }
                x += grid.clusterWidth(x: x, y: y)
            }
        }
        if changed { measurements += 1 }
        return changed
    }

    public func suspend() {
        suspensions += 1
        forgetLastFrame = true
    }

    public func takePendingSignal() -> Int32 {
        defer { pendingSignal = 0 }
        return pendingSignal
    }

    public func stop() { stopped = true }
}
