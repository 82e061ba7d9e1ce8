import Foundation

/// Performs intents on a table in UIKit's call sequences (docs/library-guide.md, "Defaults";
/// docs/keys.md), and says why when one does nothing.
///
///     let controller = EditController(tableView: table)
///     controller.perform(.toggleEditing)      // setEditing(true): delegate asked per visible row
///     controller.perform(.pickUp)             // the focused row
///     controller.perform(.step(.down))        // propose the next slot; the delegate may retarget
///     controller.perform(.drop)               // moveRowAt(source, destination), once
///     controller.perform(.pickUp)             // .refused(.cannotMove("Add item"))
///
/// It is the one owner of the table's `interaction` and cursor (batches remap them): intents go
/// through the gesture in progress first. A Delete button or a swiped row is dismissed by any
/// intent but its own (`confirm`, `cancel`, choosing and performing actions), which then acts as
/// usual; during a drag only the drag's intents apply. It knows no keys: a host maps keys and
/// clicks to intents (listedit's `Keymap`). It also holds the text prompt a data source presents
/// (`present(_:)`), which the host shows and finishes.
@MainActor
public final class EditController {
    /// The table driven; the host keeps it alive.
    public unowned let tableView: TableView
    /// The text prompt presented, if any (a host shows it over the table).
    public private(set) var presentedPrompt: TextPrompt?
    /// Rows per page for `.moveCursor(.pageUp)` and `.pageDown` (the host sets it from its height).
    public var pageSize = 10

    /// When set, edit mode is entered and left through the view controller's
    /// `setEditing(_:animated:)` (as UIKit's edit button does), so its override runs.
    public private(set) weak var tableViewController: TableViewController?

    /// Drives `tableView`; edit mode goes through the table's own `setEditing(_:animated:)`.
    public init(tableView: TableView) { self.tableView = tableView }

    /// Drives a view controller's table; edit mode goes through the controller.
    public convenience init(tableViewController: TableViewController) {
        self.init(tableView: tableViewController.tableView)
        self.tableViewController = tableViewController
    }

    /// The slot the last drag step proposed (the delegate may have retargeted elsewhere).
    public var proposal: IndexPath? { tableView.rowDrag?.proposed }

    /// Performs one intent. In debug builds the table's invariants are checked afterwards.
    ///
    /// - Complexity: O(1) table work for cursor moves and drag steps, plus the data source's and
    ///   delegate's calls; entering edit mode asks about every visible row.
    @discardableResult
    public func perform(_ intent: TableIntent) -> TableOutcome {
        let outcome = dispatch(intent)
        tableView._checkInvariants()
        return outcome
    }

    func dispatch(_ intent: TableIntent) -> TableOutcome {
        if case .moveCursor(.onScreen(let target)) = intent {
            // The presenter keeps the cursor on screen: nothing in progress is dismissed.
            return tableView.moveFocus(to: target) ? .performed : .refused(.noSuchTarget)
        }
        if tableView.contextMenu != nil, let outcome = inMenu(intent) { return outcome }
        switch tableView.interaction {
        case .draggingRow, .draggingSection:
            return dragging(intent)
        case .confirmingDelete(let p):
            switch intent {
            case .confirm: return confirmDelete(p)
            case .cancel:
                tableView.interaction = .editing
                return .performed
            case .pressDelete where tableView.focus == .row(p):
                return .unchanged     // its Delete button already shows
            default:
                // Anything else dismisses the Delete button, then acts.
                dismissButtons()
                return act(intent)
            }
        case .swiped(let swipe):
            switch intent {
            case .confirm:
                guard let i = tableView.focusedSwipeAction else { return .refused(.nothingToConfirm) }
                return performSwipeAction(i)
            case .beginSwipe where swipe.edge == .trailing, .beginLeadingSwipe where swipe.edge == .leading:
                guard !swipe.isPerforming else { return .refused(.actionRunning) }
                tableView.performFullSwipe()
                return .performed
            case .chooseSwipeAction(let direction):
                guard !swipe.isPerforming else { return .refused(.actionRunning) }
                // Away from the edge the row opened at is +1.
                return tableView.moveSwipeFocus(by: (direction == .left) == (swipe.edge == .trailing) ? 1 : -1) ? .performed : .unchanged
            case .performSwipeAction(let i):
                return performSwipeAction(i)
            case .cancel:
                tableView.endSwipe()
                return .performed
            default:
                // Anything else closes the row, then acts.
                dismissButtons()
                return act(intent)
            }
        case .browsing, .editing:
            return act(intent)
        }
    }

    /// With a context menu open: its own intents (the cursor keys move its highlight, `select`
    /// and `confirm` choose, `cancel` closes it), or nil for any other, which closes it and then
    /// acts as usual.
    func inMenu(_ intent: TableIntent) -> TableOutcome? {
        switch intent {
        case .moveCursor(.up): tableView.moveMenuHighlight(by: -1)
        case .moveCursor(.down): tableView.moveMenuHighlight(by: 1)
        case .select, .confirm:
            guard let i = tableView.contextMenu?.highlighted else { return .refused(.nothingToConfirm) }
            return chooseMenuAction(i)
        case .chooseMenuAction(let i): return chooseMenuAction(i)
        case .cancel: tableView.contextMenu = nil
        default:
            tableView.contextMenu = nil
            return nil
        }
        return .performed
    }

    /// Dismisses a Delete button or closes a row swiped open (nothing else): what every intent
    /// but their own does before it acts, as a tap elsewhere does in UIKit. A host that acts on
    /// the table itself (the list editor's block moves and pastes) calls it first, so "dismiss,
    /// then act" is written here only.
    public func dismissButtons() {
        tableView.contextMenu = nil
        switch tableView.interaction {
        case .confirmingDelete: tableView.interaction = .editing
        case .swiped: tableView.endSwipe()
        default: return
        }
        tableView._checkInvariants()
    }

    /// An intent with no gesture in progress.
    func act(_ intent: TableIntent) -> TableOutcome {
        switch intent {
        case .moveCursor(let motion): return moveCursor(motion)
        case .moveCursorAcross(let direction): return moveCursorAcross(direction)
        case .toggleEditing: return setEditing(!tableView.editMode)
        case .setEditing(let editing): return setEditing(editing)
        case .select: return select()
        case .tapRow(let p): return tapRow(p)
        case .pickUp: return pickUp()
        case .beginDrag(let p): return beginDrag(at: p)
        case .step, .stepAcross, .propose, .drop: return .refused(.nothingPickedUp)
        case .moveOneStep(let direction): return moveOneStep(direction)
        case .pressDelete: return pressFocusedControl(.delete)
        case .pressInsert: return pressFocusedControl(.insert)
        case .pressEditingControl(let p): return pressEditingControl(at: p)
        case .pressAccessoryButton(let p): return pressAccessoryButton(at: p)
        case .confirm: return .refused(.nothingToConfirm)
        case .cancel: return cancel()
        case .beginSwipe: return beginSwipe(from: .trailing)
        case .beginLeadingSwipe: return beginSwipe(from: .leading)
        case .chooseSwipeAction, .performSwipeAction: return .refused(.noSuchTarget)
        case .openContextMenu(let p): return openContextMenu(at: p)
        case .chooseMenuAction: return .refused(.noSuchTarget)
        case .setExpanded(let expanded): return setExpanded(expanded)
        case .filter(let rows): tableView.setFilter(showing: rows); return .performed
        case .reveal(let row): tableView.reveal(row); return .performed
        }
    }

    // MARK: Cursor

    func moveCursor(_ motion: CursorMotion) -> TableOutcome {
        guard tableView.numberOfSections > 0 else { return .refused(.empty) }
        let before = tableView.focus
        switch motion {
        case .up: tableView.moveFocus(by: -1)
        case .down: tableView.moveFocus(by: 1)
        case .pageUp: tableView.pageFocus(by: -pageSize)
        case .pageDown: tableView.pageFocus(by: pageSize)
        case .halfPageUp: tableView.pageFocus(by: -max(1, pageSize / 2))
        case .halfPageDown: tableView.pageFocus(by: max(1, pageSize / 2))
        case .first: tableView.focusEdge(last: false)
        case .last: tableView.focusEdge(last: true)
        case .to(let target), .onScreen(let target):
            return tableView.moveFocus(to: target) ? .performed : .refused(.noSuchTarget)
        }
        guard tableView.focus == before else { return .performed }
        switch motion {
        case .up, .pageUp, .halfPageUp, .first: return .refused(.atTop)
        default: return .refused(.atBottom)
        }
    }

    var focusedRow: IndexPath? {
        if case .row(let p)? = tableView.focus { return p }
        return nil
    }

    // MARK: Edit mode

    /// Enters or leaves edit mode, through the view controller when there is one.
    func setEditing(_ editing: Bool) -> TableOutcome {
        guard editing != tableView.editMode else { return .performed }
        if let tableViewController {
            tableViewController.setEditing(editing, animated: true)
        } else {
            tableView.setEditing(editing, animated: true)
        }
        return .performed
    }

    // MARK: Selection

    func select() -> TableOutcome {
        guard let p = focusedRow else { return .refused(.notOnRow) }
        return tableView.userSelectRow(at: p) ? .performed : .refused(.cannotSelect(name(of: p)))
    }

    /// The user clicked a row: the cursor goes there and, where selection is allowed, the row is
    /// selected (or, with multiple selection, toggled) through the delegate, as a tap in UIKit.
    func tapRow(_ p: IndexPath) -> TableOutcome {
        guard tableView.contains(p) else { return .refused(.noSuchTarget) }
        tableView.focus = .row(p)
        tableView.userSelectRow(at: p)
        return .performed
    }

    // MARK: Cancel

    /// The innermost thing in progress with no gesture running: the selection in edit mode, then
    /// edit mode itself.
    func cancel() -> TableOutcome {
        guard tableView.editMode else { return .refused(.nothingToCancel) }
        if tableView.indexPathForSelectedRow != nil {
            tableView.userDeselectAll()
            return .performed
        }
        return setEditing(false)
    }

    // MARK: Text prompts

    /// Presents a text prompt over the table (a data source calls this from `commit(.insert)`,
    /// say). A prompt already shown is replaced, and its completion is not called.
    public func present(_ prompt: TextPrompt) { presentedPrompt = prompt }

    /// Finishes the presented prompt with the text entered, or `nil` when it was cancelled, and
    /// calls its completion.
    public func finishPrompt(with text: String?) {
        guard let prompt = presentedPrompt else { return }
        presentedPrompt = nil
        prompt.completion(text)
    }

    // MARK: Names

    /// What the table shows for a row: its cell's text, else "Row N" (1-based).
    ///
    /// - Parameter p: current index path.
    public func name(of p: IndexPath) -> String {
        let cell = tableView.cellForRow(at: p) ?? tableView.preparedCell(forRowAt: p)
        if let text = cell?.textLabel?.text, !text.isEmpty { return text }
        return "Row \(p.row + 1)"
    }

    /// What the table shows for a section: its header's title without the spaces that indent
    /// it, else "Section N" (1-based).
    public func name(ofSection s: Int) -> String {
        if let title = tableView.dataSource?.tableView(tableView, titleForHeaderInSection: s)?.drop(while: { $0 == " " }), !title.isEmpty {
            return String(title)
        }
        return "Section \(s + 1)"
    }
}
