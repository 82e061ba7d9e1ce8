// The Swift blocks of docs/library-guide.md, in order; LibraryGuideTests checks that they are equal.

import TableKit
import TerminalUI
import TableRendering

@MainActor
final class StatesViewController: TableViewController {
    var states = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "States"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "state")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        states.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "state", for: indexPath)
        cell.textLabel?.text = states[indexPath.row]
        return cell
    }
}

extension StatesViewController: TableViewEditingDataSource {
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        states.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}

extension StatesViewController {
    /// Apple's Listing 7-8: one batch, the order of the calls inside it does not matter.
    func runBatch(completion: @escaping @MainActor (Bool) -> Void) throws {
        try tableView.performBatchUpdates({
            states = ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"]
            try tableView.insertRows(at: [0, 3, 5].map { IndexPath(row: $0, section: 0) }, with: .right)
            try tableView.deleteRows(at: [2, 4].map { IndexPath(row: $0, section: 0) }, with: .fade)
        }, completion: completion)
    }
}

@MainActor
final class Groceries {
    var rows = [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue"]]
    var titles = ["Groceries", "Hardware"]
    var showsAddRow = false          // an "Add item" row ends each section while editing
    var onAdd: ((Int) -> Void)?      // opens the modal that asks for a new item (see below)

    func isAddRow(_ indexPath: IndexPath) -> Bool {
        showsAddRow && indexPath.row == rows[indexPath.section].count
    }
}

extension Groceries: TableViewDataSource {
    func numberOfSections(in tableView: TableView) -> Int { rows.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        rows[section].count + (showsAddRow ? 1 : 0)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = isAddRow(indexPath) ? "Add item" : rows[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        titles[section]
    }

    /// The first row stays first, part one: it has no handle and cannot be picked up.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        indexPath != IndexPath(row: 0, section: 0) && !isAddRow(indexPath)
    }
}

extension Groceries: TableViewEditingDataSource {
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        switch editingStyle {
        case .delete:
            rows[indexPath.section].remove(at: indexPath.row)
            do {
                try tableView.deleteRows(at: [indexPath], with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        case .insert:
            onAdd?(indexPath.section)
        case .none:
            break
        }
    }
}

extension Groceries: TableViewReorderingDataSource {
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath,
                   to destinationIndexPath: IndexPath) {
        let row = rows[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        rows[destinationIndexPath.section].insert(row, at: destinationIndexPath.row)
    }
}

extension Groceries: TableViewDelegate {
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        isAddRow(indexPath) ? .insert : .delete
    }

    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        let section = sourceIndexPath.section, proposed = proposedDestinationIndexPath
        let last = rows[section].count - 1      // the last real row: "Add item" stays last
        // Stay in the source section (Apple's Listing 8-3): above it is its top, below it its end…
        var row = proposed.section < section ? 0 : proposed.section > section ? last : min(proposed.row, last)
        // …and the first row stays first, part two: nothing is dropped above it.
        if section == 0 { row = max(row, 1) }
        return IndexPath(row: row, section: section)
    }

    /// Entering edit mode adds the "Add item" rows in a batch; leaving removes them.
    func tableView(_ tableView: TableView, willSetEditing editing: Bool) {
        let ends = rows.indices.map { IndexPath(row: rows[$0].count, section: $0) }
        showsAddRow = editing
        if editing {
            do {
                try tableView.insertRows(at: ends, with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        } else {
            do {
                try tableView.deleteRows(at: ends, with: .fade)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        }
    }
}

/// The table, what draws it, and what turns keys into the table's calls, wired as an app does.
@MainActor
func makeShoppingList(_ groceries: Groceries) -> (TableView, TableRenderer, EditController) {
    let tableView = TableView(style: .insetGrouped)
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
    tableView.dataSource = groceries     // held weakly, as in UIKit: keep `groceries` alive
    tableView.delegate = groceries
    let renderer = TableRenderer(tableView: tableView)
    let controller = renderer.controller     // the one controller of the table: keys, clicks, prompts
    groceries.onAdd = { [weak groceries, weak tableView] section in
        controller.present(TextPrompt(title: "New item") { text in
            guard let text, !text.isEmpty, let groceries, let tableView else { return }   // nil: Esc
            let row = groceries.rows[section].count
            groceries.rows[section].append(text)
            do {
                try tableView.insertRows(at: [IndexPath(row: row, section: section)], with: .right)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
        })
    }
    return (tableView, renderer, controller)
}

/// What the table looks like: the renderer draws into a grid of cells, here read as text.
@MainActor
func screen(_ renderer: TableRenderer, width: Int = 40, height: Int = 12) -> String {
    var grid = CellGrid(width: width, height: height)
    renderer.layOut(height: height)
    renderer.render(into: &grid, top: 0, height: height)
    return grid.text
}

@MainActor
final class Tasks {
    var tasks = [(title: "Buy milk", done: false, flagged: false),
                 (title: "Call Bob", done: true, flagged: false),
                 (title: "Fix the fence", done: false, flagged: false)]
}

/// A registered subclass: the table makes it with `init(style:reuseIdentifier:)`, `required` here.
final class TaskCell: TableViewCell {
    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
}

extension Tasks: TableViewEditingDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { tasks.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "task", for: indexPath)
        let task = tasks[indexPath.row]
        cell.textLabel?.text = task.title
        cell.detailTextLabel?.text = task.flagged ? "flagged" : nil
        cell.accessoryType = task.done ? .checkmark : .uncheckedBox
        return cell
    }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        tasks.remove(at: indexPath.row)
        do {
            try tableView.deleteRows(at: [indexPath], with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}

extension Tasks: TableViewDelegate {
    /// Selecting a row ticks its task: the visible cell changes in place.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        tasks[indexPath.row].done.toggle()
        tableView.cellForRow(at: indexPath)?.accessoryType = tasks[indexPath.row].done ? .checkmark : .uncheckedBox
    }

    func tableView(_ tableView: TableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, completion in
            tasks.remove(at: indexPath.row)
            do {
                try tableView.deleteRows(at: [indexPath], with: .left)
            } catch {
                tableView.reloadData()     // the model and the table disagreed: start over from the model
            }
            completion(true)
        }
        let title = tasks[indexPath.row].flagged ? "Unflag" : "Flag"
        let flag = ContextualAction(style: .normal, title: title) { [unowned self] _, _, completion in
            tasks[indexPath.row].flagged.toggle()
            tableView.reconfigureRows(at: [indexPath])    // same cell, asked again
            completion(true)
        }
        return SwipeActionsConfiguration(actions: [delete, flag])
    }
}

extension Tasks {
    /// `.` or a right-click on a task (in `TableHost`): a menu under the row.
    func tableView(_ tableView: TableView,
                   contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
        let task = tasks[indexPath.row]
        return ContextMenuConfiguration(identifier: task.title) { [unowned self] _ in
            Menu(title: task.title, children: [
                MenuAction(title: task.done ? "Reopen" : "Done", image: "✓") { [unowned self] _ in
                    tasks[indexPath.row].done.toggle()
                    tableView.reconfigureRows(at: [indexPath])
                },
                MenuAction(title: "Flag", attributes: task.flagged ? .disabled : []) { [unowned self] _ in
                    tasks[indexPath.row].flagged = true
                    tableView.reconfigureRows(at: [indexPath])
                },
                MenuAction(title: "Delete", image: "✕", attributes: .destructive) { [unowned self] _ in
                    tasks.remove(at: indexPath.row)
                    do {
                        try tableView.deleteRows(at: [indexPath], with: .fade)
                    } catch {
                        tableView.reloadData()     // the model and the table disagreed: start over from the model
                    }
                },
            ])
        }
    }

    /// `D` or a drag to the right: a green Done at the row's left end.
    func tableView(_ tableView: TableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let done = ContextualAction(style: .normal, title: "Done") { [unowned self] _, _, completion in
            tasks[indexPath.row].done = true
            tableView.reconfigureRows(at: [indexPath])
            completion(true)
        }
        done.backgroundColor = .systemGreen
        return SwipeActionsConfiguration(actions: [done])
    }
}

@MainActor
final class Chores: TableViewEditingDataSource, TableViewDelegate {
    var chores = ["Dishes", "Laundry", "Bins", "Plants"]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { chores.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "chore", for: indexPath)
        cell.textLabel?.text = chores[indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        deleteRows(at: [indexPath], in: tableView)
    }

    /// "Delete selected": one batch; the rows' index paths are in the original space.
    func deleteSelected(in tableView: TableView) {
        deleteRows(at: tableView.indexPathsForSelectedRows ?? [], in: tableView)
    }

    func deleteRows(at paths: [IndexPath], in tableView: TableView) {
        for p in paths.sorted(by: >) { chores.remove(at: p.row) }
        do {
            try tableView.deleteRows(at: paths, with: .fade)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }

    /// The first row cannot be selected.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath.row == 0 ? nil : indexPath
    }
}

/// Fruit by ripeness. Titles, editing and reordering are `open` methods, overridden as in UIKit;
/// `commit` is the `TableViewEditingDataSource` conformance (see the porting note).
@MainActor
final class FruitDataSource: TableViewDiffableDataSource<String, String>, TableViewEditingDataSource {
    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)
    }

    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete, let fruit = itemIdentifier(for: indexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([fruit])
        do {
            try apply(snapshot)
        } catch {
            tableView.reloadData()     // the model and the table disagreed: start over from the model
        }
    }
}

@MainActor
func makeFruitList() throws -> (TableView, FruitDataSource) {
    let tableView = TableView(style: .insetGrouped)
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "fruit")
    let dataSource = FruitDataSource(tableView: tableView) { tableView, indexPath, fruit in
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = fruit
        return cell
    }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["Ripe", "Unripe"])
    snapshot.appendItems(["Apple", "Banana", "Cherry"], toSection: "Ripe")
    snapshot.appendItems(["Mango"], toSection: "Unripe")
    try dataSource.apply(snapshot, animatingDifferences: false)
    return (tableView, dataSource)
}

/// The mango ripens and a kiwi arrives: one batch, a move and an insert.
@MainActor
func ripen(_ dataSource: FruitDataSource, completion: @escaping @MainActor (Bool) -> Void) throws {
    var snapshot = dataSource.snapshot()
    snapshot.moveItem("Mango", afterItem: "Banana")
    snapshot.insertItems(["Kiwi"], beforeItem: "Apple")
    snapshot.reconfigureItems(["Cherry"])             // same cell, asked again
    try dataSource.apply(snapshot, completion: completion)
}

/// UIKit stops the app on a duplicate identifier; here `apply` throws, naming it.
@MainActor
func addAppleTwice(_ dataSource: FruitDataSource) -> String? {
    var snapshot = dataSource.snapshot()
    snapshot.appendItems(["Apple"], toSection: "Unripe")   // already in "Ripe"
    do {
        try dataSource.apply(snapshot)
        return nil
    } catch {
        return error.description
        // appendItems(_:toSection:): supplied item identifiers are not unique. Duplicate identifiers: "Apple"
    }
}

/// Keeps a model's order in step with the rows the user drags.
@MainActor
final class FruitOrder {
    var fruits: [String] = []

    func follow(_ dataSource: FruitDataSource) {
        dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
            fruits = fruits.applying(transaction.difference) ?? transaction.finalSnapshot.itemIdentifiers
        }
    }
}

/// A filter box over a table: the rows whose text contains `text` stay (their index paths stay
/// real: the data source is asked for `[0, 7]` as before); a section with no such row is hidden.
@MainActor
func filter(_ tableView: TableView, rows: [[String]], by text: String) {
    guard !text.isEmpty else { tableView.setFilter(showing: nil); return }
    tableView.setFilter(showing: rows.map { section in
        section.indices.filter { section[$0].localizedCaseInsensitiveContains(text) }
    })
}

/// An outline's disclosure: hides a row's nested rows (the rows after it with a greater
/// `indentationLevelForRowAt`), or shows them again.
@MainActor
func toggleDisclosure(_ tableView: TableView, at row: IndexPath) {
    guard !tableView.nestedRows(of: row).isEmpty else { return }
    if tableView.isExpanded(row) { tableView.collapse([row]) } else { tableView.expand([row]) }
}

/// A kanban board from an app's own data: each section a lane, each row a card. The data source
/// is a list's; a `BoardRenderer` draws it as lanes side by side.
@MainActor
final class TaskBoard: TableViewReorderingDataSource {
    var lanes: [(title: String, cards: [String])] = [
        ("To do", ["Plan the trip", "Write the tests"]),
        ("Doing", ["Draw the board"]),
        ("Done", []),
    ]

    func numberOfSections(in tableView: TableView) -> Int { lanes.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        lanes[section].cards.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = lanes[indexPath.section].cards[indexPath.row]
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        lanes[section].title
    }

    /// The drop, in a lane or across: the model follows the screen, as in a list.
    func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        let card = lanes[source.section].cards.remove(at: source.row)
        lanes[destination.section].cards.insert(card, at: destination.row)
    }
}

/// Moves To do's first card to Doing as the keys do in edit mode: Space, →, Space.
@MainActor
func moveFirstCardAcross(_ board: BoardRenderer) {
    let controller = board.controller
    controller.perform(.setEditing(true))
    controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
    controller.perform(.pickUp)
    controller.perform(.stepAcross(.right))   // proposes row 0 of Doing; the delegate may retarget
    controller.perform(.drop)                 // moveRowAt([0, 0], [1, 0]), once
}
