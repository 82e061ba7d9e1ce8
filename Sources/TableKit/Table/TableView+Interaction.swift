import Foundation

/// The interaction state every batch remaps (docs/batch-updates.md, "Placement"):
/// the cursor and the `interaction` value (a dragged row or section, the row showing its Delete
/// button, the swiped row), and what shows (a filter, collapsed rows and sections); the cursor
/// then leaves a row that is hidden.
extension TableView {
    /// Remaps the interaction state through a plan. A dragged row or section that the batch
    /// removes cancels the drag; a Delete button on a removed row goes away; a cursor on a
    /// removed row moves to the row that took its place, else the one before it, else the
    /// section's header.
    func remapInteraction(_ plan: BatchPlan) {
        remapVisibility(plan)
        remapLanes(plan)
        defer { settleFocus() }
        remapEditInfo(plan)
        remapCells(plan)
        if !selectedRows.isEmpty { selectedRows = Set(selectedRows.compactMap(plan.finalKey(forOriginal:))) }
        if let request = scrollRequest {
            scrollRequest = plan.finalIndexPath(forOriginal: request.indexPath).map {
                ScrollRequest(indexPath: $0, position: request.position, animated: request.animated)
            }
        }
        visibleRows = visibleRows.compactMap(plan.finalIndexPath(forOriginal:))
        // A table that was empty starts on its first row, as a loaded one does (`clampInteraction`).
        if let f = focus {
            focus = Self.remap(f, plan)
        } else if let first = plan.newRowCounts.first {
            focus = first > 0 ? .row(IndexPath(row: 0, section: 0)) : .header(0)
        }
        remapContextMenu(plan)
        switch interaction {
        case .browsing, .editing:
            break
        case .swiped:
            remapSwipe(plan)
        case .confirmingDelete(let p):
            interaction = plan.finalIndexPath(forOriginal: p).map(TableInteraction.confirmingDelete) ?? .editing
        case .draggingRow(let drag):
            guard let source = plan.finalIndexPath(forOriginal: drag.source) else { interaction = .editing; break }
            // The last proposed slot may be gone: the next step starts from the destination.
            var moved = RowDrag(source: source, destination: source, proposed: nil)
            let d = drag.destination
            if d.section < plan.finalSectionOfOriginal.count, let n = plan.finalSectionOfOriginal[d.section] {
                moved.destination = IndexPath(row: min(d.row, moved.lastSlot(inSection: n, rowCounts: plan.newRowCounts)), section: n)
            }
            interaction = .draggingRow(moved)
        case .draggingSection(let drag):
            if drag.source < plan.finalSectionOfOriginal.count, let s = plan.finalSectionOfOriginal[drag.source] {
                interaction = .draggingSection(SectionDrag(source: s, destination: min(drag.destination, plan.newRowCounts.count - 1)))
            } else {
                interaction = .editing
            }
        }
    }

    static func remap(_ focus: TableFocus, _ plan: BatchPlan) -> TableFocus? {
        let sections = plan.newRowCounts.count
        guard sections > 0 else { return nil }
        switch focus {
        case .row(let p):
            if let f = plan.finalIndexPath(forOriginal: p) { return .row(f) }
            if p.section < plan.finalSectionOfOriginal.count, let n = plan.finalSectionOfOriginal[p.section] {
                let count = plan.newRowCounts[n]
                return count > 0 ? .row(IndexPath(row: min(p.row, count - 1), section: n)) : .header(n)
            }
            return .header(min(p.section, sections - 1))
        case .header(let s):
            if s < plan.finalSectionOfOriginal.count, let n = plan.finalSectionOfOriginal[s] { return .header(n) }
            return .header(min(s, sections - 1))
        }
    }

    /// Keeps the cursor on something that exists after a reload; a gesture in progress ends (a
    /// swipe whose row is gone ends with `didEndEditingRowAt(nil)`).
    func clampInteraction() {
        if let menu = contextMenu, !contains(menu.row) { contextMenu = nil }
        switch interaction {
        case .browsing, .editing:
            break
        case .swiped(let s):
            if !contains(s.row) {
                interaction = .browsing
                if s.isPerforming { swipeEndPending = s.generation } else { delegate?.tableView(self, didEndEditingRowAt: nil) }
            }
        case .confirmingDelete(let p):
            if !contains(p) { interaction = .editing }
        case .draggingRow, .draggingSection:
            interaction = .editing
        }
        guard numberOfSections > 0 else { focus = nil; return }
        switch focus {
        case .row(let p)?:
            if contains(p) { return }
            let s = min(p.section, numberOfSections - 1)
            let count = rowCounts[s]
            focus = count > 0 ? .row(IndexPath(row: min(p.row, count - 1), section: s)) : .header(s)
        case .header(let s)?:
            focus = .header(min(s, numberOfSections - 1))
        case nil:
            focus = rowCounts[0] > 0 ? .row(IndexPath(row: 0, section: 0)) : .header(0)
        }
    }
}
