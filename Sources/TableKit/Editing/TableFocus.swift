import Foundation

/// What the cursor is on: a section header or a row (current index space).
public enum TableFocus: Hashable, Sendable {
    /// The header of this section.
    case header(Int)
    /// This row.
    case row(IndexPath)

    /// The section the cursor is in.
    public var section: Int {
        switch self {
        case .header(let s): return s
        case .row(let p): return p.section
        }
    }
}

/// A row being dragged: where it was picked up and where it would land now.
///
/// Both are in the current (model) space: `source` is the row's path now; `destination` is a
/// final path of the move `source → destination` (remove at `source`, insert at `destination`),
/// exactly what `moveRowAt` will receive on drop.
public struct RowDrag: Equatable, Sendable {
    /// Where the row is now (current space): what `moveRowAt` receives as its source.
    public var source: IndexPath
    /// Where the row would land (final space of the move): what `moveRowAt` receives as its
    /// destination.
    public var destination: IndexPath
    /// The slot the last drag step or mouse position proposed (final space); the delegate may
    /// have retargeted the row elsewhere. The next step starts from it. A batch update clears it
    /// (its slot may be gone; the fuzzer found a step from a deleted section), and the next step
    /// then starts from `destination`, which the batch remapped.
    public var proposed: IndexPath?

    /// A drag of the row at `source` that would land at `destination`.
    public init(source: IndexPath, destination: IndexPath, proposed: IndexPath? = nil) {
        self.source = source
        self.destination = destination
        self.proposed = proposed
    }

    /// The last slot (final space) the row can take in section `s`: rows `0...n` of another
    /// section, `0..<n` of its own. `rowCounts` are the table's counts now.
    public func lastSlot(inSection s: Int, rowCounts: [Int]) -> Int {
        rowCounts[s] - (s == source.section ? 1 : 0)
    }

    /// Whether `p` is a slot the row can be dropped in (final space).
    public func isSlot(_ p: IndexPath, rowCounts: [Int]) -> Bool {
        p.section >= 0 && p.section < rowCounts.count && p.row >= 0 && p.row <= lastSlot(inSection: p.section, rowCounts: rowCounts)
    }

    /// Row counts as the screen shows them during the drag.
    public func displayCounts(_ counts: [Int]) -> [Int] {
        var c = counts
        c[source.section] -= 1
        c[destination.section] += 1
        return c
    }

    /// The model path of the row shown at a display path.
    public func modelIndexPath(forDisplayed p: IndexPath) -> IndexPath {
        if p == destination { return source }
        var row = p.row
        if p.section == destination.section, row > destination.row { row -= 1 }
        if p.section == source.section, row >= source.row { row += 1 }
        return IndexPath(row: row, section: p.section)
    }

    /// The display path of a model row (the inverse of `modelIndexPath(forDisplayed:)`).
    public func displayedIndexPath(forModel p: IndexPath) -> IndexPath {
        if p == source { return destination }
        var row = p.row
        if p.section == source.section, row > source.row { row -= 1 }
        if p.section == destination.section, row >= destination.row { row += 1 }
        return IndexPath(row: row, section: p.section)
    }
}

/// A section being dragged: picked up at `source`, shown at `destination` (final index).
public struct SectionDrag: Equatable, Sendable {
    /// The section's index now (current space).
    public var source: Int
    /// Where it would land (final index of the move).
    public var destination: Int

    /// A drag of section `source` that would land at `destination`.
    public init(source: Int, destination: Int) {
        self.source = source
        self.destination = destination
    }

    /// The model section shown at a display index.
    public func modelSection(forDisplayed s: Int) -> Int {
        if s == destination { return source }
        var m = s
        if s > destination { m -= 1 }
        if m >= source { m += 1 }
        return m
    }

    /// The display index of a model section.
    public func displayedSection(forModel s: Int) -> Int {
        if s == source { return destination }
        var d = s
        if s > source { d -= 1 }
        if d >= destination { d += 1 }
        return d
    }
}
