import Foundation
import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// docs/library-guide.md's code: its Swift blocks are `LibraryGuideCode.swift` (checked here, so a
/// doc edit that breaks the code fails), and each example runs as the guide says it does.
@MainActor
@Suite struct LibraryGuideTests {
    /// The ```swift blocks of the guide, in order, are the compiled file after its one-line header.
    @Test func theGuidesBlocksAreTheCompiledCode() throws {
        let guide = try String(contentsOf: DocumentationCode.root.appendingPathComponent("docs/library-guide.md"), encoding: .utf8)
        let code = try String(contentsOf: DocumentationCode.root.appendingPathComponent("Tests/TableRenderingTests/LibraryGuideCode.swift"), encoding: .utf8)
        let blocks = DocumentationCode.swiftBlocks(in: guide)
        #expect(blocks != nil, "an unclosed ```swift block in the guide")
        #expect(blocks?.count ?? 0 >= 10)
        #expect(DocumentationCode.body(ofCompiledFile: code) == (blocks ?? []).joined(separator: "\n\n") + "\n",
                "docs/library-guide.md and LibraryGuideCode.swift differ")
    }

    @Test func theStatesControllerPortsFromUIKit() throws {
        let states = StatesViewController(style: .insetGrouped)
        states.loadViewIfNeeded()
        // The table's one controller goes through the view controller's setEditing, as its edit button does.
        let renderer = TableRenderer(tableView: states.tableView, controller: EditController(tableViewController: states))
        renderer.animationsEnabled = false
        #expect(screen(renderer).contains("Delaware"))
        #expect(states.navigationItem.rightBarButtonItem === states.editButtonItem)
        var finished: Bool?
        try states.runBatch { finished = $0 }
        #expect(finished == true)
        #expect(screen(renderer).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(6).map { $0.trimmingCharacters(in: .whitespaces) }
            == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
        #expect(message { try states.tableView.deleteRows(at: [IndexPath(row: 7, section: 0)]) }
            == "attempt to delete row 7 from section 0 which only contains 6 rows before the update")
        // Deleting through the edit button and a row's ⊖: commit, in its conformance.
        let controller = renderer.controller
        states.editButtonItem.press()
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.handle(.char("-"))
        controller.handle(.char("y"))
        #expect(states.states.first == "Arizona")
        #expect(states.editButtonItem.title == "Done")
    }

    /// The guide's context menu and leading action on the tasks: the menu under the row, Flag
    /// disabled on a flagged task, Done and Delete run after the menu closed; `D`'s green Done.
    @Test func theTasksMenuAndLeadingAction() throws {
        let tasks = Tasks()
        let (table, renderer) = makeTaskList(tasks)
        let controller = renderer.controller
        _ = screen(renderer)
        controller.perform(.openContextMenu(at: IndexPath(row: 0, section: 0)))
        let shown = screen(renderer)
        #expect(shown.contains("┌─ Buy milk") && shown.contains("✓ Done") && shown.contains("✕ Delete"), "\(shown)")
        controller.perform(.select)
        #expect(tasks.tasks[0].done)
        #expect(table.contextMenu == nil)
        tasks.tasks[1].flagged = true
        controller.perform(.openContextMenu(at: IndexPath(row: 1, section: 0)))
        #expect(table.contextMenu?.menu.children[1].attributes == .disabled)
        controller.perform(.moveCursor(.down))
        #expect(table.contextMenu?.highlighted == 2)
        controller.perform(.confirm)
        #expect(tasks.tasks.map(\.title) == ["Buy milk", "Fix the fence"])
        #expect(!screen(renderer).contains("Call Bob"))
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        controller.perform(.beginLeadingSwipe)
        #expect(screen(renderer).contains(" Done  ☐ Fix the fence"))
        controller.perform(.beginLeadingSwipe)
        #expect(tasks.tasks[1].done)
        #expect(table.swipedRow == nil)
    }

    @Test func theShoppingListWorks() {
        let groceries = Groceries()
        let (table, renderer, controller) = makeShoppingList(groceries)
        func keys(_ keys: Key...) { for k in keys { controller.handle(k); _ = screen(renderer) } }
        _ = screen(renderer)
        keys(.char("e"))
        #expect(table.rowCounts == [4, 3])
        // The first row cannot be picked up.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        keys(.char(" "))
        #expect(table.rowDrag == nil)
        // Eggs: down past Bread and the Add item row, and into the next section: retargeted back.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        keys(.char(" "), .down, .down, .down, .down, .enter)
        #expect(groceries.rows == [["Milk", "Bread", "Eggs"], ["Screws", "Wood glue"]])
        // Add from the modal: + on the Add item row.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 1)))))
        keys(.char("+"))
        // The data source presented a text prompt; the host shows it and finishes it.
        #expect(controller.presentedPrompt?.title == "New item")
        controller.finishPrompt(with: "Nails")
        _ = screen(renderer)
        #expect(groceries.rows[1] == ["Screws", "Wood glue", "Nails"])
        // Delete with confirmation.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        keys(.char("-"), .char("y"))
        #expect(groceries.rows[1] == ["Wood glue", "Nails"])
        assertGolden(screen(renderer), "guide-shopping-list-editing")
        keys(.char("e"))
        #expect(table.rowCounts == [3, 2])
        withExtendedLifetime(groceries) {}
    }

    /// Every row picked up (if it can be) and offered every slot of every section, and a few that
    /// do not exist, then dropped: the first row is still first, and every row is still in its own
    /// section. The retarget alone never answers the first slot.
    @Test func theFirstRowStaysFirstWhateverIsDraggedWhere() {
        var drops = 0
        let shape = Groceries().rows.map(\.count)
        for sourceSection in shape.indices {
            for sourceRow in 0...shape[sourceSection] {          // the Add item row too
                for s in -1...shape.count {
                    for r in -1...(shape.indices.contains(s) ? shape[s] + 2 : 1) {
                        let groceries = Groceries()
                        let (table, renderer, controller) = makeShoppingList(groceries)
                        _ = screen(renderer)
                        controller.handle(.char("e"))
                        let source = IndexPath(row: sourceRow, section: sourceSection)
                        let proposed = IndexPath(row: r, section: s)
                        if sourceSection == 0 && sourceRow == 0 || groceries.isAddRow(source) {
                            #expect(!table.editingInfo(for: source).canMove)
                            continue
                        }
                        #expect(groceries.tableView(table, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed)
                            != IndexPath(row: 0, section: 0))
                        controller.perform(.moveCursor(.to(.row(source))))
                        controller.handle(.char(" "))
                        controller.perform(.propose(proposed))
                        controller.handle(.enter)
                        #expect(groceries.rows[0][0] == "Milk", "\(source) to \(proposed)")
                        #expect(groceries.rows.map { Set($0) } == Groceries().rows.map { Set($0) }, "\(source) to \(proposed)")
                        drops += 1
                    }
                }
            }
        }
        #expect(drops > 50)
    }

    @Test func theTaskListSelectsAndSwipes() {
        let tasks = Tasks()
        let (table, renderer) = makeTaskList(tasks)
        let controller = renderer.controller
        var screens = [screen(renderer)]
        // Enter selects: the task is ticked in the cell on screen, and nothing stays selected.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.handle(.enter)
        #expect(tasks.tasks[0].done)
        #expect(table.indexPathForSelectedRow == nil)
        screens.append(screen(renderer))
        // Swipe the third row open, choose Flag, press it.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))
        controller.handle(.char("d"))
        screens.append(screen(renderer))
        controller.handle(.left)
        controller.handle(.enter)
        #expect(tasks.tasks[2].flagged)
        screens.append(screen(renderer))
        // A full swipe performs the first action, Delete.
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        controller.handle(.char("d"))
        controller.handle(.char("d"))
        #expect(tasks.tasks.map(\.title) == ["Buy milk", "Fix the fence"])
        screens.append(screen(renderer))
        assertGolden(screens.joined(separator: "\n-----\n"), "guide-tasks")
    }

    /// The guide's filter and disclosure: the shopping list narrowed to rows with an "e", the cursor
    /// passing over hidden rows, their index paths unchanged; then a collapsed section.
    @Test func theFilterAndDisclosureWork() {
        let groceries = Groceries()
        let (table, renderer, controller) = makeShoppingList(groceries)
        _ = screen(renderer)
        filter(table, rows: groceries.rows, by: "e")
        #expect(table.filteredRows == [[1, 2], [0, 1]])      // Eggs, Bread; Screws, Wood glue
        let shown = screen(renderer)
        #expect(shown.contains("Eggs") && !shown.contains("Milk"))
        controller.perform(.moveCursor(.to(.header(0))))
        controller.handle(.down)
        #expect(table.focus == .row(IndexPath(row: 1, section: 0)))
        controller.handle(.down)
        controller.handle(.down)
        #expect(table.focus == .header(1))
        filter(table, rows: groceries.rows, by: "")
        #expect(!table.isFiltering && !table.hidesRows)
        // No row nests (levels are all 0): the disclosure does nothing; a section collapses.
        toggleDisclosure(table, at: IndexPath(row: 0, section: 0))
        #expect(table.isExpanded(IndexPath(row: 0, section: 0)))
        table.collapseSection(0)
        #expect(table.shownRowCount(inSection: 0) == 0 && table.isRowHidden(IndexPath(row: 1, section: 0)))
        withExtendedLifetime(groceries) {}
    }

    /// The guide's task list (`Tasks`, `TaskCell`) in an inset grouped table with its renderer,
    /// animations off; drive it through `renderer.controller`, the table's one controller.
    func makeTaskList(_ tasks: Tasks) -> (TableView, TableRenderer) {
        let table = TableView(style: .insetGrouped)
        table.register(TaskCell.self, forCellReuseIdentifier: "task")
        table.dataSource = tasks     // held weakly: the caller keeps `tasks`
        table.delegate = tasks
        let renderer = TableRenderer(tableView: table)
        renderer.animationsEnabled = false
        return (table, renderer)
    }
}

/// The guide's multiple selection example runs as it says.
@MainActor
@Suite struct LibraryGuideSelectionTests {
    @Test func choresSelectedDuringEditingAreDeletedInOneBatch() {
        let chores = Chores()
        let table = TableView()
        table.register(TableViewCell.self, forCellReuseIdentifier: "chore")
        table.dataSource = chores
        table.delegate = chores
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        let renderer = TableRenderer(tableView: table)
        renderer.animationsEnabled = false
        let controller = renderer.controller
        controller.perform(.tapRow(IndexPath(row: 0, section: 0)))   // refused by willSelectRowAt
        controller.perform(.tapRow(IndexPath(row: 1, section: 0)))
        controller.perform(.tapRow(IndexPath(row: 3, section: 0)))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        var grid = CellGrid(width: 30, height: 6)
        renderer.layOut(height: 6)
        renderer.render(into: &grid, top: 0, height: 6)
        #expect(grid.text.contains("● Laundry") && grid.text.contains("○ Bins"))
        chores.deleteSelected(in: table)
        #expect(chores.chores == ["Dishes", "Bins"])
        #expect(table.indexPathsForSelectedRows == nil)
        controller.perform(.cancel)
        #expect(!table.isEditing)
    }

    /// "A board": the app's data drawn as lanes, a card moved across by intents, and the screen
    /// the guide shows.
    @Test func aBoardFromTheAppsOwnData() throws {
        let tasks = TaskBoard()
        let table = TableView()
        table.dataSource = tasks
        let board = BoardRenderer(tableView: table)
        moveFirstCardAcross(board)
        #expect(tasks.lanes.map(\.cards) == [["Write the tests"], ["Plan the trip", "Draw the board"], []])
        var grid = CellGrid(width: 80, height: 8)
        board.layOut(width: 80, height: 8)
        board.render(into: &grid, top: 0, height: 8)
        let drawn = grid.lines.prefix(4).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        let guide = try String(contentsOf: DocumentationCode.root.appendingPathComponent("docs/library-guide.md"), encoding: .utf8)
        #expect(guide.contains("```text\n" + drawn + "\n```"), "the guide's board differs from\n\(drawn)")
    }
}
