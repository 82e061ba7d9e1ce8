import TableKit
import TerminalUI

/// `listedit demo sections`: three sections of three rows. Rows move within and between sections
/// and whole sections move in edit mode; the first row, "Pinned", stays first: it cannot be picked
/// up (`canMoveRowAt`), and the retarget delegate keeps every other row from being dropped above
/// it. `Shuffle` (`m`) moves a row and a section from code, and they slide.
@MainActor
public final class SectionsViewController: TableViewController {
    public var sections: [(title: String, rows: [String])] = [
        ("Fruit", ["Pinned", "Apple", "Banana"]),
        ("Vegetables", ["Carrot", "Leek", "Pea"]),
        ("Grains", ["Oat", "Rice", "Wheat"]),
    ]
    /// The bar button `listedit demo` binds a key to.
    public lazy var shuffleButton = BarButtonItem(title: "Shuffle") { [unowned self] in shuffle() }

    public init() {
        super.init(style: .insetGrouped)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sections: move rows and sections"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
        navigationItem.rightBarButtonItems = [editButtonItem, shuffleButton]
    }

    public override func numberOfSections(in tableView: TableView) -> Int { sections.count }

    public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
        return cell
    }

    public override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    /// Excluding a row from moves: it shows no handle and cannot be picked up.
    public override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        sections[indexPath.section].rows[indexPath.row] != "Pinned"
    }

    /// Nothing lands above the pinned row: a drop there goes just below it.
    public override func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        let proposed = proposedDestinationIndexPath
        if proposed.row == 0, sections[proposed.section].rows.first == "Pinned" {
            return IndexPath(row: 1, section: proposed.section)
        }
        return proposed
    }

    /// Rows have no delete or insert control and are not indented: only the handles show.
    public override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .none }

    public override func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { false }

    /// Moves from code, one batch: the last row of the fullest section (the last of equals) to the
    /// top of the section before it (cyclically; just below "Pinned" there), and the first
    /// section below the second; both slide. Taking from the fullest section, which holds at least
    /// three of the nine rows, means Shuffle never runs dry and never moves "Pinned".
    ///
    /// Index spaces: `moveRow`'s source is original (before the batch), its destination final
    /// (after the section move too); `moveSection`'s source is original, its destination final.
    func shuffle() {
        guard sections.count >= 2 else { return }
        // (At least two sections, checked above: there is a largest.)
        let source = sections.indices.max { (sections[$0].rows.count, $0) < (sections[$1].rows.count, $1) }!
        guard sections[source].rows.count > 1 else { return }
        let destination = (source + sections.count - 1) % sections.count
        let destinationRow = sections[destination].rows.first == "Pinned" ? 1 : 0
        // The section move swaps the first two sections: where each original section ends up.
        func final(_ section: Int) -> Int { section < 2 ? 1 - section : section }
        do {
            try tableView.performBatchUpdates {
                let row = sections[source].rows.removeLast()
                sections[destination].rows.insert(row, at: destinationRow)
                sections.swapAt(0, 1)
                try tableView.moveRow(at: IndexPath(row: sections[final(source)].rows.count, section: source),
                                      to: IndexPath(row: destinationRow, section: final(destination)))
                try tableView.moveSection(0, toSection: 1)
            }
        } catch {
            tableView.reloadData()
        }
    }
}

/// Reordering rows: the table has already moved the row; update only the model.
extension SectionsViewController: TableViewReorderingDataSource {
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let row = sections[sourceIndexPath.section].rows.remove(at: sourceIndexPath.row)
        sections[destinationIndexPath.section].rows.insert(row, at: destinationIndexPath.row)
    }
}

/// Reordering whole sections (not in UIKit): the same shape.
extension SectionsViewController: TableViewSectionReorderingDataSource {
    public func tableView(_ tableView: TableView, moveSection sourceSection: Int, toSection destinationSection: Int) {
        sections.insert(sections.remove(at: sourceSection), at: destinationSection)
    }
}
