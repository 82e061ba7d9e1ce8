import TableKit
import Foundation

/// Applying a validated batch to the list.
extension ListModel {
    /// Fresh content for the new parts of a batch.
    public struct FreshContent {
        /// Text of an inserted row, by final index path.
        public var insertedRow: (IndexPath) -> String
        /// New text of a reloaded row, by original index path.
        public var reloadedRow: (IndexPath) -> String
        /// Title and rows of an inserted or reloaded section, by final section index.
        public var section: (Int) -> (String, [String])

        /// Content from three functions, each asked in the index space named above.
        public init(insertedRow: @escaping (IndexPath) -> String,
                    reloadedRow: @escaping (IndexPath) -> String,
                    section: @escaping (Int) -> (String, [String])) {
            self.insertedRow = insertedRow
            self.reloadedRow = reloadedRow
            self.section = section
        }
    }

    /// Rebuilds the list as `plan` says: survivors keep their identity (moves and reloads
    /// included), new rows and sections get fresh identities. Unchanged sections are shared, so
    /// the cost is the size of the sections the batch touched.
    public mutating func apply(_ plan: BatchPlan, content: FreshContent) {
        let old = sections
        let buffer = self.buffer
        var result: [Section] = []
        result.reserveCapacity(plan.sectionSources.count)
        for (n, source) in plan.sectionSources.enumerated() {
            switch source {
            case .inserted, .reloaded:
                let (title, rows) = content.section(n)
                result.append(Section(title: title, rows: rows.map { makeRow($0) }))
            case .original(let o):
                var section = old[o]
                if let placement = plan.rowPlacements[n] {
                    var rows: [StoredRow] = []
                    rows.reserveCapacity(placement.count)
                    var survivors = old[o].rows.storedRows.makeIterator()
                    var vacated = placement.vacated.makeIterator()
                    var nextVacated = vacated.next()
                    var survivor = 0
                    var fixedIndex = 0
                    for r in 0..<placement.count {
                        if fixedIndex < placement.fixed.count, placement.fixed[fixedIndex] == r {
                            if let from = placement.sources[fixedIndex] {
                                rows.append(old[from.section].rows.stored(at: from.row))
                            } else {
                                rows.append(.owned(makeRow(content.insertedRow(IndexPath(row: r, section: n)))))
                            }
                            fixedIndex += 1
                            continue
                        }
                        while let v = nextVacated, v == survivor {
                            survivor += 1
                            nextVacated = vacated.next()
                            _ = survivors.next()
                        }
                        if let row = survivors.next() { rows.append(row) }
                        survivor += 1
                    }
                    section.rows = RowList(stored: rows, buffer: old[o].rows.buffer ?? buffer)
                }
                result.append(section)
            }
        }
        for key in plan.reloadedKeys {
            let p = key.indexPath
            if let final = plan.finalIndexPath(forOriginal: p) {
                result[final.section].rows[final.row].text = content.reloadedRow(p)
            }
        }
        sections = result
    }
}
