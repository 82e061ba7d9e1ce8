/// A row's address in a table: `[section, row]`.
///
///     let path = IndexPath(row: 2, section: 0)
///     print(path)            // [0, 2]
///
/// Index paths order by section, then row. Whether a path names a place in the table *before* a
/// batch (original space) or *after* it (final space) depends on the operation that carries it;
/// every API that takes one says which.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// `IndexPath([section, row])`, the way the `apply` JSON and the docs write paths.
    public init(_ pair: (Int, Int)) {
        self.init(row: pair.1, section: pair.0)
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }

    /// Foundation's `IndexPath` description: `[0, 1]`.
    public var description: String { "[\(section), \(row)]" }
}
