import Foundation
internal import Algorithms

/// The outcome of a valid batch: where every final section and row comes from, and where every
/// original row goes (the identity mapping of docs/batch-updates.md, "Placement").
///
///     let plan = try BatchValidator.plan(for: update, oldRowCounts: [5], newSectionCount: 1,
///                                        newRowCount: { _ in 6 })
///     plan.finalIndexPath(forOriginal: IndexPath(row: 1, section: 0))   // [0, 2], say
///
/// Cursor, selection, a dragged row and a row showing its Delete button follow rows through
/// `finalIndexPath(forOriginal:)`.
public struct BatchPlan: Sendable {
    /// Where a final section comes from.
    public enum SectionSource: Equatable, Sendable {
        /// Original section, kept with its surviving rows (possibly moved).
        case original(Int)
        /// A new section: all its rows come from the data source.
        case inserted
        /// The original section was reloaded: same place in the order, all rows fresh.
        case reloaded(Int)
    }

    /// Where a final row comes from.
    public enum RowSource: Equatable, Sendable {
        /// An original row, same identity (kept in place, shifted or moved).
        case kept(IndexPath)
        /// An original row reloaded: same identity and place, fresh content.
        case reloaded(IndexPath)
        /// A new row.
        case inserted
    }

    /// The batch this plan was made from.
    public let update: BatchUpdate
    /// Row counts per original section.
    public let oldRowCounts: [Int]
    /// Row counts per final section.
    public let newRowCounts: [Int]
    /// By final section index.
    public let sectionSources: [SectionSource]
    /// By original section index: the final index, or `nil` when the section was deleted.
    public let finalSectionOfOriginal: [Int?]
    /// By final section index, for sections of original origin whose rows changed.
    public let rowPlacements: [Int: RowPlacement]
    /// Original paths of reloaded rows that survive (not subsumed by a section operation).
    package let reloadedKeys: Set<RowKey>
    /// Row moves: original source to final destination, ascending by source (a sorted array:
    /// a reversal is 10^5 moves, and hashing them all cost more than the rest of the batch).
    let moves: [(from: RowKey, to: RowKey)]

    init(update: BatchUpdate, oldRowCounts: [Int], newRowCounts: [Int], sectionSources: [SectionSource],
         finalSectionOfOriginal: [Int?], rowPlacements: [Int: RowPlacement], reloadedKeys: Set<RowKey>,
         moves: [(from: RowKey, to: RowKey)]) {
        self.update = update
        self.oldRowCounts = oldRowCounts
        self.newRowCounts = newRowCounts
        self.sectionSources = sectionSources
        self.finalSectionOfOriginal = finalSectionOfOriginal
        self.rowPlacements = rowPlacements
        self.reloadedKeys = reloadedKeys
        self.moves = moves
    }

    /// Original paths of reloaded rows that survive (not subsumed by a section operation).
    ///
    /// - Complexity: O(reloads).
    public var reloadedRows: Set<IndexPath> { Set(reloadedKeys.map(\.indexPath)) }

    /// Row moves, original source to final destination.
    ///
    /// - Complexity: O(moves).
    public var rowMoves: [IndexPath: IndexPath] {
        Dictionary(uniqueKeysWithValues: moves.map { ($0.from.indexPath, $0.to.indexPath) })
    }

    /// Where a moved row went, or `nil` if the row was not moved.
    ///
    /// - Parameter key: original row.
    /// - Complexity: O(log moves).
    func destination(ofMoved key: RowKey) -> RowKey? {
        let i = moves.partitioningIndex { !($0.from < key) }
        return i < moves.count && moves[i].from == key ? moves[i].to : nil
    }

    /// Whether the row at an original path was reloaded (it keeps its place, with fresh content).
    ///
    /// - Parameter path: original index path.
    public func isReloaded(_ path: IndexPath) -> Bool { isReloaded(RowKey(path)) }

    func isReloaded(_ key: RowKey) -> Bool { !reloadedKeys.isEmpty && reloadedKeys.contains(key) }

    /// The final path of an original row, or `nil` if it was deleted or its section was deleted
    /// or reloaded.
    ///
    /// - Parameter path: original index path.
    public func finalIndexPath(forOriginal path: IndexPath) -> IndexPath? {
        finalKey(forOriginal: RowKey(path))?.indexPath
    }

    /// `finalIndexPath(forOriginal:)` on the engine's keys (what the table remaps its state with).
    func finalKey(forOriginal key: RowKey) -> RowKey? {
        if !moves.isEmpty, let to = destination(ofMoved: key) { return to }
        guard key.section >= 0, key.section < finalSectionOfOriginal.count,
              let n = finalSectionOfOriginal[key.section],
              case .original = sectionSources[n]
        else { return nil }
        if let placement = rowPlacements[n] {
            return placement.finalRow(forOriginal: key.row).map { RowKey(section: n, row: $0) }
        }
        return RowKey(section: n, row: key.row)
    }

    /// Where the row at a final path comes from.
    ///
    /// - Parameter path: final index path.
    public func source(ofFinal path: IndexPath) -> RowSource {
        switch sectionSources[path.section] {
        case .inserted, .reloaded: return .inserted
        case .original(let o):
            guard let placement = rowPlacements[path.section] else {
                return keptOrReloaded(IndexPath(row: path.row, section: o))
            }
            switch placement.slot(atFinal: path.row) {
            case .inserted: return .inserted
            case .moved(let from): return .kept(from)
            case .kept(let r): return keptOrReloaded(IndexPath(row: r, section: o))
            }
        }
    }

    private func keptOrReloaded(_ p: IndexPath) -> RowSource {
        reloadedKeys.contains(RowKey(p)) ? .reloaded(p) : .kept(p)
    }
}
