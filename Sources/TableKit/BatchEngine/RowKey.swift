import Foundation

/// A row's `[section, row]` as the batch engine stores it: two integers, hashed and compared
/// directly. Foundation's `IndexPath` is a general path of any length (an enum over its storage);
/// hashing and sorting thousands of them was a third of a large batch's validation
/// (docs/benchmarks.md). The engine's public API takes and returns `IndexPath`; the package's
/// row storage (ListStorage) reads batch plans in keys too.
package struct RowKey: Hashable, Comparable, Sendable {
    package var section: Int
    package var row: Int

    package init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// A path of two indexes (a shorter one traps, as `section` and `row` do).
    package init(_ path: IndexPath) {
        // The two subscripts, without `section`'s and `row`'s count checks: this runs per
        // operation of a batch.
        section = path[0]
        row = path[1]
    }

    package var indexPath: IndexPath { IndexPath(row: row, section: section) }

    package static func < (a: RowKey, b: RowKey) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }
}
