import TableKit

/// `listedit demo sections`: three sections of three rows. Rows move within and between sections
/// (the first row, "Pinned", never moves, and nothing can be dropped above it), and whole sections
/// move in edit mode.
@MainActor
public final class SectionsDemo: Demo, TableViewReorderingDataSource, TableViewSectionReorderingDataSource, TableViewDelegate {
    public var sections: [(title: String, rows: [String])] = [
        ("Fruit", ["Pinned", "Apple", "Banana"]),
        ("Vegetables", ["Carrot", "Leek", "Pea"]),
        ("Grains", ["Oat", "Rice", "Wheat"]),
    ]

    public init() {}

    public var title: String { "Sections: move rows and sections" }
    public var action: (label: String, key: Character)? { nil }
    public func performAction(on table: TableView) {}

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
        return cell
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    /// Excluding a row from moves: it shows no handle and cannot be picked up.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        sections[indexPath.section].rows[indexPath.row] != "Pinned"
    }

    /// Update only the model: the table has already moved the row.
    public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        let row = sections[source.section].rows.remove(at: source.row)
        sections[destination.section].rows.insert(row, at: destination.row)
    }

    public func tableView(_ tableView: TableView, moveSection source: Int, toSection destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
    }

    /// Nothing lands above the pinned row.
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                      toProposedIndexPath proposed: IndexPath) -> IndexPath {
        if sections[proposed.section].rows.first == "Pinned", proposed.row == 0 {
            return IndexPath(row: 1, section: proposed.section)
        }
        return proposed
    }

    /// Rows keep their editing style `.none` and are not indented: only the handles show.
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .none }

    public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { false }
}
