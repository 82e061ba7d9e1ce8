import Testing
import TerminalUI
import TestSupport

/// The run loop over a backend, without a terminal: `TestBackend` plays events, waits and signals
/// and keeps the frames; a `ManualClock` stands still between waits, so ticks and animation frames
/// are counted exactly.
@MainActor
@Suite struct TerminalRunLoopTests {
    /// A program that shows the last key, quits on `q`, animates while `animating` and records
    /// what it got. Its effects are strings: `w` asks for `"write w"`, starting for `"open"`, a
    /// signal for `"keep"`; the performer's result of `"write w"` comes back as the key `!`, which
    /// asks for `"again"`.
    final class Probe: TerminalProgram {
        var widths = WidthProfile.unicode
        var events: [InputEvent] = []
        var wantsQuit = false
        var wantsSuspend = false
        /// The key this probe suspends on (its own key map, as a program's).
        var suspendKey = Key.ctrl("z")
        var animating = false
        var terminated: [Int32] = []
        var shown = "ready"
        var renders = 0

        var frameInterval: Double? { animating ? 0.05 : nil }

        func render(width: Int, height: Int) -> CellGrid {
            renders += 1
            var grid = CellGrid(width: width, height: height, widths: widths)
            grid.put(shown, x: 0, y: 0)
            grid.put("\(width)x\(height)", x: 0, y: 1)
            return grid
        }

        func start() -> [String] { ["open"] }

        func handle(_ event: InputEvent) -> [String] {
            events.append(event)
            if event == .key(suspendKey) { wantsSuspend = true; return [] }
            if case .key(.char(let c)) = event {
                if c == "q" { wantsQuit = true }
                if c == "a" { animating.toggle() }
                shown = "key \(c)"
                if c == "w" { return ["write w"] }
                if c == "!" { return ["again"] }
            }
            return []
        }

        func terminate(signal: Int32) -> [String] {
            terminated.append(signal)
            return ["keep"]
        }

        /// The events handled before each call of `finishAnimations()`; the animation ends.
        var finishedAfter: [Int] = []
        func finishAnimations() {
            finishedAfter.append(events.count)
            animating = false
        }

        var ticks: Int { events.filter { $0 == .tick }.count }
    }

    /// What the performer was handed, in order (with the frames drawn so far when it was).
    final class Performed {
        var effects: [(effect: String, frames: Int)] = []
    }

    func run(_ script: [TestBackend.Step], width: Int = 20, height: Int = 4, program: Probe = Probe(),
             performed: Performed = Performed()) -> (Int32, TestBackend, Probe) {
        let backend = TestBackend(width: width, height: height, script: script)
        let signal = TerminalRunLoop(backend: backend, clock: backend.clock).run(program) { effect in
            performed.effects.append((effect, backend.frames.count))
            return effect == "write w" ? program.handle(.key(.char("!"))) : []
        }
        return (signal, backend, program)
    }

    @Test func theLoopPerformsTheEffectsTheProgramReturnsAndWhatTheirResultsAsk() {
        let performed = Performed()
        let (_, backend, _) = run([.event(.key(.char("w"))), .event(.key(.char("x"))), .signal(15)], performed: performed)
        #expect(performed.effects.map(\.effect) == ["open", "write w", "again", "keep"])
        // Starting right after the first frame (nothing it does delays the screen); `w`'s
        // effects before the frame after it.
        #expect(performed.effects.map(\.frames) == [1, 1, 1, 3])
        #expect(backend.stopped)
    }

    @Test func quitEndsTheLoopAndStopsTheBackend() {
        let (signal, backend, program) = run([.event(.key(.char("x"))), .event(.key(.char("q")))])
        #expect(signal == 0)
        #expect(backend.stopped && !backend.ranOut)
        #expect(program.events == [.resize(width: 20, height: 4), .key(.char("x")), .key(.char("q"))])
        // A frame before each wait: the first screen, then after `x`; none after `q`.
        #expect(backend.frames.count == 2)
        #expect(backend.frames[1].text.hasPrefix("key x"))
    }

    @Test func theProgramHearsTheSizeFirstAndEveryResize() {
        let (_, backend, program) = run([.event(.resize(width: 30, height: 6)), .event(.key(.char("q")))])
        #expect(program.events.prefix(2) == [.resize(width: 20, height: 4), .resize(width: 30, height: 6)])
        #expect(backend.frames.map(\.width) == [20, 30])
        #expect(backend.frames[1].text.contains("30x6"))
    }

    @Test func anIdleWaitIsATickAndTheWaitIsASecond() {
        let (_, backend, program) = run([.idle, .idle, .idle, .event(.key(.char("q")))])
        #expect(program.ticks == 3)
        #expect(backend.timeouts.filter { $0 != 0 } == [1_000, 1_000, 1_000, 1_000])
        #expect(backend.clock.now == 3)
    }

    @Test func ticksComeEverySecondWhileInputKeepsComing() {
        // Keys every 0.4 s for 4 s and no wait ever times out: ticks still come, once a second.
        var script: [TestBackend.Step] = []
        for _ in 0..<10 { script += [.advance(0.4), .event(.key(.char("x")))] }
        let (_, _, program) = run(script + [.event(.key(.char("q")))])
        #expect(program.ticks == 3)
    }

    @Test func framesThatChangeNothingWriteNoCell() {
        let (_, backend, _) = run([.idle, .idle, .event(.key(.char("x"))), .event(.key(.char("q")))])
        #expect(backend.changedCells.count == 4)
        #expect(backend.changedCells[0] == 20 * 4)
        #expect(backend.changedCells[1] == 0 && backend.changedCells[2] == 0)
        #expect(backend.changedCells[3] == 4)     // "ready" became "key x": four letters differ
    }

    @Test func anAnimationWaitsOneFrameIntervalAndItsWaitsAreTicks() {
        let (_, backend, program) = run([.event(.key(.char("a"))), .idle, .idle, .event(.key(.char("a"))), .idle, .event(.key(.char("q")))])
        #expect(backend.timeouts.filter { $0 != 0 } == [1_000, 50, 50, 50, 1_000, 1_000])
        #expect(program.ticks == 3)
        #expect(abs(backend.clock.now - 1.1) < 1e-9)
    }

    @Test func typeaheadIsHandledBeforeTheNextFrame() {
        let (_, backend, program) = run([.event(.key(.char("x"))), .typeahead(.key(.char("y"))), .typeahead(.key(.char("z"))),
                                         .event(.key(.char("q")))])
        #expect(program.events.count == 5)
        #expect(backend.frames.count == 2)
        #expect(backend.frames[1].text.hasPrefix("key z"))
    }

    /// A burst (an event with others already waiting) ends the program's animations before the
    /// one frame drawn after it; a single event, or one event per frame, does not.
    @Test func aBurstFinishesAnimationsBeforeItsOneFrame() {
        let (_, backend, program) = run([.event(.key(.char("a"))), .event(.key(.char("x"))),
                                         .event(.key(.char("y"))), .typeahead(.key(.char("z"))), .typeahead(.key(.char("v"))),
                                         .idle, .event(.key(.char("q")))])
        // `a` starts an animation; `x` alone keeps it; `y`, `z`, `v` come at once: finished once.
        #expect(program.finishedAfter == [6])      // the resize, a, x, y, z, v
        #expect(!program.animating)
        #expect(backend.frames.count == 5)          // the first, after a, after x, after the burst, after the tick
        #expect(backend.frames[3].text.hasPrefix("key v"))
        // After the burst the loop waits a second, not a frame interval: nothing animates.
        #expect(backend.timeouts.filter { $0 != 0 } == [1_000, 50, 50, 1_000, 1_000])
    }

    @Test func aSignalLetsTheProgramKeepWhatItMustThenEnds() {
        let (signal, backend, program) = run([.event(.key(.char("x"))), .signal(15), .event(.key(.char("y")))])
        #expect(signal == 15)
        #expect(program.terminated == [15])
        #expect(backend.stopped && !backend.ranOut)
        #expect(!program.events.contains(.key(.char("y"))))
        #expect(backend.script.count == 1)
    }

    @Test func theProgramsSuspendKeySuspendsThenRedrawsInFullAtTheSize() {
        let (_, backend, program) = run([.event(.key(.ctrl("z"))), .event(.key(.char("q")))])
        #expect(backend.suspensions == 1)
        #expect(!program.wantsSuspend)
        #expect(program.events.filter { if case .resize = $0 { true } else { false } }.count == 2)
        #expect(backend.changedCells == [20 * 4, 20 * 4])
    }

    /// The loop reads no key itself: with the suspend key bound elsewhere, Ctrl-Z is the
    /// program's (a remapped Ctrl-Z saves, as help and hints then say).
    @Test func ctrlZIsAnOrdinaryKeyWhenTheProgramBindsSuspendElsewhere() {
        let program = Probe()
        program.suspendKey = .ctrl("y")
        let (_, backend, _) = run([.event(.key(.ctrl("z"))), .event(.key(.ctrl("y"))), .event(.key(.char("q")))], program: program)
        #expect(backend.suspensions == 1)
        #expect(program.events.contains(.key(.ctrl("z"))))
    }

    @Test func measuredWidthsRenderTheFrameAgainOnce() {
        let program = Probe()
        program.shown = "👍🏽 ok"
        let backend = TestBackend(width: 20, height: 4, script: [.idle, .event(.key(.char("q")))])
        backend.terminalWidths = ["👍🏽": 4]
        TerminalRunLoop(backend: backend, clock: backend.clock).run(program) { _ in [] }
        #expect(backend.measurements == 1)
        #expect(program.widths.measured["👍🏽"] == 4)
        // Measured, rendered again; once more after starting's effects (the same: not drawn);
        // then the second frame.
        #expect(program.renders == 4)
        #expect(backend.frames.count == 2)
        #expect(backend.frames[0].clusterWidth(x: 0, y: 0) == 4)
    }

    @Test func aScriptThatRunsOutEndsWithSIGHUP() {
        let (signal, backend, program) = run([.event(.key(.char("x")))])
        #expect(backend.ranOut && signal == 1)
        #expect(program.terminated == [1])
    }
}
