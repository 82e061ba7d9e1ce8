// The Swift blocks of Sources/TableKit/TableKit.docc/DeletingRows.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class RemindersViewController: TableViewController {
    var reminders = ["Call the plumber", "Renew passport", "Water the plants"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "reminder")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        reminders.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "reminder", for: indexPath)
        cell.textLabel?.text = reminders[indexPath.row]
        return cell
    }
}

extension RemindersViewController: TableViewEditingDataSource {
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        reminders.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}
