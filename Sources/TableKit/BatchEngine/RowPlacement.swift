import Foundation
internal import Algorithms

/// Where the rows of one final section come from, when a batch changed them.
///
/// A final section that came from original section `o` keeps `o`'s surviving rows in their order
/// and places them around fixed slots (inserted rows and rows moved in). Only the changed rows are
/// stored, so mapping one row costs O(changes in the section), never O(rows in the section).
public struct RowPlacement: Sendable, Equatable {
    /// The original section these rows come from.
    public let originalSection: Int
    /// Original rows of `originalSection` that leave it (deleted or moved away), ascending.
    public let vacated: [Int]
    /// Final rows taken by inserted rows or rows moved in, ascending.
    public let fixed: [Int]
    /// For each entry of `fixed`: `nil` for an inserted row, or the original path of a moved row.
    package let sources: [RowKey?]
    /// Number of rows after the batch.
    public let count: Int

    /// For each entry of `fixed`: `nil` for an inserted row, or the original path of a moved row.
    public var fixedSources: [IndexPath?] { sources.map { $0?.indexPath } }

    /// What sits at a final row.
    public enum Slot: Equatable, Sendable {
        /// A survivor: the original row of `originalSection`.
        case kept(Int)
        /// A row moved here from this original path.
        case moved(IndexPath)
        /// A new row from the data source.
        case inserted
    }

    /// The final row of a surviving original row, or `nil` if the row left the section.
    ///
    /// - Parameter row: original row of `originalSection`.
    public func finalRow(forOriginal row: Int) -> Int? {
        let (below, found) = Self.rank(of: row, in: vacated)
        if found { return nil }
        return Self.nthFree(row - below, skipping: fixed)
    }

    /// What occupies a final row.
    ///
    /// - Parameter row: final row, `0..<count`.
    public func slot(atFinal row: Int) -> Slot {
        let (below, found) = Self.rank(of: row, in: fixed)
        if found {
            if let source = sources[below] { return .moved(source.indexPath) }
            return .inserted
        }
        return .kept(Self.nthFree(row - below, skipping: vacated))
    }

    /// Number of elements of the sorted array below `value`, and whether `value` is in it.
    static func rank(of value: Int, in sorted: [Int]) -> (Int, Bool) {
        let i = sorted.partitioningIndex { $0 >= value }
        return (i, i < sorted.count && sorted[i] == value)
    }

    /// The `n`-th (0-based) non-negative integer not in `taken` (ascending, distinct).
    ///
    ///     nthFree(1, skipping: [0, 2, 3])   // 4: the free ones are 1, 4, 5, …
    ///
    /// It is `n + k`, where `k` counts the taken values below it: those whose gap `taken[i] - i`
    /// (the free values below `taken[i]`) is at most `n`. Gaps never decrease, so `k` is found by
    /// bisection.
    ///
    /// - Complexity: O(log taken), so that mapping a row after a batch of many moves (a reversal
    ///   moves every row) does not cost the whole batch.
    static func nthFree(_ n: Int, skipping taken: [Int]) -> Int {
        n + taken.indices.partitioningIndex { taken[$0] - $0 > n }
    }
}
