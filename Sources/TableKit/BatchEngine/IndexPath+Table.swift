// TableKit speaks Foundation's `IndexPath` and `IndexSet`, as UIKit does. They are re-exported, so
// `import TableKit` is enough to use them (a UIKit file's `import UIKit` becomes `import TableKit`).
@_exported import struct Foundation.IndexPath
@_exported import struct Foundation.IndexSet

#if !canImport(UIKit)
/// A table's index paths: `[section, row]`, Foundation's `IndexPath` of two indexes.
///
///     let path = IndexPath(row: 2, section: 0)
///     print(path)            // [0, 2]
///     path.section, path.row // 0, 2
///
/// UIKit adds `row`, `section` and `init(row:section:)` to Foundation's `IndexPath`; Foundation
/// alone has them only on Apple platforms with UIKit, so TableKit adds them everywhere else.
/// Index paths order by section, then row. Whether a path names a place in the table *before* a
/// batch (original space) or *after* it (final space) depends on the operation that carries it;
/// every API that takes one says which.
extension IndexPath {
    /// `[section, row]`.
    public init(row: Int, section: Int) {
        // Built in two steps: `init(indexes:)` would allocate an array for every path.
        self.init(index: section)
        append(row)
    }

    /// `[section, item]`: UIKit's collection-view spelling, the same path as `init(row:section:)`
    /// (code shared with a collection view ports as it is).
    ///
    ///     IndexPath(item: 2, section: 0) == IndexPath(row: 2, section: 0)   // true
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The first index. Like UIKit, it requires a path of exactly two indexes.
    public var section: Int {
        get {
            precondition(count == 2, "a table's index path must hold exactly two indexes (section, row), not \(self)")
            return self[0]
        }
        set {
            precondition(count == 2, "a table's index path must hold exactly two indexes (section, row), not \(self)")
            self[0] = newValue
        }
    }

    /// The second index under UIKit's collection-view name: `row`.
    ///
    ///     IndexPath(row: 3, section: 1).item   // 3
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// The second index. Like UIKit, it requires a path of exactly two indexes.
    public var row: Int {
        get {
            precondition(count == 2, "a table's index path must hold exactly two indexes (section, row), not \(self)")
            return self[1]
        }
        set {
            precondition(count == 2, "a table's index path must hold exactly two indexes (section, row), not \(self)")
            self[1] = newValue
        }
    }
}
#endif
