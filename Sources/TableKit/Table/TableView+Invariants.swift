import Foundation

/// The table's consistency rules, checked in debug builds (as swift-collections checks its own
/// under internal checks). An `EditController` runs them after every intent, so every test that
/// drives a table through intents checks them. (The fuzz tests check their own restatement of
/// these rules, `tableInvariantViolation` in Tests/TestSupport, which also runs in release builds.)
extension TableView {
    /// Traps (in debug builds; a no-op in release builds) when the table's state is impossible:
    ///
    /// - the cursor is nil exactly when there are no sections, and otherwise on a header or row
    ///   that exists and, unless a row is dragged, is not hidden (nor is its section);
    /// - a dragged row exists and is shown in a slot it can take, and the cursor is on it;
    /// - a dragged section exists and is shown at an index that exists;
    /// - a row showing its Delete button exists, and only in edit mode (the enum says so);
    /// - a swiped row exists and has actions, and
    ///   the keyboard's button is one of them;
    /// - selected rows exist.
    ///
    /// - Complexity: O(sections + selected rows).
    public func _checkInvariants() {
        #if DEBUG
        precondition(rowCounts.allSatisfy { $0 >= 0 }, "negative row count in \(rowCounts)")
        if numberOfSections == 0 {
            precondition(focus == nil, "cursor \(String(describing: focus)) without sections")
        } else {
            guard let focus else { preconditionFailure("no cursor in \(numberOfSections) sections") }
            precondition(exists(focus), "cursor on \(focus), which does not exist in \(rowCounts)")
            if case .row(let p) = focus, rowDrag == nil { precondition(!isRowHidden(p), "cursor on \(p), which is hidden") }
            if rowDrag == nil, sectionDrag == nil { precondition(!isSectionHidden(focus.section), "cursor in section \(focus.section), which is hidden") }
        }
        switch interaction {
        case .browsing, .editing:
            break
        case .draggingRow(let drag):
            precondition(contains(drag.source), "dragged row \(drag.source) does not exist in \(rowCounts)")
            precondition(drag.isSlot(drag.destination, rowCounts: rowCounts), "dragged row shown at \(drag.destination), not a slot")
            precondition(focus == .row(drag.source), "cursor \(String(describing: focus)) off the dragged row \(drag.source)")
        case .draggingSection(let drag):
            precondition(drag.source >= 0 && drag.source < numberOfSections, "dragged section \(drag.source) does not exist")
            precondition(drag.destination >= 0 && drag.destination < numberOfSections, "section shown at \(drag.destination)")
        case .confirmingDelete(let p):
            precondition(contains(p), "Delete button on \(p), which does not exist in \(rowCounts)")
        case .swiped(let s):
            precondition(contains(s.row), "swiped row \(s.row) does not exist in \(rowCounts)")
            precondition(s.configuration.actions.indices.contains(s.focusedAction), "swipe focus \(s.focusedAction) off its actions")
        }
        for key in selectedRows {
            precondition(contains(key.indexPath), "selected row \(key.indexPath) does not exist in \(rowCounts)")
        }
        #endif
    }
}
