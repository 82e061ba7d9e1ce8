import TableKit
import TerminalUI

/// Drag steps: a held row that moved since the last frame glides to its new line
/// (`DragStepFrames`), driven by the same clock and frame loop as batch animations.
extension TableRenderer {
    /// A held row drawn on another line than in the last frame starts a drag step (when
    /// animations are on and no batch animates), and a step in flight draws its frame over the
    /// new one. Returns the line the held row is drawn on while a step shows.
    ///
    /// - Complexity: O(area size).
    func stepDrag(layout: TableLayout, clean: CellGrid, into area: inout CellGrid, at now: Double) -> Int? {
        guard let drag = rowDrag else {
            dragStep = nil
            lastHeld = nil
            return nil
        }
        let line = layout.index(of: displayed(.row(drag.source)))
        if let last = lastHeld, last.row == drag.source, last.line != line, animationsEnabled, animation == nil {
            dragStep = DragStepFrames(start: now, from: last.line - topLine, to: line - topLine)
        }
        lastHeld = (drag.source, line)
        guard let step = dragStep else { return nil }
        guard let drawn = step.draw(at: now, held: line - topLine, clean: clean, into: &area) else {
            dragStep = nil
            return nil
        }
        return drawn
    }
}
