// The Swift blocks of Sources/TableKit/TableKit.docc/TheStatesBatch.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class USStatesViewController: TableViewController {
    var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "state")
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        states.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "state", for: indexPath)
        cell.textLabel?.text = states[indexPath.row]
        return cell
    }

    func updateStates() throws {
        tableView.beginUpdates()
        states = ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"]
        // Original index paths: Delaware and Washington, where they are before the batch.
        try tableView.deleteRows(at: [IndexPath(row: 2, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
        // Final index paths: Alaska, Georgia and Virginia, where they are after it.
        try tableView.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 3, section: 0),
                                      IndexPath(row: 5, section: 0)], with: .right)
        try tableView.endUpdates()
    }
}
