import Testing
import TableKit
import TerminalUI
import TestSupport

/// `TableViewController`: the table's data source and delegate by overriding, the edit button,
/// `setEditing` overrides reached from the keys, and a swipe that leaves the controller alone.
@MainActor
@Suite struct TableViewControllerTests {
    final class Notes: TableViewController {
        var notes = ["one", "two"]
        var log: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Notes"
            tableView.register(TableViewCell.self, forCellReuseIdentifier: "note")
            navigationItem.rightBarButtonItem = editButtonItem
        }
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
            cell.textLabel?.text = notes[indexPath.row]
            return cell
        }
        override func setEditing(_ editing: Bool, animated: Bool) {
            log.append("setEditing \(editing)")
            super.setEditing(editing, animated: animated)
        }
        override func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
            log.append("didEndEditing controller editing \(isEditing) table editing \(tableView.isEditing)")
        }
    }

    @Test func theEditButtonTogglesEditingThroughSetEditing() {
        let notes = Notes()
        notes.loadViewIfNeeded()
        #expect(notes.tableView.dataSource === notes && notes.tableView.delegate === notes)
        #expect(notes.navigationItem.rightBarButtonItem === notes.editButtonItem)
        #expect(notes.editButtonItem.title == "Edit")
        notes.editButtonItem.press()
        #expect(notes.isEditing && notes.tableView.isEditing)
        #expect(notes.editButtonItem.title == "Done")
        notes.isEditing = false
        #expect(!notes.tableView.isEditing && notes.editButtonItem.title == "Edit")
        #expect(notes.log == ["setEditing true", "setEditing false"])
    }

    /// The keys reach the controller's `setEditing` override, as UIKit's edit button does.
    /// Data loaded in `viewDidLoad` is what the first batch is checked against, as in UIKit.
    @Test func dataLoadedInViewDidLoadIsTheTablesSnapshot() throws {
        final class Loading: TableViewController {
            var items: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                items = ["a", "b"]
            }
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell(items[indexPath.row]) }
        }
        let loading = Loading()
        loading.loadViewIfNeeded()
        loading.loadViewIfNeeded()
        #expect(loading.tableView.rowCounts == [2])
        loading.items.append("c")
        try loading.tableView.insertRows(at: [ip(0, 2)], with: .fade)
        #expect(loading.tableView.rowCounts == [3])
    }

    @Test func keysGoThroughTheController() {
        let notes = Notes()
        notes.loadViewIfNeeded()
        let controller = EditController(tableViewController: notes)
        controller.handle(.char("e"))
        controller.handle(.escape)
        #expect(notes.log == ["setEditing true", "setEditing false"])
    }

    /// A swipe makes the table editing but not the controller: its button still says Edit.
    @Test func aSwipeLeavesTheControllerAlone() {
        final class Deletable: TableViewController, TableViewEditingDataSource {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell("row") }
            func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
        }
        let deletable = Deletable()
        let controller = EditController(tableViewController: deletable)
        deletable.tableView.moveFocus(to: .row(ip(0, 0)))
        controller.handle(.char("d"))
        #expect(deletable.tableView.isEditing)
        #expect(!deletable.isEditing)
        #expect(deletable.editButtonItem.title == "Edit")
        controller.handle(.escape)
        #expect(!deletable.tableView.isEditing)
    }

    @Test func barButtonItems() {
        var pressed = 0
        let add = BarButtonItem(systemItem: .add) { pressed += 1 }
        #expect(add.title == "+")
        add.press()
        add.isEnabled = false
        add.press()
        #expect(pressed == 1)
        let item = NavigationItem()
        item.rightBarButtonItems = [add, BarButtonItem(title: "More")]
        #expect(item.rightBarButtonItem === add)
        item.rightBarButtonItem = nil
        #expect(item.rightBarButtonItems.isEmpty)
    }
}
