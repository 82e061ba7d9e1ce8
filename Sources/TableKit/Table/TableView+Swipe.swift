import Foundation

/// Swipe actions, UIKit's way: swiping a row asks the delegate for its trailing actions (nil: the
/// default Delete), calls `willBeginEditingRowAt`, and puts the table in editing for that row
/// (`isEditing` is true, but no editing controls show); performing an action or cancelling ends it
/// with `didEndEditingRowAt`.
extension TableView {
    /// The row swiped open with its actions, if any.
    var swipe: SwipedRow? {
        if case .swiped(let s) = interaction { return s }
        return nil
    }

    /// The row swiped open, if any (current space). Remapped through every batch; a batch that
    /// deletes it ends the swipe with `didEndEditingRowAt(nil)`.
    public var swipedRow: IndexPath? { swipe?.row }

    /// The swiped row's actions, first outermost (drawn rightmost, or leftmost when swiped from
    /// the leading edge); empty when nothing is swiped.
    public var swipeActions: [ContextualAction] { swipe?.actions ?? [] }

    /// The end the swiped row's actions show at; nil when nothing is swiped.
    public var swipedEdge: SwipedRow.Edge? { swipe?.edge }

    /// Which of `swipeActions` `.confirm` performs (the keyboard's focus among the buttons).
    public var focusedSwipeAction: Int? { swipe?.focusedAction }

    /// The actions a swipe would show on a row, or nil when it cannot be swiped: it must be
    /// editable; the delegate's configuration decides, whatever the row's editing style (UIKit's
    /// behaviour since iOS 11, where the style no longer vetoes swipe actions), and when it
    /// returns nil the default is a destructive Delete, offered only when the data source commits
    /// and the row's style is `.delete` (never on an `.insert` or `.none` row). An empty
    /// configuration means no swipe. From the leading edge only the delegate's configuration
    /// counts: there is no default leading action.
    ///
    /// - Parameter indexPath: current index path.
    func swipeConfiguration(for indexPath: IndexPath, edge: SwipedRow.Edge = .trailing) -> SwipeActionsConfiguration? {
        guard contains(indexPath), let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return nil }
        if edge == .leading {
            let configured = delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            return configured?.actions.isEmpty == false ? configured : nil
        }
        if let configured = delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) {
            return configured.actions.isEmpty ? nil : configured
        }
        guard let editor = dataSource as? any TableViewEditingDataSource else {
            // A ported controller whose `commit` is never called: say so in debug builds.
            (dataSource as? TableViewController)?.warnIfCommitIsUnreachable()
            return nil
        }
        guard (delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return nil }
        let title = delegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        let delete = ContextualAction(style: .destructive, title: title) { [weak self, weak editor] _, _, completion in
            guard let self, let editor, let row = self.swipe?.row else { completion(false); return }
            editor.tableView(self, commit: .delete, forRowAt: row)
            completion(true)
        }
        return SwipeActionsConfiguration(actions: [delete])
    }

    /// Swipes a row open from `edge`: `willBeginEditingRowAt`, then the table is editing for that
    /// row. Returns false (and calls nothing) when the row cannot be swiped from there. Any other
    /// swipe ends first; never in edit mode.
    ///
    /// - Parameter indexPath: current index path.
    @discardableResult
    func beginSwipe(at indexPath: IndexPath, edge: SwipedRow.Edge = .trailing) -> Bool {
        guard !editMode, let configuration = swipeConfiguration(for: indexPath, edge: edge) else { return false }
        endSwipe()
        delegate?.tableView(self, willBeginEditingRowAt: indexPath)
        swipeGeneration += 1
        interaction = .swiped(SwipedRow(row: indexPath, edge: edge, configuration: configuration, generation: swipeGeneration))
        return true
    }

    /// Closes the swiped row (cancelled): `didEndEditingRowAt` with its path.
    func endSwipe() {
        guard let s = swipe else { return }
        interaction = .browsing
        delegate?.tableView(self, didEndEditingRowAt: s.row)
    }

    /// Moves the keyboard's focus among the swiped row's buttons (positive: away from the edge,
    /// toward the text). Returns whether the focus moved (false at the last button that way).
    @discardableResult
    func moveSwipeFocus(by delta: Int) -> Bool {
        guard var s = swipe, !s.isPerforming else { return false }
        let focused = max(0, min(s.configuration.actions.count - 1, s.focusedAction + delta))
        guard focused != s.focusedAction else { return false }
        s.focusedAction = focused
        interaction = .swiped(s)
        return true
    }

    /// Performs one of the swiped row's actions. The row stays open until the handler calls its
    /// completion; then the swipe ends with `didEndEditingRowAt`: the row's path, or nil when the
    /// action deleted the row (as UIKit ends a swipe whose row is gone).
    ///
    /// - Parameter index: into `swipeActions`.
    func performSwipeAction(at index: Int) {
        guard var s = swipe, !s.isPerforming, s.configuration.actions.indices.contains(index),
              let cell = cellForRow(at: s.row) ?? preparedCell(forRowAt: s.row) else { return }
        s.isPerforming = true
        s.focusedAction = index
        interaction = .swiped(s)
        let action = s.configuration.actions[index]
        let generation = s.generation
        action.handler(action, cell) { [weak self] _ in self?.finishSwipeAction(generation) }
    }

    /// A full swipe (the swipe key again): the first action when the configuration allows it,
    /// else the focused one.
    func performFullSwipe() {
        guard let s = swipe else { return }
        performSwipeAction(at: s.configuration.performsFirstActionWithFullSwipe ? 0 : s.focusedAction)
    }

    func finishSwipeAction(_ generation: Int) {
        if swipeEndPending == generation {
            swipeEndPending = nil
            delegate?.tableView(self, didEndEditingRowAt: nil)
        } else if let s = swipe, s.isPerforming, s.generation == generation {
            interaction = .browsing
            delegate?.tableView(self, didEndEditingRowAt: s.row)
        }
    }

    /// Follows the swiped row through a batch. A batch that deletes it ends the swipe with
    /// `didEndEditingRowAt(nil)`, as UIKit ends it after the update; while one of its actions
    /// runs, the end waits for the action's completion.
    func remapSwipe(_ plan: BatchPlan) {
        guard var s = swipe else { return }
        if let p = plan.finalIndexPath(forOriginal: s.row) {
            s.row = p
            interaction = .swiped(s)
            return
        }
        interaction = .browsing
        if s.isPerforming {
            swipeEndPending = s.generation
        } else {
            delegate?.tableView(self, didEndEditingRowAt: nil)
        }
    }
}
