import TableKit

/// `listedit demo numbers`: odd and even numbers in two sections, and a button (`x`) that deletes
/// the section under the cursor with an animation; pressed on an empty table it brings both back.
@MainActor
public final class NumbersDemo: Demo, TableViewEditingDataSource {
    public var sections: [(title: String, numbers: [Int])] = NumbersDemo.initial

    static let initial: [(title: String, numbers: [Int])] = [
        ("Odd", [1, 3, 5, 7, 9]),
        ("Even", [2, 4, 6, 8, 10]),
    ]

    public init() {}

    public var title: String { "Numbers: delete a section" }
    public var action: (label: String, key: Character)? { (sections.isEmpty ? "Restore" : "Delete section", "x") }

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].numbers.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let n = sections[indexPath.section].numbers[indexPath.row]
        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
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
        try? tableView.deleteRows(at: [indexPath], with: .left)
    }

    public func performAction(on table: TableView) {
        if sections.isEmpty {
            sections = Self.initial
            try? table.insertSections([0, 1], with: .fade)
            return
        }
        let section = table.focus?.section ?? 0
        sections.remove(at: section)
        try? table.deleteSections([section], with: .fade)
    }
}
