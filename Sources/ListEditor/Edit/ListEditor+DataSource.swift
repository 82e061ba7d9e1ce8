import ListDocument
import TableKit
import TerminalUI

/// The list editor's data source and delegate: every real row deletable and movable, the
/// `Add item` placeholder insertable and not movable, and a retarget that keeps moves off the
/// placeholders (a drop below the last real row lands just above the placeholder) and never
/// splits a row from its nested rows (`MovePlanner.target(forMoveFrom:proposed:)`).
extension ListEditor: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewSectionReorderingDataSource, TableViewDelegate {
    public func numberOfSections(in tableView: TableView) -> Int { document.model.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        realCount(section) + (showsPlaceholders ? 1 : 0)
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.rowCellIdentifier, for: indexPath)
        guard !isPlaceholder(indexPath) else {
            cell.textLabel?.text = placeholderText
            cell.textLabel?.runs = []
            cell.textLabel?.isEnabled = true
            cell.accessoryType = .none
            cell.indentationLevel = 0
            return cell
        }
        configure(cell, at: indexPath)
        let carried = carriedSuffix(indexPath) + collapsedSuffix(indexPath)
        if !carried.isEmpty { cell.textLabel?.text = (cell.textLabel?.text ?? "") + carried }
        return cell
    }

    /// A section's header: its title, in a Markdown file with its inline Markdown rendered as a
    /// row's is (the rename modal edits the source), indented by its heading's level: `#` (and
    /// the untitled first section) at the left, each deeper level one step (two columns) further,
    /// so every level shows.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        let title = document.model.sections[section].title
        guard !title.isEmpty else { return nil }
        let depth = max(0, document.model.sections[section].level - 1)
        var shown = title
        if document.format == .markdown {
            let rendered = MarkdownInline.render(Array(title.utf8), references: document.linkReferences).text
            if !rendered.isEmpty { shown = rendered }
        }
        let collapsed = tableView.isSectionExpanded(section) ? "" : collapsedSuffix(rows: realCount(section))
        return String(repeating: "  ", count: depth) + shown + collapsed
    }

    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        guard tableView.style != .plain else { return nil }
        let n = document.model.sections[section].rows.itemCount
        // The section the file still loads into: `120+ items`, as the header's `12/9400+`.
        let total = document.growingSection == section ? "\(n)+ items" : n == 1 ? "1 item" : "\(n) items"
        // Under a filter: `2 of 14 items`, the items it keeps (the header's `n of m`).
        guard isFiltering, let shown = filterCount(inSection: section) else { return total }
        return "\(shown) of \(total)"
    }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete:
            guard !isPlaceholder(indexPath), !document.model[indexPath].isPassage else { return }
            deleteWithNestedRows(indexPath)
        case .insert:
            // The add modal (UIKit would present an alert): its text is `entered(.addAtEnd…)`.
            if let why = addRefusal(into: indexPath.section) { say(why); return }
            openEntry(.addAtEnd(section: indexPath.section))
        case .none:
            break
        }
    }

    /// Passages are kept as the file has them: no delete control, no swipe.
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        isPlaceholder(indexPath) || !document.model[indexPath].isPassage
    }

    /// Passages stay where the file has them, and the Add item row has no handle: the move
    /// planner's rule (`MovePlanner.canMove`), which `K`/`J` and drops read too.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        MovePlanner.canMove(indexPath, in: document.model)
    }

    /// The table's own drop of a row. The editor's drops never reach it (`ListEditor.drop`
    /// commits the move planner's step instead, which carries the nested rows); it stays for the
    /// protocol, and records a one-row move should the table drop a row itself.
    public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        document.model.moveRow(from: source, to: destination)
        followInFilterIndex(.moveRow(from: source, to: destination))
        checkLevels(after: .moveRow(from: source, to: destination))
        record(.moveRow(from: source, to: destination))
    }

    /// The untitled first section of a Markdown file stays first.
    public func tableView(_ tableView: TableView, canMoveSection section: Int) -> Bool { !document.sectionStaysFirst(section) }

    public func tableView(_ tableView: TableView, moveSection source: Int, toSection destination: Int) {
        document.model.moveSection(from: source, to: destination)
        followInFilterIndex(.moveSection(from: source, to: destination))
        record(.moveSection(from: source, to: destination))
    }

    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        if isPlaceholder(indexPath) { return .insert }
        return document.model[indexPath].isPassage ? .none : .delete
    }

    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        isPlaceholder(indexPath) ? 0 : document.model[indexPath].level
    }

    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                      toProposedIndexPath proposed: IndexPath) -> IndexPath {
        // Passages keep their places (dropped rows go around them), what opens the file (front
        // matter, or a passage before any item) stays first, and no drop splits a row from its
        // nested rows (docs/keys.md, "Nested rows").
        planner.target(forMoveFrom: source, proposed: proposed)
    }

    /// Placeholders and passages cannot be selected (a click on the row of one in edit mode).
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        guard inEditMode else { return indexPath }
        return isPlaceholder(indexPath) || document.model[indexPath].isPassage ? nil : indexPath
    }

    /// Enter on a row outside edit mode selects it: the editor renames it (and keeps no
    /// selection).
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        // In edit mode `v` (or a click on `○`) selects rows for the selection keys.
        guard !inEditMode else { return }
        tableView.deselectRow(at: indexPath, animated: false)
        tell(rename())
    }

    public func tableView(_ tableView: TableView, willSetEditing editing: Bool) {
        let count = document.model.sections.count
        guard count > 0 else { showsPlaceholders = editing; return }
        do {
            try tableView.performBatchUpdates {
                if editing {
                    showsPlaceholders = true
                    try tableView.insertRows(at: (0..<count).map { IndexPath(row: realCount($0), section: $0) }, with: .fade)
                } else {
                    try tableView.deleteRows(at: (0..<count).map { IndexPath(row: realCount($0), section: $0) }, with: .fade)
                    showsPlaceholders = false
                }
            }
        } catch {
            showsPlaceholders = editing
            tableView.reloadData()
        }
    }
}
