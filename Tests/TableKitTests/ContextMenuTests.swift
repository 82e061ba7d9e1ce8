import Testing
import TableKit
import TestSupport

/// Context menus: the delegate's configuration opened on a row, the highlight over the enabled
/// actions, choosing (the menu closes before the handler runs), closing, and a menu whose row a
/// batch moves or deletes.
@MainActor
@Suite struct ContextMenuTests {
    final class Notes: TableViewEditingDataSource, TableViewDelegate {
        var rows = ["a", "b", "c"]
        var log: [String] = []
        var withMenu: Set<Int> = [0, 1, 2]
        weak var table: TableView?

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row]) }
        func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {}
        func tableView(_ tableView: TableView, didSelectRowAt p: IndexPath) { log.append("select \(p.row)") }
        func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt p: IndexPath) -> ContextMenuConfiguration? {
            log.append("configuration \(p.row)")
            guard withMenu.contains(p.row) else { return nil }
            let name = rows[p.row]
            return ContextMenuConfiguration(identifier: name) { [unowned self] suggested in
                log.append("menu \(suggested.count)")
                return Menu(title: name, children: [
                    MenuAction(title: "Copy", image: "⧉") { [unowned self] action in
                        log.append("\(action.title) \(name) open \(table?.contextMenu != nil)")
                    },
                    MenuAction(title: "Share", attributes: .disabled) { [unowned self] _ in log.append("share") },
                    MenuAction(title: "Delete", attributes: .destructive) { [unowned self] _ in
                        guard let table, let row = rows.firstIndex(of: name) else { return }
                        rows.remove(at: row)
                        try? table.deleteRows(at: [IndexPath(row: row, section: 0)], with: .fade)
                        log.append("deleted \(name)")
                    },
                ])
            }
        }
    }

    let notes = Notes()
    let table = TableView()
    let controller: EditController

    init() {
        table.dataSource = notes
        table.delegate = notes
        notes.table = table
        table.reloadData()
        controller = EditController(tableView: table)
    }

    @Test func choosingClosesTheMenuThenRunsTheAction() {
        #expect(controller.perform(.openContextMenu(at: ip(0, 1))) == .performed)
        #expect(table.focus == .row(ip(0, 1)))
        let open = table.contextMenu
        #expect(open?.row == ip(0, 1))
        #expect(open?.menu.title == "b")
        #expect(open?.menu.children.map(\.title) == ["Copy", "Share", "Delete"])
        #expect(open?.highlighted == 0)
        #expect(notes.log == ["configuration 1", "menu 0"])
        // The highlight passes over the disabled Share, and stays at either end.
        controller.perform(.moveCursor(.down))
        #expect(table.contextMenu?.highlighted == 2)
        controller.perform(.moveCursor(.down))
        #expect(table.contextMenu?.highlighted == 2)
        controller.perform(.moveCursor(.up))
        #expect(table.contextMenu?.highlighted == 0)
        #expect(table.focus == .row(ip(0, 1)))      // the cursor stayed: the keys were the menu's
        #expect(controller.perform(.chooseMenuAction(1)) == .refused(.disabled("Share")))
        #expect(table.contextMenu != nil)
        #expect(controller.perform(.select) == .performed)
        #expect(table.contextMenu == nil)
        #expect(notes.log.last == "Copy b open false")
        #expect(!notes.log.contains("select 1"))
    }

    @Test func theDestructiveActionDeletesItsRow() {
        controller.perform(.openContextMenu(at: ip(0, 0)))
        #expect(controller.perform(.chooseMenuAction(2)) == .performed)
        #expect(notes.rows == ["b", "c"])
        #expect(table.numberOfRows(inSection: 0) == 2)
        #expect(notes.log.last == "deleted a")
    }

    @Test func cancelAndOtherIntentsClose() {
        controller.perform(.openContextMenu(at: ip(0, 0)))
        #expect(controller.perform(.cancel) == .performed)
        #expect(table.contextMenu == nil)
        #expect(controller.perform(.cancel) == .refused(.nothingToCancel))
        // Any other intent closes the menu, then acts.
        controller.perform(.openContextMenu(at: ip(0, 0)))
        controller.perform(.toggleEditing)
        #expect(table.contextMenu == nil)
        #expect(table.isEditing)
        #expect(controller.perform(.openContextMenu(at: ip(0, 0))) == .refused(.busy("No menu in edit mode")))
        controller.perform(.toggleEditing)
        notes.withMenu = [0]
        #expect(controller.perform(.openContextMenu(at: ip(0, 2))) == .refused(.noMenu("c")))
        #expect(controller.perform(.openContextMenu(at: ip(0, 9))) == .refused(.noSuchTarget))
        #expect(table.contextMenu == nil)
    }

    @Test func aBatchRemapsOrClosesTheMenu() throws {
        controller.perform(.openContextMenu(at: ip(0, 2)))
        notes.rows.remove(at: 0)
        try table.deleteRows(at: [ip(0, 0)], with: .none)
        #expect(table.contextMenu?.row == ip(0, 1))
        notes.rows.remove(at: 1)
        try table.deleteRows(at: [ip(0, 1)], with: .none)
        #expect(table.contextMenu == nil)
        controller.perform(.openContextMenu(at: ip(0, 0)))
        notes.rows = []
        table.reloadData()
        #expect(table.contextMenu == nil)
    }
}
