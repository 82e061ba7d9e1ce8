import Foundation

/// The operations recorded by one batch, in UIKit's index spaces.
///
///     var update = BatchUpdate()
///     update.deleteRows([IndexPath(row: 2, section: 0)])     // original space
///     update.insertRows([IndexPath(row: 0, section: 0)])     // final space
///     update.moveRow(from: IndexPath(row: 0, section: 0),     // original …
///                    to: IndexPath(row: 1, section: 1))      // … to final
///
/// Deletes and reloads name original positions, inserts final positions, and moves go from an
/// original position to a final one. The order in which operations are recorded never matters.
public struct BatchUpdate: Sendable, Equatable {
    /// A row move: `from` in the original space, `to` in the final space.
    public struct RowMove: Sendable, Hashable {
        /// Where the row is before the batch (original space).
        public var from: IndexPath
        /// Where it is after the batch (final space).
        public var to: IndexPath
        /// A move from `from` (original space) to `to` (final space).
        public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
    }

    /// A section move: `from` in the original space, `to` in the final space.
    public struct SectionMove: Sendable, Hashable {
        /// Where the section is before the batch (original space).
        public var from: Int
        /// Where it is after the batch (final space).
        public var to: Int
        /// A move from section `from` (original space) to `to` (final space).
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }

    /// Original index paths.
    public var deletedRows: [IndexPath] = []
    /// Final index paths.
    public var insertedRows: [IndexPath] = []
    /// Original index paths.
    public var reloadedRows: [IndexPath] = []
    /// Row moves, each from an original to a final index path.
    public var movedRows: [RowMove] = []
    /// Original section indexes.
    public var deletedSections: [Int] = []
    /// Final section indexes.
    public var insertedSections: [Int] = []
    /// Original section indexes.
    public var reloadedSections: [Int] = []
    /// Section moves, each from an original to a final section index.
    public var movedSections: [SectionMove] = []

    /// The animation asked for each inserted (final space), deleted and reloaded (original space)
    /// row or section. Absent entries mean `.automatic`.
    public var animations: [AnimationKey: TableView.RowAnimation] = [:]

    /// Which operation an animation belongs to.
    public enum AnimationKey: Hashable, Sendable {
        /// A deleted or reloaded row (original index path) or an inserted one (final index path).
        case deletedRow(IndexPath), insertedRow(IndexPath), reloadedRow(IndexPath)
        /// A deleted or reloaded section (original index) or an inserted one (final index).
        case deletedSection(Int), insertedSection(Int), reloadedSection(Int)
    }

    /// Whether a presenter animates the batch. `false` applies it without frames, as a diffable
    /// data source's `apply(_:animatingDifferences: false)` does (completions then run at once).
    /// Merged batches animate only if every part does.
    public var isAnimated = true

    /// An empty batch.
    public init() {}

    /// Whether the batch has no operation (`isAnimated` aside).
    public var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
            && movedSections.isEmpty
    }

    /// Adds every operation of `other` to this batch (nested batches are one batch).
    public mutating func merge(_ other: BatchUpdate) {
        deletedRows += other.deletedRows
        insertedRows += other.insertedRows
        reloadedRows += other.reloadedRows
        movedRows += other.movedRows
        deletedSections += other.deletedSections
        insertedSections += other.insertedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
        animations.merge(other.animations) { _, new in new }
        isAnimated = isAnimated && other.isAnimated
    }

    /// - Parameters:
    ///   - paths: original index paths.
    ///   - animation: how the rows leave on screen; it never changes the result.
    public mutating func deleteRows(_ paths: [IndexPath], with animation: TableView.RowAnimation = .automatic) {
        deletedRows += paths
        for p in paths { animations[.deletedRow(p)] = animation }
    }

    /// - Parameters:
    ///   - paths: final index paths.
    ///   - animation: how the rows arrive on screen; it never changes the result.
    public mutating func insertRows(_ paths: [IndexPath], with animation: TableView.RowAnimation = .automatic) {
        insertedRows += paths
        for p in paths { animations[.insertedRow(p)] = animation }
    }

    /// - Parameters:
    ///   - paths: original index paths.
    ///   - animation: how the old rows give way to the new ones on screen.
    public mutating func reloadRows(_ paths: [IndexPath], with animation: TableView.RowAnimation = .automatic) {
        reloadedRows += paths
        for p in paths { animations[.reloadedRow(p)] = animation }
    }

    /// - Parameters:
    ///   - from: original index path.
    ///   - to: final index path.
    public mutating func moveRow(from: IndexPath, to: IndexPath) {
        movedRows.append(RowMove(from: from, to: to))
    }

    /// - Parameters:
    ///   - sections: original section indexes.
    ///   - animation: how the sections leave on screen; it never changes the result.
    public mutating func deleteSections(_ sections: [Int], with animation: TableView.RowAnimation = .automatic) {
        deletedSections += sections
        for s in sections { animations[.deletedSection(s)] = animation }
    }

    /// - Parameters:
    ///   - sections: final section indexes.
    ///   - animation: how the sections arrive on screen; it never changes the result.
    public mutating func insertSections(_ sections: [Int], with animation: TableView.RowAnimation = .automatic) {
        insertedSections += sections
        for s in sections { animations[.insertedSection(s)] = animation }
    }

    /// - Parameters:
    ///   - sections: original section indexes.
    ///   - animation: how the old sections give way to the new ones on screen.
    public mutating func reloadSections(_ sections: [Int], with animation: TableView.RowAnimation = .automatic) {
        reloadedSections += sections
        for s in sections { animations[.reloadedSection(s)] = animation }
    }

    /// - Parameters:
    ///   - from: original section index.
    ///   - to: final section index.
    public mutating func moveSection(_ from: Int, toSection to: Int) {
        movedSections.append(SectionMove(from: from, to: to))
    }
}
