import Testing
import TableKit
import TerminalUI
import TestSupport

/// `TableViewController`: the table's data source and delegate by overriding, the edit button,
/// `setEditing` overrides reached from the keys and from a swipe (as in UIKit), and the
/// debug-build warning about a `commit` that is never called.
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

    final class Deletable: TableViewController, TableViewEditingDataSource {
        var rows = ["a", "b"]
        var log: [String] = []
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell(rows[indexPath.row]) }
        override func setEditing(_ editing: Bool, animated: Bool) {
            log.append("setEditing \(editing) table swiped \(tableView.swipedRow != nil)")
            super.setEditing(editing, animated: animated)
        }
        func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            log.append("commit \(indexPath.row)")
            rows.remove(at: indexPath.row)
            try? tableView.deleteRows(at: [indexPath], with: .fade)
        }
    }

    /// As UIKit's controller does, a swipe calls `setEditing(true)` (the button says Done) while
    /// the table edits only the swiped row; the swipe's end calls `setEditing(false)`.
    @Test func aSwipeFlipsTheEditButton() {
        let deletable = Deletable()
        deletable.loadViewIfNeeded()
        let controller = EditController(tableViewController: deletable)
        EditController(tableView: deletable.tableView).perform(.moveCursor(.to(.row(ip(0, 0)))))
        controller.handle(.char("d"))
        #expect(deletable.tableView.swipedRow == ip(0, 0))
        #expect(deletable.tableView.isEditing && !deletable.tableView.interaction.isEditMode)
        #expect(deletable.isEditing && deletable.editButtonItem.title == "Done")
        controller.handle(.escape)
        #expect(!deletable.tableView.isEditing && !deletable.isEditing)
        #expect(deletable.editButtonItem.title == "Edit")
        #expect(deletable.log == ["setEditing true table swiped false", "setEditing false table swiped false"])
        // The swipe's Delete: the swipe ends after the commit, and the button says Edit again.
        deletable.log = []
        controller.handle(.char("d"))
        controller.handle(.char("d"))
        #expect(deletable.rows == ["b"])
        #expect(deletable.log == ["setEditing true table swiped false", "commit 0", "setEditing false table swiped false"])
        #expect(!deletable.isEditing && !deletable.tableView.isEditing && deletable.editButtonItem.title == "Edit")
    }

    /// Done pressed during a swipe closes the swipe; the table never enters edit mode.
    @Test func doneDuringASwipeEndsIt() {
        let deletable = Deletable()
        deletable.loadViewIfNeeded()
        let controller = EditController(tableViewController: deletable)
        EditController(tableView: deletable.tableView).perform(.moveCursor(.to(.row(ip(0, 1)))))
        controller.handle(.char("d"))
        deletable.editButtonItem.press()
        #expect(deletable.tableView.swipedRow == nil)
        #expect(!deletable.tableView.isEditing && !deletable.isEditing)
        #expect(deletable.editButtonItem.title == "Edit")
        #expect(deletable.log == ["setEditing true table swiped false", "setEditing false table swiped true"])
        // The editor's edit key during a swipe closes it, then enters edit mode proper.
        controller.handle(.char("d"))
        controller.handle(.char("e"))
        #expect(deletable.tableView.interaction.isEditMode && deletable.isEditing)
        #expect(deletable.editButtonItem.title == "Done")
    }

    /// Debug builds warn, once per class, when a controller that is its table's data source enters
    /// edit mode without conforming to the editing or reordering protocol: a `commit` it declares
    /// without `override` would never be called.
    @Test func aCommitWithoutTheConformanceIsWarnedAbout() {
        final class Unconformed: TableViewController {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell("row") }
            func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
        }
        // The usual swipe-to-delete port: no edit button, only swipes.
        final class SwipedOnly: TableViewController {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { textCell("row") }
            func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
        }
        var warnings: [String] = []
        let saved = TableViewController.portingWarning
        TableViewController.portingWarning = { message in
            if message.contains("Unconformed") || message.contains("Deletable") || message.contains("SwipedOnly") { warnings.append(message) }
        }
        defer { TableViewController.portingWarning = saved }
        let unconformed = Unconformed()
        unconformed.loadViewIfNeeded()
        unconformed.setEditing(true, animated: false)
        unconformed.setEditing(false, animated: false)
        unconformed.isEditing = true
        Unconformed().setEditing(true, animated: false)
        let deletable = Deletable()
        deletable.setEditing(true, animated: false)
        let swiped = SwipedOnly()
        swiped.loadViewIfNeeded()
        let swipes = EditController(tableView: swiped.tableView)
        EditController(tableView: swiped.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        swipes.handle(.char("d"))
        swipes.handle(.char("d"))                                   // warned once per class
        #expect(swiped.tableView.swipedRow == nil)                  // no default Delete
        #if DEBUG
        #expect(warnings.count == 2)
        #expect(warnings.first?.contains("extension Unconformed: TableViewEditingDataSource") == true, "\(warnings)")
        #expect(warnings.last?.contains("extension SwipedOnly: TableViewEditingDataSource") == true, "\(warnings)")
        #else
        #expect(warnings.isEmpty)
        #endif
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
