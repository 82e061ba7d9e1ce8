import TableKit
import TerminalUI

/// Drag steps and the mouse on a board: a held card that moved within its lane since the last
/// frame glides there (`DragStepFrames`, drawn in the lane's own grid), one that changed lanes
/// glides across (`BoardMoveFrames`); a click hits what the
/// last frame drew; a drag proposes the slot under the pointer.
extension BoardRenderer {
    /// The held card, when displayed section `d` shows it: a step starts when it moved within
    /// the lane since the last frame, a move (`beginStepAcross`) when it came from another lane
    /// (`BoardMoveFrames`: it glides there, the cards of both lanes sliding). Returns the
    /// lane line the held card is drawn on (nil: not in this lane, or off its `lines`).
    func trackHeld(lane place: Int, section d: Int, first: Int, lines: Int, at now: Double) -> Int? {
        guard let drag = rowDrag, case .row(let p) = displayed(.row(drag.source)), p.section == d else { return nil }
        let line = p.row - first
        if let last = lastHeld, last.row == drag.source, last.section == d, last.line != p.row, animationsEnabled {
            endMove(finished: true)
            dragStep = (DragStepFrames(start: now, from: last.line - first, to: line), place)
        } else if let last = lastHeld, last.section != d {
            dragStep = nil
            if last.row == drag.source { beginStepAcross(of: drag.source) }
        }
        lastHeld = (drag.source, d, p.row)
        guard line >= 0, line < lines else {
            if dragStep?.lane == place { dragStep = nil }     // off the lane's lines: nothing to glide
            return nil
        }
        return line
    }

    /// What the last frame drew at a cell of the grid, or nil (a rule, an empty line, outside
    /// the board, or the table changed since that frame): a lane's title is its `.header`, a
    /// card's line its `.row`, a control its own hit. Index paths in the current space.
    ///
    ///     if case .reorderControl(let p)? = board.hit(x: m.x, y: m.y) { controller.perform(.beginDrag(at: p)) }
    ///
    /// - Complexity: O(controls drawn + lanes shown).
    public func hit(x: Int, y: Int) -> TableRenderer.Hit? {
        guard frameChanges == tableChanges else { return nil }
        if let region = regions.last(where: { $0.y == y && $0.x.contains(x) }) { return region.hit }
        guard let place = boardLayout.lane(atX: x), let columns = boardLayout.columns(ofLane: place), x < columns.upperBound else { return nil }
        let d = lanes[place]
        if y == lastTop { return .header(modelSection(forDisplayed: d)) }
        let line = y - lastTop - BoardLayout.headerLines
        guard line >= 0, line < bodyHeight else { return nil }
        let row = (frameTops[modelSection(forDisplayed: d)] ?? 0) + line
        guard row < counts[d] else { return nil }
        return .row(modelRow(forDisplayed: IndexPath(row: row, section: d)))
    }

    /// The slot (final space) a dragged card takes with the pointer at a cell of the grid: the
    /// line under it in the lane under it, the lane's first slot on its title, its last below
    /// its cards; nil with nothing dragged or off the lanes.
    ///
    /// - Complexity: O(sections).
    public func slot(atX x: Int, y: Int) -> IndexPath? {
        guard let drag = rowDrag, let place = boardLayout.lane(atX: x) else { return nil }
        let d = lanes[place]
        let line = y - lastTop - BoardLayout.headerLines
        // The counts now: the held card may have moved lanes since the frame was drawn.
        let shownNow = tableView.shown.displayCounts(rowDrag: drag, sectionDrag: sectionDrag)
        guard d < shownNow.count else { return nil }
        let last = shownNow[d] - (drag.destination.section == d ? 1 : 0)
        let row = line < 0 ? 0 : (frameTops[modelSection(forDisplayed: d)] ?? 0) + line
        return IndexPath(row: max(0, min(row, last)), section: d)
    }
}
