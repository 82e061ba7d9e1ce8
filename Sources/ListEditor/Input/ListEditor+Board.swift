import TableKit
import ListDocument
import KeyBindings
import TableRendering

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

    /// Shows the document in `new` (the same table, model, controller and cursor): the table's
    /// presenter becomes the board's renderer or the list's; in the board, the sections that are
    /// lanes (`ListModel.laneSections`) are the table's `laneSections`.
    public func setView(_ new: EditorView) {
        guard new != view else { return }
        finishViewAnimations()
        view = new
        if new == .board {
            followListRenderer()
            updateLanes()
            tableView.presenter = board
        } else {
            tableView.laneSections = nil
            tableView.presenter = renderer
        }
        layOutTable()
    }

    /// The table's lanes as the model's sections say (front matter alone and the Kanban archive
    /// are not lanes), in the board; after each change, as a change can make or unmake one.
    ///
    /// - Complexity: O(sections).
    func updateLanes() {
        guard view == .board else { return }
        let lanes = document.model.laneSections
        if tableView.laneSections != lanes { tableView.laneSections = lanes }
    }

    /// The board draws as the list's renderer is set up: theme, animations, their speed and the
    /// clock (tests set the list renderer's).
    func followListRenderer() {
        board.theme = renderer.theme
        board.animationsEnabled = renderer.animationsEnabled
        board.animationSlowdown = renderer.animationSlowdown
        board.clock = renderer.clock
    }

    /// Ends the animations of the view shown (a key finishes what is in flight at once). Only
    /// that view animates: it is the table's presenter and the one laid out and drawn, and
    /// `setView` ends its animations before the other view takes over.
    func finishViewAnimations() {
        if view == .board { board.finishAnimations() } else { renderer.finishAnimations() }
    }

    /// The cards of section `s` (its top-level rows that are not passages), as the board's lane
    /// title counts them; counted again only when the section's rows or the list changed.
    ///
    /// - Complexity: O(rows of the section) when counted, else O(1).
    func cardCount(inSection s: Int) -> Int {
        guard s < document.model.sections.count else { return 0 }
        let rows = document.model.sections[s].rows
        if let counted = laneCards[s], counted.rows == rows.count, counted.changes == changeCount { return counted.cards }
        var cards = 0
        for r in 0..<rows.count {
            let a = rows.attributes(at: r)
            if a.level == 0 && !a.isPassage { cards += 1 }
        }
        laneCards[s] = (rows.count, changeCount, cards)
        return cards
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
        if hasSelection { return moveSelectionToLane(offset) }
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else { return .refused(.notOnRow) }
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

    /// `H`/`L` with rows selected: every card holding a selected row to the lane `offset` lanes
    /// from its own (`MovePlanner.planSelectionToLane`), one batch and one undo step; a card with
    /// no lane that way stays.
    func moveSelectionToLane(_ offset: Int) -> TableOutcome {
        let moving = movingRows()
        guard !moving.isEmpty else { return .refused(.busy("The selected rows are hidden by the filter: nothing to move")) }
        guard case .move(let step, let cursor) = planner.plan(.toSection(offset), for: .rows(moving, held: nil)) else {
            let first = selectedPaths.first.map { controller.name(of: $0) } ?? "The selection"
            return .refused(.cannotGoFurther(moving.count > 1 ? "The selected rows" : first))
        }
        commit(step, cursor: cursor)
        return .performed
    }
}
