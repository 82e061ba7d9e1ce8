import Foundation

/// A row's `[section, row]` as the batch engine stores it: two integers, hashed and compared
/// directly. Foundation's `IndexPath` is a general path of any length (an enum over its storage);
/// hashing and sorting thousands of them was a third of a large batch's validation
/// (docs/benchmarks.md). The engine's public API takes and returns `IndexPath`.
struct RowKey: Hashable, Comparable, Sendable {
    var section: Int
    var row: Int

    init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// A path of two indexes (a shorter one traps, as `section` and `row` do).
    init(_ path: IndexPath) {
        // The two subscripts, without `section`'s and `row`'s count checks: this runs per
        // operation of a batch.
        section = path[0]
        row = path[1]
    }

    var indexPath: IndexPath { IndexPath(row: row, section: section) }

    static func < (a: RowKey, b: RowKey) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }
}
