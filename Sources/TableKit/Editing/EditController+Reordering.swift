import Foundation

/// Reordering in edit mode: picking up a row or section, drag steps (each new slot goes through
/// the delegate's retarget for a row), dropping (one `moveRowAt` or `moveSection` call, none when
/// it is back where it started), and putting back.
extension EditController {
    /// Intents during a drag: steps, proposals, drop and put back; anything else is refused.
    func dragging(_ intent: TableIntent) -> TableOutcome {
        switch intent {
        case .step(let direction): return step(direction)
        case .stepAcross(let direction): return stepAcross(direction)
        case .propose(let p): return propose(p)
        case .drop: return drop()
        case .moveOneStep(let direction): return step(direction)
        case .cancel:
            tableView.interaction = .editing
            return .performed
        default:
            return .refused(.busy(tableView.rowDrag != nil ? "Drop the row or put it back first" : "Drop the section or put it back first"))
        }
    }

    /// Picks up the focused row (if it has a handle) or section header (if sections can move).
    func pickUp() -> TableOutcome {
        guard tableView.editMode else { return .refused(.notEditing) }
        switch tableView.focus {
        case .row(let p)?:
            guard tableView.editingInfo(for: p).canMove else { return .refused(.cannotMove(name(of: p))) }
            tableView.interaction = .draggingRow(RowDrag(source: p, destination: p, proposed: p))
        case .header(let s)?:
            guard let mover = tableView.dataSource as? any TableViewSectionReorderingDataSource,
                  mover.tableView(tableView, canMoveSection: s) else { return .refused(.cannotMove(name(ofSection: s))) }
            tableView.interaction = .draggingSection(SectionDrag(source: s, destination: s))
        case nil:
            return .refused(.empty)
        }
        return .performed
    }

    /// Starts dragging a row by its handle (the mouse pressed it).
    func beginDrag(at p: IndexPath) -> TableOutcome {
        guard tableView.editMode else { return .refused(.notEditing) }
        guard tableView.contains(p) else { return .refused(.noSuchTarget) }
        tableView.focus = .row(p)
        return pickUp()
    }

    /// Pick up, one step, drop. Refused, with nothing moved, when it cannot go that way.
    func moveOneStep(_ direction: VerticalDirection) -> TableOutcome {
        let picked = pickUp()
        guard picked.isPerformed else { return picked }
        let stepped = step(direction)
        guard stepped.isPerformed else {
            tableView.interaction = .editing
            return stepped
        }
        return drop()
    }

    /// Proposes the next slot in `direction` (a row) or moves the section past its neighbour.
    func step(_ direction: VerticalDirection) -> TableOutcome {
        if let drag = tableView.sectionDrag {
            // Past the next shown section: sections a filter hides are passed over with it.
            var d = drag.destination
            repeat { d += direction.delta } while d >= 0 && d < tableView.numberOfSections && tableView.isSectionHidden(drag.modelSection(forDisplayed: d))
            guard d >= 0, d < tableView.numberOfSections else { return .refused(.cannotGoFurther(name(ofSection: drag.source))) }
            tableView.interaction = .draggingSection(SectionDrag(source: drag.source, destination: d))
            return .performed
        }
        guard let drag = tableView.rowDrag else { return .refused(.nothingPickedUp) }
        var p = drag.proposed ?? drag.destination
        let counts = tableView.rowCounts
        if direction == .up {
            if p.row > 0 {
                p.row -= 1
            } else if let b = tableView.shownSection(before: p.section) {
                // Sections the filter hides are passed over.
                p = IndexPath(row: drag.lastSlot(inSection: b, rowCounts: counts), section: b)
            } else {
                return .refused(.cannotGoFurther(name(of: drag.source)))
            }
        } else {
            if p.row < drag.lastSlot(inSection: p.section, rowCounts: counts) {
                p.row += 1
            } else if let a = tableView.shownSection(after: p.section) {
                p = IndexPath(row: 0, section: a)
            } else {
                return .refused(.cannotGoFurther(name(of: drag.source)))
            }
        }
        return propose(p)
    }

    /// Proposes a destination slot (final space), asking the delegate to retarget it; a target
    /// outside the table keeps the row where it was shown.
    func propose(_ p: IndexPath) -> TableOutcome {
        guard var drag = tableView.rowDrag else { return .refused(.nothingPickedUp) }
        guard p != drag.proposed else { return .performed }
        drag.proposed = p
        var target = tableView.delegate?.tableView(tableView, targetIndexPathForMoveFromRowAt: drag.source, toProposedIndexPath: p) ?? p
        // A destination that cannot exist is ignored: the row stays where it was.
        if !drag.isSlot(target, rowCounts: tableView.rowCounts) { target = drag.destination }
        drag.destination = target
        tableView.interaction = .draggingRow(drag)
        tableView.focus = .row(drag.source)
        return .performed
    }

    /// Drops the dragged row or section where it is shown.
    func drop() -> TableOutcome {
        if let drag = tableView.rowDrag {
            if drag.destination == drag.source {
                tableView.interaction = .editing
                return .performed
            }
            tableView.commitInteractiveMove(from: drag.source, to: drag.destination)
            tableView.focus = .row(drag.destination)
            return .performed
        }
        if let drag = tableView.sectionDrag {
            if drag.destination == drag.source {
                tableView.interaction = .editing
                return .performed
            }
            tableView.commitInteractiveSectionMove(from: drag.source, to: drag.destination)
            tableView.focus = .header(drag.destination)
            return .performed
        }
        return .refused(.nothingPickedUp)
    }
}
