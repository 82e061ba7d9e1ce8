import TableKit
import TerminalUI

/// Moves carry nested rows (docs/keys.md, "Nested rows"): a row moves with the rows nested under
/// it, as one block and one undo step; it keeps its level where it lands, clamped to what the place
/// allows, and its nested rows keep theirs relative to it. Drags, drops, `K`/`J` and the mouse all
/// come here through `performIntent`, so the table itself only ever drags the one row it shows
/// held (drawn with `+N` for the rows it carries). The untitled first section of a Markdown file
/// stays first: no section moves above it.
extension ListEditor {
    /// Performs a table intent with what nesting adds: `K`/`J` move blocks, a drag step never
    /// stalls inside a block, and a drop that carries rows or changes a level is one block move.
    @discardableResult
    func performIntent(_ intent: TableIntent) -> TableOutcome {
        switch intent {
        case .select:
            return toggleSelection()
        case .pickUp where hasSelection && tableView.rowDrag == nil && tableView.sectionDrag == nil:
            return pickUpSelection()
        case .pressDelete where hasSelection:
            if tableView.deleteConfirmation != nil { controller.perform(.cancel) }
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
        case .drop where tableView.rowDrag.map(dragCarriesSelection) == true:
            return dropSelection(tableView.rowDrag!)
        case .step(.up) where tableView.sectionDrag?.destination == 1 && document.sectionStaysFirst(0):
            return .refused(.cannotGoFurther(controller.name(ofSection: tableView.sectionDrag!.source)))
        case .moveOneStep(.up) where tableView.focus == .header(1) && inEditMode && document.sectionStaysFirst(0):
            return .refused(.cannotGoFurther(controller.name(ofSection: 1)))
        case .moveOneStep(let direction) where tableView.rowDrag == nil && tableView.sectionDrag == nil:
            if case .row(let p)? = tableView.focus, !isPlaceholder(p) { return moveBlockOneStep(p, direction) }
            if !inEditMode, case .header(let s)? = tableView.focus { return moveSectionOneStep(s, direction) }
            if !inEditMode { return .refused(.notOnRow) }
        case .step(let direction) where tableView.rowDrag != nil:
            return tableView.hidesRows ? stepDragAmongShown(direction) : stepDrag(direction)
        case .drop:
            if let drag = tableView.rowDrag, let step = dropStep(drag) {
                controller.perform(.cancel)
                tableView.reconfigureRows(at: [drag.source])
                performRevealing(step)
                return .performed
            }
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
    func firstRowStays(_ s: Int) -> Bool {
        guard s == 0, let first = document.model.sections.first, first.rows.count > 0 else { return false }
        return first.rows.attributes(at: 0).isPassage
    }

    /// Section `s` as nesting sees it, without the rows `cut`.
    func outline(_ s: Int, cutting cut: Range<Int>? = nil) -> Outline {
        Outline(document.model.sections[s].rows, cutting: cut, firstStays: firstRowStays(s))
    }

    /// The move of row `source` (current space) and its nested rows to `slot` (final space: a
    /// slot of the target section without the block), with the levels they take there; `nil`
    /// when nothing would change.
    func blockMove(from source: IndexPath, to slot: IndexPath) -> EditStep? {
        let rows = document.model.sections[source.section].rows
        let block = source.row..<Outline(rows).nestedEnd(of: source.row)
        let levels = block.map { rows.attributes(at: $0).level }
        let cut = slot.section == source.section ? block : nil
        let landed = outline(slot.section, cutting: cut).level(levels[0], at: slot.row)
        let newLevels = levels.map { $0 + landed - levels[0] }
        if slot == source && newLevels == levels { return nil }
        return .moveRows(from: source, count: block.count, to: slot, levels: levels, newLevels: newLevels)
    }

    /// Moves the table's rows as a block move says (one batch: they slide), and redraws the rows
    /// whose level changed. `from` is the block's first row before (original space), `to` after
    /// (final space).
    func moveRowsInTable(from: IndexPath, count: Int, to: IndexPath, relevel: Bool) throws {
        try tableView.performBatchUpdates {
            for i in 0..<count {
                try tableView.moveRow(at: IndexPath(row: from.row + i, section: from.section), to: IndexPath(row: to.row + i, section: to.section))
            }
        }
        if relevel { tableView.reconfigureRows(at: (0..<count).map { IndexPath(row: to.row + $0, section: to.section) }) }
    }

    // MARK: K and J

    /// `K`/`J` on row `p` (current space): the row and its nested rows pass exactly one row above
    /// or below (with that row's own nested rows, as many as they need so as not to be split),
    /// or go to the end of the section above or the first slot of the section below.
    func moveBlockOneStep(_ p: IndexPath, _ direction: VerticalDirection) -> TableOutcome {
        // As any other intent, it first dismisses a Delete button or a row swiped open.
        switch tableView.interaction {
        case .confirmingDelete, .swiped: controller.perform(.cancel)
        default: break
        }
        guard tableView(tableView, canMoveRowAt: p) else { return .refused(.cannotMove(controller.name(of: p))) }
        let block = p.row..<Outline(document.model.sections[p.section].rows).nestedEnd(of: p.row)
        let level = document.model.sections[p.section].rows.attributes(at: p.row).level
        let here = outline(p.section, cutting: block)
        var slot: IndexPath?
        if tableView.hidesRows {
            // Rows hidden (a filter, a collapse): pass exactly one shown row (ListEditor+Outline).
            // Into a section the filter hides, which then shows again (a row moved into it).
            if let r = shownNeighbourSlot(p, direction, block: block, level: level) {
                slot = IndexPath(row: r, section: p.section)
            } else if direction == .down, p.section + 1 < document.model.sections.count {
                slot = IndexPath(row: outline(p.section + 1).firstSlot(level: level), section: p.section + 1)
            } else if direction == .up, p.section > 0 {
                slot = IndexPath(row: realCount(p.section - 1), section: p.section - 1)
            }
        } else if direction == .down {
            if let r = here.slot(after: p.row, level: level) {
                slot = IndexPath(row: r, section: p.section)
            } else if p.section + 1 < document.model.sections.count {
                slot = IndexPath(row: outline(p.section + 1).firstSlot(level: level), section: p.section + 1)
            }
        } else {
            if let r = here.slot(before: p.row, level: level) {
                slot = IndexPath(row: r, section: p.section)
            } else if p.section > 0 {
                slot = IndexPath(row: realCount(p.section - 1), section: p.section - 1)
            }
        }
        guard let slot else { return .refused(.cannotGoFurther(controller.name(of: p))) }
        if let step = blockMove(from: p, to: slot) { performRevealing(step) }
        return .performed
    }

    // MARK: Dragging

    /// The table's slots for a dragged row (`source`, current space) as the block's slots: a
    /// destination (final space of the one-row move) in the source's section, the rows it
    /// carries counted out. `nil` inside its own nested rows (the same as not moving).
    func blockSlot(forDestination d: IndexPath, source: IndexPath) -> IndexPath? {
        guard d.section == source.section else { return d }
        let carried = nestedRows(of: source).count
        if d.row <= source.row { return d }
        if d.row > source.row + carried { return IndexPath(row: d.row - carried, section: d.section) }
        return nil
    }

    /// The inverse of `blockSlot`: the one-row destination the table shows for a block slot.
    func destination(forBlockSlot slot: IndexPath, source: IndexPath) -> IndexPath {
        guard slot.section == source.section, slot.row > source.row else { return slot }
        return IndexPath(row: slot.row + nestedRows(of: source).count, section: slot.section)
    }

    /// The retarget's nesting rule: a proposed destination inside another row's nested rows
    /// goes to the nearest slot that splits none (`Outline.nearestSlot`); inside the dragged
    /// row's own nested rows, back where it was.
    func nestingTarget(source: IndexPath, proposed d: IndexPath) -> IndexPath {
        guard source.row < realCount(source.section), d.row <= realCount(d.section) else { return d }
        guard let slot = blockSlot(forDestination: d, source: source) else { return source }
        let rows = document.model.sections[source.section].rows
        let level = rows.attributes(at: source.row).level
        let cut = slot.section == source.section ? source.row..<Outline(rows).nestedEnd(of: source.row) : nil
        let r = outline(slot.section, cutting: cut).nearestSlot(to: slot.row, level: level)
        return destination(forBlockSlot: IndexPath(row: r, section: slot.section), source: source)
    }

    /// A drag step (`↑` `↓` while holding): the table proposes the next slot; when the nesting
    /// rule holds the row where it is (the slot is inside a block), it goes on to the next slot
    /// that splits nothing, so every step moves the row.
    func stepDrag(_ direction: VerticalDirection) -> TableOutcome {
        guard let before = tableView.rowDrag else { return controller.perform(.step(direction)) }
        let outcome = controller.perform(.step(direction))
        guard outcome.isPerformed, let drag = tableView.rowDrag, drag.destination == before.destination,
              let slot = blockSlot(forDestination: drag.destination, source: drag.source) else { return outcome }
        let rows = document.model.sections[drag.source.section].rows
        let level = rows.attributes(at: drag.source.row).level
        let cut = slot.section == drag.source.section ? drag.source.row..<Outline(rows).nestedEnd(of: drag.source.row) : nil
        let here = outline(slot.section, cutting: cut)
        let next = direction == .down ? here.slot(after: slot.row, level: level) : here.slot(before: slot.row, level: level)
        // No slot further that way in this section (a passage or front matter above stays put).
        guard let next else { return .refused(.cannotGoFurther(controller.name(of: drag.source))) }
        return controller.perform(.propose(destination(forBlockSlot: IndexPath(row: next, section: slot.section), source: drag.source)))
    }

    /// The block move a drop makes when it carries rows or changes the row's level; `nil` when
    /// the table's own one-row drop is the whole move.
    func dropStep(_ drag: RowDrag) -> EditStep? {
        guard drag.destination != drag.source, drag.source.row < realCount(drag.source.section),
              let slot = blockSlot(forDestination: drag.destination, source: drag.source),
              let step = blockMove(from: drag.source, to: slot) else { return nil }
        if case let .moveRows(_, count, _, old, new) = step, count == 1, old == new { return nil }
        return step
    }
}
