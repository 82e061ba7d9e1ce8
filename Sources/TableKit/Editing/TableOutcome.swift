import Foundation

/// What came of an intent: it was performed, or it did nothing here, and why, in words a status
/// line can show.
///
///     if case .refused(let why) = controller.perform(.pickUp) { status = why.description }
///     // "Milk cannot move"
public enum TableOutcome: Equatable, Sendable {
    /// The intent did what it says.
    case performed
    /// The intent did nothing, for this reason.
    case refused(TableRefusal)
    /// The intent applies where it was given but changes nothing: the Delete button it shows
    /// already shows on that row, no other swipe button lies that way. The host says why in its
    /// own words (the list editor: from the interaction, "No other button that way").
    case unchanged

    /// Whether the intent was performed.
    public var isPerformed: Bool { self == .performed }
}

/// Why an intent did nothing where it was applied. `description` is the sentence; rows and
/// sections are named by what the table shows for them (a cell's text, a header's title).
public enum TableRefusal: Equatable, Sendable, CustomStringConvertible {
    /// The table has no sections.
    case empty
    /// The cursor is already at the top or the bottom.
    case atTop, atBottom
    /// The intent needs a row under the cursor, and the cursor is on a header.
    case notOnRow
    /// The intent needs edit mode.
    case notEditing
    /// Not during a swipe or in edit mode: the named gesture must end first.
    case busy(String)
    /// A row or section that cannot be picked up (`canMoveRowAt`, no handle).
    case cannotMove(String)
    /// A row without the control pressed.
    case noDeleteControl(String), noInsertControl(String), noEditingControl(String)
    /// A row that cannot be swiped (not editable, or no actions).
    case cannotSwipe(String)
    /// A row whose delegate gives no context menu.
    case noMenu(String)
    /// A row whose cell shows no detail button (`accessoryType` not `.detailButton` or
    /// `.detailDisclosureButton`).
    case noDetailButton(String)
    /// A menu action that is disabled (its title).
    case disabled(String)
    /// Selection is not allowed here, or the delegate refused it.
    case cannotSelect(String)
    /// The dragged row or section cannot go further that way.
    case cannotGoFurther(String)
    /// `moveCursorAcross`: no lane of the board that way (the cursor is in the first or last one).
    case noLane(HorizontalDirection)
    /// Nothing shows a Delete button or an action to confirm.
    case nothingToConfirm
    /// Nothing to cancel, in normal mode.
    case nothingToCancel
    /// `step`, `propose` or `drop` with nothing picked up.
    case nothingPickedUp
    /// A click on a row or action that is not there (the screen was older than the table).
    case noSuchTarget
    /// The swiped row's action is still running.
    case actionRunning
    /// Collapse or expand on a row with no nested rows (its name).
    case noNestedRows(String)
    /// Collapse on a collapsed row or section, expand on an expanded one (its name, and which).
    case alreadyThere(String, expanded: Bool)

    public var description: String {
        switch self {
        case .empty: return "The list is empty"
        case .atTop: return "Already at the top"
        case .atBottom: return "Already at the bottom"
        case .notOnRow: return "Not on a row"
        case .notEditing: return "Only in edit mode"
        case .busy(let what): return what
        case .cannotMove(let name): return "\(name) cannot move"
        case .noDeleteControl(let name): return "\(name) has no delete control"
        case .noInsertControl(let name): return "\(name) has no insert control"
        case .noEditingControl(let name): return "\(name) has no editing control"
        case .cannotSwipe(let name): return "\(name) cannot be swiped"
        case .noMenu(let name): return "\(name) has no menu"
        case .noDetailButton(let name): return "\(name) has no detail button"
        case .disabled(let title): return "\(title) is not available"
        case .cannotSelect(let name): return "\(name) cannot be selected"
        case .cannotGoFurther(let name): return "\(name) cannot go further"
        case .noLane(let direction): return "No lane to the \(direction == .left ? "left" : "right")"
        case .nothingToConfirm: return "Nothing to confirm"
        case .nothingToCancel: return "Nothing to cancel"
        case .nothingPickedUp: return "Nothing picked up"
        case .noSuchTarget: return "Nothing there"
        case .actionRunning: return "The action is still running"
        case .noNestedRows(let name): return "\(name) has no nested rows"
        case .alreadyThere(let name, let expanded): return "\(name) is already \(expanded ? "expanded" : "collapsed")"
        }
    }
}
