import Foundation

/// Edit-mode queries, asked the way UIKit asks them and remembered until the row changes.
extension TableView {
    /// Editing facts for a row, asking the first time in UIKit's order: `canEditRowAt`, then (for
    /// editable rows) `editingStyleForRowAt`, `shouldIndentWhileEditingRowAt`, and `canMoveRowAt`
    /// when the data source can reorder. A row is movable only when it is editable, the data source
    /// conforms to `TableViewReorderingDataSource` and `canMoveRowAt` allows it.
    ///
    /// A data source that does not commit (not a `TableViewEditingDataSource`) gets no delete or
    /// insert controls, which would do nothing: its rows' style is `.none`, they are not indented,
    /// and the delegate is not asked for either.
    ///
    /// - Parameter path: current index path.
    public func editingInfo(for path: IndexPath) -> RowEditInfo {
        let key = RowKey(path)
        if let info = editInfoCache[key] { return info }
        let canEdit = dataSource?.tableView(self, canEditRowAt: path) ?? false
        var info = RowEditInfo(canEdit: canEdit, style: .none, indents: false, canMove: false)
        if canEdit {
            if supportsCommit {
                info.style = delegate?.tableView(self, editingStyleForRowAt: path) ?? .delete
                info.indents = delegate?.tableView(self, shouldIndentWhileEditingRowAt: path) ?? true
            }
            if let dataSource, dataSource is any TableViewReorderingDataSource {
                info.canMove = dataSource.tableView(self, canMoveRowAt: path)
            }
        }
        editInfoCache[key] = info
        return info
    }

    /// Whether the data source commits edits (UIKit: implements `commit`), which also enables
    /// swipe-to-delete.
    public var supportsCommit: Bool { dataSource is any TableViewEditingDataSource }

    func remapEditInfo(_ plan: BatchPlan) {
        var kept: [RowKey: RowEditInfo] = [:]
        for (p, info) in editInfoCache {
            if let f = plan.finalKey(forOriginal: p), !plan.isReloaded(p) { kept[f] = info }
        }
        editInfoCache = kept
    }

    /// Applies a move the user already made on screen: the data source updates only its model
    /// (`moveRowAt`), and the table takes the new order without asking for counts (UIKit's
    /// interactive reorder).
    ///
    /// - Parameters:
    ///   - source: the row's path before the move.
    ///   - destination: its path after the move.
    func commitInteractiveMove(from source: IndexPath, to destination: IndexPath) {
        guard let mover = dataSource as? any TableViewReorderingDataSource else { return }
        var update = BatchUpdate()
        update.moveRow(from: source, to: destination)
        var counts = rowCounts
        counts[source.section] -= 1
        counts[destination.section] += 1
        interaction = .editing
        let observer = dataSource as? any TableViewInteractiveMoveObserver     // a diffable data source
        observer?.tableViewWillCommitInteractiveMove(from: source, to: destination)
        mover.tableView(self, moveRowAt: source, to: destination)
        applyInteractive(update, newCounts: counts)
        reveal(destination)
        observer?.tableViewDidCommitInteractiveMove()
    }

    /// The same for a whole section (`moveSection`).
    func commitInteractiveSectionMove(from source: Int, to destination: Int) {
        guard let mover = dataSource as? any TableViewSectionReorderingDataSource else { return }
        var update = BatchUpdate()
        update.moveSection(source, toSection: destination)
        var counts = rowCounts
        counts.insert(counts.remove(at: source), at: destination)
        interaction = .editing
        mover.tableView(self, moveSection: source, toSection: destination)
        applyInteractive(update, newCounts: counts)
    }

    private func applyInteractive(_ update: BatchUpdate, newCounts: [Int]) {
        guard let plan = try? BatchValidator.plan(for: update, oldRowCounts: rowCounts, newSectionCount: newCounts.count,
                                                  newRowCount: { newCounts[$0] }) else { return }
        rowCounts = plan.newRowCounts
        remapInteraction(plan)
        presenter?.tableView(self, didMoveInteractively: plan)
    }
}
