import Foundation

/// Cells: registration and reuse as in UIKit, the cells of the visible rows (kept while their rows
/// stay on screen, followed through batches), and reconfiguring them in place.
extension TableView {
    /// Registers the class whose instances `dequeueReusableCell(withIdentifier:for:)` makes for a
    /// reuse identifier (UIKit's `register(_:forCellReuseIdentifier:)`); `nil` unregisters.
    ///
    ///     tableView.register(TaskCell.self, forCellReuseIdentifier: "task")
    public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        cellRegistrations[identifier] = cellClass
    }

    /// A cell for the data source to configure and return from `cellForRowAt` (UIKit's
    /// `dequeueReusableCell(withIdentifier:for:)`): one that scrolled away (after its
    /// `prepareForReuse()`), or a new instance of the registered class. While the table
    /// reconfigures `indexPath` (`reconfigureRows(at:)`), it is the row's own cell, unprepared.
    ///
    /// Dequeuing an identifier that was never registered is a programming error, as in UIKit: it
    /// stops the program with a message naming the identifier.
    ///
    /// - Parameters:
    ///   - identifier: a reuse identifier given to `register(_:forCellReuseIdentifier:)`.
    ///   - indexPath: the row being asked for (current space).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let own = reconfiguring, own.path == RowKey(indexPath), own.cell.reuseIdentifier == identifier {
            reconfiguring = nil
            return own.cell
        }
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("unable to dequeue a cell with identifier \(identifier): register a class for it with register(_:forCellReuseIdentifier:)")
        }
        return cell
    }

    /// A cell from the reuse queue, or a new instance of the registered class, or `nil` when the
    /// identifier has neither (UIKit's older `dequeueReusableCell(withIdentifier:)`).
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reuseQueues[identifier]?.popLast() {
            cell.isQueued = false
            cell.prepareForReuse()
            return cell
        }
        return cellRegistrations[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// The cell of a visible row, or `nil` when the row is not on screen (UIKit's
    /// `cellForRow(at:)`). Changing it shows at the next frame.
    ///
    ///     tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
    ///
    /// - Parameter indexPath: current index path.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        cellsOnScreen[RowKey(indexPath)]
    }

    /// The index path of a visible row's cell, or `nil` when the cell shows no row (UIKit's
    /// `indexPath(for:)`): what a cell's button handler asks to find its row.
    ///
    ///     guard let indexPath = tableView.indexPath(for: cell) else { return }
    ///
    /// - Returns: current index path.
    /// - Complexity: O(visible rows).
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        cellsOnScreen.first { $0.value === cell }?.key.indexPath
    }

    /// The cells of the visible rows, top to bottom.
    ///
    /// - Complexity: O(visible rows).
    public var visibleCells: [TableViewCell] {
        visibleRows.compactMap { cellsOnScreen[RowKey($0)] }
    }

    /// Asks the data source again for the cells of these rows, keeping the rows and their cells:
    /// `dequeueReusableCell(withIdentifier:for:)` hands the data source the row's own cell to
    /// configure (UIKit's `reconfigureRows(at:)`). Unlike `reloadRows`, nothing is deleted or
    /// inserted and nothing animates. Rows not on screen have no cell and need nothing.
    ///
    /// - Parameter indexPaths: current index paths (inside a batch, the space before it).
    /// - Complexity: O(`indexPaths.count`).
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        for p in indexPaths.map(RowKey.init) where cellsOnScreen[p] != nil { cellsToReconfigure.insert(p) }
    }

    /// The cell to draw for a row: the one the table holds while the row is on screen, or the data
    /// source's (`cellForRowAt`) when the row is new on screen, reloaded or reconfigured. The table
    /// sets its editing and selection state and, when the delegate's `indentationLevelForRowAt` is
    /// not 0, its indentation; a cell it asked the data source for then goes to the delegate's
    /// `willDisplay`. For renderers; `nil` without a data source.
    ///
    /// - Parameter indexPath: current index path.
    public func preparedCell(forRowAt indexPath: IndexPath) -> TableViewCell? {
        guard let dataSource else { return nil }
        let key = RowKey(indexPath)
        var cell: TableViewCell, displaying = false
        if let held = cellsOnScreen[key], cellsToReconfigure.isEmpty || !cellsToReconfigure.contains(key) {
            cell = held
        } else {
            let old = cellsOnScreen[key]
            if let old, cellsToReconfigure.remove(key) != nil { reconfiguring = (key, old) }
            cell = dataSource.tableView(self, cellForRowAt: indexPath)
            reconfiguring = nil
            if let old, old !== cell { enqueue(old) }
            cellsOnScreen[key] = cell
            let level = delegate?.tableView(self, indentationLevelForRowAt: indexPath) ?? 0
            if level != 0 { cell.indentationLevel = level }
            displaying = true
        }
        cell.isEditing = editMode
        cell.editingStyle = editMode ? editingInfo(for: indexPath).style : .none
        cell.isSelected = !selectedRows.isEmpty && selectedRows.contains(key)
        // A cell new on screen (or reloaded, reconfigured): the delegate's last word before drawing.
        if displaying { delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath) }
        return cell
    }

    /// Puts a cell that left the screen in its reuse queue.
    func enqueue(_ cell: TableViewCell) {
        guard let id = cell.reuseIdentifier, !cell.isQueued, reuseQueues[id, default: []].count < Self.reuseQueueLimit else { return }
        cell.isQueued = true
        reuseQueues[id, default: []].append(cell)
    }

    /// Cells kept per reuse identifier: more than a screenful is never needed.
    static var reuseQueueLimit: Int { 256 }

    /// Keeps the cells of `rows` (what the renderer drew) and queues the others for reuse.
    func keepCells(of rows: [IndexPath]) {
        let visible = Set(rows.map(RowKey.init))
        for (p, cell) in cellsOnScreen where !visible.contains(p) {
            cellsOnScreen[p] = nil
            enqueue(cell)
        }
        cellsToReconfigure = cellsToReconfigure.intersection(visible)
    }

    /// Follows the held cells through a batch: kept and moved rows keep their cells, deleted and
    /// reloaded rows give theirs back to the reuse queues.
    ///
    /// - Complexity: O(visible rows × changes in their sections).
    func remapCells(_ plan: BatchPlan) {
        var kept: [RowKey: TableViewCell] = [:]
        for (p, cell) in cellsOnScreen {
            if let f = plan.finalKey(forOriginal: p), !plan.isReloaded(p) {
                kept[f] = cell
            } else {
                enqueue(cell)
            }
        }
        cellsOnScreen = kept
        cellsToReconfigure = Set(cellsToReconfigure.compactMap(plan.finalKey(forOriginal:)))
    }

    /// Gives every held cell back (`reloadData`).
    func dropCells() {
        for cell in cellsOnScreen.values { enqueue(cell) }
        cellsOnScreen = [:]
        cellsToReconfigure = []
    }
}
