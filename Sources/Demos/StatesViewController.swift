import TableKit
import TerminalUI

/// `listedit demo states`: Apple's batch example (Table View Programming Guide, Listing 7-8),
/// ported from UIKit by renaming. `Run batch` (`b`) deletes Delaware and Washington and inserts
/// Alaska, Georgia and Virginia in one batch; pressed again, it undoes the batch the same way.
/// Rows can be deleted in edit mode or by swiping (`d`); a row's context menu (`.`, or a
/// right-click) moves it to the top or deletes it, and its leading action (`D`) moves it to the top.
///
/// Deletes name rows of the table *before* the batch (original index paths), inserts rows *after*
/// it (final index paths), and the order of the calls inside the batch does not matter.
@MainActor
public final class StatesViewController: TableViewController {
    public var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]
    var expanded = false
    /// The bar button `listedit demo` binds a key to.
    public lazy var batchButton = BarButtonItem(title: "Run batch") { [unowned self] in runBatch() }

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
    /// On the five states of the listing the calls are the listing's own (deletes at original rows
    /// 2 and 4, inserts at final rows 0, 3 and 5); after rows were deleted by hand the same
    /// change is made to what is left, each insert clamped to the rows there are.
    func runBatch() {
        let before = states
        let removing = expanded ? ["Alaska", "Georgia", "Virginia"] : ["Delaware", "Washington"]
        let adding = expanded ? [("Delaware", 2), ("Washington", 4)] : [("Alaska", 0), ("Georgia", 3), ("Virginia", 5)]
        // Original index paths of the deleted rows (in the table before the batch).
        let deleted = before.indices.filter { removing.contains(before[$0]) }
        var after = before.filter { !removing.contains($0) }
        // Final index paths of the inserted rows (in the table after the batch), in order.
        var inserted: [Int] = []
        for (name, row) in adding {
            let at = min(row, after.count)
            after.insert(name, at: at)
            inserted.append(at)
        }
        do {
            try tableView.performBatchUpdates {
                states = after
                try tableView.insertRows(at: inserted.map { IndexPath(row: $0, section: 0) }, with: expanded ? .fade : .right)
                try tableView.deleteRows(at: deleted.map { IndexPath(row: $0, section: 0) }, with: expanded ? .left : .fade)
            }
            expanded.toggle()
            batchButton.title = expanded ? "Undo batch" : "Run batch"
        } catch {
            // Should the batch not fit the table after all, start over from the model.
            states = before
            tableView.reloadData()
        }
    }

    // A row's context menu (`.`, or a right-click): move it to the top, or delete it; and its
    // leading swipe action (`D`, or a drag to the right), a green Top.

    public override func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
        let state = states[indexPath.row]
        return ContextMenuConfiguration(identifier: state) { [unowned self] _ in
            Menu(title: state, children: [
                MenuAction(title: "Move to top", image: "↑", attributes: indexPath.row == 0 ? .disabled : []) { [unowned self] _ in
                    moveToTop(state)
                },
                MenuAction(title: "Delete", image: "✕", attributes: .destructive) { [unowned self] _ in
                    guard let row = states.firstIndex(of: state) else { return }
                    self.tableView(self.tableView, commit: .delete, forRowAt: IndexPath(row: row, section: 0))
                },
            ])
        }
    }

    public override func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let state = states[indexPath.row]
        let top = ContextualAction(style: .normal, title: "Top") { [unowned self] _, _, completion in
            moveToTop(state)
            completion(true)
        }
        top.backgroundColor = .systemGreen
        return SwipeActionsConfiguration(actions: [top])
    }

    /// Moves `state` to the first row: the model, then the table.
    func moveToTop(_ state: String) {
        guard let row = states.firstIndex(of: state), row > 0 else { return }
        states.insert(states.remove(at: row), at: 0)
        do {
            try tableView.moveRow(at: IndexPath(row: row, section: 0), to: IndexPath(row: 0, section: 0))
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}

/// Deleting in `commit`: update the model, then tell the table.
extension StatesViewController: TableViewEditingDataSource {
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        states.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}
