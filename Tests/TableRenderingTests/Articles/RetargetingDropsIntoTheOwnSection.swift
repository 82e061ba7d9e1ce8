// The Swift blocks of Sources/TableKit/TableKit.docc/RetargetingDropsIntoTheOwnSection.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

/// Tools and fasteners: a row can be reordered inside its section but never leaves it.
@MainActor
final class WorkshopViewController: TableViewController {
    var sections: [(title: String, items: [String])] = [
        ("Tools", ["Hammer", "Saw", "Drill"]),
        ("Fasteners", ["Nails", "Screws"]),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func numberOfSections(in tableView: TableView) -> Int { sections.count }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].items.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section].items[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    override func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                            toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        let count = sections[sourceIndexPath.section].items.count
        if sourceIndexPath.section != proposedDestinationIndexPath.section {
            let row = sourceIndexPath.section > proposedDestinationIndexPath.section ? 0 : count - 1
            return IndexPath(row: row, section: sourceIndexPath.section)
        } else if proposedDestinationIndexPath.row >= count {
            return IndexPath(row: count - 1, section: sourceIndexPath.section)
        }
        return proposedDestinationIndexPath
    }
}

extension WorkshopViewController: TableViewReorderingDataSource {
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let item = sections[sourceIndexPath.section].items.remove(at: sourceIndexPath.row)
        sections[destinationIndexPath.section].items.insert(item, at: destinationIndexPath.row)
    }
}
