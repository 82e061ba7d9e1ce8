// The Swift blocks of Sources/TableKit/TableKit.docc/AddingRowsWithAnInsertRow.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class PackingListViewController: TableViewController {
    var items = ["Passport", "Charger"]
    /// Shows a modal text entry: the host sets it (to its `EditController`'s `present(_:)`), as
    /// UIKit's `present(_:animated:)` is the view controller's host.
    var present: (TextPrompt) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    func isAddRow(_ indexPath: IndexPath) -> Bool { indexPath.row == items.count }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        items.count + (isEditing ? 1 : 0)
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = isAddRow(indexPath) ? "Add item" : items[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        isAddRow(indexPath) ? .insert : .delete
    }

    /// The Add item row comes and goes with edit mode; its index path is final on the way in
    /// (after the insert) and original on the way out (before the delete): both `items.count`.
    override func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        super.setEditing(editing, animated: animated)
        let addRow = IndexPath(row: items.count, section: 0)
        if editing {
            do {
                try tableView.insertRows(at: [addRow], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        } else {
            do {
                try tableView.deleteRows(at: [addRow], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        }
    }
}

extension PackingListViewController: TableViewEditingDataSource {
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete:
            items.remove(at: indexPath.row)
            do {
                try tableView.deleteRows(at: [indexPath], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        case .insert:
            present(TextPrompt(title: "New item") { [unowned self] text in
                guard let text, !text.isEmpty else { return }      // nil: cancelled
                let row = IndexPath(row: items.count, section: 0)  // above Add item
                items.append(text)
                do {
                    try tableView.insertRows(at: [row], with: .right)
                } catch {
                    tableView.reloadData()     // the model and the table disagreed: start over from the model
                }
            })
        case .none:
            break
        }
    }
}

@MainActor
func host(_ packing: PackingListViewController) -> EditController {
    packing.loadViewIfNeeded()
    let controller = EditController(tableViewController: packing)
    packing.present = { [unowned controller] prompt in controller.present(prompt) }
    return controller
}
