import TableKit

/// Batches of operations written as JSON, for `listedit apply`: one batch object or an array of
/// them, applied in order, all or nothing.
///
///     {"deleteRows": [[0, 2]], "insertRows": [{"at": [0, 0], "text": "Alaska"}]}
///
/// Index paths are `[section, row]` in UIKit's index spaces: deletes and reloads name original
/// positions, inserts final positions, moves go from an original to a final position.
public struct BatchScript: Sendable {
    /// One batch: the operations and the text of everything new.
    public struct Batch: Sendable {
        /// The operations, with UIKit's index spaces (deletes and reloads original, inserts
        /// final); validated against the model as a table's batch would be.
        public var update = BatchUpdate()
        /// By final index path.
        public var insertedRowText: [IndexPath: String] = [:]
        /// By original index path.
        public var reloadedRowText: [IndexPath: String] = [:]
        /// By final section index.
        public var insertedSections: [Int: (title: String, rows: [String])] = [:]
        /// By original section index; a `nil` title keeps the old one.
        public var reloadedSections: [Int: (title: String?, rows: [String])] = [:]
        /// Checkbox and level of inserted rows given as objects, by final index path.
        public var insertedRowAttributes: [IndexPath: ListModel.Row.Attributes] = [:]
        /// What a reload given as an object changes besides the text, by original index path:
        /// `checked` (`.some(nil)` removes the checkbox) and `level`; absent keys keep the row's.
        public var reloadedRowChanges: [IndexPath: (checked: Bool??, level: Int?)] = [:]
        /// Rows' checkboxes and levels of inserted (by final index) and reloaded (by original
        /// index) sections.
        public var insertedSectionAttributes: [Int: [ListModel.Row.Attributes]] = [:]
        public var reloadedSectionAttributes: [Int: [ListModel.Row.Attributes]] = [:]
        /// An empty batch.
        public init() {}
    }

    /// The batches, applied in order.
    public var batches: [Batch]

    /// A script of `batches`.
    public init(batches: [Batch]) { self.batches = batches }

    /// Which batch failed, and why.
    public struct Failure: Error, Sendable {
        /// 0-based index of the batch.
        public var batch: Int
        /// What broke UIKit's rules, with UIKit's message.
        public var error: TableUpdateError
    }

    /// Applies every batch in order to `model`, validating each exactly as a table would; on the
    /// first invalid batch, throws and leaves `model` as it was.
    public func apply(to model: inout ListModel) throws(Failure) {
        var result = model
        for (i, batch) in batches.enumerated() {
            do {
                try batch.apply(to: &result)
            } catch {
                throw Failure(batch: i, error: error)
            }
        }
        model = result
    }
}

extension BatchScript.Batch {
    /// Validates this batch against `model` (its "after" counts are what applying it exactly
    /// gives) and applies it.
    public func apply(to model: inout ListModel) throws(TableUpdateError) {
        let old = model
        let newSections = insertedSections, reloadedSections = reloadedSections
        let counts = update.derivedCounts(oldRowCounts: model.rowCounts) { source, n in
            switch source {
            case .inserted: return newSections[n]?.rows.count ?? 0
            case .reloaded(let o): return reloadedSections[o]?.rows.count ?? 0
            case .original: return 0
            }
        }
        let plan = try BatchValidator.plan(for: update, oldRowCounts: model.rowCounts,
                                           newSectionCount: counts.sections, newRowCount: counts.rows)
        let inserted = insertedRowText, reloaded = reloadedRowText
        model.apply(plan, content: .init(
            insertedRow: { inserted[$0] ?? "" },
            reloadedRow: { reloaded[$0] ?? old[$0].text },
            section: { n in
                switch plan.sectionSources[n] {
                case .reloaded(let o):
                    let fresh = reloadedSections[o]
                    return (fresh?.title ?? old.sections[o].title, fresh?.rows ?? [])
                default:
                    let fresh = newSections[n]
                    return (fresh?.title ?? "", fresh?.rows ?? [])
                }
            }))
        // Checkboxes and levels given with the texts.
        for (p, attributes) in insertedRowAttributes where p.section < model.sections.count && p.row < model.sections[p.section].rows.count {
            model[p].attributes = attributes
        }
        for (p, change) in reloadedRowChanges {
            guard let final = plan.finalIndexPath(forOriginal: p) else { continue }
            if let checked = change.checked { model[final].checkbox = checked }
            if let level = change.level { model[final].level = level }
        }
        for (n, source) in plan.sectionSources.enumerated() {
            let attributes: [ListModel.Row.Attributes]?
            switch source {
            case .inserted: attributes = insertedSectionAttributes[n]
            case .reloaded(let o): attributes = reloadedSectionAttributes[o]
            case .original: attributes = nil
            }
            for (k, a) in (attributes ?? []).enumerated() where a != .init() && k < model.sections[n].rows.count {
                model[IndexPath(row: k, section: n)].attributes = a
            }
        }
    }
}
