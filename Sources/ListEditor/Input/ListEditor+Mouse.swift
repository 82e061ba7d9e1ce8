import ListDocument
import TableKit
import TerminalUI
import TableRendering

/// The mouse: it asks what the last frame drew where (the header bar's buttons, the renderer's
/// hit regions) and goes through the controller's intents.
extension ListEditor {
    /// The mouse asks what the last frame drew where (the header bar's buttons, the renderer's
    /// hit regions) and goes through the controller's intents.
    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp where view == .board: board.scroll(by: -3)
        case .wheelDown where view == .board: board.scroll(by: 3)
        case .wheelUp: renderer.scroll(by: -3)
        case .wheelDown:
            let top = renderer.topLine
            renderer.scroll(by: 3)
            // At the end of what was read while the file loads: say so, as `↓` does there.
            if document.isLoading && renderer.topLine == top { say(progressLine) }
        case .press: press(m.x, m.y)
        case .drag where view == .board: dragMouseOnBoard(to: m)
        case .rightPress: break     // the editor's rows have no context menu
        case .drag: dragMouse(toScreenLine: m.y)
        case .release:
            if mode.isMouseDrag {
                endMode()
                if tableView.rowDrag != nil {
                    // The held block may go on past the rows read: the drop waits for them.
                    if needsWholeList(.pickUp, in: .dragging) { wait(for: .pickUp, in: .dragging, from: keyMode); return }
                    report(performIntent(.drop))
                }
            }
        }
    }

    /// The pointer moved with the button held on a picked-up handle: the row goes to the slot
    /// under it (through the delegate's retarget, as a key drag), the rows sliding under the
    /// pointer. At or past the table's top or bottom line the drag steps one row beyond it, and
    /// keeps stepping on ticks while the pointer stays there, so the table scrolls.
    func dragMouse(toScreenLine y: Int) {
        guard mode.isMouseDrag, tableView.rowDrag != nil else {
            if mode.isMouseDrag { endMode() }
            return
        }
        let line = y - 1, height = renderer.viewportHeight
        guard height > 0 else { return }
        let top = renderer.topLine
        let edge: Int
        if line < 0 || (line == 0 && top > 0) {
            edge = -1
        } else if line >= height || (line == height - 1 && top + height < renderer.contentLines) {
            edge = 1
        } else {
            edge = 0
        }
        holdDragEdge(edge)
        if edge != 0 {
            stepDragPastEdge()
        } else if let slot = renderer.displayedSlot(atScreenLine: line) {
            // With rows hidden, the slot is among the shown rows (the held row's line counted).
            if tableView.hidesRows { proposeShown(slot.row, inSection: slot.section, direction: nil) } else { performIntent(.propose(slot)) }
        }
    }

    /// The pointer moved with the button held on a card's handle in the board: the card goes
    /// to the slot under it, in whatever lane (`BoardRenderer.slot(atX:y:)`), through the
    /// delegate's retarget as in the list; the release drops it through the move planner
    /// (`drop`). Each lane scrolls to keep the held card in view. At the board's left or right
    /// edge (its first or last column) with lanes hidden that way, the card steps into the next
    /// lane (`stepAcross`), and keeps stepping on ticks while the pointer stays there, so the
    /// board scrolls sideways as the list scrolls at its top and bottom.
    func dragMouseOnBoard(to m: MouseEvent) {
        guard mode.isMouseDrag, tableView.rowDrag != nil else {
            if mode.isMouseDrag { endMode() }
            return
        }
        let layout = board.boardLayout
        let right = (layout.columns.last?.upperBound ?? size.width) - 1
        let edge = m.x <= 0 && layout.hiddenBefore > 0 ? -2 : m.x >= right && layout.hiddenAfter > 0 ? 2 : 0
        holdDragEdge(edge)
        if edge != 0 {
            stepDragPastEdge()
            return
        }
        guard let slot = board.slot(atX: m.x, y: m.y) else { return }
        if tableView.hidesRows { proposeShown(slot.row, inSection: slot.section, direction: nil) } else { performIntent(.propose(slot)) }
    }

    /// One drag step beyond the edge the pointer holds (see `dragMouse`, `dragMouseOnBoard`).
    /// While the file loads,
    /// a step down past the last row read waits, as the keys' step does: the progress line
    /// shows, and the ticks (ten a second while the pointer holds the edge) try again, so the
    /// drag goes on as rows arrive; a drop meanwhile lands on the rows read.
    func stepDragPastEdge() {
        guard case .mouseDrag(let edge) = mode, edge != 0, tableView.rowDrag != nil else { return }
        if abs(edge) == 2 {
            // The board's left or right edge: into the next lane, which scrolls into view.
            performIntent(.stepAcross(edge < 0 ? .left : .right))
            return
        }
        if edge > 0 && document.isLoading && atLoadedEnd {
            say(progressLine)
            return
        }
        if showsProgressMessage { message = nil }
        performIntent(.step(edge < 0 ? .up : .down))
    }

    /// What the last frame drew at a cell: the board's or the list's.
    func hit(x: Int, y: Int) -> TableRenderer.Hit? {
        view == .board ? board.hit(x: x, y: y) : renderer.hit(x: x, y: y)
    }

    func press(_ x: Int, _ y: Int) {
        if mode.prompt != nil || mode.entry != nil { return }
        if readOnly {
            // Clicks move the cursor only.
            switch hit(x: x, y: y) {
            case .header(let s)?: controller.perform(.moveCursor(.to(.header(s))))
            case .row(let p)?, .accessory(let p)?: controller.perform(.moveCursor(.to(.row(p))))
            case nil: if bar.item(atX: x, y: y) != nil { tell(readOnlyRefusal) }
            default: tell(readOnlyRefusal)
            }
            return
        }
        if let item = bar.item(atX: x, y: y) {
            // The bar's right items: `Done`/`Edit`, then `+`.
            if item == 0 { report(controller.perform(.toggleEditing)) } else if !inEditMode { tell(addRow()) }
            return
        }
        let hit = hit(x: x, y: y)
        // A click anywhere but on its buttons closes a row swiped open.
        if case .swipeAction? = hit {} else if tableView.swipedRow != nil { controller.dismissButtons() }
        guard let hit else { return }
        switch hit {
        case .header(let s): controller.perform(.moveCursor(.to(.header(s))))
        case .swipeAction(_, let i): report(controller.perform(.performSwipeAction(i)))
        case .deleteConfirmationButton: controller.perform(.confirm)
        case .row(let p), .accessory(let p): controller.perform(.moveCursor(.to(.row(p))))
        case .editingControl(let p):
            controller.perform(.moveCursor(.to(.row(p))))
            report(performIntent(.pressEditingControl(at: p)))
        case .selectionControl(let p):
            report(controller.perform(.tapRow(p)))
        case .reorderControl(let p):
            let outcome = performIntent(.beginDrag(at: p))
            if outcome.isPerformed { beginMouseDrag() } else if mode.isMouseDrag { endMode() }
            report(outcome)
        case .menuAction, .menu:
            break       // the editor opens no context menu
        }
    }
}
