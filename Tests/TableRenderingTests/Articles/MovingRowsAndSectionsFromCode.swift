// The Swift blocks of Sources/TableKit/TableKit.docc/MovingRowsAndSectionsFromCode.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class PantryViewController: TableViewController {
    var sections: [(title: String, items: [String])] = [
        ("Fruit", ["Apple", "Banana", "Cherry"]),
        ("Vegetables", ["Carrot", "Leek", "Pea"]),
        ("Grains", ["Oat", "Rice", "Wheat"]),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
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

    /// Wheat, the last row of the last section, to the top of Vegetables; then Fruit below
    /// Vegetables. Both slide.
    func rearrange() throws {
        try tableView.performBatchUpdates {
            let wheat = sections[2].items.removeLast()
            sections[1].items.insert(wheat, at: 0)
            sections.swapAt(0, 1)
            // From row 2 of section 2 (original) to row 0 of section 0, where Vegetables is after
            // the batch (final).
            try tableView.moveRow(at: IndexPath(row: 2, section: 2), to: IndexPath(row: 0, section: 0))
            try tableView.moveSection(0, toSection: 1)
        }
    }
}
