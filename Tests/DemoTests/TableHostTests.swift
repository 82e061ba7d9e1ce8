import Foundation
import Testing
import TableHost
import KeyBindings
import TableKit
import TerminalUI

/// `TableHost` without a terminal: keys and clicks to the table's calls, the app's keys, what the
/// hint line says, the batches refused in callbacks, where the cursor starts.
@MainActor
@Suite struct TableHostTests {
    /// Two sections; records selections and swipe ends; `commit` can be told to forget the model.
    final class Packing: TableViewController, TableViewEditingDataSource {
        var sections = [["Socks", "Shirt"], ["Tent"]]
        var log: [String] = []
        var forgetsTheModel = false
        var tracksDisplay = false

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Packing"
            tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
            navigationItem.rightBarButtonItem = editButtonItem
        }
        override func numberOfSections(in tableView: TableView) -> Int { sections.count }
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
            return cell
        }
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath)") }
        override func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
            if tracksDisplay { log.append("willDisplay \(indexPath) \(tableView.indexPath(for: cell).map { "\($0)" } ?? "none")") }
            if indexPath.section == 1 { cell.accessoryType = .detailButton }
        }
        override func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
            log.append("accessory \(indexPath)")
        }
        override func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
            super.tableView(tableView, didEndEditingRowAt: indexPath)
            log.append("didEndEditing \(indexPath.map { "\($0)" } ?? "nil")")
        }
        override func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? {
            guard indexPath.section == 0 else { return nil }
            let item = sections[indexPath.section][indexPath.row]
            return ContextMenuConfiguration { [unowned self] _ in
                Menu(title: item, children: [
                    MenuAction(title: "Pack", image: "✓") { [unowned self] _ in log.append("pack \(item)") },
                    MenuAction(title: "Leave", attributes: .destructive) { [unowned self] _ in log.append("leave \(item)") },
                ])
            }
        }
        override func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
            let item = sections[indexPath.section][indexPath.row]
            let pack = ContextualAction(style: .normal, title: "Pack") { [unowned self] _, _, completion in
                log.append("swiped pack \(item)")
                completion(true)
            }
            pack.backgroundColor = .systemGreen
            return SwipeActionsConfiguration(actions: [pack])
        }
        func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            if !forgetsTheModel { sections[indexPath.section].remove(at: indexPath.row) }
            do {
                try tableView.deleteRows(at: [indexPath], with: .fade)
            } catch {
                tableView.reloadData()
            }
        }
    }

    func host(_ packing: Packing = Packing()) -> TableHost {
        let host = TableHost(packing, theme: .unicode, animations: false)
        host.handle(.resize(width: 40, height: 12))
        return host
    }

    func keys(_ host: TableHost, _ keys: Key...) {
        for key in keys { host.handle(.key(key)) }
    }

    /// Issue 32: listedit's key table resolved Enter to rename, which a table host cannot do, so
    /// Enter did nothing; the host's table (`KeyAction.tableHostKeys`) selects.
    @Test func enterSelectsTheRow() {
        let packing = Packing()
        let h = host(packing)
        #expect(KeyAction.tableHostKeys.action(for: .enter, in: .normal) == .select)
        #expect(KeyAction.tableHostKeys.bindings.allSatisfy { b in
            b.action == .quit || b.action == .suspend || b.modes.contains { b.action.intent(in: $0) != nil }
        })
        keys(h, .down, .enter)
        #expect(packing.log == ["select [0, 1]"])
    }

    /// A bar button's key presses it and shows in the bar; an app key runs its code; a remap
    /// adds a key to a table action; the table's own binding of a key wins in its mode.
    @Test func appKeysAndRemaps() {
        let h = host()
        var sorted = 0
        let button = BarButtonItem(title: "Sort") { sorted += 1 }
        h.navigationItem.leftBarButtonItem = button
        h.addKey(.char("o"), pressing: button)
        h.addKey(.char("z"), named: "Count") { sorted += 10 }
        h.addKey(.char("x"), named: "Taken") { sorted += 100 }
        keys(h, .char("o"), .char("z"))
        #expect(sorted == 11)
        #expect(h.render(width: 40, height: 12).text.contains("Sort (o)"))
        h.keymap.remap(.char("w"), to: .key(.down))
        keys(h, .char("w"))
        #expect(h.tableView.focus == .row(IndexPath(row: 1, section: 0)))
        keys(h, .char("e"), .char("x"))       // in edit mode, x is the delete control
        #expect(sorted == 11)
        #expect(h.tableView.deleteConfirmation == IndexPath(row: 1, section: 0))
    }

    /// A refusal shows in the hint line until the next key (Packing does not reorder: Space in
    /// edit mode cannot pick a row up). Swiping in edit mode says so (the key table binds no
    /// swipe there; a host that asks is told).
    @Test func aRefusalShowsUntilTheNextKey() {
        let h = host()
        keys(h, .char("e"), .char(" "))
        #expect(h.render(width: 60, height: 12).lines.last?.contains("Socks cannot move") == true, "\(h.render(width: 60, height: 12).text)")
        keys(h, .down)
        #expect(h.render(width: 60, height: 12).lines.last?.contains("pick up") == true)
        #expect(h.controller.perform(.beginSwipe) == .refused(.busy("No swiping in edit mode: press the row's delete control")))
    }

    /// `.` opens the cursor row's context menu under it; the table's keys choose in it (`↓`,
    /// Enter), Esc closes it, the hint line says so; a right-click opens a row's menu and a click
    /// on a choice runs it, a click elsewhere only closes the menu. A row without a menu says so.
    @Test func theContextMenuByKeyAndClick() throws {
        let packing = Packing()
        let h = host(packing)
        keys(h, .char("."))
        var screen = h.render(width: 40, height: 12)
        #expect(screen.lines.contains { $0.contains("✓ Pack") }, "\(screen.text)")
        #expect(screen.lines.last?.contains("choose") == true && screen.lines.last?.contains("close") == true)
        keys(h, .down, .enter)
        #expect(packing.log == ["leave Socks"])
        #expect(h.tableView.contextMenu == nil)
        #expect(h.tableView.focus == .row(IndexPath(row: 0, section: 0)))
        keys(h, .char("."), .escape)
        #expect(h.tableView.contextMenu == nil)
        #expect(packing.log == ["leave Socks"])
        // A right-click on Shirt opens its menu; a click on Pack runs it.
        screen = h.render(width: 40, height: 12)
        let shirt = try #require(screen.lines.firstIndex { $0.contains("Shirt") })
        h.handle(.mouse(MouseEvent(.rightPress, x: 10, y: shirt)))
        #expect(h.tableView.contextMenu?.row == IndexPath(row: 1, section: 0))
        screen = h.render(width: 40, height: 12)
        let pack = try #require(screen.lines.firstIndex { $0.contains("✓ Pack") })
        h.handle(.mouse(MouseEvent(.press, x: 8, y: pack)))
        #expect(packing.log == ["leave Socks", "pack Shirt"])
        // A click outside an open menu closes it and does nothing else.
        h.handle(.mouse(MouseEvent(.rightPress, x: 10, y: shirt)))
        _ = h.render(width: 40, height: 12)
        h.handle(.mouse(MouseEvent(.press, x: 30, y: 1)))
        #expect(h.tableView.contextMenu == nil)
        #expect(!packing.log.contains { $0.hasPrefix("select") })
        keys(h, .down, .down, .down, .char("."))      // Tent: no menu
        #expect(h.message == "Tent has no menu")
    }

    /// `D` swipes the cursor row open from the left (its actions at the left end, in their
    /// colour), `D` again performs the first; a mouse drag to the right on a row does the same as
    /// `D`, a drag to the left as `d`.
    @Test func leadingSwipeByKeyAndDrag() throws {
        let packing = Packing()
        let h = host(packing)
        keys(h, .char("D"))
        #expect(h.tableView.swipedEdge == .leading)
        let screen = h.render(width: 40, height: 12)
        let y = try #require(screen.lines.firstIndex { $0.contains("Socks") })
        #expect(screen.lines[y].contains(" Pack  Socks"), "\(screen.text)")
        let x = try #require(screen.lines[y].range(of: "Pack").map { screen.lines[y].distance(from: screen.lines[y].startIndex, to: $0.lowerBound) })
        #expect(screen[x, y].style.color == .green)
        keys(h, .char("D"))
        #expect(packing.log == ["swiped pack Socks", "didEndEditing [0, 0]"])
        packing.log = []
        h.handle(.mouse(MouseEvent(.press, x: 10, y: y + 1)))
        h.handle(.mouse(MouseEvent(.drag, x: 11, y: y + 1)))
        #expect(h.tableView.swipedRow == nil)
        h.handle(.mouse(MouseEvent(.drag, x: 14, y: y + 1)))
        h.handle(.mouse(MouseEvent(.release, x: 14, y: y + 1)))
        #expect(h.tableView.swipedRow == IndexPath(row: 1, section: 0))
        #expect(h.tableView.swipedEdge == .leading)
        h.handle(.mouse(MouseEvent(.press, x: 20, y: y)))
        h.handle(.mouse(MouseEvent(.drag, x: 16, y: y)))
        #expect(h.tableView.swipedRow == IndexPath(row: 0, section: 0))
        #expect(h.tableView.swipedEdge == .trailing)
        #expect(h.tableView.swipeActions.map(\.title) == ["Delete"])
        h.handle(.mouse(MouseEvent(.release, x: 16, y: y)))
        // A swipe is not a tap: neither drag selected its row, as a finger's swipe in UIKit does not.
        #expect(!packing.log.contains { $0.hasPrefix("select") }, "\(packing.log)")
    }

    /// A click on a row selects it when the button is let go on it (UIKit's tap: touch up
    /// inside); the press alone only moves the cursor, and a release on another row selects
    /// nothing.
    @Test func aClickSelectsOnRelease() throws {
        let packing = Packing()
        let h = host(packing)
        let screen = h.render(width: 40, height: 12)
        let y = try #require(screen.lines.firstIndex { $0.contains("Shirt") })
        h.handle(.mouse(MouseEvent(.press, x: 10, y: y)))
        #expect(packing.log.isEmpty)
        #expect(h.tableView.focus == .row(IndexPath(row: 1, section: 0)))
        h.handle(.mouse(MouseEvent(.release, x: 11, y: y)))
        #expect(packing.log == ["select [0, 1]"])
        h.handle(.mouse(MouseEvent(.press, x: 10, y: y)))
        h.handle(.mouse(MouseEvent(.release, x: 10, y: y - 1)))    // let go on Socks
        #expect(packing.log == ["select [0, 1]"])
    }

    /// A swipe whose Delete removes its row ends with `didEndEditingRowAt(nil)` (the guide's
    /// promise; the old path would name another row now).
    @Test func aSwipeThatDeletesItsRowEndsWithNil() {
        let packing = Packing()
        let h = host(packing)
        keys(h, .char("d"), .enter)
        #expect(packing.sections[0] == ["Shirt"])
        #expect(packing.log == ["didEndEditing nil"])
        #expect(!packing.isEditing)
    }

    /// In debug builds a batch refused in a callback the host made (a `commit` that forgot to
    /// update its model) is kept, caught or not, for standard error after the terminal is
    /// restored; the table stays as the model says.
    @Test func aBatchRefusedInACallbackIsKept() {
        let packing = Packing()
        packing.forgetsTheModel = true
        let h = host(packing)
        keys(h, .char("e"), .char("-"), .enter)
        #if DEBUG
        #expect(h.refusedBatches.count == 1)
        #expect(h.refusedBatches.first?.contains("invalid number of rows in section 0") == true, "\(h.refusedBatches)")
        #endif
        #expect(h.tableView.rowCounts == [2, 1])
        #expect(TableView.refusedBatch == nil)       // only while the host calls the table
    }

    /// A table whose bar button and app key call `deleteRows` without updating the model (the
    /// porting mistake in app code rather than in a callback).
    final class Forgetful: TableViewController {
        var items = ["Alpha", "Beta"]
        lazy var dropButton = BarButtonItem(title: "Drop") { [unowned self] in forget() }
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Forgetful"
            tableView.register(TableViewCell.self, forCellReuseIdentifier: "item")
            navigationItem.leftBarButtonItem = dropButton
        }
        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel?.text = items[indexPath.row]
            return cell
        }
        /// Deletes the first row from the table only, and swallows the refusal.
        func forget() {
            do { try tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade) } catch {}
        }
    }

    /// A click near the bottom of a list longer than the screen: the press moves the cursor, the
    /// list scrolls to keep it off the edge and a frame is drawn before the release comes, which
    /// lands on the same line (now another row): the row pressed is selected.
    @Test func aClickThatScrollsTheListStillSelectsTheRowPressed() throws {
        let packing = Packing()
        packing.sections = [(1...20).map { "Item \($0)" }]
        let h = TableHost(packing, theme: .unicode, animations: false)
        h.handle(.resize(width: 40, height: 12))
        let before = h.render(width: 40, height: 12)
        let y = try #require(before.lines.lastIndex { $0.contains("Item ") })
        let pressed = try #require(before.lines[y].split(separator: " ").last.flatMap { Int($0) })
        h.handle(.mouse(MouseEvent(.press, x: 10, y: y)))
        let after = h.render(width: 40, height: 12)
        #expect(after.lines[y] != before.lines[y], "the list did not scroll: the test shows nothing")
        h.handle(.mouse(MouseEvent(.release, x: 10, y: y)))
        #expect(packing.log == ["select [0, \(pressed - 1)]"])
    }

    /// A batch refused in the app's own code the host calls (a bar button's key, a click on it, a
    /// key bound with `addKey`) is kept for standard error too, caught or not (debug builds).
    @Test(arguments: ["bar key", "bar click", "app key"])
    func aBatchRefusedInAppCodeIsKept(_ way: String) throws {
        let forgetful = Forgetful()
        let h = TableHost(forgetful, theme: .unicode, animations: false)
        h.handle(.resize(width: 40, height: 12))
        switch way {
        case "bar key":
            h.addKey(.char("o"), pressing: forgetful.dropButton)
            keys(h, .char("o"))
        case "app key":
            h.addKey(.char("z"), named: "Forget") { forgetful.forget() }
            keys(h, .char("z"))
        default:
            let bar = h.render(width: 40, height: 12).lines[0]
            let x = bar.distance(from: bar.startIndex, to: try #require(bar.range(of: "Drop")).lowerBound)
            h.handle(.mouse(MouseEvent(.press, x: x, y: 0)))
            h.handle(.mouse(MouseEvent(.release, x: x, y: 0)))
        }
        #expect(forgetful.items.count == 2 && h.tableView.rowCounts == [2])
        #if DEBUG
        #expect(h.refusedBatches.count == 1, "\(way): \(h.refusedBatches)")
        #endif
        #expect(TableView.refusedBatch == nil)
    }

    /// `willDisplay` comes once per cell that comes on screen, after `cellForRowAt` (the cell
    /// already answers `indexPath(for:)`), not every frame; a reconfigured row's cell comes again.
    @Test func willDisplayOncePerCellOnScreen() {
        let packing = Packing()
        packing.tracksDisplay = true
        let h = host(packing)
        _ = h.render(width: 40, height: 12)
        #expect(packing.log == ["willDisplay [0, 0] [0, 0]", "willDisplay [0, 1] [0, 1]", "willDisplay [1, 0] [1, 0]"])
        _ = h.render(width: 40, height: 12)
        #expect(packing.log.count == 3)
        h.tableView.reconfigureRows(at: [IndexPath(item: 1, section: 0)])
        _ = h.render(width: 40, height: 12)
        #expect(packing.log.last == "willDisplay [0, 1] [0, 1]" && packing.log.count == 4)
        #expect(IndexPath(item: 1, section: 0).item == 1 && IndexPath(item: 1, section: 0) == IndexPath(row: 1, section: 0))
    }

    /// The detail button `ⓘ` (set in `willDisplay` here): `i` on its row and a click on it call
    /// `accessoryButtonTappedForRowWith`, not a selection; `i` on a row without one is refused.
    @Test func theDetailButtonByKeyAndClick() throws {
        let packing = Packing()
        let h = host(packing)
        let screen = h.render(width: 40, height: 12)
        keys(h, .char("i"))
        #expect(h.message == "Socks has no detail button")
        keys(h, .down, .down, .char("i"))             // the "Gear" header
        #expect(h.message == "Not on a row")
        keys(h, .down, .char("i"))                    // Tent
        #expect(packing.log == ["accessory [1, 0]"])
        let y = try #require(screen.lines.firstIndex { $0.contains("Tent") })
        let x = try #require(screen.lines[y].firstIndex(of: "ⓘ").map { screen.lines[y].distance(from: screen.lines[y].startIndex, to: $0) })
        keys(h, .up)
        h.handle(.mouse(MouseEvent(.press, x: x, y: y)))
        #expect(packing.log == ["accessory [1, 0]", "accessory [1, 0]"])
        #expect(h.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        #expect(h.tableView.indexPathsForSelectedRows == nil || h.tableView.indexPathsForSelectedRows == [])
    }

    /// A content configuration is drawn in place of the labels: the image glyph, the text, the
    /// secondary text after it, whatever the cell's style; without one the labels are drawn.
    @Test func aContentConfigurationIsDrawn() {
        let packing = Packing()
        let h = host(packing)
        let cell = h.tableView.preparedCell(forRowAt: IndexPath(row: 0, section: 0))!
        var content = cell.defaultContentConfiguration()
        #expect(content == ListContentConfiguration())
        content.text = "Inbox"
        content.secondaryText = "3 unread"
        content.image = "✉"
        cell.contentConfiguration = content
        let lines = h.render(width: 40, height: 12).lines
        #expect(lines.contains { $0.contains("✉ Inbox  3 unread") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Socks") })
        #expect(lines.contains { $0.contains("Shirt") })
    }

    /// The cursor starts on the first row, as UIKit's first responder would be: for a classic
    /// data source, and for a diffable one, whose first apply fills an empty table.
    @Test func theCursorStartsOnTheFirstRow() throws {
        #expect(host().tableView.focus == .row(IndexPath(row: 0, section: 0)))
        let table = TableView(style: .insetGrouped)
        table.register(TableViewCell.self, forCellReuseIdentifier: "fruit")
        let dataSource = TableViewDiffableDataSource<String, String>(tableView: table) { tableView, indexPath, fruit in
            let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
            cell.textLabel?.text = fruit
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Ripe"])
        snapshot.appendItems(["Apple", "Banana"], toSection: "Ripe")
        try dataSource.apply(snapshot, animatingDifferences: false)
        let h = TableHost(tableView: table, title: "Fruit", theme: .unicode, animations: false)
        h.handle(.resize(width: 40, height: 12))
        #expect(h.tableView.focus == .row(IndexPath(row: 0, section: 0)))
        #expect(h.render(width: 40, height: 12).lines.first?.contains("Fruit") == true)
        h.handle(.key(.enter))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    }

    /// Issue 29: `B` shows the table as a board; `←` `→` move between lanes, and in edit mode a
    /// picked-up row steps across lanes (the hint line says so) and drops with one `moveRowAt`.
    @Test func aBoardMovesTheCursorAndARowAcrossLanes() {
        final class Lanes: TableViewController, TableViewReorderingDataSource {
            var lanes = [["Socks", "Shirt"], ["Tent"]]
            override func numberOfSections(in tableView: TableView) -> Int { lanes.count }
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lanes[section].count }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = lanes[indexPath.section][indexPath.row]
                return cell
            }
            override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { ["Pack", "Packed"][section] }
            func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
                lanes[b.section].insert(lanes[a.section].remove(at: a.row), at: b.row)
            }
        }
        let lanes = Lanes()
        let h = TableHost(lanes, theme: .unicode, animations: false)
        h.handle(.resize(width: 60, height: 10))
        keys(h, .char("B"))
        #expect(h.presentation == .board)
        let screen = h.render(width: 60, height: 10).lines
        #expect(screen[1].contains("Pack") && screen[1].contains("Packed"))
        keys(h, .down, .right)
        #expect(h.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        keys(h, .left, .char("e"), .char(" "), .right)
        #expect(h.render(width: 60, height: 10).lines.last?.contains("put back") == true)
        keys(h, .char(" "))
        #expect(lanes.lanes == [["Shirt"], ["Socks", "Tent"]])      // row 0 of Pack to row 0 of Packed
        keys(h, .char("B"))
        #expect(h.presentation == .list && h.tableView.presenter === h.renderer)
    }
}
