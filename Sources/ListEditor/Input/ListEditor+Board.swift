import TableKit
import ListDocument
import KeyBindings

/// The board view's keys (docs/keys.md, "The board view"): `B` switches views; `H`/`L` take the
/// card the cursor is in to the previous or next lane through the move planner and the one
/// commit route (`MovePlanner.planToLane`, `commit(_:cursor:)`), in either view.
extension ListEditor {
    /// The view the editor shows now, as the status line names it (`Board view`).
    public var viewName: String { view.name }

    /// `B`: the other view, the cursor kept on its row.
    func toggleView() {
        setView(view.toggled)
        say(view.name)
    }

    /// Shows the document in `new` (the same table, model and cursor).
    public func setView(_ new: EditorView) {
        guard new != view else { return }
        view = new
        viewChanges += 1
    }

    /// The actions the editor offers for a key bound to several in one mode: in the board the
    /// arrows `←` `→` (`h` `l`) move between lanes, in the list they collapse and expand.
    func offers(_ action: KeyAction) -> Bool {
        switch action {
        case .collapse, .expand: return view == .list
        case .previousLane, .nextLane: return view == .board
        default: return true
        }
    }

    /// `H`/`L` (`offset` -1 or 1): the card holding the cursor's row, with its nested rows, to
    /// the previous or next lane at the same index among its cards (or the lane's end), one undo
    /// step; into or out of a `**Complete**` lane its checkbox changes in the same step.
    func moveCardToLane(_ offset: Int) -> TableOutcome {
        controller.dismissButtons()
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else { return .refused(.notOnRow) }
        guard !hasSelection else {
            return .refused(.busy("\(keymap.hint(.moveLeft, in: keyMode))/\(keymap.hint(.moveRight, in: keyMode)) move one card: \(keymap.hint(.moveDown, in: keyMode))/\(keymap.hint(.moveUp, in: keyMode)) or a drag move the selection"))
        }
        let card = IndexPath(row: planner.card(holding: p), section: p.section)
        guard tableView(tableView, canMoveRowAt: card) else { return .refused(.cannotMove(controller.name(of: card))) }
        let plan = planner.plan(.toSection(offset), for: .block(card))
        switch plan {
        case .move(let step, let cursor): commit(step, cursor: cursor)
        case .unchanged: break
        case .refused: return .refused(.cannotGoFurther(controller.name(of: card)))
        }
        return .performed
    }
}
