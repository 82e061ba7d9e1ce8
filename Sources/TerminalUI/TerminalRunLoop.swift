/// Runs a `TerminalProgram` over any `TerminalBackend`: events to the program, the effects its
/// update step returns to a performer, a frame after each burst of input, ticks, animation
/// frames, suspending, quitting and termination signals. The curses backend and the test backend
/// run programs through the same loop.
///
///     let signal = TerminalRunLoop(backend: terminal).run(editor) { effect in performer.perform(effect, for: editor) }
///     if signal != 0 { CursesTerminal.exit(bySignal: signal) }
@MainActor
public struct TerminalRunLoop {
    /// The terminal the program runs on.
    public let backend: any TerminalBackend
    /// Where the loop reads the time for ticks (a `ManualClock` in tests).
    public let clock: any AnimationClock
    /// Longest wait for input with no animation running (ms): a tick at least this often.
    public static let idleTimeout: Int32 = 1_000
    /// Events already waiting that are handled before the next frame, at most: typeahead (a held
    /// key, a fast paste) is taken in bounded runs so the screen still follows.
    public static let typeaheadLimit = 4_096

    /// A loop over `backend`, reading time from `clock`.
    public init(backend: any TerminalBackend, clock: any AnimationClock = SystemClock()) {
        self.backend = backend
        self.clock = clock
    }

    /// Runs a program that asks for no effects; see `run(_:performing:)`.
    @discardableResult
    public func run<Program: TerminalProgram>(_ program: Program) -> Int32 where Program.Effect == Never {
        run(program, performing: Self.unreachable)
    }

    /// The performer of a program whose effects have no values (`Never`): never called.
    static func unreachable<Effect>(_ effect: Effect) -> [Effect] {
        preconditionFailure("\(Effect.self) has no values to perform")
    }

    /// Runs `program` until it quits or a termination signal arrives; the backend is stopped
    /// (the terminal restored) before this returns. Returns the signal that ended it, or 0.
    ///
    /// Every effect the program's update step, its start or its termination returns goes to
    /// `perform`, in order, and the effects `perform` returns (what the program asked for once it
    /// got the result) are performed after them, before the next event. The effects of starting
    /// (and of the first size) are performed right after the first frame is drawn, so nothing
    /// they do (a file written and flushed) delays the first screen.
    ///
    /// Each turn: a tick when the last one is a second old (so periodic work runs while input
    /// keeps coming), the pending signal (the program keeps what it must, `terminate(signal:)`),
    /// a frame, then one wait for input: `program.frameInterval` while it animates, else a
    /// second; a wait that times out is a tick. Input already waiting is handled before the next
    /// frame, and after more than one event the program finishes its animations
    /// (`TerminalProgram.finishAnimations()`): a burst of input draws one frame, at its end.
    @discardableResult
    public func run<Program: TerminalProgram>(_ program: Program,
                                              performing perform: (Program.Effect) -> [Program.Effect]) -> Int32 {
        /// Performs `effects` in order, and the ones their results ask for after them.
        func performAll(_ effects: [Program.Effect]) {
            var queue = effects[...]
            while let effect = queue.popFirst() { queue.append(contentsOf: perform(effect)) }
        }
        var size = backend.size
        program.widths = backend.widths
        // The first frame goes out before anything is performed: what starting asks for (the
        // editor's recovery file, created and flushed to disk) waits until the screen shows.
        let starting = program.start() + program.handle(.resize(width: size.width, height: size.height))
        let firstFrame = frame(of: program, width: size.width, height: size.height)
        backend.draw(firstFrame)
        var first: CellGrid? = firstFrame
        performAll(starting)
        /// Passes one event on; a resize updates the size. The program asks for suspension
        /// through `wantsSuspend` (its key map decides which key does it), never a key read here.
        func dispatch(_ event: InputEvent) {
            if case .resize(let w, let h) = event { size = (w, h) }
            performAll(program.handle(event))
            if program.wantsSuspend {
                program.wantsSuspend = false
                backend.suspend()
                size = backend.size
                performAll(program.handle(.resize(width: size.width, height: size.height)))
            }
        }
        var lastTick = clock.now
        while !program.wantsQuit {
            if clock.now - lastTick >= 1 {
                lastTick = clock.now
                performAll(program.handle(.tick))
            }
            let signal = backend.takePendingSignal()
            if signal != 0 {
                performAll(program.terminate(signal: signal))
                backend.stop()
                return signal
            }
            let grid = frame(of: program, width: size.width, height: size.height)
            // The first frame again (what starting performed changed nothing on screen): not redrawn.
            if grid != first { backend.draw(grid) }
            first = nil
            let timeout = program.frameInterval.map { Int32(max(1, $0 * 1000)) } ?? Self.idleTimeout
            guard let event = backend.nextEvent(timeout: timeout, wakingOn: program.wakeDescriptor) else {
                if program.widths != backend.widths { continue }    // a measurement came in: draw again
                lastTick = clock.now
                performAll(program.handle(.tick))
                continue
            }
            dispatch(event)
            var waiting = 0
            while waiting < Self.typeaheadLimit, !program.wantsQuit, let next = backend.nextEvent(timeout: 0) {
                dispatch(next)
                waiting += 1
            }
            // A burst draws one frame, its last: no animation plays it back after the keys.
            if waiting > 0 { program.finishAnimations() }
        }
        backend.stop()
        return 0
    }

    /// Renders `program` with the backend's widths, measuring the clusters of the frame the
    /// backend has not measured yet first (and rendering again when their widths changed).
    func frame(of program: some TerminalProgram, width: Int, height: Int) -> CellGrid {
        if program.widths != backend.widths { program.widths = backend.widths }
        let grid = program.render(width: width, height: height)
        guard backend.measure(grid) else { return grid }
        program.widths = backend.widths
        return program.render(width: width, height: height)
    }
}
