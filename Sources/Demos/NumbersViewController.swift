import TableKit
import TerminalUI

/// The numbers of `listedit demo numbers`, odd and even, as a data source of its own: the plain
/// object a UIKit developer hands to `tableView.dataSource` when a view controller should not be
/// one. It commits deletes, so rows can be deleted in edit mode or by swiping.
@MainActor
public final class NumberSections: TableViewEditingDataSource {
    public var sections: [(title: String, numbers: [Int])] = NumberSections.initial

    static let initial: [(title: String, numbers: [Int])] = [
        ("Odd", [1, 3, 5, 7, 9]),
        ("Even", [2, 4, 6, 8, 10]),
    ]

    public init() {}

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].numbers.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let n = sections[indexPath.section].numbers[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "number", for: indexPath)
        cell.textLabel?.text = "\(n)"
        cell.detailTextLabel?.text = n % 3 == 0 ? "divisible by 3" : nil
        return cell
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        "\(sections[section].numbers.count) numbers"
    }

    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        sections[indexPath.section].numbers.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .left)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}

/// `listedit demo numbers`: odd and even numbers in two sections, and a button (`x`) that deletes
/// the section under the cursor with `deleteSections(_:with: .fade)`; pressed on an empty table it
/// brings both back with `insertSections`.
@MainActor
public final class NumbersViewController: TableViewController {
    public let numbers = NumberSections()
    /// The bar button `listedit demo` binds a key to.
    public lazy var sectionButton = BarButtonItem(title: "Delete section") { [unowned self] in deleteOrRestore() }

    public init() {
        super.init(style: .insetGrouped)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Numbers: delete a section"
        tableView.register(ValueCell.self, forCellReuseIdentifier: "number")
        tableView.dataSource = numbers       // held weakly: the controller keeps `numbers`
        navigationItem.rightBarButtonItems = [editButtonItem, sectionButton]
    }

    func deleteOrRestore() {
        if numbers.sections.isEmpty {
            numbers.sections = NumberSections.initial
            do {
                try tableView.insertSections([0, 1], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        } else {
            let section = tableView.focus?.section ?? 0
            numbers.sections.remove(at: section)
            do {
                try tableView.deleteSections([section], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        }
        sectionButton.title = numbers.sections.isEmpty ? "Restore" : "Delete section"
    }
}
