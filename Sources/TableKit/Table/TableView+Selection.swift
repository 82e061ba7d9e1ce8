import Foundation

/// Selection, as UIKit has it: selecting from code calls no delegate method; the user selecting a
/// row (Enter or a click outside edit mode, `v` in edit mode) goes through the delegate's
/// `willSelectRowAt`/`didSelectRowAt` and, for the rows it replaces, `willDeselectRowAt`/
/// `didDeselectRowAt`.
extension TableView {
    /// The first selected row, or nil (UIKit's `indexPathForSelectedRow`).
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min()?.indexPath }

    /// The selected rows in order, or nil when there are none (as UIKit returns them).
    ///
    /// - Complexity: O(s log s) for s selected rows.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted().map(\.indexPath) }

    /// The selected rows as a value to compare (`SelectionState`): O(1) to take.
    public var selectionState: SelectionState { SelectionState(rows: selectedRows) }

    /// Selects a row from code; no delegate method is called. Without multiple selection (in the
    /// current mode) it replaces the selection; `nil` clears it. A `scrollPosition` other than
    /// `.none` scrolls the row there at the next frame.
    ///
    ///     tableView.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .middle)
    ///
    /// - Parameters:
    ///   - indexPath: current index path; a path outside the table is ignored.
    ///   - animated: kept for UIKit's signature: a terminal highlights at once.
    ///   - scrollPosition: where to scroll the row; `.none` does not scroll.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { setSelection([]); return }
        guard contains(indexPath) else { return }
        if allowsMultipleSelectionNow {
            // One row added in place: selecting k rows one by one costs O(k), not O(k²).
            let key = RowKey(indexPath)
            if selectedRows.insert(key).inserted { cellsOnScreen[key]?.isSelected = true }
        } else {
            setSelection([RowKey(indexPath)])
        }
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row from code; no delegate method is called (UIKit's
    /// `deselectRow(at:animated:)`, often called from `didSelectRowAt`).
    ///
    /// - Parameters:
    ///   - indexPath: current index path.
    ///   - animated: kept for UIKit's signature: a terminal unhighlights at once.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        // In place: clearing k rows one by one costs O(k), not O(k²).
        let key = RowKey(indexPath)
        if selectedRows.remove(key) != nil { cellsOnScreen[key]?.isSelected = false }
    }

    /// Whether the user may select rows in the current mode.
    var allowsSelectionNow: Bool {
        editMode ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing
            : allowsSelection || allowsMultipleSelection
    }

    var allowsMultipleSelectionNow: Bool {
        editMode ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    /// The user selected (or, with multiple selection, toggled) a row: UIKit's sequence of
    /// delegate calls. Returns false when selection is not allowed here.
    ///
    /// - Parameter indexPath: current index path.
    @discardableResult
    func userSelectRow(at indexPath: IndexPath) -> Bool {
        guard allowsSelectionNow, contains(indexPath) else { return false }
        if allowsMultipleSelectionNow, selectedRows.contains(RowKey(indexPath)) {
            userDeselectRow(at: indexPath)
            return true
        }
        let asked: IndexPath? = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target = asked, contains(target) else { return true }
        if !allowsMultipleSelectionNow {
            for other in selectedRows.sorted() where other != RowKey(target) { userDeselectRow(at: other.indexPath) }
        }
        setSelection(selectedRows.union([RowKey(target)]))
        delegate?.tableView(self, didSelectRowAt: target)
        return true
    }

    /// The user deselected a row: `willDeselectRowAt` (which may redirect or refuse), then
    /// `didDeselectRowAt`.
    func userDeselectRow(at indexPath: IndexPath) {
        let asked: IndexPath? = delegate.map { $0.tableView(self, willDeselectRowAt: indexPath) } ?? indexPath
        guard let target = asked, selectedRows.contains(RowKey(target)) else { return }
        deselectRow(at: target, animated: false)
        delegate?.tableView(self, didDeselectRowAt: target)
    }

    /// The user cleared the selection (Esc in edit mode): each row as `userDeselectRow`.
    func userDeselectAll() {
        for p in selectedRows.sorted() { userDeselectRow(at: p.indexPath) }
    }

    /// Replaces the selection and tells the visible cells.
    func setSelection(_ rows: Set<RowKey>) {
        guard rows != selectedRows else { return }
        selectedRows = rows
        for (p, cell) in cellsOnScreen { cell.isSelected = rows.contains(p) }
    }

    /// Whether a row is selected.
    ///
    /// - Parameter indexPath: current index path.
    public func isRowSelected(_ indexPath: IndexPath) -> Bool { !selectedRows.isEmpty && selectedRows.contains(RowKey(indexPath)) }
}
