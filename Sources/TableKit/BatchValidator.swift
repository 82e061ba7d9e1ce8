import Foundation

/// Validates a batch in UIKit's order and, when it is valid, computes its placement.
///
///     var update = BatchUpdate()
///     update.deleteRows([IndexPath(row: 7, section: 0)])
///     _ = try BatchValidator.plan(for: update, oldRowCounts: [5], newSectionCount: 1,
///                                 newRowCount: { _ in 4 })
///     // throws: attempt to delete row 7 from section 0 which only contains 5 rows before the update
///
/// The steps follow UIKit's order (docs/batch-updates.md, "Validation"), with this project's decisions:
/// reloads are validated as deletes and placed as survivors (they keep their identity and land
/// where the full placement puts them, moves included); a row moved out of a deleted or reloaded
/// section, or into an inserted or reloaded one, is an error; row operations inside a deleted,
/// inserted or reloaded section are subsumed by it. Nothing is changed by validation: the caller
/// applies the returned plan.
public enum BatchValidator {
    /// A delete, insert or move end point in UIKit's sort order: section operations sort as
    /// `(section, NSNotFound)`, after the rows of their section.
    struct Item: Hashable, Comparable {
        var section: Int
        var row: Int
        static let wholeSection = Int.max

        init(section: Int) { self.section = section; row = Self.wholeSection }
        init(_ p: IndexPath) { section = p[0]; row = p[1] }

        var isSection: Bool { row == Self.wholeSection }
        var path: IndexPath { IndexPath(row: row, section: section) }

        static func < (a: Item, b: Item) -> Bool {
            a.section != b.section ? a.section < b.section : a.row < b.row
        }
    }

    struct Move {
        var from: Item
        var to: Item
    }

    /// - Parameters:
    ///   - update: the recorded operations.
    ///   - oldRowCounts: row count of each original section (the table's cached snapshot).
    ///   - newSectionCount: what the data source reports after the update.
    ///   - newRowCount: what the data source reports for a final section; asked at most once per
    ///     section, and only for sections the checks need.
    public static func plan(
        for update: BatchUpdate,
        oldRowCounts: [Int],
        newSectionCount: Int,
        newRowCount: (Int) -> Int
    ) throws(TableUpdateError) -> BatchPlan {
        let oldSections = oldRowCounts.count
        let newSections = newSectionCount
        // By final section; asked only with sections in 0..<newSections (checked first).
        var memo = [Int?](repeating: nil, count: max(0, newSections))
        func newRows(_ s: Int) -> Int {
            if let c = memo[s] { return c }
            let c = newRowCount(s)
            memo[s] = c
            return c
        }

        // Step 0 and 1: reloads, checked against every delete.
        let explicitDeletes = update.deletedRows.map(Item.init) + update.deletedSections.map(Item.init(section:))
        let reloads = (update.reloadedRows.map(Item.init) + update.reloadedSections.map(Item.init(section:))).sorted()
        let deleteSet = Set(explicitDeletes)
        for r in reloads where deleteSet.contains(r) {
            throw r.isSection ? .deleteAndReloadSection(r.section) : .deleteAndReloadIndexPath(r.path)
        }
        let reloadSet = Set(reloads)

        let moves = (update.movedRows.map { Move(from: Item($0.from), to: Item($0.to)) }
            + update.movedSections.map { Move(from: Item(section: $0.from), to: Item(section: $0.to)) })
            .sorted { $0.from != $1.from ? $0.from < $1.from : $0.to < $1.to }
        let moveSources = SortedItems(moves.map(\.from))
        let moveDestinations = SortedItems(moves.map(\.to))
        var rowMoveSourceSections = Set<Int>(), rowMoveDestinationSections = Set<Int>()
        var lastSource = -1, lastDestination = -1      // sections come in runs: hash once per run
        for m in moves where !m.from.isSection {
            if m.from.section != lastSource { rowMoveSourceSections.insert(m.from.section); lastSource = m.from.section }
            if m.to.section != lastDestination { rowMoveDestinationSections.insert(m.to.section); lastDestination = m.to.section }
        }

        // Steps 2 and 3: deletes (explicit and reloads), descending.
        var vacatedSections = Set<Int>()     // deleted or reloaded
        var deletedSections = Set<Int>()
        var rowDeletes: [Int: [Int]] = [:]   // original section -> rows (explicit deletes)
        var rowReloads = Set<RowKey>()
        var fallbackFrom: Int?
        var previous: Item?
        for d in (explicitDeletes + reloads).sorted(by: >) {
            if d == previous { continue }
            previous = d
            if d.isSection {
                if moveSources.contains(d) { throw .deleteAndMoveSection(d.section) }
                if fallbackFrom == nil, rowMoveSourceSections.contains(d.section) { fallbackFrom = d.section }
                if d.section < 0 || d.section >= oldSections {
                    throw .deleteSectionOutOfRange(section: d.section, sectionCount: oldSections)
                }
                vacatedSections.insert(d.section)
                if !reloadSet.contains(d) { deletedSections.insert(d.section) }
            } else {
                if vacatedSections.contains(d.section) { continue }
                if moveSources.contains(d) { throw .deleteAndMoveIndexPath(d.path) }
                if d.section < 0 || d.section >= oldSections {
                    throw .deleteRowSectionOutOfRange(row: d.row, section: d.section, sectionCount: oldSections)
                }
                if d.row < 0 || d.row >= oldRowCounts[d.section] {
                    throw .deleteRowOutOfRange(row: d.row, section: d.section, rowCount: oldRowCounts[d.section])
                }
                if reloadSet.contains(d) { rowReloads.insert(RowKey(section: d.section, row: d.row)) } else { rowDeletes[d.section, default: []].append(d.row) }
            }
        }

        // Step 4: inserts, ascending. Row inserts inside an inserted section are subsumed.
        let insertedSectionSet = Set(update.insertedSections)
        var insertedSections = Set<Int>()
        var rowInserts: [Int: [Int]] = [:]   // final section -> rows
        var fallbackInto: Int?
        previous = nil
        let inserts = (update.insertedRows.map(Item.init) + update.insertedSections.map(Item.init(section:))).sorted()
        for i in inserts {
            if i == previous { continue }
            previous = i
            if i.isSection {
                if moveDestinations.contains(i) { throw .insertAndMoveSection(i.section) }
                if fallbackInto == nil, rowMoveDestinationSections.contains(i.section) { fallbackInto = i.section }
                if i.section < 0 || i.section >= newSections {
                    throw .insertSectionOutOfRange(section: i.section, sectionCount: newSections)
                }
                insertedSections.insert(i.section)
            } else {
                if insertedSectionSet.contains(i.section) { continue }
                if moveDestinations.contains(i) { throw .insertAndMoveIndexPath(i.path) }
                if i.section < 0 || i.section >= newSections {
                    throw .insertRowSectionOutOfRange(row: i.row, section: i.section, sectionCount: newSections)
                }
                let count = newRows(i.section)
                if i.row < 0 || i.row >= count {
                    throw .insertRowOutOfRange(row: i.row, section: i.section, rowCount: count)
                }
                rowInserts[i.section, default: []].append(i.row)
            }
        }

        // Step 5: moves, ascending by source; range checks, then the first later move that
        // conflicts. Exact duplicates are dropped. When every source and every destination is
        // distinct (always so for a diffable data source's batch) no move can conflict, and the
        // search for conflicts is skipped: a reversal of n rows is n − 1 moves.
        let movesAreDistinct = moveSources.areDistinct && moveDestinations.areDistinct
        var bySource: [Item: [Int]] = [:]
        var byDestination: [Item: [Int]] = [:]
        if !movesAreDistinct {
            for (k, m) in moves.enumerated() {
                bySource[m.from, default: []].append(k)
                byDestination[m.to, default: []].append(k)
            }
        }
        var dropped = Set<Int>()
        var sectionMoves: [Int: Int] = [:]
        var rowMoves: [(from: RowKey, to: RowKey)] = []   // ascending by source
        rowMoves.reserveCapacity(moves.count)
        for (k, m) in moves.enumerated() where dropped.isEmpty || !dropped.contains(k) {
            if m.from.isSection {
                if m.from.section < 0 || m.from.section >= oldSections {
                    throw .moveSectionSourceOutOfRange(section: m.from.section, sectionCount: oldSections)
                }
                if m.to.section < 0 || m.to.section >= newSections {
                    throw .moveSectionDestinationOutOfRange(from: m.from.section, to: m.to.section, sectionCount: newSections)
                }
            } else {
                let from = m.from, to = m.to       // index paths only for a message: this runs per move
                if from.section < 0 || from.section >= oldSections {
                    throw .moveRowSourceSectionOutOfRange(from.path, sectionCount: oldSections)
                }
                if from.row < 0 || from.row >= oldRowCounts[from.section] {
                    throw .moveRowSourceOutOfRange(from.path, rowCount: oldRowCounts[from.section])
                }
                if to.section < 0 || to.section >= newSections {
                    throw .moveRowDestinationSectionOutOfRange(from: from.path, to: to.path, sectionCount: newSections)
                }
                let count = newRows(to.section)
                if to.row < 0 || to.row >= count {
                    throw .moveRowDestinationOutOfRange(from: from.path, to: to.path, rowCount: count)
                }
            }
            // The first later move sharing a source or a destination.
            let later = movesAreDistinct ? [] : (bySource[m.from, default: []] + byDestination[m.to, default: []])
                .filter { $0 > k && !dropped.contains($0) }
                .sorted()
            for o in later {
                let other = moves[o]
                if other.from == m.from && other.to == m.to { dropped.insert(o); continue }
                if other.from == m.from {
                    if m.from.isSection { throw .sectionMovedTwice(m.from.section, to: m.to.section, and: other.to.section) }
                    throw .rowMovedTwice(m.from.path, to: m.to.path, and: other.to.path)
                }
                if m.from.isSection { throw .sectionsMovedToSame(m.from.section, and: other.from.section, to: m.to.section) }
                throw .rowsMovedToSame(m.from.path, and: other.from.path, to: m.to.path)
            }
            if m.from.isSection {
                sectionMoves[m.from.section] = m.to.section
            } else {
                let from = RowKey(section: m.from.section, row: m.from.row), to = RowKey(section: m.to.section, row: m.to.row)
                rowMoves.append((from, to))
            }
        }

        // Step 6: this project's decision where UIKit falls back to reloadData.
        if let s = fallbackFrom { throw .moveFromDeletedSection(s) }
        if let s = fallbackInto { throw .moveIntoInsertedSection(s) }

        // Step 7: the number of sections. Reloads count on both sides.
        let reloadedSectionCount = vacatedSections.count - deletedSections.count
        let sectionsInserted = insertedSections.count + reloadedSectionCount
        let sectionsDeleted = vacatedSections.count
        if newSections != oldSections + sectionsInserted - sectionsDeleted {
            throw .invalidSectionCount(after: newSections, before: oldSections, inserted: sectionsInserted, deleted: sectionsDeleted)
        }

        // Section placement: fixed slots for inserts and move destinations; survivors (reloaded
        // sections included) fill the rest in their original order.
        var sectionSources = [BatchPlan.SectionSource?](repeating: nil, count: newSections)
        var finalSectionOfOriginal = [Int?](repeating: nil, count: oldSections)
        for s in insertedSections { sectionSources[s] = .inserted }
        for (from, to) in sectionMoves {
            sectionSources[to] = .original(from)
            finalSectionOfOriginal[from] = to
        }
        var next = 0
        for o in 0..<oldSections where !deletedSections.contains(o) && sectionMoves[o] == nil {
            while sectionSources[next] != nil { next += 1 }
            let reloaded = vacatedSections.contains(o)
            sectionSources[next] = reloaded ? .reloaded(o) : .original(o)
            finalSectionOfOriginal[o] = next
        }
        let sources = sectionSources.map { $0! }

        // A row moved into a reloaded section: its rows all come fresh from the data source.
        let anyReloadedSection = vacatedSections.count > deletedSections.count
        for (_, to) in anyReloadedSection ? rowMoves : [] {
            if case .reloaded = sources[to.section] { throw .moveIntoInsertedSection(to.section) }
        }

        // Step 8: rows of every final section that comes from an original one.
        // By original section (out, vacated) and by final section (in, fixed): arrays, not
        // dictionaries, because a reversal adds to them 10^5 times.
        var movedOut = [Int](repeating: 0, count: oldSections), movedIn = [Int](repeating: 0, count: newSections)
        var vacatedRows = [[Int]](repeating: [], count: oldSections)
        for (o, rows) in rowDeletes { vacatedRows[o] = rows }
        var fixedRows = [[(Int, RowKey?)]](repeating: [], count: newSections)
        for (from, to) in rowMoves {      // in order, so the sorts below find runs
            vacatedRows[from.section].append(from.row)
            fixedRows[to.section].append((to.row, from))
            if finalSectionOfOriginal[from.section] != to.section {
                movedOut[from.section] += 1
                movedIn[to.section] += 1
            }
        }
        var reloadsBySection: [Int: Int] = [:]
        for p in rowReloads { reloadsBySection[p.section, default: 0] += 1 }
        var placements: [Int: RowPlacement] = [:]
        var newRowCounts = [Int](repeating: 0, count: newSections)
        for n in 0..<newSections {
            let count = newRows(n)
            newRowCounts[n] = count
            guard case .original(let o) = sources[n] else { continue }
            if count < 0 { throw .negativeRowCount(section: o) }
            let reloaded = reloadsBySection[o, default: 0]
            let inserted = rowInserts[n, default: []].count + reloaded
            let deleted = rowDeletes[o, default: []].count + reloaded
            let into = movedIn[n], out = movedOut[o]
            let before = oldRowCounts[o]
            if count != before + inserted - deleted + into - out {
                throw .invalidRowCount(section: n, after: count, before: before, inserted: inserted,
                                       deleted: deleted, movedIn: into, movedOut: out)
            }
            let vacated = vacatedRows[o].sorted()
            let fixed = (rowInserts[n, default: []].map { ($0, RowKey?.none) } + fixedRows[n])
                .sorted { $0.0 < $1.0 }
            if !vacated.isEmpty || !fixed.isEmpty {
                placements[n] = RowPlacement(originalSection: o, vacated: vacated, fixed: fixed.map(\.0),
                                             sources: fixed.map(\.1), count: count)
            }
        }

        return BatchPlan(
            update: update, oldRowCounts: oldRowCounts, newRowCounts: newRowCounts,
            sectionSources: sources, finalSectionOfOriginal: finalSectionOfOriginal,
            rowPlacements: placements, reloadedKeys: rowReloads, moves: rowMoves)
    }
}
