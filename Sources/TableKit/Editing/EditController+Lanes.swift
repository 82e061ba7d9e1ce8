import Foundation

/// A board's sideways motion: the cursor to the previous or next lane, and a drag step into it.
/// A step across proposes a slot through `propose`, the same path as a vertical step and the
/// mouse, so the delegate's retargeting and the one `moveRowAt` on drop are the list's.
///
///     controller.perform(.moveCursorAcross(.right))   // the card at the same place in the next lane
///     controller.perform(.pickUp)
///     controller.perform(.stepAcross(.right))         // propose the same row in the next lane
///     controller.perform(.drop)                       // moveRowAt(source, destination), once
extension EditController {
    /// The cursor to the previous or next lane (`TableIntent.moveCursorAcross`).
    ///
    /// - Complexity: O(lanes passed over × log sections + nested rows above the target).
    func moveCursorAcross(_ direction: HorizontalDirection) -> TableOutcome {
        guard let focus = tableView.focus else { return .refused(.empty) }
        let from = focus.section
        guard let lane = tableView.lane(direction, of: from) else {
            return .refused(.noLane(direction))
        }
        let count = tableView.shownRowCount(inSection: lane)
        guard case .row(let p) = focus, count > 0 else {
            tableView.focus = .header(lane)
            return .performed
        }
        let position = tableView.cardPosition(from: min(tableView.shownIndex(of: p), count - 1), inSection: lane)
        tableView.focus = .row(IndexPath(row: tableView.shownRow(at: position, inSection: lane), section: lane))
        return .performed
    }

    /// A drag step into the previous or next lane (`TableIntent.stepAcross`): the dragged row is
    /// proposed at the same row index there, clamped to the lane's end; a dragged section steps
    /// as `step` moves it (left is up).
    func stepAcross(_ direction: HorizontalDirection) -> TableOutcome {
        if tableView.sectionDrag != nil { return step(direction == .left ? .up : .down) }
        guard let drag = tableView.rowDrag else { return .refused(.nothingPickedUp) }
        let p = drag.proposed ?? drag.destination
        guard let lane = tableView.lane(direction, of: p.section) else {
            return .refused(.cannotGoFurther(name(of: drag.source)))
        }
        let row = min(p.row, drag.lastSlot(inSection: lane, rowCounts: tableView.rowCounts))
        return propose(IndexPath(row: row, section: lane))
    }
}
