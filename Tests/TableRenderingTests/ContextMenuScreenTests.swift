import Testing
import TableKit
import TerminalUI
import TestSupport
import TableRendering

/// The context menu's popup and the swipe actions' colours, as drawn: golden screens, the
/// popup's place (under its row, above it at the bottom), its hit regions, and the terminal
/// colour of each app colour (none without colours).
@MainActor
@Suite struct ContextMenuScreenTests {
    /// Ten rows; every row has a menu of four actions (one disabled, one destructive), and
    /// leading actions in colours.
    final class Inbox: TableViewEditingDataSource, TableViewDelegate {
        var rows = (1...10).map { "Message \($0)" }
        var chosen: [String] = []

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row]) }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Inbox" }
        func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {}
        func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt p: IndexPath) -> ContextMenuConfiguration? {
            ContextMenuConfiguration { [unowned self] _ in
                Menu(title: rows[p.row], children: [
                    MenuAction(title: "Reply", image: "↩") { [unowned self] a in chosen.append(a.title) },
                    MenuAction(title: "Forward", image: "↪", attributes: .disabled) { [unowned self] a in chosen.append(a.title) },
                    MenuAction(title: "Flag") { [unowned self] a in chosen.append(a.title) },
                    MenuAction(title: "Delete", image: "✕", attributes: .destructive) { [unowned self] a in chosen.append(a.title) },
                ])
            }
        }
        func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
            let read = ContextualAction(style: .normal, title: "Read") { _, _, done in done(true) }
            read.backgroundColor = .systemGreen
            let pin = ContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }
            pin.backgroundColor = .systemOrange
            return SwipeActionsConfiguration(actions: [read, pin])
        }
        func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
            let more = ContextualAction(style: .normal, title: "More") { _, _, done in done(true) }
            more.backgroundColor = .systemGray
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
            return SwipeActionsConfiguration(actions: [delete, more])
        }
    }

    let inbox = Inbox()
    let view: TableRenderer

    init() {
        view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.animationsEnabled = false
        view.tableView.dataSource = inbox
        view.tableView.delegate = inbox
    }

    func render(width: Int = 40, height: Int = 12) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        view.render(into: &grid, top: 0, height: height)
        return grid
    }

    /// Each cell's app colour on line `y`: the colour's initial (`k` black), `.` for none.
    func colors(_ grid: CellGrid, line y: Int) -> String {
        let letters: [CellStyle.PaletteColor: Character] = [.black: "k", .red: "r", .green: "g", .yellow: "y", .blue: "b", .magenta: "m", .cyan: "c", .white: "w"]
        return String((0..<grid.width).map { x in grid[x, y].style.color.flatMap { letters[$0] } ?? "." })
    }

    @Test func thePopupUnderItsRow() {
        _ = render()
        view.controller.perform(.openContextMenu(at: IndexPath(row: 1, section: 0)))
        view.controller.perform(.moveCursor(.down))     // past the disabled Forward: Flag
        let grid = render()
        assertGolden(grid.screenshot, "context-menu")
        view.theme = .ascii
        assertGolden(render().screenshot, "context-menu-ascii")
        #expect(grid.cursor?.y == 6)
        // Each action's line is its hit region; the frame is the menu's.
        #expect(view.hit(x: 10, y: 6) == .menuAction(2))
        #expect(view.hit(x: 10, y: 7) == .menuAction(3))
        #expect(view.hit(x: 4, y: 3) == .menu)
        #expect(view.hit(x: 30, y: 6) == .row(IndexPath(row: 5, section: 0)))
        // The highlighted line is drawn reversed, the destructive one in the Delete button's role.
        #expect(grid[5, 6].style.reverse)
        #expect(grid[5, 7].style.role == .deleteButton)
        #expect(grid[5, 5].style.dim)
    }

    @Test func thePopupGoesAboveARowNearTheBottom() {
        _ = render()
        view.controller.perform(.openContextMenu(at: IndexPath(row: 8, section: 0)))
        let grid = render()
        let row = grid.lines.lastIndex { $0.contains("Message 9") }!     // the first is the menu's title
        let top = grid.lines.firstIndex { $0.contains("┌") }!
        #expect(top == row - 6)
        #expect(grid.lines[row - 1].contains("└"))
        #expect(grid.cursor?.y == top + 1)
    }

    /// Leading actions at the left end, trailing at the right, each in the terminal colour
    /// nearest its `backgroundColor` (green, orange as yellow, grey as white); a destructive one
    /// without a colour keeps its role. The colour map under each line shows it.
    @Test func swipeActionColours() {
        _ = render()
        view.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        view.controller.perform(.beginLeadingSwipe)
        let leading = render()
        view.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        view.controller.perform(.beginSwipe)
        let trailing = render()
        assertGolden([leading.screenshot, colors(leading, line: 1), trailing.screenshot, colors(trailing, line: 2)].joined(separator: "\n"),
                     "swipe-action-colours")
        #expect(trailing[33, 2].style.role == .deleteButton && trailing[33, 2].style.color == nil)
    }

    @Test func nearestTerminalColours() {
        let expected: [(Color, CellStyle.PaletteColor)] = [
            (.systemRed, .red), (.systemOrange, .yellow), (.systemYellow, .yellow), (.systemGreen, .green),
            (.systemTeal, .cyan), (.systemBlue, .blue), (.systemIndigo, .blue), (.systemPurple, .magenta),
            (.systemPink, .red), (.systemGray, .white), (.black, .black), (.white, .white), (.cyan, .cyan),
            (Color(red: 0.1, green: 0.1, blue: 0.12), .black),
        ]
        for (color, terminal) in expected {
            #expect(CellStyle.PaletteColor(nearest: color) == terminal, "\(color)")
        }
    }
}
