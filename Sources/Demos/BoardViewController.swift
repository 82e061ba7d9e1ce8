import TableKit
import TerminalUI

/// `listedit demo board`: a board of tasks in three lanes, To do, Doing and Done, drawn by a
/// `BoardRenderer` from this controller's own data, as a kanban app would: cards move between
/// lanes with the keys (`e`, `Space`, `→`, `Space`) or by their `≡` with the mouse, and go
/// through the same calls as a list's rows: `targetIndexPathForMoveFromRowAt` keeps "Plan" first
/// in To do, `moveRowAt` updates the model, `commit(.delete)` deletes a card. A card's subtasks
/// are rows nested under it (indentation level 1), drawn inside it; they cannot be picked up.
@MainActor
public final class BoardViewController: TableViewController, TableViewEditingDataSource, TableViewReorderingDataSource {
    /// A card or a subtask nested under the card above it.
    public struct Task: Equatable, Sendable {
        /// What the card (or subtask) says.
        public var title: String
        /// Nested under the card above it (indentation level 1), drawn inside it.
        public var isSubtask = false
    }

    /// The board's model: each lane's title and its tasks, in order.
    public var lanes: [(title: String, tasks: [Task])] = [
        ("To do", [Task(title: "Plan"), Task(title: "Write the tests"), Task(title: "Water the plants")]),
        ("Doing", [Task(title: "Draw the board"), Task(title: "lanes side by side", isSubtask: true),
                   Task(title: "cards inside lanes", isSubtask: true), Task(title: "Pack for the trip")]),
        ("Done", [Task(title: "Buy a notebook")]),
    ]

    /// A plain table: the board draws its sections as lanes.
    public init() {
        super.init(style: .plain)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Board: move cards between lanes"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "card")
        navigationItem.rightBarButtonItems = [editButtonItem]
    }

    public override func numberOfSections(in tableView: TableView) -> Int { lanes.count }

    public override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lanes[section].tasks.count }

    public override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath)
        cell.textLabel?.text = lanes[indexPath.section].tasks[indexPath.row].title
        return cell
    }

    public override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { lanes[section].title }

    /// Subtasks are nested one level under their card: the board draws them inside it.
    public override func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        lanes[indexPath.section].tasks[indexPath.row].isSubtask ? 1 : 0
    }

    /// Cards move; subtasks stay with the card they are under.
    public override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        !lanes[indexPath.section].tasks[indexPath.row].isSubtask
    }

    /// Nothing lands above "Plan", the first card of To do: a drop there goes just below it.
    public override func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        let proposed = proposedDestinationIndexPath
        if proposed.row == 0, lanes[proposed.section].tasks.first?.title == "Plan", lanes[sourceIndexPath.section].tasks[sourceIndexPath.row].title != "Plan" {
            return IndexPath(row: 1, section: proposed.section)
        }
        return proposed
    }

    /// The drop: the model follows the screen (the table already shows the card there).
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let task = lanes[sourceIndexPath.section].tasks.remove(at: sourceIndexPath.row)
        lanes[destinationIndexPath.section].tasks.insert(task, at: destinationIndexPath.row)
    }

    /// Subtasks show no delete control; cards do.
    public override func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        lanes[indexPath.section].tasks[indexPath.row].isSubtask ? .none : .delete
    }

    /// `⊖` then Delete: the card goes (the model first, then the table, as UIKit requires).
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        lanes[indexPath.section].tasks.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .fade)
        } catch {
            tableView.reloadData()
        }
    }
}
