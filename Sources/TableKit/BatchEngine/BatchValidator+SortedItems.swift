internal import Algorithms

/// The move end points of a batch as a sorted array: what the validator asks of them is
/// membership and whether they are all distinct, and a batch's moves come sorted by source (and a
/// diff's destinations in runs), so sorting costs about one pass where a hash set hashes every
/// end point.
extension BatchValidator {
    struct SortedItems {
        /// Ascending, duplicates kept.
        let items: [Item]

        /// - Complexity: O(n) when `items` is already in runs (ascending or descending), else
        ///   O(n log n).
        init(_ items: [Item]) { self.items = items.sorted() }

        /// Whether `item` is one of them.
        ///
        /// - Complexity: O(log n).
        func contains(_ item: Item) -> Bool {
            let i = items.partitioningIndex { !($0 < item) }
            return i < items.count && items[i] == item
        }

        /// Whether no item occurs twice.
        ///
        /// - Complexity: O(n).
        var areDistinct: Bool { zip(items, items.dropFirst()).allSatisfy { $0 != $1 } }
    }
}
