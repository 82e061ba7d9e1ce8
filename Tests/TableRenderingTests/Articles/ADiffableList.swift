// The Swift blocks of Sources/TableKit/TableKit.docc/ADiffableList.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class ContactsViewController: TableViewController {
    var dataSource: TableViewDiffableDataSource<String, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "contact")
        dataSource = TableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            cell.textLabel?.text = name
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Friends", "Work"])
        snapshot.appendItems(["Ada", "Grace"], toSection: "Friends")
        snapshot.appendItems(["Linus"], toSection: "Work")
        do {
            try dataSource.apply(snapshot, animatingDifferences: false)
        } catch {
            preconditionFailure("\(error)")     // distinct identifiers: a snapshot apply cannot refuse
        }
    }

    /// Linus becomes a friend, Ken joins at work, Grace leaves: one animated batch.
    func update() throws {
        var snapshot = dataSource.snapshot()
        snapshot.moveItem("Linus", afterItem: "Ada")
        snapshot.appendItems(["Ken"], toSection: "Work")
        snapshot.deleteItems(["Grace"])
        try dataSource.apply(snapshot)
    }
}
