import ListDocument
import TableKit
import ListStorage
import TerminalUI

/// The filter (`/`, docs/keys.md "Filter"): a line at the bottom narrows the list as the user
/// types; Enter keeps it (the header shows it and `n of m`), Esc clears it. The rows it keeps are
/// the table's (`TableView.setFilter(showing:)`, real index paths), so every key works on the rows
/// shown and hidden rows keep their places.
extension ListEditor {
    /// Opens the filter line, prefilled with the filter kept now.
    func beginFilter() -> KeyOutcome {
        let kept = filterText
        prepareFilterIndex()
        openEntry(.filter, initial: kept)     // each edit narrows (`entryLineChanged`); `entered(.filter, …)` ends it
        if !kept.isEmpty { applyFilter(kept) }
        return .changed
    }

    /// Keeps the rows containing `text` (case-insensitive, Markdown markup left out); `""` shows
    /// every row. The cursor stays on its row when that row shows, else goes to the nearest shown.
    /// Without a filter index of the list as it is now, the rows are kept when it comes
    /// (`filterIndexBuilt`).
    func applyFilter(_ text: String) {
        filterText = text
        if !text.isEmpty { lastSearch = text }
        let pattern = FilterIndex.fold(text)
        guard !pattern.isEmpty else {
            filterMatches = nil
            if tableView.isFiltering { controller.perform(.filter(showing: nil)) }
            return
        }
        guard let index = keptFilterIndex(for: .filter(text)) else { return }
        let rows: [[Int]]
        if let last = filterMatches, last.changes == changeCount, pattern.starts(with: last.pattern) {
            rows = index.narrow(last.rows, to: pattern)
        } else {
            rows = index.matches(pattern)
        }
        filterMatches = FilterIndex.Matches(pattern: pattern, rows: rows, changes: changeCount)
        controller.perform(.filter(showing: withPlaceholders(rows)))
    }

    /// `rows` (kept rows by section) with the `Add item` row of each section that keeps a row,
    /// in edit mode: the filter narrows the list, never the way to add to it (the row shows
    /// whether the filter was typed before or after `e`); a section keeping none is hidden whole.
    func withPlaceholders(_ rows: [[Int]]) -> [[Int]] {
        guard showsPlaceholders else { return rows }
        return rows.enumerated().map { s, kept in s < document.model.sections.count && !kept.isEmpty ? kept + [realCount(s)] : kept }
    }

    /// Asks for the filter index to be built off the main actor (the `.work(.buildFilterIndex)`
    /// effect) when there is none for the list as it is now (`/` calls it: by the time a
    /// character is typed the index is usually ready; a build never started is done by `finish`).
    func prepareFilterIndex() {
        if let index = filterIndex, index.changes == changeCount { return }
        if let build = filterBuild, build.changes == changeCount { return }
        filterBuild?.cancel()
        let build = newFilterIndexBuild()
        effects.append(.work(.buildFilterIndex(build, workers: FilterIndexBuild.cores)))
        filterBuild = build
    }

    /// The filter index of the list as it is now, when one is kept (followed through every
    /// change). Else nil, and the effect that finishes one is asked for (`.joinFilterIndex`: the
    /// build `/` started, or a new one on every core), with `need`, which is done when the index
    /// comes back (`filterIndexBuilt`). The update step builds nothing itself.
    func keptFilterIndex(for need: FilterNeed) -> FilterIndex? {
        if let index = filterIndex, index.changes == changeCount { return index }
        if let started = filterBuild, started.changes == changeCount {
            effects.append(.work(.joinFilterIndex(started, workers: 0, for: need)))
        } else {
            filterBuild?.cancel()
            effects.append(.work(.joinFilterIndex(newFilterIndexBuild(), workers: FilterIndexBuild.cores - 1, for: need)))
        }
        filterBuild = nil
        return nil
    }

    /// The filter index asked for by `keptFilterIndex` came back: kept, and what needed it done
    /// (the filter with its text, if that is still the filter; `n` or `N`). An index of a list
    /// that changed since is dropped: the next need asks again.
    func filterIndexBuilt(_ index: FilterIndex, for need: FilterNeed) {
        guard index.changes == changeCount else { return }
        filterIndex = index
        switch need {
        case .filter(let text):
            if text == filterText { applyFilter(text) }
        case .match(let forward):
            tell(goToMatch(forward: forward))
        }
    }

    /// A build of the filter index from the list as it is now.
    func newFilterIndexBuild() -> FilterIndexBuild {
        FilterIndexBuild(model: document.model, markdown: document.format == .markdown,
                         references: document.linkReferences, changes: changeCount)
    }

    /// Keeps the filter index current through a change just made to the model (`step`, before
    /// the change count goes up). An index already behind, or a whole list replaced, is left to
    /// be built again (`keptFilterIndex`); so is a build `/` started before the change.
    func followInFilterIndex(_ step: EditStep) {
        // A build in progress is of the list before this change: left, and built again if needed.
        if let build = filterBuild {
            build.cancel()
            filterBuild = nil
        }
        guard var index = filterIndex, index.changes == changeCount else { return }
        filterIndex = nil   // no second reference while it changes (no copy of its bytes)
        let markdown = document.format == .markdown, references = document.linkReferences
        func fold(_ row: ListModel.Row) -> [UInt8] { FilterIndex.folded(row, markdown: markdown, references: references) }
        switch step {
        case let .insertRow(row, p): index.replace(section: p.section, rows: p.row..<p.row, with: [fold(row)])
        case let .deleteRow(_, p): index.replace(section: p.section, rows: p.row..<p.row + 1, with: [])
        case let .insertRows(rows, p): index.replace(section: p.section, rows: p.row..<p.row, with: rows.map(fold))
        case let .deleteRows(rows, p): index.replace(section: p.section, rows: p.row..<p.row + rows.count, with: [])
        case .replaceList: return
        // Rows anywhere (a multiple selection): each section touched rewritten once.
        case let .deleteRowSet(_, paths): index.deleteRows(at: paths)
        case let .insertRowSet(rows, paths): index.insertRows(rows.map(fold), at: paths)
        case let .moveRowSet(from, to, _, _): index.moveRows(from: from, to: to)
        case let .changeRows(paths, _, _):
            for p in paths { index.replace(section: p.section, rows: p.row..<p.row + 1, with: [fold(document.model[p])]) }
        case let .renameRow(p, _, _), let .changeRow(p, _, _):
            index.replace(section: p.section, rows: p.row..<p.row + 1, with: [fold(document.model[p])])
        case let .moveRow(from, to):
            let texts = index.texts(section: from.section, rows: from.row..<from.row + 1)
            index.replace(section: from.section, rows: from.row..<from.row + 1, with: [])
            index.replace(section: to.section, rows: to.row..<to.row, with: texts)
        case let .moveRows(from, count, to, _, _):
            let texts = index.texts(section: from.section, rows: from.row..<from.row + count)
            index.replace(section: from.section, rows: from.row..<from.row + count, with: [])
            index.replace(section: to.section, rows: to.row..<to.row, with: texts)
        case let .insertSection(section, i):
            index.insertSection(section.rows, at: i, markdown: markdown, references: references)
        case let .deleteSection(_, i): index.removeSection(i)
        case .renameSection: break
        case let .moveSection(from, to): index.moveSection(from: from, to: to)
        case .together: return   // each part is followed as it is applied (`apply`)
        }
        index.changes = changeCount + 1
        filterIndex = index
    }

    /// Under a filter, hides the rows an undone or redone `step` (already applied) brought back
    /// that the filter does not keep, as if they had been there when it was set: the table shows
    /// every inserted row (a row the user adds shows until the filter is set again), but a row
    /// undo restores is not new, and a passage never matches. The cursor, on a row this hides,
    /// goes to the nearest row shown.
    ///
    /// - Complexity: O(rows the filter keeps + rows restored × their text).
    func hideRestoredRowsTheFilterDrops(_ step: EditStep) {
        guard isFiltering, var kept = tableView.filteredRows else { return }
        let restored: [IndexPath]
        switch step {
        case let .insertRow(_, p): restored = [p]
        case let .insertRows(rows, p): restored = Self.block(rows.count, from: p)
        case let .insertRowSet(_, paths): restored = paths
        case let .insertSection(section, i): restored = (0..<section.rows.count).map { IndexPath(row: $0, section: i) }
        default: return
        }
        let pattern = FilterIndex.fold(filterText)
        let markdown = document.format == .markdown, references = document.linkReferences
        var dropped: [Int: Set<Int>] = [:]
        for p in restored where p.section < kept.count && p.row < realCount(p.section) {
            let text = FilterIndex.folded(document.model[p], markdown: markdown, references: references)
            if !FilterIndex.contains(text, pattern) { dropped[p.section, default: []].insert(p.row) }
        }
        guard !dropped.isEmpty else { return }
        for (s, rows) in dropped { kept[s].removeAll { rows.contains($0) } }
        filterMatches = nil
        controller.perform(.filter(showing: kept))
    }

    /// Clears the filter (Esc with nothing else in progress); the cursor stays on its row.
    func clearFilter() -> KeyOutcome {
        applyFilter("")
        say("Filter cleared")
        return .changed
    }

    /// Bytes the filter's index of row texts holds now (0 before the first filter).
    public var filterIndexSize: Int { filterIndex?.size ?? 0 }

    /// Whether a filter is on (kept, or being typed).
    var isFiltering: Bool { !filterText.isEmpty }

    /// A reload forgets what the table hid: the filter is applied again to the new rows.
    func reapplyFilterAfterReload() {
        guard isFiltering, !tableView.isFiltering else { return }
        filterMatches = nil
        applyFilter(filterText)
    }

    /// The list items the filter keeps and all list items: the header's `n of m`.
    var filterCount: (shown: Int, total: Int) {
        var shown = 0
        for s in (tableView.filteredRows ?? []).indices { shown += filterCount(inSection: s) ?? 0 }
        return (shown, document.model.itemCount)
    }

    /// The list items the filter keeps in a section (a footer's `2 of 14 items`); nil without a
    /// filter.
    func filterCount(inSection s: Int) -> Int? {
        guard let kept = tableView.filteredRows, s < kept.count, s < document.model.sections.count else { return nil }
        let rows = kept[s], count = document.model.sections[s].rows.count
        // Kept rows are items (passages never match), and `Add item` placeholders are not counted.
        return rows.count - (rows.last.map { $0 >= count ? 1 : 0 } ?? 0)
    }

    /// The cursor's position among list items and their count (`12/340`): the items up to and
    /// including the cursor row (on a header, the items before it).
    var cursorPosition: (item: Int, total: Int) {
        let sections = document.model.sections
        let total = document.model.itemCount
        guard let focus = tableView.focus else { return (0, total) }
        var before = 0
        for s in 0..<min(focus.section, sections.count) { before += sections[s].rows.itemCount }
        guard case .row(let p) = focus, p.section < sections.count, p.row < sections[p.section].rows.count else { return (before, total) }
        let rows = sections[p.section].rows
        let isItem = !rows.attributes(at: p.row).isPassage
        return (before + rows.itemCount(before: p.row) + (isItem ? 1 : 0), total)
    }

    /// The header's text after the file name: the cursor's position, and the filter with its count.
    var headerStatus: String {
        let position = cursorPosition
        // `+`: the count is still growing, or is of the part read (a load that stopped early).
        var text = "\(position.item)/\(position.total)" + (document.isLoading || document.holdsPartOfFile ? "+" : "")
        if isFiltering {
            let count = filterCount
            text += "  /\(filterText) \(count.shown) of \(count.total)"
        }
        return text
    }
}
