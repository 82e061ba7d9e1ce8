import Foundation

/// What the user wants done to a table, whatever key, click or script asked for it. An
/// `EditController` performs intents in UIKit's call sequences; a host maps its input to them
/// (listedit's keymap in TableRendering, the mouse through the renderer's hit regions).
///
///     controller.perform(.toggleEditing)          // setEditing(true): delegate asked per visible row
///     controller.perform(.pickUp)                 // the focused row, if it has a handle
///     controller.perform(.step(.down))            // propose the next slot; the delegate may retarget
///     controller.perform(.drop)                   // moveRowAt(source, destination), once
///
/// Index paths are in the current space (the table's rows now).
public enum TableIntent: Hashable, Sendable {
    /// Moves the cursor over headers and rows (not during a drag: see `step`).
    case moveCursor(CursorMotion)
    /// Moves the cursor to the previous or next lane of a board (`TableView.laneSections`): a
    /// header to that lane's header; a row to the card at the same position among the lane's
    /// shown rows (clamped to its last row; its header when it shows none). Not during a drag:
    /// see `stepAcross`.
    case moveCursorAcross(HorizontalDirection)
    /// Enters edit mode, or leaves it (`Edit`/`Done`), through the view controller when there is one.
    case toggleEditing
    /// Enters (`true`) or leaves edit mode; nothing happens when the table is already there.
    case setEditing(Bool)
    /// Selects the focused row as a tap does (`willSelectRowAt`, `didSelectRowAt`); with multiple
    /// selection, toggles it.
    case select
    /// A click on a row: the cursor goes there, then `select`.
    case tapRow(IndexPath)
    /// Picks up the focused row (if it has a handle) or section header (if sections can move).
    case pickUp
    /// Picks up a row by its handle (a mouse press on `≡`): the cursor goes there first.
    case beginDrag(at: IndexPath)
    /// Proposes the next slot up or down for the dragged row or section (the delegate may
    /// retarget a row).
    case step(VerticalDirection)
    /// Proposes a slot for the dragged row (final space), as the mouse does; the delegate may
    /// retarget it.
    case propose(IndexPath)
    /// Proposes the same row index in the previous or next lane of a board for the dragged row
    /// (clamped to the lane's end), through the same path as `propose` (the delegate may
    /// retarget it); a dragged section steps left or right as `step` moves it up or down.
    case stepAcross(HorizontalDirection)
    /// Drops the dragged row or section where it is shown (`moveRowAt`/`moveSection` once; nothing
    /// when it is back where it started).
    case drop
    /// Picks up the focused row or section, moves it one step, and drops it.
    case moveOneStep(VerticalDirection)
    /// Presses the focused row's `⊖`: its Delete button shows.
    case pressDelete
    /// Presses the focused row's `⊕`: `commit(.insert)` for that row.
    case pressInsert
    /// Presses a row's editing control, whichever it shows (a click on it).
    case pressEditingControl(at: IndexPath)
    /// Presses a row's detail button (`ⓘ` of `.detailButton` or `.detailDisclosureButton`):
    /// the cursor goes to the row and the delegate's `accessoryButtonTappedForRowWith` is called
    /// (a click on it; `TableHost`'s `i` on the cursor row). Refused on a row without one.
    case pressAccessoryButton(at: IndexPath)
    /// Confirms what asks for it: the Delete button (`commit(.delete)`), or the swiped row's
    /// chosen action.
    case confirm
    /// Cancels the innermost thing in progress: a drag (put back), a Delete button, a swipe, the
    /// selection (in edit mode); with none of these in edit mode, leaves edit mode (`Done`).
    case cancel
    /// Swipes the focused row open (normal mode); on a row already open, swipes all the way,
    /// which performs its first action (UIKit's full swipe).
    case beginSwipe
    /// Swipes the focused row open from its left edge, showing the delegate's leading actions
    /// (normal mode); on a row already open there, swipes all the way (its first action).
    case beginLeadingSwipe
    /// Opens the row's context menu (the delegate's `contextMenuConfigurationForRowAt`) in
    /// normal mode: the cursor goes to the row. While the menu shows, `moveCursor(.up)` and
    /// `.down` move its highlight, `select` and `confirm` choose, `cancel` closes it, and any
    /// other intent closes it, then acts.
    case openContextMenu(at: IndexPath)
    /// Chooses one of the open menu's actions (a click on it): the menu closes, then the action's
    /// handler runs. Index into `TableView.contextMenu`'s `menu.children`.
    case chooseMenuAction(Int)
    /// Moves the keyboard's choice among the swiped row's buttons (`.left` on a row swiped from
    /// its right edge, `.right` from its left: away from the edge).
    case chooseSwipeAction(HorizontalDirection)
    /// Performs one of the swiped row's actions (a click on its button): index into
    /// `TableView.swipeActions`.
    case performSwipeAction(Int)
    /// Collapses (`false`) or expands (`true`) the row under the cursor (its nested rows), or on
    /// a header its section's rows.
    case setExpanded(Bool)
    /// Shows only the rows listed per section (current space, ascending), or every row with
    /// `nil` (`TableView.setFilter(showing:)`): the cursor leaves a row the filter hides.
    case filter(showing: [[Int]]?)
    /// Opens whatever collapsed section or row hides `row` (current space): a row just added or
    /// moved there shows.
    case reveal(IndexPath)
}

/// Where the cursor goes.
public enum CursorMotion: Hashable, Sendable {
    /// One row (or header) up or down, or a page (`EditController.pageSize` rows).
    case up, down, pageUp, pageDown
    /// Half a page (`EditController.pageSize / 2` rows, at least one) up or down.
    case halfPageUp, halfPageDown
    /// The first header, or the last row (or header) of the last section.
    case first, last
    /// A header or row (current space), as a click puts it there.
    case to(TableFocus)
    /// A header or row on screen (current space), where the presenter puts the cursor when a
    /// scroll took it off screen: unlike `to`, it dismisses nothing in progress (a Delete button,
    /// a swiped row stay), and it is refused during a drag (the cursor is on what is dragged).
    case onScreen(TableFocus)
}

/// Up or down: a drag step, or a one-step move in edit mode.
public enum VerticalDirection: Hashable, Sendable {
    /// Towards the first row.
    case up
    /// Towards the last row.
    case down

    var delta: Int { self == .up ? -1 : 1 }
}

/// Left or right: choosing among a swiped row's buttons, or a board's lanes.
public enum HorizontalDirection: Hashable, Sendable {
    /// The button to the left.
    case left
    /// The button to the right.
    case right
}
