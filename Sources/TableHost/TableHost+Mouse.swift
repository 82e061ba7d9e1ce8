import TableKit
import TerminalUI
import TableRendering

/// Clicks, drags and the wheel: bar buttons are pressed, rows selected, their controls pressed, a
/// row dragged by its handle or swiped by a drag sideways, a context menu opened by a right-click
/// and chosen from, all through the controller's intents, after the presenter's `hit(x:y:)` says
/// what the screen shows there (on a board, a card is dragged across lanes). As a finger on
/// UIKit's table, a press on a row only puts the cursor there; the row is selected
/// (`didSelectRowAt`) when the button is let go on it without a swipe.
extension TableHost {
    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp, .wheelDown:
            if presentation == .board { board.scroll(by: m.kind == .wheelUp ? -3 : 3) } else { renderer.scroll(by: m.kind == .wheelUp ? -3 : 3) }
        case .press where tableView.contextMenu != nil:
            // An open menu takes the click: a choice runs, a click elsewhere only closes it.
            switch renderer.hit(x: m.x, y: m.y) {
            case .menuAction(let i)?: perform(.chooseMenuAction(i))
            case .menu?: break
            default: perform(.cancel)
            }
        case .press where m.y == 0:
            if let i = bar.item(atX: m.x, y: m.y) { catchingRefusals { barItems[i].press() } }
        case .rightPress:
            if let p = renderer.hit(x: m.x, y: m.y)?.row { perform(.openContextMenu(at: p)) }
        case .press:
            switch presentation == .board ? board.hit(x: m.x, y: m.y) : renderer.hit(x: m.x, y: m.y) {
            case .row(let p)?:
                perform(.moveCursor(.to(.row(p))))
                swipeStart = (m.x, m.y, p)
            case .accessory(let p)?:
                // The detail button is a button (`accessoryButtonTappedForRowWith`); `›` or `✓`
                // is part of the row, selected on release as the row is.
                let type = tableView.cellForRow(at: p)?.accessoryType
                if type == .detailButton || type == .detailDisclosureButton {
                    perform(.pressAccessoryButton(at: p))
                } else {
                    perform(.moveCursor(.to(.row(p))))
                    swipeStart = (m.x, m.y, p)
                }
            case .header(let s)?: perform(.moveCursor(.to(.header(s))))
            case .editingControl(let p)?: perform(.pressEditingControl(at: p))
            case .selectionControl(let p)?: perform(.tapRow(p))
            case .deleteConfirmationButton?: perform(.confirm)
            case .swipeAction(_, let i)?: perform(.performSwipeAction(i))
            case .reorderControl(let p)?: mouseDragging = perform(.beginDrag(at: p)).isPerformed
            case .menuAction?, .menu?, nil: break
            }
        case .drag:
            if mouseDragging {
                let slot = presentation == .board ? board.slot(atX: m.x, y: m.y) : renderer.displayedSlot(atScreenLine: m.y - 1)
                if let slot { perform(.propose(slot)) }
            }
            if let start = swipeStart, abs(m.x - start.x) >= 3 {
                // Three columns sideways from the press: the row opens from the side dragged away from.
                swipeStart = nil
                if tableView.focus == .row(start.row) { perform(m.x > start.x ? .beginLeadingSwipe : .beginSwipe) }
            }
        case .release:
            // Let go on the row pressed (or on the line pressed, which the cursor's move may have
            // scrolled), not swiped: a tap, which selects it.
            if let start = swipeStart, m.y == start.y || hitRow(x: m.x, y: m.y) == start.row { perform(.tapRow(start.row)) }
            swipeStart = nil
            if mouseDragging { mouseDragging = false; perform(.drop) }
        }
    }

    /// The row drawn at (`x`, `y`) by the presenter showing, if a row is there.
    func hitRow(x: Int, y: Int) -> IndexPath? {
        guard case .row(let p)? = presentation == .board ? board.hit(x: x, y: y) : renderer.hit(x: x, y: y) else { return nil }
        return p
    }

    /// The bar's items as `bar` indexes them: right items, then left items.
    var barItems: [BarButtonItem] { navigationItem.rightBarButtonItems + navigationItem.leftBarButtonItems }
}
