import TableKit
import TerminalUI
import TableRendering

/// Clicks, drags and the wheel: bar buttons are pressed, rows selected, their controls pressed, a
/// row dragged by its handle, all through the controller's intents, after the presenter's
/// `hit(x:y:)` says what the screen shows there (on a board, a card is dragged across lanes).
extension TableHost {
    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp, .wheelDown:
            if presentation == .board { board.scroll(by: m.kind == .wheelUp ? -3 : 3) } else { renderer.scroll(by: m.kind == .wheelUp ? -3 : 3) }
        case .press where m.y == 0:
            if let i = bar.item(atX: m.x, y: m.y) { barItems[i].press() }
        case .press:
            switch presentation == .board ? board.hit(x: m.x, y: m.y) : renderer.hit(x: m.x, y: m.y) {
            case .row(let p)?: perform(.tapRow(p))
            case .accessory(let p)?:
                // The detail button is a button (`accessoryButtonTappedForRowWith`); `›` selects.
                let type = tableView.cellForRow(at: p)?.accessoryType
                perform(type == .detailButton || type == .detailDisclosureButton ? .pressAccessoryButton(at: p) : .tapRow(p))
            case .header(let s)?: perform(.moveCursor(.to(.header(s))))
            case .editingControl(let p)?: perform(.pressEditingControl(at: p))
            case .selectionControl(let p)?: perform(.tapRow(p))
            case .deleteConfirmationButton?: perform(.confirm)
            case .swipeAction(_, let i)?: perform(.performSwipeAction(i))
            case .reorderControl(let p)?: mouseDragging = perform(.beginDrag(at: p)).isPerformed
            case nil: break
            }
        case .drag:
            guard mouseDragging else { break }
            let slot = presentation == .board ? board.slot(atX: m.x, y: m.y) : renderer.displayedSlot(atScreenLine: m.y - 1)
            if let slot { perform(.propose(slot)) }
        case .release:
            if mouseDragging { mouseDragging = false; perform(.drop) }
        }
    }

    /// The bar's items as `bar` indexes them: right items, then left items.
    var barItems: [BarButtonItem] { navigationItem.rightBarButtonItems + navigationItem.leftBarButtonItems }
}
