import Testing
import TableKit
import TerminalUI
import TestSupport
import TableRendering

/// A board's data: lanes of labels. Two leading spaces per indentation level nest a row under
/// the card above it; a label starting with `~` is a dimmed passage (its label disabled).
@MainActor
final class BoardFixture: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewDelegate {
    var lanes: [(title: String, rows: [String])]
    var asked: [IndexPath] = []

    init(_ lanes: [(String, [String])]) { self.lanes = lanes.map { ($0.0, $0.1) } }

    func numberOfSections(in tableView: TableView) -> Int { lanes.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lanes[section].rows.count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
        asked.append(p)
        let label = lanes[p.section].rows[p.row]
        let cell = textCell(label.hasPrefix("~") ? String(label.dropFirst()) : label.trimmingPrefix(while: { $0 == " " }).description)
        if label.hasPrefix("~") { cell.textLabel?.isEnabled = false }
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection s: Int) -> String? { lanes[s].title }
    func tableView(_ tableView: TableView, indentationLevelForRowAt p: IndexPath) -> Int {
        lanes[p.section].rows[p.row].prefix { $0 == " " }.count / 2
    }
    func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
        lanes[p.section].rows.remove(at: p.row)
        try? tableView.deleteRows(at: [p], with: .none)
    }
    func tableView(_ tableView: TableView, canMoveRowAt p: IndexPath) -> Bool { !lanes[p.section].rows[p.row].hasPrefix("~") }
    func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
        lanes[b.section].rows.insert(lanes[a.section].rows.remove(at: a.row), at: b.row)
    }
}

/// `BoardRenderer`: lanes side by side, cards with their nested rows, edit mode, a drag, the
/// filter, sideways and per-lane scrolling, and what the mouse hits; golden screens of each.
@MainActor
@Suite struct BoardRendererTests {
    static let tasks: [(String, [String])] = [
        ("To do", ["~Ideas for the week", "Plan the trip", "  book the train", "  find a hotel", "Write the tests"]),
        ("Doing", ["Draw the board", "Review the docs"]),
        ("Done", ["Buy a notebook"]),
    ]

    func board(_ fixture: BoardFixture, animations: Bool = false) -> BoardRenderer {
        let table = TableView()
        let board = BoardRenderer(tableView: table)
        board.animationsEnabled = animations
        table.dataSource = fixture
        table.delegate = fixture
        return board
    }

    func draw(_ board: BoardRenderer, width: Int = 80, height: Int = 10) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        board.layOut(width: width, height: height)
        board.render(into: &grid, top: 0, height: height)
        return grid
    }

    func column(of text: String, in grid: CellGrid) -> (x: Int, y: Int)? {
        for (y, line) in grid.lines.enumerated() {
            if let r = line.range(of: text) { return (line.distance(from: line.startIndex, to: r.lowerBound), y) }
        }
        return nil
    }

    @Test func wideBoardShowsEveryLaneWithTitlesCountsAndNestedRows() {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture)
        board.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        let grid = draw(board)
        assertGolden(grid.text, "board-wide")
        // The passage stays dimmed; a nested row is indented inside its card.
        let passage = column(of: "Ideas", in: grid)!
        #expect(grid[passage.x, passage.y].style.dim)
        #expect(column(of: "book the train", in: grid)!.x > column(of: "Plan the trip", in: grid)!.x)
        #expect(board.boardLayout.columns.allSatisfy { $0.count >= 24 })
    }

    @Test func narrowBoardScrollsSidewaysWithTheCursorAndCountsHiddenLanes() {
        let fixture = BoardFixture(Self.tasks + [("Later", ["Learn the cello"])])
        let board = board(fixture)
        var grid = draw(board, width: 52)
        #expect(board.boardLayout.columns.count == 2)
        #expect(grid.lines[1].hasSuffix("2 ›"))
        for _ in 0..<3 { board.controller.perform(.moveCursorAcross(.right)) }
        grid = draw(board, width: 52)
        assertGolden(grid.text, "board-narrow")
        #expect(grid.lines[1].hasPrefix("‹ 2"))
        #expect(grid.text.contains("Learn the cello"))
        // Narrower than one lane: one lane across the screen.
        grid = draw(board, width: 20)
        #expect(board.boardLayout.columns == [0..<20])
    }

    @Test func editModeShowsControlsOnCardsOnly() {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture)
        board.tableView.setEditing(true, animated: false)
        let grid = draw(board)
        assertGolden(grid.text, "board-edit")
        let nested = grid.lines.first { $0.contains("book the train") }!
        #expect(!nested.contains("⊖") && !nested.contains("≡"))
    }

    @Test func aDragMidStepSlidesTheCardsOfItsLane() {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture, animations: true)
        let clock = ManualClock()
        board.clock = clock
        board.tableView.setEditing(true, animated: false)
        board.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        board.controller.perform(.pickUp)
        _ = draw(board)
        board.controller.perform(.stepAcross(.left))
        var grid = draw(board)
        // Into another lane: drawn there at once.
        #expect(column(of: "Draw the board", in: grid)!.x < 24)
        board.controller.perform(.step(.down))
        board.controller.perform(.step(.down))
        board.controller.perform(.step(.down))
        clock.now = 0.07
        grid = draw(board)
        assertGolden(grid.text, "board-mid-drag")
        #expect(board.isAnimating)
        clock.now = 1
        grid = draw(board)
        #expect(!board.isAnimating)
        #expect(column(of: "Draw the board", in: grid)!.y == 2 + 3)
        board.controller.perform(.drop)
        #expect(fixture.lanes[0].rows[3] == "Draw the board")
        #expect(fixture.lanes[1].rows == ["Review the docs"])
    }

    @Test func filteredRowsAreNotDrawn() {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture)
        board.controller.perform(.filter(showing: [[1, 4], [], [0]]))
        let grid = draw(board)
        assertGolden(grid.text, "board-filtered")
        #expect(!grid.text.contains("Draw the board") && !grid.text.contains("book the train"))
        #expect(!grid.text.contains("Doing"))        // a lane the filter empties is hidden whole
    }

    @Test func sectionsThatAreNoLanesAreNotDrawnAndTheCursorLeavesThem() {
        let fixture = BoardFixture([("", ["~front matter"])] + Self.tasks)
        let board = board(fixture)
        board.tableView.laneSections = IndexSet(1...3)
        let grid = draw(board)
        #expect(!grid.text.contains("front matter"))
        #expect(board.tableView.focus == .row(IndexPath(row: 0, section: 1)))
        #expect(board.controller.perform(.moveCursorAcross(.left)) == .refused(.noLane(.left)))
    }

    @Test func eachLaneScrollsOnItsOwnAndResizeKeepsTheCursorInView() {
        let fixture = BoardFixture([("Long", (0..<40).map { "Card \($0)" }), ("Short", ["Alone"])])
        let board = board(fixture)
        _ = draw(board)
        for _ in 0..<19 { board.controller.perform(.moveCursor(.down)) }
        var grid = draw(board)
        #expect(grid.text.contains("Card 19") && !grid.text.contains("Card 0 "))
        #expect(grid.text.contains("Alone"))                  // the other lane did not scroll
        #expect(board.topLine(ofLane: 1) == 0)
        grid = draw(board, width: 60, height: 5)
        #expect(grid.text.contains("Card 19"))
        #expect(grid.cursor?.y == column(of: "Card 19", in: grid)!.y)
        board.scroll(by: 10)
        grid = draw(board, width: 60, height: 5)
        #expect(board.topLine(ofLane: 0) > 10)
        #expect(grid.text.contains(board.controller.name(of: { if case .row(let p)? = board.tableView.focus { return p }; return IndexPath(row: 0, section: 0) }())))
    }

    @Test func clicksHitWhatWasDrawnAndADragProposesTheSlotUnderThePointer() throws {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture)
        board.tableView.setEditing(true, animated: false)
        let grid = draw(board)
        let card = column(of: "Review the docs", in: grid)!
        #expect(board.hit(x: card.x, y: card.y) == .row(IndexPath(row: 1, section: 1)))
        #expect(board.hit(x: column(of: "Done", in: grid)!.x, y: 0) == .header(2))
        let handleX = grid.lines[card.y].distance(from: grid.lines[card.y].startIndex,
                                                  to: grid.lines[card.y][grid.lines[card.y].index(grid.lines[card.y].startIndex, offsetBy: card.x)...].firstIndex(of: "≡")!)
        #expect(board.hit(x: handleX, y: card.y) == .reorderControl(IndexPath(row: 1, section: 1)))
        #expect(board.controller.perform(.beginDrag(at: IndexPath(row: 1, section: 1))) == .performed)
        let done = column(of: "Buy a notebook", in: grid)!
        board.controller.perform(.propose(try #require(board.slot(atX: done.x, y: done.y))))
        // No frame since: the slots follow the table, where the card is held in Done now.
        let slot = board.slot(atX: done.x, y: done.y + 5)
        #expect(slot == IndexPath(row: 1, section: 2))            // below Done's cards: its end
        board.controller.perform(.propose(slot!))
        board.controller.perform(.drop)
        #expect(fixture.lanes[2].rows == ["Buy a notebook", "Review the docs"])
        #expect(board.slot(atX: 0, y: 0) == nil)                  // nothing dragged
    }

    @Test func theFirstFrameAsksOnlyForTheRowsOnScreen() {
        let fixture = BoardFixture((0..<10).map { lane in ("Lane \(lane)", (0..<10_000).map { "Card \(lane).\($0)" }) })
        let board = board(fixture)
        _ = draw(board, width: 80, height: 24)
        #expect(fixture.asked.count == 3 * 22)
    }
}
