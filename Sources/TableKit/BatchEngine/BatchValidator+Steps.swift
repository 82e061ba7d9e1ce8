import Foundation

extension BatchValidator {
    /// One validation in progress: what each step found, for the steps after it. The steps run
    /// in UIKit's order (`BatchValidator.plan`), and the first error wins, so the order of the
    /// calls and of the checks inside each is the order of the messages users see.
    struct Validation {
        let update: BatchUpdate
        let oldRowCounts: [Int]
        var oldSections: Int { oldRowCounts.count }
        let newSections: Int
        let newRowCount: (Int) -> Int
        /// By final section: what the data source answered (asked once, only with sections in
        /// `0..<newSections`, which the steps check first).
        var memo: [Int?]

        // Steps 0 and 1.
        var explicitDeletes: [Item] = []
        var reloads: [Item] = []            // ascending
        var reloadSet = Set<Item>()
        var moves: [Move] = []              // ascending by source, then destination
        var moveSources = SortedItems([])
        var moveDestinations = SortedItems([])
        var rowMoveSourceSections = Set<Int>()
        var rowMoveDestinationSections = Set<Int>()

        // Steps 2 and 3.
        var vacatedSections = Set<Int>()     // deleted or reloaded
        var deletedSections = Set<Int>()
        var rowDeletes: [Int: [Int]] = [:]   // original section -> rows (explicit deletes)
        var rowReloads = Set<RowKey>()
        var fallbackFrom: Int?

        // Step 4.
        var insertedSections = Set<Int>()
        var rowInserts: [Int: [Int]] = [:]   // final section -> rows
        var fallbackInto: Int?

        // Step 5.
        var sectionMoves: [Int: Int] = [:]
        var rowMoves: [(from: RowKey, to: RowKey)] = []   // ascending by source

        init(update: BatchUpdate, oldRowCounts: [Int], newSectionCount: Int, newRowCount: @escaping (Int) -> Int) {
            self.update = update
            self.oldRowCounts = oldRowCounts
            newSections = newSectionCount
            self.newRowCount = newRowCount
            memo = Array(repeating: nil, count: max(0, newSectionCount))
        }

        /// The data source's row count of final section `s` (in `0..<newSections`).
        mutating func newRows(_ s: Int) -> Int {
            if let c = memo[s] { return c }
            let c = newRowCount(s)
            memo[s] = c
            return c
        }

        /// Steps 0 and 1: a reload may not also be deleted. Sorts the moves for the later steps.
        mutating func checkReloads() throws(TableUpdateError) {
            explicitDeletes = update.deletedRows.map(Item.init) + update.deletedSections.map(Item.init(section:))
            reloads = (update.reloadedRows.map(Item.init) + update.reloadedSections.map(Item.init(section:))).sorted()
            let deleteSet = Set(explicitDeletes)
            for r in reloads where deleteSet.contains(r) {
                throw r.isSection ? .deleteAndReloadSection(r.section) : .deleteAndReloadIndexPath(r.path)
            }
            reloadSet = Set(reloads)

            moves = (update.movedRows.map { Move(from: Item($0.from), to: Item($0.to)) }
                + update.movedSections.map { Move(from: Item(section: $0.from), to: Item(section: $0.to)) })
                .sorted { $0.from != $1.from ? $0.from < $1.from : $0.to < $1.to }
            moveSources = SortedItems(moves.map(\.from))
            moveDestinations = SortedItems(moves.map(\.to))
            var lastSource = -1, lastDestination = -1      // sections come in runs: hash once per run
            for m in moves where !m.from.isSection {
                if m.from.section != lastSource { rowMoveSourceSections.insert(m.from.section); lastSource = m.from.section }
                if m.to.section != lastDestination { rowMoveDestinationSections.insert(m.to.section); lastDestination = m.to.section }
            }
        }

        /// Steps 2 and 3: deletes (explicit and reloads), descending, in original index space.
        /// Row deletes inside a deleted or reloaded section are subsumed.
        mutating func checkDeletes() throws(TableUpdateError) {
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
        }

        /// Step 4: inserts, ascending, in final index space. Row inserts inside an inserted
        /// section are subsumed.
        mutating func checkInserts() throws(TableUpdateError) {
            let insertedSectionSet = Set(update.insertedSections)
            var previous: Item?
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
        }

        /// Step 5: moves, ascending by source (original space) with destinations in final space;
        /// range checks, then the first later move that conflicts. Exact duplicates are dropped.
        /// When every source and every destination is distinct (always so for a diffable data
        /// source's batch) no move can conflict, and the search for conflicts is skipped: a
        /// reversal of n rows is n − 1 moves.
        mutating func checkMoves() throws(TableUpdateError) {
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
            rowMoves.reserveCapacity(moves.count)
            for (k, m) in moves.enumerated() where dropped.isEmpty || !dropped.contains(k) {
                try checkRange(of: m)
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
                    rowMoves.append((RowKey(section: m.from.section, row: m.from.row), RowKey(section: m.to.section, row: m.to.row)))
                }
            }
        }

        /// A move's source in range before the update and its destination after it.
        private mutating func checkRange(of m: Move) throws(TableUpdateError) {
            if m.from.isSection {
                if m.from.section < 0 || m.from.section >= oldSections {
                    throw .moveSectionSourceOutOfRange(section: m.from.section, sectionCount: oldSections)
                }
                if m.to.section < 0 || m.to.section >= newSections {
                    throw .moveSectionDestinationOutOfRange(from: m.from.section, to: m.to.section, sectionCount: newSections)
                }
                return
            }
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

        /// Step 6: this project's decision where UIKit falls back to `reloadData`.
        func checkFallbacks() throws(TableUpdateError) {
            if let s = fallbackFrom { throw .moveFromDeletedSection(s) }
            if let s = fallbackInto { throw .moveIntoInsertedSection(s) }
        }

        /// Step 7: the number of sections. Reloads count on both sides.
        func checkSectionCount() throws(TableUpdateError) {
            let reloadedSectionCount = vacatedSections.count - deletedSections.count
            let sectionsInserted = insertedSections.count + reloadedSectionCount
            let sectionsDeleted = vacatedSections.count
            if newSections != oldSections + sectionsInserted - sectionsDeleted {
                throw .invalidSectionCount(after: newSections, before: oldSections, inserted: sectionsInserted, deleted: sectionsDeleted)
            }
        }

        /// Where every final section comes from; a row moved into a reloaded section is refused
        /// (its rows all come fresh from the data source).
        func placeSections() throws(TableUpdateError) -> SectionPlacement {
            let placement = SectionPlacement(oldSections: oldSections, newSections: newSections, inserted: insertedSections,
                                             moves: sectionMoves, isDeleted: deletedSections.contains,
                                             isReloaded: vacatedSections.contains)
            if vacatedSections.count > deletedSections.count {
                for (_, to) in rowMoves {
                    if case .reloaded? = placement.sources[to.section] { throw .moveIntoInsertedSection(to.section) }
                }
            }
            return placement
        }

        /// Step 8: the rows of every final section that comes from an original one, with its
        /// count checked against the data source's.
        mutating func placeRows(in sections: SectionPlacement) throws(TableUpdateError) -> BatchPlan {
            let sources = sections.sources.map { $0! }   // (step 7 gave every final section its source)
            // By original section (out, vacated) and by final section (in, fixed): arrays, not
            // dictionaries, because a reversal adds to them 10^5 times.
            var movedOut = [Int](repeating: 0, count: oldSections), movedIn = [Int](repeating: 0, count: newSections)
            var vacatedRows = [[Int]](repeating: [], count: oldSections)
            for (o, rows) in rowDeletes { vacatedRows[o] = rows }
            var fixedRows = [[(Int, RowKey?)]](repeating: [], count: newSections)
            for (from, to) in rowMoves {      // in order, so the sorts below find runs
                vacatedRows[from.section].append(from.row)
                fixedRows[to.section].append((to.row, from))
                if sections.finalSectionOfOriginal[from.section] != to.section {
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
                sectionSources: sources, finalSectionOfOriginal: sections.finalSectionOfOriginal,
                rowPlacements: placements, reloadedKeys: rowReloads, moves: rowMoves)
        }
    }
}
