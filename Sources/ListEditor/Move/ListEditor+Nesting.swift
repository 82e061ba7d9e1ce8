import TableKit
import TerminalUI

/// Moves carry nested rows (docs/keys.md, "Nested rows"): a row moves with the rows nested under
/// it, as one block and one undo step; it keeps its level where it lands, clamped to what the place
/// allows, and its nested rows keep theirs relative to it. Drags, drops, `K`/`J` and the mouse all
/// come here through `performIntent`; what moves where is planned by `MovePlanner`, and every
/// move is committed by `commit(_:cursor:)`. The table itself only ever drags the one row it
/// shows held (drawn with `+N` for the rows it carries), and drops nothing: the planner's step
/// moves the rows. The untitled first section of a Markdown file stays first: no section moves
/// above it.
extension ListEditor {
    /// Performs a table intent with what nesting adds: `K`/`J` move blocks, a drag step never
    /// stalls inside a block, and a drop of a row is the planner's move of its block.
    @discardableResult
    func performIntent(_ intent: TableIntent) -> TableOutcome {
        switch intent {
        case .select:
            return toggleSelection()
        case .pickUp where hasSelection && tableView.rowDrag == nil && tableView.sectionDrag == nil:
            return pickUpSelection()
        case .pressDelete where hasSelection:
            controller.dismissButtons()
            return confirmDeleteSelection()
        case .pressDelete where inEditMode:
            if case .header(let s)? = tableView.focus { return confirmDeleteSection(s) }
            if case .row(let p)? = tableView.focus, let asked = confirmDeleteWithNestedRows(p) { return asked }
        case .pressEditingControl(let p) where inEditMode && !hasSelection && tableView.contains(p)
                && tableView.editingInfo(for: p).style == .delete:
            if let asked = confirmDeleteWithNestedRows(p) { return asked }
        case .beginSwipe where !tableView.isEditing:
            if case .row(let p)? = tableView.focus, let asked = confirmDeleteWithNestedRows(p) { return asked }
        case .moveOneStep(let direction) where hasSelection && tableView.rowDrag == nil && tableView.sectionDrag == nil:
            return moveSelectionOneStep(direction)
        case .step(.up) where sectionDragStepUpPassesFirst, .stepAcross(.left) where sectionDragStepUpPassesFirst:
            // (On the board, the previous lane is a step up: `EditController.stepAcross`.)
            return .refused(.cannotGoFurther(controller.name(ofSection: tableView.sectionDrag!.source)))
        case .moveOneStep(.up) where inEditMode && tableView.sectionDrag == nil && tableView.rowDrag == nil
                && headerStepUpPassesFirst != nil:
            return .refused(.cannotGoFurther(controller.name(ofSection: headerStepUpPassesFirst!)))
        case .moveOneStep(let direction) where tableView.rowDrag == nil && tableView.sectionDrag == nil:
            if case .row(let p)? = tableView.focus { return moveBlockOneStep(p, direction) }
            if !inEditMode, case .header(let s)? = tableView.focus { return moveSectionOneStep(s, direction) }
            if !inEditMode { return .refused(.notOnRow) }
        case .step(let direction) where tableView.rowDrag != nil:
            return tableView.hidesRows ? stepDragAmongShown(direction) : stepDrag(direction)
        case .drop:
            if let drag = tableView.rowDrag, drag.source.row < realCount(drag.source.section) { return drop(drag) }
        case .setExpanded(let expanded):
            return setExpanded(expanded)
        case .cancel:
            if let source = tableView.rowDrag?.source {
                let outcome = controller.perform(intent)
                tableView.reconfigureRows(at: [source])
                return outcome
            }
        default:
            break
        }
        let outcome = controller.perform(intent)
        if case .pickUp = intent, let drag = tableView.rowDrag { tableView.reconfigureRows(at: [drag.source]) }
        if case .beginDrag = intent, let drag = tableView.rowDrag { tableView.reconfigureRows(at: [drag.source]) }
        return outcome
    }

    /// Whether a section one step up from displayed place `d` (in `drag`'s display order while
    /// a section is dragged, else the model's) would land above the untitled first section that
    /// stays first (`ListDocument.sectionStaysFirst`): the step passes the sections a filter
    /// hides (`EditController.step`), so it reaches 0 when every section between is hidden.
    ///
    /// - Complexity: O(the hidden sections passed).
    func sectionStepUpPassesFirst(from d: Int, drag: SectionDrag?) -> Bool {
        guard d >= 1, document.sectionStaysFirst(0) else { return false }
        return (1..<d).allSatisfy { tableView.isSectionHidden(drag?.modelSection(forDisplayed: $0) ?? $0) }
    }

    /// Whether the dragged section's next step up would take it above the section that stays
    /// first (`sectionStepUpPassesFirst`); false when no section is dragged.
    var sectionDragStepUpPassesFirst: Bool {
        guard let drag = tableView.sectionDrag else { return false }
        return sectionStepUpPassesFirst(from: drag.destination, drag: drag)
    }

    /// The section whose header has the cursor, when a step up would take it above the section
    /// that stays first (`sectionStepUpPassesFirst`); nil otherwise.
    var headerStepUpPassesFirst: Int? {
        guard case .header(let s)? = tableView.focus, sectionStepUpPassesFirst(from: s, drag: nil) else { return nil }
        return s
    }

    /// `K`/`J` on section header `s` in normal mode: the section moves past its neighbour, one
    /// undo step, as a drop of a picked-up header does in edit mode (the same data source rule:
    /// front matter's untitled first section stays first).
    /// Under a filter it passes the nearest shown section, with the hidden ones between.
    func moveSectionOneStep(_ s: Int, _ direction: VerticalDirection) -> TableOutcome {
        let name = controller.name(ofSection: s)
        guard tableView(tableView, canMoveSection: s) else { return .refused(.cannotMove(name)) }
        let neighbour = direction == .up ? tableView.shownSection(before: s) : tableView.shownSection(after: s)
        guard let to = neighbour, tableView(tableView, canMoveSection: to) else {
            return .refused(.cannotGoFurther(name))
        }
        perform(.moveSection(from: s, to: to))
        return .performed
    }

    // MARK: Blocks

    /// The rows that row `p` (current space) carries, as rows of its section: `p.row + 1 ..< end`.
    func nestedRows(of p: IndexPath) -> Range<Int> {
        (p.row + 1)..<Outline(document.model.sections[p.section].rows).nestedEnd(of: p.row)
    }

    /// The suffix the held row shows for the rows it carries (`  +3`), or `""`.
    func carriedSuffix(_ p: IndexPath) -> String {
        guard let drag = tableView.rowDrag, drag.source == p, p.row < realCount(p.section) else { return "" }
        let n = dragCarriesSelection(drag) ? carriedBySelection(p) : nestedRows(of: p).count
        return n > 0 ? "  +\(n)" : ""
    }

    /// Whether section `s` starts with a row that stays first: what opens the file (front matter,
    /// or a passage before any item) in the first section.
    func firstRowStays(_ s: Int) -> Bool { planner.firstRowStays(s) }

    // MARK: Planning and committing

    /// The move planner over the list and what shows now. Use it in one statement
    /// (`let plan = planner.plan(...)`): it holds a copy of the model, which must be gone before
    /// the step is committed, or the change would copy the list.
    var planner: MovePlanner {
        MovePlanner(model: document.model, shown: tableView.shown, holdsLevels: document.format != .plainText,
                    isKanbanBoard: document.isKanbanBoard)
    }

    /// The one route every move of rows takes (`K`/`J`, a drop, `Tab`/`Shift+Tab`, a selection's
    /// moves): the planner's step applied as one batch and one undo step (`perform(_:)`), then
    /// the cursor placed as the plan says. `.revealed` keeps the moved row in view: a collapsed
    /// section or row it landed in is expanded (`TableView.reveal`), and the cursor stays on it.
    @discardableResult
    func commit(_ step: EditStep, cursor: MovePlanner.Cursor) -> Bool {
        guard perform(step) else { return false }
        switch cursor {
        case .revealed:
            guard case .row(let p) = step.focus, tableView.contains(p), tableView.isRowHidden(p) else { break }
            controller.perform(.reveal(p))
            controller.perform(.moveCursor(.to(.row(p))))
        case .asIs:
            break
        case .at(let p):
            controller.perform(.moveCursor(.to(.row(p))))
        }
        return true
    }

    // MARK: K and J

    /// `K`/`J` on row `p` (current space): the planner's one step for its block
    /// (`MovePlanner.planBlockStep`), which also says whether the row moves at all (a passage or
    /// the Add item row does not: `MovePlanner.canMove`). As any other intent, it first dismisses
    /// a Delete button or a row swiped open.
    func moveBlockOneStep(_ p: IndexPath, _ direction: VerticalDirection) -> TableOutcome {
        controller.dismissButtons()
        switch planner.plan(.step(direction), for: .block(p)) {
        case .move(let step, let cursor):
            commit(step, cursor: cursor)
            return .performed
        case .unchanged: return .unchanged
        case .refused(.cannotMove): return .refused(.cannotMove(controller.name(of: p)))
        case .refused: return .refused(.cannotGoFurther(controller.name(of: p)))
        }
    }

    // MARK: Dragging

    /// A drag step (`↑` `↓` while holding): the table proposes the next slot; when the nesting
    /// rule holds the row where it is (the slot is inside a block), it goes on to the next slot
    /// that splits nothing (`MovePlanner.destination(past:...)`), so every step moves the row.
    func stepDrag(_ direction: VerticalDirection) -> TableOutcome {
        guard let before = tableView.rowDrag else { return controller.perform(.step(direction)) }
        let outcome = controller.perform(.step(direction))
        guard outcome.isPerformed, let drag = tableView.rowDrag, drag.destination == before.destination else { return outcome }
        guard let next = planner.destination(past: drag.destination, source: drag.source, direction) else {
            return .refused(.cannotGoFurther(controller.name(of: drag.source)))
        }
        guard next != drag.destination else { return outcome }
        return controller.perform(.propose(next))
    }

    /// The drop of a held row: its block, or the selection it carries, lands as the planner
    /// says (`MovePlanner.plan(.drop(at:), for:)`); the table puts its held row back first and
    /// the step moves the rows, one batch and one undo step.
    func drop(_ drag: RowDrag) -> TableOutcome {
        let mover: MovePlanner.Mover = dragCarriesSelection(drag) ? .rows(movingRows(adding: drag.source), held: drag.source) : .block(drag.source)
        let plan = planner.plan(.drop(at: drag.destination), for: mover)
        controller.perform(.cancel)     // the held row goes back; the step moves it
        tableView.reconfigureRows(at: [drag.source])
        if case .move(let step, let cursor) = plan { commit(step, cursor: cursor) }
        return .performed
    }
}
