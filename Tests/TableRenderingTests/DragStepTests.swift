import Testing
import TableKit
import TerminalUI
import TestSupport
import TableRendering

/// Drag steps animate: the rows a held row passes slide aside over a few frames, stepped here
/// with a manual clock (`DragStepFrames`).
@MainActor
@Suite struct DragStepTests {
    /// Seconds per line of a glide (`DragStepFrames.linePhase`).
    static let phase = 0.06

    /// The groceries in edit mode with the row at `row` picked up and drawn once (at time 0).
    func holding(_ row: IndexPath, _ fixture: Fixture, animations: Bool = true) -> (TableRenderer, ManualClock) {
        let view = makeView(fixture, animations: animations)
        let clock = ManualClock()
        view.clock = clock
        view.tableView.setEditing(true, animated: false)
        view.controller.perform(.moveCursor(.to(.row(row))))
        view.controller.perform(.pickUp)
        _ = draw(view)
        return (view, clock)
    }

    func line(of text: String, in grid: CellGrid) -> Int? { grid.lines.firstIndex { $0.contains(text) } }

    /// Whether the line holding `text` is drawn dimmed (sliding).
    func isDimmed(_ text: String, in grid: CellGrid) -> Bool {
        guard let y = line(of: text, in: grid), let x = grid.lines[y].firstIndex(of: text.first!) else { return false }
        return grid[grid.lines[y].distance(from: grid.lines[y].startIndex, to: x), y].style.dim
    }

    /// One step down past a neighbour: the held row is on its new line at once, the row it passed
    /// is drawn on its new line dimmed for one phase (it is still sliding), then plain.
    @Test func aOneLineStepDimsTheRowPassedWhileItSlides() {
        let fixture = Fixture(groceries)
        defer { withExtendedLifetime(fixture) {} }
        let (view, clock) = holding(IndexPath(row: 0, section: 0), fixture)
        view.controller.perform(.propose(IndexPath(row: 1, section: 0)))
        var grid = draw(view)
        #expect(view.isAnimating)
        #expect(line(of: "Milk", in: grid) == 2 && line(of: "Eggs", in: grid) == 1)
        #expect(isDimmed("Eggs", in: grid) && !isDimmed("Bread", in: grid))
        #expect(grid.cursor?.y == 2)
        clock.now = Self.phase
        grid = draw(view)
        #expect(!view.isAnimating)
        #expect(!isDimmed("Eggs", in: grid))
        #expect(line(of: "Milk", in: grid) == 2 && line(of: "Eggs", in: grid) == 1)
    }

    /// A step across sections moves the held row three lines (past the footer, the gap and the
    /// next header): it glides one line per phase, the lines it passes stepping aside in turn,
    /// down and back up; the last frame is the drag's screen.
    @Test func aStepAcrossSectionsGlidesLineByLine() {
        let fixture = Fixture(groceries)
        defer { withExtendedLifetime(fixture) {} }
        let (view, clock) = holding(IndexPath(row: 2, section: 0), fixture)
        let phase = Self.phase
        var frames: [String] = []
        var lines: [Int?] = []
        func frame(at t: Double) {
            clock.now = t
            let grid = draw(view)
            frames.append(grid.screenshot)
            lines.append(line(of: "Bread", in: grid))
        }
        view.controller.perform(.propose(IndexPath(row: 0, section: 1)))
        for t in [0, phase, 2 * phase, 3 * phase] { frame(at: t) }
        #expect(lines == [4, 5, 6, 6])
        #expect(!view.isAnimating)
        view.controller.perform(.propose(IndexPath(row: 2, section: 0)))
        for t in [1, 1 + phase, 1 + 2 * phase, 1 + 3 * phase] { frame(at: t) }
        #expect(lines.suffix(4) == [5, 4, 3, 3])
        assertGolden(frames.joined(separator: "\n-----\n"), "drag-step-across")
    }

    /// A key press (`finishAnimations`) shows the step's end at once; the next step glides from
    /// there. Animations off: no step frames at all.
    @Test func aKeyPressFinishesAStepAndAnimationsOffDrawNone() {
        let fixture = Fixture(groceries)
        defer { withExtendedLifetime(fixture) {} }
        let (view, _) = holding(IndexPath(row: 2, section: 0), fixture)
        view.controller.perform(.propose(IndexPath(row: 0, section: 1)))
        #expect(line(of: "Bread", in: draw(view)) == 4)
        view.finishAnimations()
        #expect(!view.isAnimating)
        #expect(line(of: "Bread", in: draw(view)) == 6)
        view.controller.perform(.propose(IndexPath(row: 1, section: 1)))
        let grid = draw(view)
        #expect(line(of: "Bread", in: grid) == 7 && isDimmed("Screws", in: grid))

        let still = Fixture(groceries)
        defer { withExtendedLifetime(still) {} }
        let (plain, _) = holding(IndexPath(row: 2, section: 0), still, animations: false)
        plain.controller.perform(.propose(IndexPath(row: 0, section: 1)))
        #expect(line(of: "Bread", in: draw(plain)) == 6)
        #expect(!plain.isAnimating)
    }

    /// `animationSlowdown` (listedit's `animation = slow`) stretches every phase: the glide is
    /// still at its second line when a normal one would be over.
    @Test func aSlowdownStretchesTheGlide() {
        let fixture = Fixture(groceries)
        defer { withExtendedLifetime(fixture) {} }
        let (view, clock) = holding(IndexPath(row: 2, section: 0), fixture)
        view.animationSlowdown = 8
        view.controller.perform(.propose(IndexPath(row: 0, section: 1)))
        #expect(line(of: "Bread", in: draw(view)) == 4)
        clock.now = 8 * Self.phase * 1.5
        #expect(line(of: "Bread", in: draw(view)) == 5)
        clock.now = 8 * Self.phase * 3
        #expect(line(of: "Bread", in: draw(view)) == 6)
        #expect(!view.isAnimating)
    }

    /// Dropping ends a step in flight; the drop itself does not animate.
    @Test func aDropDoesNotAnimate() {
        let fixture = Fixture(groceries)
        defer { withExtendedLifetime(fixture) {} }
        let (view, _) = holding(IndexPath(row: 2, section: 0), fixture)
        view.controller.perform(.propose(IndexPath(row: 0, section: 1)))
        _ = draw(view)
        view.controller.perform(.drop)
        let grid = draw(view)
        #expect(!view.isAnimating)
        #expect(line(of: "Bread", in: grid) == 6)
        #expect(fixture.sections[1].rows == ["Bread", "Screws", "Wood glue"])
    }
}
