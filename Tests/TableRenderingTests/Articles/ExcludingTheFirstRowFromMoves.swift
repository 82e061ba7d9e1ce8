// The Swift blocks of Sources/TableKit/TableKit.docc/ExcludingTheFirstRowFromMoves.md, in order; ArticleTests checks that they are equal (LISTEDIT_RECORD=1 rewrites this file from the article).

import TableKit

/// A list whose first row, "Inbox", stays first; the other rows reorder freely.
@MainActor
final class MailboxesViewController: TableViewController {
    var mailboxes = ["Inbox", "Drafts", "Sent", "Archive"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "mailbox")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        mailboxes.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "mailbox", for: indexPath)
        cell.textLabel?.text = mailboxes[indexPath.row]
        return cell
    }

    /// Half one: the first row has no handle and cannot be picked up.
    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        indexPath.row != 0
    }

    /// Half two: nothing is dropped above it. The proposal is a final index path (where the row
    /// would be after the drop); so is the answer.
    override func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                            toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        proposedDestinationIndexPath.row == 0 ? IndexPath(row: 1, section: 0) : proposedDestinationIndexPath
    }

    /// Reordering only: no delete controls, and rows are not indented.
    override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        .none
    }

    override func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        false
    }
}

extension MailboxesViewController: TableViewReorderingDataSource {
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        mailboxes.insert(mailboxes.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
}
