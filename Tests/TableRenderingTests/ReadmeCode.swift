// README.md's library example: its declarations as they are, its top-level statements in `readmeExample()`.

import TableKit

@MainActor final class States: TableViewDataSource {
    var names = ["Arizona", "California", "Delaware"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell(); cell.textLabel?.text = names[indexPath.row]; return cell
    }
}
@MainActor func readmeExample() throws -> (States, TableView) {
let states = States(); let tableView = TableView(); tableView.dataSource = states
states.names.insert("Alaska", at: 0)
try tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
return (states, tableView)
}
