import TableKit
import Foundation

/// Many rows at once, as a batch names them: a multiple selection deleted, put back, or moved (to
/// gather at a drop point, or one step each), and a row's block (the row and the rows nested
/// under it: consecutive rows landing consecutively) moved, with UIKit's index spaces. Rows
/// moved keep their text undecoded (a row still in its file stays there).
///
///     var list = ListModel(sections: [("Veg", ["a", "b", "c", "d"])])
///     list.moveRows(from: [[0, 0], [0, 2]], to: [[0, 2], [0, 3]])     // b d a c
extension ListModel {
    /// Removes the rows at `paths` and returns them in index-path order.
    ///
    /// - Parameter paths: original space, each once, in any order.
    /// - Complexity: O(chunks + the rows of the chunks touched) per section touched.
    @discardableResult
    public mutating func removeRows(at paths: [IndexPath]) -> [Row] {
        let sorted = paths.sorted()
        var rows: [Row] = []
        rows.reserveCapacity(sorted.count)
        for (section, group) in Self.bySection(sorted) {
            let list = sections[section].rows
            rows += sections[section].rows.removeStored(at: group.map(\.row)).map { list.row($0) }
        }
        return rows
    }

    /// Inserts `rows[i]` at `paths[i]`, keeping their identities (undo of `removeRows`).
    ///
    /// - Parameters:
    ///   - rows: the rows, one per path.
    ///   - paths: final space, each once, in any order.
    public mutating func insertRows(_ rows: [Row], at paths: [IndexPath]) {
        precondition(rows.count == paths.count, "\(rows.count) rows for \(paths.count) places")
        let order = paths.indices.sorted { paths[$0] < paths[$1] }
        insertStored(order.map { (paths[$0], StoredRow.owned(rows[$0])) })
    }

    /// Moves rows as one batch of `moveRow(at:to:)` calls does: every source row is taken out,
    /// then each lands at its destination; the rows not named keep their order. `levels`, when
    /// given, are the moved rows' new levels (one per source).
    ///
    /// - Parameters:
    ///   - sources: original space, each once.
    ///   - destinations: final space, one per source, each once.
    ///   - levels: the level each moved row takes, in the order of `sources`.
    public mutating func moveRows(from sources: [IndexPath], to destinations: [IndexPath], levels: [Int]? = nil) {
        precondition(sources.count == destinations.count, "\(sources.count) sources for \(destinations.count) destinations")
        // (Sorted as `RowKey`s: comparing `IndexPath`s was a third of a step of 10,000 rows.)
        let sourceKeys = sources.map(RowKey.init)
        let order = sources.indices.sorted { sourceKeys[$0] < sourceKeys[$1] }
        var stored: [StoredRow] = []
        stored.reserveCapacity(sources.count)
        var buffer: TextBuffer?
        // The buffer each removed row points into, by runs (sections of one model mostly share one).
        var from: [(end: Int, buffer: TextBuffer?)] = []
        for (section, group) in Self.bySection(order.map { sources[$0] }) {
            buffer = buffer ?? sections[section].rows.buffer
            stored += sections[section].rows.removeStored(at: group.map(\.row))
            from.append((stored.count, sections[section].rows.buffer))
        }
        // stored[j] is the row of sources[order[j]].
        var moved = Array(repeating: StoredRow.owned(Row(id: .init(raw: 0), text: "")), count: sources.count)
        var source = Array(repeating: TextBuffer?.none, count: sources.count)
        var run = 0
        for (j, i) in order.enumerated() {
            while from[run].end <= j { run += 1 }
            moved[i] = stored[j]
            source[i] = from[run].buffer
        }
        for s in Set(destinations.map(\.section)) where sections[s].rows.buffer == nil { sections[s].rows.buffer = buffer }
        let destinationKeys = destinations.map(RowKey.init)
        let landing = destinations.indices.sorted { destinationKeys[$0] < destinationKeys[$1] }
        insertStored(landing.map { (destinations[$0], sections[destinations[$0].section].rows.adopting(moved[$0], from: source[$0])) })
        if let levels {
            for (i, d) in destinations.enumerated() {
                var a = sections[d.section].rows.attributes(at: d.row)
                if a.level != levels[i] {
                    a.level = levels[i]
                    sections[d.section].rows.setAttributes(a, at: d.row)
                }
            }
        }
    }

    /// Stored rows inserted at their final paths, section by section.
    mutating func insertStored(_ pairs: [(IndexPath, StoredRow)]) {
        var i = 0
        while i < pairs.count {
            let section = pairs[i].0.section
            var j = i
            while j < pairs.count && pairs[j].0.section == section { j += 1 }
            sections[section].rows.insertStored(pairs[i..<j].map { ($0.0.row, $0.1) })
            i = j
        }
    }

    /// Sorted paths grouped by section, in order.
    static func bySection(_ sorted: [IndexPath]) -> [(Int, ArraySlice<IndexPath>)] {
        var groups: [(Int, ArraySlice<IndexPath>)] = []
        var i = 0
        while i < sorted.count {
            var j = i
            while j < sorted.count && sorted[j].section == sorted[i].section { j += 1 }
            groups.append((sorted[i].section, sorted[i..<j]))
            i = j
        }
        return groups
    }
}
