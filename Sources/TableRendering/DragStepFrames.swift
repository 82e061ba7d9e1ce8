import TableKit
import TerminalUI

/// One step of a row drag in flight: the held row glides from the line it was drawn on to the
/// line it is drawn on now, one line per `linePhase`, and each line it passes steps aside as it
/// goes (drawn dimmed for that phase, while it is still moving). The other lines keep their order,
/// as in a batch's slide (`RowAnimationFrames.slide`).
///
///     // The held row was on line 7 and is now on line 11 (it crossed a footer, a gap and a
///     // header): its frames show it on lines 8, 9, 10, then 11, the line it passed dimmed.
///     let step = DragStepFrames(start: now, from: 7, to: 11)
///     step.draw(at: now + 0.07, held: 11, clean: frame, into: &area)
///
/// A step of one line (the row passed a neighbour) has no line between: the held row is drawn
/// at its new line at once, and the row it passed is drawn dimmed on its new line for one phase.
///
/// Animation is frames only: the drag's destination is already final. A key press finishes it at
/// once; the step after it starts from where the last frame drew the row.
struct DragStepFrames {
    /// Seconds per line of travel.
    static let linePhase = 0.06
    /// Seconds a whole step takes at most: a longer glide (a jump to the section's end, a row
    /// dragged off screen and back) goes faster, so no step runs on after the keys for long.
    static let longest = 0.3

    var start: Double
    /// Lines of the table area (the new frame's scroll position) the held row leaves and reaches.
    var from: Int
    var to: Int

    var distance: Int { abs(to - from) }

    /// Seconds per line of this step: `linePhase`, less when the step would take over `longest`.
    var phase: Double { min(Self.linePhase, Self.longest / Double(max(1, distance))) }

    /// Lines travelled at `time` (1 at once, up to `distance`), or nil when the step is over.
    func travelled(at time: Double) -> Int? {
        let t = max(0, time - start)
        guard t < Double(distance) * phase else { return nil }
        return min(distance, 1 + Int(t / phase))
    }

    /// Draws the frame at `time` from the new frame `clean`, where the held row is on line `held`
    /// (area lines, the new frame's): the other lines in their order, the held row among them
    /// `travelled` lines from `from`, the line it passed last dimmed.
    ///
    /// Returns the line the held row is drawn on (nil: the step is over, `area` is untouched).
    ///
    /// - Complexity: O(area size).
    @discardableResult
    func draw(at time: Double, held: Int, clean: CellGrid, into area: inout CellGrid) -> Int? {
        guard let moved = travelled(at: time), held >= 0, held < clean.height else { return nil }
        let down = to > from
        var sequence = Array(0..<clean.height)
        sequence.remove(at: held)
        let at = max(0, min(sequence.count, from + (down ? moved : -moved)))
        sequence.insert(held, at: at)
        area = CellGrid(width: clean.width, height: clean.height, widths: clean.widths)
        let passed = down ? at - 1 : at + 1
        for (y, source) in sequence.enumerated() {
            if y == passed {
                area.copyRow(from: clean, sourceY: source, to: y) { $0.dim = true }
            } else {
                area.copyRow(from: clean, sourceY: source, to: y)
            }
        }
        return at
    }
}
