import TableKit

/// `listedit demo states`: Apple's batch example (Listing 7-8). Press `b` to insert Alaska,
/// Georgia and Virginia and delete Delaware and Washington in one batch; press it again to undo
/// the batch the same way. Rows can be deleted in edit mode or by swipe (`d`).
@MainActor
public final class StatesDemo: Demo, TableViewEditingDataSource {
    public var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]
    var expanded = false

    public init() {}

    public var title: String { "States: batch insert and delete" }
    public var action: (label: String, key: Character)? { (expanded ? "Undo batch" : "Run batch", "b") }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { states.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = states[indexPath.row]
        return cell
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "States" }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        states.remove(at: indexPath.row)
        try? tableView.deleteRows(at: [indexPath], with: .fade)
    }

    /// Deletes name original rows, inserts final rows; the order of the calls does not matter.
    public func performAction(on table: TableView) {
        let before = states
        do {
            try table.performBatchUpdates {
                if !expanded {
                    states = before.filter { $0 != "Delaware" && $0 != "Washington" }
                    for (name, row) in [("Alaska", 0), ("Georgia", 3), ("Virginia", 5)] { states.insert(name, at: row) }
                    try table.insertRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .right)
                    try table.deleteRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
                } else {
                    states = before.filter { !["Alaska", "Georgia", "Virginia"].contains($0) }
                    states.insert("Delaware", at: 2)
                    states.insert("Washington", at: 4)
                    try table.deleteRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .left)
                    try table.insertRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
                }
            }
            expanded.toggle()
        } catch {
            // The rows were edited by hand since: start over from the table's own view.
            states = before
            table.reloadData()
        }
    }
}
