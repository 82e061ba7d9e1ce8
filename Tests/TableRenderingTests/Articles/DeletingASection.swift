// The Swift blocks of Sources/TableKit/TableKit.docc/DeletingASection.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

@MainActor
final class OddEvenViewController: TableViewController {
    var sections: [(title: String, numbers: [Int])] = [
        ("Odd", [1, 3, 5, 7, 9]),
        ("Even", [2, 4, 6, 8, 10]),
    ]
    lazy var deleteButton = BarButtonItem(title: "Delete Odd") { [unowned self] in deleteFirstSection() }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "number")
        navigationItem.rightBarButtonItem = deleteButton
    }

    override func numberOfSections(in tableView: TableView) -> Int { sections.count }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].numbers.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "number", for: indexPath)
        cell.textLabel?.text = "\(sections[indexPath.section].numbers[indexPath.row])"
        return cell
    }

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    /// The button's action: the first section fades out, the other moves up.
    func deleteFirstSection() {
        guard !sections.isEmpty else { return }
        sections.remove(at: 0)
        do {
            try tableView.deleteSections(IndexSet(integer: 0), with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
        deleteButton.title = sections.isEmpty ? "Nothing left" : "Delete \(sections[0].title)"
    }
}
