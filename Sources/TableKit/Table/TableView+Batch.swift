import Foundation

/// Batch updates: UIKit's `beginUpdates`/`endUpdates`, `performBatchUpdates` and the single
/// operations, each a batch of one when called outside a batch.
extension TableView {
    /// In debug builds, hears of every batch the table refuses, before the error is thrown: a
    /// `try?` (or a `catch` that shows nothing) cannot hide it. UIKit stops the app with the message;
    /// `TableHost` collects them while it calls your code and writes them to standard error once
    /// the terminal is restored. Nil (the default) and release builds: nothing is reported.
    ///
    ///     TableView.refusedBatch = { error in log.append(error.description) }
    ///     // "attempt to delete row 7 from section 0 which only contains 5 rows before the update"
    public static var refusedBatch: (@MainActor (TableUpdateError) -> Void)?

    /// Starts (or nests) a batch. Only the outermost `endUpdates()` validates and applies.
    public func beginUpdates() {
        updateDepth += 1
    }

    /// Ends a batch. The outermost end validates everything recorded since the outermost begin and,
    /// if valid, applies it; if not, throws and changes nothing.
    public func endUpdates() throws(TableUpdateError) {
        guard updateDepth > 0 else { throw .unbalancedEndUpdates }
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let update = pending, reload = pendingReload, completions = pendingCompletions
        pending = BatchUpdate()
        pendingReload = false
        pendingCompletions = []
        if reload {
            reloadData()
            for completion in completions { completion(true) }
            return
        }
        try apply(update, completions: completions)
    }

    /// Runs `updates` as one batch and validates it at the end, like UIKit's method of the same
    /// name. Nested calls join the outermost batch; completions run outer first, then inner in
    /// call order, once the batch is applied.
    ///
    ///     try table.performBatchUpdates({
    ///         names.remove(at: 2); names.insert("Alaska", at: 0)
    ///         try table.deleteRows(at: [IndexPath(row: 2, section: 0)])   // original space
    ///         try table.insertRows(at: [IndexPath(row: 0, section: 0)])   // final space
    ///     }, completion: { finished in print("done", finished) })
    ///
    /// If `updates` throws, the error is passed on; if this is the outermost batch, everything it
    /// recorded is dropped and the table is unchanged. `updates` does not escape (no `self.`
    /// needed in it); UIKit's optional spelling is the overload beside this one.
    public func performBatchUpdates(
        _ updates: () throws -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) throws {
        beginUpdates()
        if let completion { pendingCompletions.append(completion) }
        do {
            try updates()
        } catch {
            updateDepth -= 1
            if updateDepth == 0 {
                pending = BatchUpdate()
                pendingReload = false
                pendingCompletions = []
            }
            throw error
        }
        try endUpdates()
    }

    /// UIKit's exact signature, whose `updates` is optional: `performBatchUpdates(nil)` is an
    /// empty batch, and its completion runs once that is applied. A closure literal picks the
    /// non-optional overload above; a closure held in an optional variable comes here.
    ///
    ///     try tableView.performBatchUpdates(nil) { finished in print("settled", finished) }
    @_disfavoredOverload
    public func performBatchUpdates(
        _ updates: (() throws -> Void)?,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) throws {
        try performBatchUpdates({ try updates?() }, completion: completion)
    }

    /// Inserts rows, UIKit's `insertRows(at:with:)`. Outside a batch it is a batch of one.
    ///
    ///     names.insert("Alaska", at: 0)
    ///     try tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    ///
    /// - Parameters:
    ///   - indexPaths: final index paths (where the rows are after the batch).
    ///   - animation: how the rows arrive on screen; it never changes the result.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.insertRows(indexPaths, with: animation) }
    }

    /// Deletes rows, UIKit's `deleteRows(at:with:)`.
    ///
    /// - Parameters:
    ///   - indexPaths: original index paths (where the rows were before the batch).
    ///   - animation: how the rows leave on screen; it never changes the result.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.deleteRows(indexPaths, with: animation) }
    }

    /// Reloads rows: they keep their place and identity and get fresh cells from the data source.
    ///
    /// - Parameters:
    ///   - indexPaths: original index paths.
    ///   - animation: how the old rows give way to the new ones on screen.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.reloadRows(indexPaths, with: animation) }
    }

    /// Moves a row, UIKit's `moveRow(at:to:)`; the row slides to its new place.
    ///
    /// - Parameters:
    ///   - indexPath: original index path.
    ///   - newIndexPath: final index path.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(TableUpdateError) {
        try record { $0.moveRow(from: indexPath, to: newIndexPath) }
    }

    /// Moves a block of `count` consecutive rows, the first at `indexPath` (original space), so
    /// that the first lands at `newIndexPath` (final space: where the block's first row is after
    /// the move) and the others follow it in order: what a batch of `count` `moveRow(at:to:)`
    /// calls does (row `i` of the block to `newIndexPath.row + i`), with the same plan, so the
    /// same remapping of the cursor, selection, drag and cells, the same calls to the data source
    /// and the presenter, and the same slide on screen.
    ///
    ///     tasks.moveBlock(from: 0, count: 2, to: 3)   // the data source's rows first
    ///     try tableView.moveRows(at: IndexPath(row: 0, section: 0), count: 2,
    ///                            to: IndexPath(row: 3, section: 0))
    ///
    /// It is the move of a row with the rows nested under it (listedit's `K` and `J`): a block
    /// move is valid when the block and its landing place fit the sections and the data source
    /// reports the counts the move leaves, which is all it checks, asking the data source for
    /// each section's count once; a move that fails that check, or one inside a batch, is
    /// recorded as the batch of `moveRow` calls, which throws UIKit's message for it.
    ///
    /// - Complexity: O(sections + `count`), where the batch validates and sorts its moves.
    public func moveRows(at indexPath: IndexPath, count: Int, to newIndexPath: IndexPath) throws(TableUpdateError) {
        guard let plan = blockMovePlan(at: indexPath, count: count, to: newIndexPath) else {
            try record { update in
                for i in 0..<max(0, count) {
                    update.moveRow(from: IndexPath(row: indexPath.row + i, section: indexPath.section),
                                   to: IndexPath(row: newIndexPath.row + i, section: newIndexPath.section))
                }
            }
            return
        }
        commit(plan, completions: [])
    }

    /// The plan of a block move outside a batch, as `BatchValidator` would make it for its batch
    /// of `moveRow` calls, or nil when the batch is needed (inside a batch, an empty block, or a
    /// block move the batch would refuse).
    ///
    /// - Complexity: O(sections + `count`).
    private func blockMovePlan(at from: IndexPath, count: Int, to: IndexPath) -> BatchPlan? {
        let old = rowCounts
        guard updateDepth == 0, count > 0, from.section >= 0, from.section < old.count, to.section >= 0, to.section < old.count,
              from.row >= 0, from.row + count <= old[from.section] else { return nil }
        var new = old
        new[from.section] -= count
        new[to.section] += count
        guard to.row >= 0, to.row + count <= new[to.section] else { return nil }
        // The data source holds the move already: every count as the move leaves it.
        guard let dataSource, dataSource.numberOfSections(in: self) == old.count,
              new.indices.allSatisfy({ dataSource.tableView(self, numberOfRowsInSection: $0) == new[$0] }) else { return nil }
        var update = BatchUpdate()
        var moves: [(from: RowKey, to: RowKey)] = []
        for i in 0..<count {
            let a = IndexPath(row: from.row + i, section: from.section), b = IndexPath(row: to.row + i, section: to.section)
            update.moveRow(from: a, to: b)
            moves.append((RowKey(a), RowKey(b)))
        }
        var placements: [Int: RowPlacement] = [:]
        let vacated = Array(from.row..<(from.row + count)), fixed = Array(to.row..<(to.row + count))
        if from.section == to.section {
            placements[from.section] = RowPlacement(originalSection: from.section, vacated: vacated, fixed: fixed,
                                                    sources: moves.map(\.from), count: new[from.section])
        } else {
            placements[from.section] = RowPlacement(originalSection: from.section, vacated: vacated, fixed: [],
                                                    sources: [], count: new[from.section])
            placements[to.section] = RowPlacement(originalSection: to.section, vacated: [], fixed: fixed,
                                                  sources: moves.map(\.from), count: new[to.section])
        }
        return BatchPlan(update: update, oldRowCounts: old, newRowCounts: new,
                         sectionSources: old.indices.map { .original($0) }, finalSectionOfOriginal: Array(old.indices),
                         rowPlacements: placements, reloadedKeys: [], moves: moves)
    }

    /// Inserts sections, UIKit's `insertSections(_:with:)`.
    ///
    ///     try tableView.insertSections([0, 1], with: .fade)
    ///
    /// - Parameters:
    ///   - sections: final section indexes.
    ///   - animation: how the sections arrive on screen; it never changes the result.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.insertSections(Array(sections), with: animation) }
    }

    /// Deletes sections with all their rows, UIKit's `deleteSections(_:with:)`.
    ///
    /// - Parameters:
    ///   - sections: original section indexes.
    ///   - animation: how the sections leave on screen; it never changes the result.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.deleteSections(Array(sections), with: animation) }
    }

    /// Reloads sections: same place, title and rows asked again.
    ///
    /// - Parameters:
    ///   - sections: original section indexes.
    ///   - animation: how the old sections give way to the new ones on screen.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(TableUpdateError) {
        try record { $0.reloadSections(Array(sections), with: animation) }
    }

    /// Moves a section with its rows, UIKit's `moveSection(_:toSection:)`; it slides to its new
    /// place.
    ///
    /// - Parameters:
    ///   - section: original section index.
    ///   - newSection: final section index.
    public func moveSection(_ section: Int, toSection newSection: Int) throws(TableUpdateError) {
        try record { $0.moveSection(section, toSection: newSection) }
    }

    /// Applies a whole recorded batch at once (what `listedit apply` and undo use).
    public func perform(_ update: BatchUpdate) throws(TableUpdateError) {
        try record { $0.merge(update) }
    }

    /// Validates `update` against the snapshot and the data source's new counts, without
    /// changing anything.
    public func validate(_ update: BatchUpdate) throws(TableUpdateError) -> BatchPlan {
        let dataSource = self.dataSource
        let sections = max(0, dataSource?.numberOfSections(in: self) ?? 0)
        return try BatchValidator.plan(
            for: update, oldRowCounts: rowCounts, newSectionCount: sections,
            newRowCount: { dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0 })
    }

    private func record(_ change: (inout BatchUpdate) -> Void) throws(TableUpdateError) {
        beginUpdates()
        change(&pending)
        try endUpdates()
    }

    private func apply(_ update: BatchUpdate, completions: [@MainActor (Bool) -> Void]) throws(TableUpdateError) {
        let plan: BatchPlan
        do {
            plan = try validate(update)
        } catch {
            #if DEBUG
            Self.refusedBatch?(error)
            #endif
            throw error
        }
        commit(plan, completions: completions)
    }

    /// A valid batch's plan taken on: the counts, the interaction remapped, the presenter told.
    private func commit(_ plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        rowCounts = plan.newRowCounts
        remapInteraction(plan)
        if let presenter {
            presenter.tableView(self, didApply: plan, completions: completions)
        } else {
            for completion in completions { completion(true) }
        }
    }
}
