import TableKit
import TerminalUI

/// `listedit demo states`: Apple's batch example (Table View Programming Guide, Listing 7-8),
/// ported from UIKit by renaming. `Run batch` (`b`) deletes Delaware and Washington and inserts
/// Alaska, Georgia and Virginia in one batch; pressed again, it undoes the batch the same way.
/// Rows can be deleted in edit mode or by swiping (`d`).
///
/// Deletes name rows of the table *before* the batch (original index paths), inserts rows *after*
/// it (final index paths), and the order of the calls inside the batch does not matter.
@MainActor
public final class StatesViewController: TableViewController {
    public var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]
    var expanded = false
    lazy var batchButton = BarButtonItem(title: "Run batch") { [unowned self] in runBatch() }

    public init() {
        super.init(style: .insetGrouped)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "States: batch insert and delete"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "state")
        navigationItem.rightBarButtonItems = [editButtonItem, batchButton]
    }

    public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { states.count }

    public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "state", for: indexPath)
        cell.textLabel?.text = states[indexPath.row]
        return cell
    }

    public override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "States" }

    /// One batch: the model changes and the table is told, in any order, inside the block.
    func runBatch() {
        let before = states
        do {
            try tableView.performBatchUpdates {
                if !expanded {
                    states = before.filter { $0 != "Delaware" && $0 != "Washington" }
                    for (name, row) in [("Alaska", 0), ("Georgia", 3), ("Virginia", 5)] { states.insert(name, at: row) }
                    try tableView.insertRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .right)
                    try tableView.deleteRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
                } else {
                    states = before.filter { !["Alaska", "Georgia", "Virginia"].contains($0) }
                    states.insert("Delaware", at: 2)
                    states.insert("Washington", at: 4)
                    try tableView.deleteRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .left)
                    try tableView.insertRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
                }
            }
            expanded.toggle()
            batchButton.title = expanded ? "Undo batch" : "Run batch"
        } catch {
            // Rows were deleted by hand since: the batch no longer fits; start over from the model.
            states = before
            tableView.reloadData()
        }
    }
}

/// Deleting in `commit`: update the model, then tell the table.
extension StatesViewController: TableViewEditingDataSource {
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        states.remove(at: indexPath.row)
        try? tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

extension StatesViewController: DemoKeys {
    var barItemKeys: [(key: Key, item: BarButtonItem)] { [(.char("b"), batchButton)] }
}
