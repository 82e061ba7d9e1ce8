import TableKit
import ListStorage

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
        /// final); validated against the model as a table's batch would be. Title-only section
        /// reloads are not here but in `renamedSections`.
        public var update = BatchUpdate()
        /// By final index path.
        public var insertedRowText: [IndexPath: String] = [:]
        /// By original index path.
        public var reloadedRowText: [IndexPath: String] = [:]
        /// By final section index.
        public var insertedSections: [Int: (title: String, rows: [String])] = [:]
        /// By original section index; a `nil` title keeps the old one.
        public var reloadedSections: [Int: (title: String?, rows: [String])] = [:]
        /// Reloads without `rows`, by original section index: only the title changes (`nil`
        /// keeps it); the rows, passages included, stay, and the section's rows take the
        /// batch's row operations as any kept section's do.
        public var renamedSections: [Int: String?] = [:]
        /// Checkbox and level of inserted rows given as objects, by final index path.
        public var insertedRowAttributes: [IndexPath: ListModel.Row.Attributes] = [:]
        /// Inserted rows given as objects without a `level` key, by final index path: they take
        /// the level of the row they land before (`BatchScript+Levels`), as rows given as
        /// strings do.
        public var insertedRowsWithoutLevel: Set<IndexPath> = []
        /// Inserted rows given without a `checked` key, by final index path: with
        /// `newRowsFollowTasks`, one whose neighbour in its list is a task gets an open checkbox.
        public var insertedRowsTakingNeighbourCheckbox: Set<IndexPath> = []
        /// What a reload given as an object changes besides the text, by original index path:
        /// `checked` (`.some(nil)` removes the checkbox) and `level`; absent keys keep the row's.
        public var reloadedRowChanges: [IndexPath: (checked: Bool??, level: Int?)] = [:]
        /// Rows' checkboxes and levels of inserted (by final index) and reloaded (by original
        /// index) sections.
        public var insertedSectionAttributes: [Int: [ListModel.Row.Attributes]] = [:]
        /// The same for reloaded sections, by original section index.
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
        /// What broke UIKit's rules (with UIKit's message), or what no row can take.
        public var error: Refusal
    }

    /// Why a batch was refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The batch breaks the table's rules; UIKit's message.
        case table(TableUpdateError)
        /// The batch would rewrite a passage (a reload naming it, or a section reload with
        /// `rows` over a section holding it); original index path of the passage and its first
        /// line.
        case passage(IndexPath, String, reloadingSection: Bool)
        /// The batch gives a title to the untitled first section that the file cannot write
        /// there (front matter opens it: `ListDocument.titleRefused`); original section index
        /// and the title given.
        case untitledTitle(section: Int, title: String)
        /// In a Kanban board, the batch inserts a row into (`from` nil) or moves one from another
        /// section into the untitled first section holding only the front matter, which is no
        /// lane; final index path of the row there, and original index path of the moved row.
        case frontMatterTakesNoRows(IndexPath, from: IndexPath?)

        public var description: String {
            switch self {
            case .table(let e): return e.description
            case .passage(let p, let text, false):
                return "attempt to reload row \(p.row) of section \(p.section), which is a passage (\"\(text)\"); passages are kept byte for byte"
            case .passage(let p, let text, true):
                return "attempt to reload section \(p.section) with rows, but its row \(p.row) is a passage (\"\(text)\") that they would replace; reload it without \"rows\" to change only its title"
            case .untitledTitle(let s, let title):
                return "attempt to reload section \(s) with the title \"\(title)\" (reloadSections), but \(ListDocument.untitledTitleRefusal)"
            case .frontMatterTakesNoRows(let p, nil):
                return "attempt to insert row \(p.row) into section \(p.section), which holds only the front matter of a Kanban board; \(ListDocument.frontMatterRowRefusal)"
            case .frontMatterTakesNoRows(let p, let from?):
                return "attempt to move row \(from.row) of section \(from.section) to row \(p.row) of section \(p.section), which holds only the front matter of a Kanban board; \(ListDocument.frontMatterRowRefusal)"
            }
        }
    }

    /// Applies every batch in order to `model`, validating each exactly as a table would; on the
    /// first invalid batch, throws and leaves `model` as it was.
    ///
    /// - Parameters:
    ///   - model: the list the batches change (indexes of the first batch are in its space).
    ///   - newRowsFollowTasks: an inserted row given without `checked` whose neighbour in its
    ///     list is a task gets an open checkbox (Markdown's rule for new rows).
    public func apply(to model: inout ListModel, newRowsFollowTasks: Bool = false) throws(Failure) {
        var result = model
        for (i, batch) in batches.enumerated() {
            do {
                try batch.apply(to: &result, newRowsFollowTasks: newRowsFollowTasks)
            } catch {
                throw Failure(batch: i, error: error)
            }
        }
        model = result
    }
}

extension BatchScript.Batch {
    /// Validates this batch against `model` (its "after" counts are what applying it exactly
    /// gives) and applies it. Rows inserted into a section the batch inserts or reloads with
    /// `rows` are placed among that section's rows at their final index.
    ///
    /// - Parameters:
    ///   - model: the list before the batch (original indexes are in its space); the list after.
    ///   - newRowsFollowTasks: an inserted row given without `checked` whose neighbour in its
    ///     list (`RowList.neighbourIsTask`) is a task gets an open checkbox.
    public func apply(to model: inout ListModel, newRowsFollowTasks: Bool = false) throws(BatchScript.Refusal) {
        let old = model
        let newSections = insertedSections, reloadedSections = reloadedSections
        // Row inserts by final section, for sections whose rows all come fresh.
        var insertsBySection: [Int: Set<Int>] = [:]
        for p in insertedRowText.keys { insertsBySection[p.section, default: []].insert(p.row) }
        let inserts = insertsBySection
        // A title-only reload keeps the section: only its range and conflicts are checked here.
        for o in renamedSections.keys.sorted() {
            guard o < old.sections.count else {
                throw .table(.deleteSectionOutOfRange(section: o, sectionCount: old.sections.count))
            }
            if update.deletedSections.contains(o) { throw .table(.deleteAndReloadSection(o)) }
            if reloadedSections[o] != nil { throw .table(.deleteAndReloadSection(o)) }
        }
        let counts = update.derivedCounts(oldRowCounts: model.rowCounts) { source, n in
            switch source {
            case .inserted: return (newSections[n]?.rows.count ?? 0) + (inserts[n]?.count ?? 0)
            case .reloaded(let o): return (reloadedSections[o]?.rows.count ?? 0) + (inserts[n]?.count ?? 0)
            case .original: return 0
            }
        }
        let plan: BatchPlan
        do {
            plan = try BatchValidator.plan(for: update, oldRowCounts: model.rowCounts,
                                           newSectionCount: counts.sections, newRowCount: counts.rows)
        } catch {
            throw .table(error)
        }
        // Passages are kept byte for byte: no reload may rewrite one.
        for p in Set(update.reloadedRows).sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) })
            where p.section < old.sections.count && p.row < old.sections[p.section].rows.count
                && old.sections[p.section].rows.attributes(at: p.row).isPassage {
            throw .passage(p, old[p].text, reloadingSection: false)
        }
        for o in reloadedSections.keys.sorted() {
            let rows = old.sections[o].rows
            if let r = (0..<rows.count).first(where: { rows.attributes(at: $0).isPassage }) {
                let p = IndexPath(row: r, section: o)
                throw .passage(p, old[p].text, reloadingSection: true)
            }
        }
        // The rows of sections that come fresh, inserted rows placed at their final index.
        var fresh: [Int: (title: String, rows: [String], attributes: [ListModel.Row.Attributes])] = [:]
        for (n, source) in plan.sectionSources.enumerated() {
            let given: (title: String?, rows: [String])?, marks: [ListModel.Row.Attributes]?
            switch source {
            case .inserted:
                given = newSections[n].map { ($0.title, $0.rows) }
                marks = insertedSectionAttributes[n]
            case .reloaded(let o):
                given = reloadedSections[o]
                marks = reloadedSectionAttributes[o]
            case .original:
                continue
            }
            var title = given?.title ?? ""
            if case .reloaded(let o) = source, given?.title == nil { title = old.sections[o].title }
            var texts: [String] = [], attributes: [ListModel.Row.Attributes] = []
            var next = 0
            let rows = given?.rows ?? [], count = counts.rows(n), added = inserts[n] ?? []
            for r in 0..<count {
                if added.contains(r) {
                    let p = IndexPath(row: r, section: n)
                    texts.append(insertedRowText[p] ?? "")
                    attributes.append(insertedRowAttributes[p] ?? .init())
                } else if next < rows.count {
                    texts.append(rows[next])
                    attributes.append(marks.flatMap { next < $0.count ? $0[next] : nil } ?? .init())
                    next += 1
                }
            }
            if let r = added.first(where: { $0 >= count }) {
                throw .table(.insertRowOutOfRange(row: r, section: n, rowCount: count))
            }
            fresh[n] = (title, texts, attributes)
        }
        let inserted = insertedRowText, reloaded = reloadedRowText, sections = fresh
        model.apply(plan, content: .init(
            insertedRow: { inserted[$0] ?? "" },
            reloadedRow: { reloaded[$0] ?? old[$0].text },
            section: { n in (sections[n]?.title ?? "", sections[n]?.rows ?? []) }))
        // Checkboxes and levels given with the texts.
        for (p, attributes) in insertedRowAttributes where fresh[p.section] == nil
            && p.section < model.sections.count && p.row < model.sections[p.section].rows.count {
            model[p].attributes = attributes
        }
        for (p, change) in reloadedRowChanges {
            guard let final = plan.finalIndexPath(forOriginal: p) else { continue }
            if let checked = change.checked { model[final].checkbox = checked }
            if let level = change.level { model[final].level = level }
        }
        for (n, section) in fresh {
            for (k, a) in section.attributes.enumerated() where a != .init() && k < model.sections[n].rows.count {
                model[IndexPath(row: k, section: n)].attributes = a
            }
        }
        // Levels: what deletes and moves leave behind moves up, what lands never adopts rows,
        // given levels are clamped (BatchScript+Levels).
        keepLevelRule(&model, old: old, plan: plan, fresh: Set(fresh.keys))
        // New rows next to tasks are tasks (in index order, so a run of new rows follows the
        // task above it).
        if newRowsFollowTasks {
            for p in insertedRowsTakingNeighbourCheckbox.sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) })
                where p.section < model.sections.count && p.row < model.sections[p.section].rows.count {
                let rows = model.sections[p.section].rows
                let a = rows.attributes(at: p.row)
                if a.checkbox == nil, !a.isPassage, rows.neighbourIsTask(level: a.level, above: p.row - 1, below: p.row + 1) {
                    model[p].checkbox = false
                }
            }
        }
        // Titles of title-only reloads, wherever their sections went.
        for (o, title) in renamedSections {
            if let title, let n = plan.finalSectionOfOriginal[o] { model.sections[n].title = title }
        }
        // A reloaded section keeps its heading's level; a new one takes the level of the section
        // it follows (as the editor's new sections do).
        for (n, source) in plan.sectionSources.enumerated() {
            switch source {
            case .reloaded(let o): model.sections[n].level = old.sections[o].level
            case .inserted where n > 0: model.sections[n].level = model.sections[n - 1].level
            default: break
            }
        }
    }
}
