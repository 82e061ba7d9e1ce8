import TableKit
import TerminalUI
import TableRendering

/// The list editor's data source and delegate: every real row deletable and movable, the
/// `Add item` placeholder insertable and not movable, and a retarget that keeps moves off the
/// placeholders (a drop below the last real row lands just above the placeholder) and never
/// splits a row from its nested rows (`nestingTarget`).
extension ListEditor: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewSectionReorderingDataSource, TableViewDelegate {
    public func numberOfSections(in tableView: TableView) -> Int { document.model.sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        realCount(section) + (showsPlaceholders ? 1 : 0)
    }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.rowCellIdentifier, for: indexPath)
        cell.textLabel?.text = isPlaceholder(indexPath) ? placeholderText : document.model[indexPath].text + carriedSuffix(indexPath)
        return cell
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        let title = document.model.sections[section].title
        return title.isEmpty ? nil : title
    }

    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        guard tableView.style != .plain else { return nil }
        let n = realCount(section)
        return n == 1 ? "1 item" : "\(n) items"
    }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete:
            guard !isPlaceholder(indexPath) else { return }
            perform(.deleteRow(document.model[indexPath], at: indexPath))
        case .insert:
            let section = indexPath.section
            ask("New item") { [weak self] text in
                guard let self, let text, !text.isEmpty else { return }
                self.insertRow(text, at: IndexPath(row: self.realCount(section), section: section))
            }
        case .none:
            break
        }
    }

    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { !isPlaceholder(indexPath) }

    public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        document.model.moveRow(from: source, to: destination)
        record(.moveRow(from: source, to: destination))
    }

    public func tableView(_ tableView: TableView, moveSection source: Int, toSection destination: Int) {
        document.model.moveSection(from: source, to: destination)
        record(.moveSection(from: source, to: destination))
    }

    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        isPlaceholder(indexPath) ? .insert : .delete
    }

    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                      toProposedIndexPath proposed: IndexPath) -> IndexPath {
        let limit = realCount(proposed.section) - (proposed.section == source.section ? 1 : 0)
        return nestingTarget(source: source, proposed: IndexPath(row: min(proposed.row, max(0, limit)), section: proposed.section))
    }

    /// Enter on a row outside edit mode selects it: the editor renames it (and keeps no
    /// selection).
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: false)
        rename()
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
