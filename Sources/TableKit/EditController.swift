import Foundation

/// Turns keys into the table's editing calls, following UIKit's call sequences
/// (docs/library-guide.md, "Defaults") and listedit's keys (docs/keys.md).
///
///     let controller = EditController(tableView: table)
///     controller.handle(.char("e"))      // setEditing(true): delegate asked per visible row
///     controller.handle(.char(" "))      // pick up the focused row
///     controller.handle(.down)           // propose the next slot; the delegate may retarget
///     controller.handle(.enter)          // drop: moveRowAt(source, destination), once
///
/// A state machine over the table's own interaction state (cursor, dragged row or section, Delete
/// button, swiped row, selection, which every batch remaps) plus the modal text entry. Outside
/// edit mode Enter selects the row (`didSelectRowAt`, where selection is allowed) and `d` swipes it
/// open (`←` `→` choose a button, Enter presses it); in edit mode `-` presses a row's `⊖`, `+` an
/// `⊕` (an insert is committed only for that row), `v` toggles the selection where allowed. It is
/// tested without a terminal. Keys it does not use are returned as not handled, for the
/// application's own keys.
@MainActor
public final class EditController {
    public enum State: Equatable, Sendable {
        case browsing, editing, draggingRow, draggingSection, confirmingDelete, swiped, modal
    }

    public unowned let tableView: TableView
    /// The modal text entry, when one is open (keys go to it first).
    public private(set) var entry: TextEntry?
    /// The slot the last drag step proposed (the delegate may have retargeted elsewhere).
    public var proposal: IndexPath? { tableView.rowDrag?.proposed }
    /// Rows per page for PgUp/PgDn (the view sets it from its height).
    public var pageSize = 10

    /// When set, edit mode is entered and left through the view controller's
    /// `setEditing(_:animated:)` (as UIKit's edit button does), so its override runs.
    public private(set) weak var tableViewController: TableViewController?

    public init(tableView: TableView) { self.tableView = tableView }

    /// Drives a view controller's table; edit mode goes through the controller.
    public convenience init(tableViewController: TableViewController) {
        self.init(tableView: tableViewController.tableView)
        self.tableViewController = tableViewController
    }

    /// Enters or leaves edit mode, through the view controller when there is one.
    func setEditMode(_ editing: Bool) {
        if let tableViewController {
            tableViewController.setEditing(editing, animated: true)
        } else {
            tableView.setEditing(editing, animated: true)
        }
    }

    public var state: State {
        if entry != nil { return .modal }
        if tableView.rowDrag != nil { return .draggingRow }
        if tableView.sectionDrag != nil { return .draggingSection }
        if tableView.swipedRow != nil { return .swiped }
        if tableView.deleteConfirmation != nil { return .confirmingDelete }
        return tableView.editMode ? .editing : .browsing
    }

    /// Opens a modal text entry (the data source calls this from `commit(.insert)`, say).
    public func presentEntry(_ entry: TextEntry) { self.entry = entry }

    /// Handles one key. Returns false when the key means nothing here (the application's keys).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if let entry {
            if entry.handle(key) { if self.entry === entry { self.entry = nil } }
            return true
        }
        switch state {
        case .modal: return true
        case .draggingRow: return dragRow(key)
        case .draggingSection: return dragSection(key)
        case .swiped: return swiped(key)
        case .confirmingDelete: return confirming(key)
        case .editing: return editing(key)
        case .browsing: return browsing(key)
        }
    }

    // MARK: Normal mode

    func browsing(_ key: Key) -> Bool {
        if move(key) { return true }
        switch key {
        case .char("e"):
            setEditMode(true)
        case .char("d"):
            beginSwipe()
        case .enter:
            guard let p = focusedRow, tableView.userSelectRow(at: p) else { return false }
        default:
            return false
        }
        return true
    }

    /// The user clicked a row: the cursor goes there and, where selection is allowed, the row is
    /// selected (or, with multiple selection, toggled) through the delegate, as a tap in UIKit.
    ///
    /// - Parameter indexPath: current index path.
    public func tapRow(at indexPath: IndexPath) {
        guard tableView.contains(indexPath) else { return }
        tableView.focus = .row(indexPath)
        tableView.userSelectRow(at: indexPath)
    }

    /// Cursor keys shared by both modes.
    func move(_ key: Key) -> Bool {
        switch key {
        case .up, .char("k"): tableView.moveFocus(by: -1)
        case .down, .char("j"): tableView.moveFocus(by: 1)
        case .pageUp: tableView.pageFocus(by: -pageSize)
        case .pageDown: tableView.pageFocus(by: pageSize)
        case .home, .char("g"): tableView.focusEdge(last: false)
        case .end, .char("G"): tableView.focusEdge(last: true)
        default: return false
        }
        return true
    }

    var focusedRow: IndexPath? {
        if case .row(let p)? = tableView.focus { return p }
        return nil
    }

    // MARK: Swipe actions (normal mode)

    /// `d` swipes the focused row open (if it can be swiped: see
    /// `TableView.swipeConfiguration(for:)`).
    func beginSwipe() {
        guard let p = focusedRow else { return }
        tableView.beginSwipe(at: p)
    }

    /// While a row is swiped open: `←` `→` (`h` `l`) choose among its buttons, Enter or `y`
    /// performs the chosen one, `d` swipes all the way (the first action), Esc closes it, and any
    /// other key closes it and then acts as usual.
    func swiped(_ key: Key) -> Bool {
        switch key {
        case .enter, .char("y"):
            if let i = tableView.focusedSwipeAction { tableView.performSwipeAction(at: i) }
        case .char("d"):
            tableView.performFullSwipe()
        case .left, .char("h"):
            tableView.moveSwipeFocus(by: 1)
        case .right, .char("l"):
            tableView.moveSwipeFocus(by: -1)
        default:
            tableView.endSwipe()
            if key == .escape { return true }
            return browsing(key)
        }
        return true
    }

    /// Performs one of the swiped row's buttons (the mouse clicked it).
    ///
    /// - Parameter index: into `tableView.swipeActions`.
    public func performSwipeAction(at index: Int) {
        tableView.performSwipeAction(at: index)
    }

    // MARK: Edit mode

    func editing(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            return move(key)
        case .escape where tableView.indexPathForSelectedRow != nil:
            tableView.userDeselectAll()
        case .char("e"), .escape:
            setEditMode(false)
        case .char("v"):
            guard let p = focusedRow, tableView.userSelectRow(at: p) else { return false }
        case .char(" "), .enter:
            pickUp()
        case .shiftUp, .char("K"):
            stepOnce(-1)
        case .shiftDown, .char("J"):
            stepOnce(1)
        case .char("-"), .char("x"), .delete:
            if let p = focusedRow, tableView.editingInfo(for: p).style == .delete { pressEditingControl(at: p) }
        case .char("+"), .char("i"):
            guard let p = focusedRow, tableView.editingInfo(for: p).style == .insert else { return false }
            pressEditingControl(at: p)
        case .char("k"), .char("j"), .char("g"), .char("G"):
            return move(key)
        default:
            return false
        }
        return true
    }

    /// Presses a row's editing control, as a click on it does: `⊖` shows the row's Delete button,
    /// `⊕` commits an insert for that row (`commit(.insert, forRowAt:)`), which is only ever
    /// called with the row whose control was pressed. Returns false when the row shows no control.
    ///
    /// - Parameter indexPath: current index path.
    @discardableResult
    public func pressEditingControl(at indexPath: IndexPath) -> Bool {
        guard tableView.editMode, tableView.swipedRow == nil, tableView.contains(indexPath),
              let editor = tableView.dataSource as? any TableViewEditingDataSource else { return false }
        let info = tableView.editingInfo(for: indexPath)
        guard info.canEdit else { return false }
        switch info.style {
        case .delete:
            tableView.deleteConfirmation = indexPath
        case .insert:
            tableView.deleteConfirmation = nil
            editor.tableView(tableView, commit: .insert, forRowAt: indexPath)
        case .none:
            return false
        }
        return true
    }

    func confirming(_ key: Key) -> Bool {
        guard let p = tableView.deleteConfirmation else { return false }
        switch key {
        case .enter, .char("y"):
            tableView.deleteConfirmation = nil
            (tableView.dataSource as? any TableViewEditingDataSource)?.tableView(tableView, commit: .delete, forRowAt: p)
            return true
        case .escape:
            tableView.deleteConfirmation = nil
            return true
        default:
            tableView.deleteConfirmation = nil
            return editing(key)
        }
    }

    // MARK: Reordering

    /// Picks up the focused row (if it has a handle) or section header (if sections can move).
    func pickUp() {
        switch tableView.focus {
        case .row(let p)?:
            guard tableView.editingInfo(for: p).canMove else { return }
            tableView.rowDrag = RowDrag(source: p, destination: p, proposed: p)
        case .header(let s)?:
            guard let mover = tableView.dataSource as? any TableViewSectionReorderingDataSource,
                  mover.tableView(tableView, canMoveSection: s) else { return }
            tableView.sectionDrag = SectionDrag(source: s, destination: s)
        case nil:
            break
        }
    }

    /// Shift+↑/↓: pick up, one step, drop.
    func stepOnce(_ direction: Int) {
        pickUp()
        if tableView.rowDrag != nil {
            stepRow(direction)
            dropRow()
        } else if tableView.sectionDrag != nil {
            stepSection(direction)
            dropSection()
        }
    }

    func dragRow(_ key: Key) -> Bool {
        switch key {
        case .up, .char("k"), .shiftUp, .char("K"): stepRow(-1)
        case .down, .char("j"), .shiftDown, .char("J"): stepRow(1)
        case .char(" "), .enter: dropRow()
        case .escape:
            tableView.rowDrag = nil
        default: break
        }
        return true
    }

    /// Proposes the next slot in `direction` and asks the delegate where the row should go.
    func stepRow(_ direction: Int) {
        guard let drag = tableView.rowDrag else { return }
        var p = drag.proposed ?? drag.destination
        let counts = tableView.rowCounts
        if direction < 0 {
            if p.row > 0 { p.row -= 1 } else if p.section > 0 { p = IndexPath(row: drag.lastSlot(inSection: p.section - 1, rowCounts: counts), section: p.section - 1) } else { return }
        } else {
            if p.row < drag.lastSlot(inSection: p.section, rowCounts: counts) { p.row += 1 } else if p.section + 1 < counts.count { p = IndexPath(row: 0, section: p.section + 1) } else { return }
        }
        propose(p)
    }

    /// Starts dragging a row directly (the mouse pressed its handle). Returns false if it has
    /// no handle.
    @discardableResult
    public func beginDrag(at p: IndexPath) -> Bool {
        guard tableView.editMode, tableView.rowDrag == nil, tableView.editingInfo(for: p).canMove else { return false }
        tableView.focus = .row(p)
        pickUp()
        return tableView.rowDrag != nil
    }

    /// Proposes a destination slot (final space), asking the delegate to retarget it; a target
    /// outside the table is ignored. Used by drag steps and by the mouse.
    public func propose(_ p: IndexPath) {
        guard let drag = tableView.rowDrag else { return }
        let counts = tableView.rowCounts
        guard p != drag.proposed else { return }
        tableView.rowDrag?.proposed = p
        var target = tableView.delegate?.tableView(tableView, targetIndexPathForMoveFromRowAt: drag.source, toProposedIndexPath: p) ?? p
        // A destination that cannot exist is ignored: the row stays where it was.
        if !drag.isSlot(target, rowCounts: counts) { target = drag.destination }
        tableView.rowDrag?.destination = target
        tableView.focus = .row(drag.source)
    }

    /// Drops the dragged row where it is shown (the mouse released it).
    public func drop() {
        if tableView.rowDrag != nil { dropRow() } else if tableView.sectionDrag != nil { dropSection() }
    }

    func dropRow() {
        guard let drag = tableView.rowDrag else { return }
        if drag.destination == drag.source {
            tableView.rowDrag = nil
            return
        }
        tableView.commitInteractiveMove(from: drag.source, to: drag.destination)
        tableView.focus = .row(drag.destination)
    }

    func dragSection(_ key: Key) -> Bool {
        switch key {
        case .up, .char("k"), .shiftUp, .char("K"): stepSection(-1)
        case .down, .char("j"), .shiftDown, .char("J"): stepSection(1)
        case .char(" "), .enter: dropSection()
        case .escape: tableView.sectionDrag = nil
        default: break
        }
        return true
    }

    func stepSection(_ direction: Int) {
        guard let drag = tableView.sectionDrag else { return }
        let d = drag.destination + direction
        guard d >= 0, d < tableView.numberOfSections else { return }
        tableView.sectionDrag?.destination = d
    }

    func dropSection() {
        guard let drag = tableView.sectionDrag else { return }
        if drag.destination == drag.source {
            tableView.sectionDrag = nil
            return
        }
        tableView.commitInteractiveSectionMove(from: drag.source, to: drag.destination)
        tableView.focus = .header(drag.destination)
    }
}
