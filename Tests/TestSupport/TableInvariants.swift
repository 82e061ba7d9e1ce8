import TableKit

/// The interaction invariants every fuzz test checks after every event, restated plainly (not
/// through the library's own helpers):
///
///     if let broken = tableInvariantViolation(table) { Issue.record("\(broken) after event \(i)") }
///
/// The table's counts equal its data source's; the cursor is on a real row or header (no cursor
/// only without sections) and, unless dragging, not on a hidden row; a dragged row exists and is shown in a slot that exists; a dragged
/// section and a row showing its Delete button exist. Returns what is broken, or nil.
@MainActor
public func tableInvariantViolation(_ table: TableView) -> String? {
    guard let source = table.dataSource else { return "no data source" }
    let sections = source.numberOfSections(in: table)
    let counts = (0..<sections).map { source.tableView(table, numberOfRowsInSection: $0) }
    guard table.rowCounts == counts else { return "table counts \(table.rowCounts) differ from the data source's \(counts)" }
    switch table.focus {
    case .row(let p)?:
        if !table.contains(p) { return "cursor on a missing row \(p)" }
        if table.isRowHidden(p) && table.rowDrag == nil { return "cursor on a hidden row \(p)" }
    case .header(let s)?: if s >= sections { return "cursor on a missing header \(s)" }
    case nil: if sections > 0 { return "no cursor in \(sections) sections" }
    }
    if let d = table.rowDrag {
        if !table.contains(d.source) { return "drag of a missing row \(d.source)" }
        let t = d.destination
        let last = t.section >= 0 && t.section < sections ? counts[t.section] - (t.section == d.source.section ? 1 : 0) : -1
        if t.row < 0 || t.row > last { return "drag shown in a slot that does not exist \(t)" }
    }
    if let s = table.sectionDrag, s.source >= sections || s.destination >= sections || s.destination < 0 {
        return "section drag \(s) of \(sections) sections"
    }
    if let c = table.deleteConfirmation, !table.contains(c) { return "Delete button on a missing row \(c)" }
    return nil
}
