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
        // Into another lane: it glides there from its lane (aCardSteppedAcrossLanesWhileHeldGlides).
        #expect(column(of: "Draw the board", in: grid)!.x > 27)
        clock.now = 0.5
        grid = draw(board)
        #expect(column(of: "Draw the board", in: grid)!.x < 24)
        board.controller.perform(.step(.down))
        board.controller.perform(.step(.down))
        board.controller.perform(.step(.down))
        clock.now = 0.57
        grid = draw(board)
        assertGolden(grid.text, "board-mid-drag")
        #expect(board.isAnimating)
        clock.now = 1.5
        grid = draw(board)
        #expect(!board.isAnimating)
        #expect(column(of: "Draw the board", in: grid)!.y == 2 + 3)
        board.controller.perform(.drop)
        #expect(fixture.lanes[0].rows[3] == "Draw the board")
        #expect(fixture.lanes[1].rows == ["Review the docs"])
    }

    /// A board on `tasks` with animations on and a manual clock at 0, drawn once (a move starts
    /// from what the last frame drew).
    func animatedBoard(_ fixture: BoardFixture) -> (BoardRenderer, ManualClock) {
        let board = board(fixture, animations: true)
        let clock = ManualClock()
        board.clock = clock
        _ = draw(board)
        return (board, clock)
    }

    /// The frame a board of `lanes` shows at rest, drawn without animations.
    func still(_ lanes: [(String, [String])], focus: IndexPath) -> CellGrid {
        let fixture = BoardFixture(lanes)      // (the table holds its data source weakly)
        let board = board(fixture)
        board.controller.perform(.moveCursor(.to(.row(focus))))
        return withExtendedLifetime(fixture) { draw(board) }
    }

    @Test func aCardMovedToAnotherLaneGlidesThereAndBothLanesSlide() throws {
        let fixture = BoardFixture(Self.tasks)
        let (board, clock) = animatedBoard(fixture)
        let from = try #require(column(of: "Draw the board", in: draw(board)))
        // The app moves "Draw the board" to the top of Done (as H/L, or a drop, do), cursor on it.
        var finished: [Bool] = []
        fixture.lanes[2].rows.insert(fixture.lanes[1].rows.removeFirst(), at: 0)
        try board.tableView.performBatchUpdates({
            try board.tableView.moveRow(at: IndexPath(row: 0, section: 1), to: IndexPath(row: 0, section: 2))
        }, completion: { finished.append($0) })
        board.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 2)))))
        #expect(board.isAnimating && finished.isEmpty)
        let end = still(fixture.lanes, focus: IndexPath(row: 0, section: 2))
        let to = try #require(column(of: "Draw the board", in: end))
        // A quarter of the way: the card floats right of its old lane; Doing's gap has not
        // closed yet (Review the docs still on its old line), Done's has not opened.
        clock.now = BoardRenderer.moveDuration * 0.25
        var grid = draw(board)
        let quarter = try #require(column(of: "Draw the board", in: grid))
        #expect(quarter.x > from.x && quarter.x < to.x && quarter.y == from.y)
        #expect(column(of: "Review the docs", in: grid)!.y == from.y + 1)
        #expect(column(of: "notebook", in: grid)!.y == to.y)             // (the card passes over "Buy a")
        #expect(grid.cursor?.x == quarter.x && grid.cursor?.y == quarter.y)     // the cursor travels with it
        // Three quarters: further on; Doing's cards have slid up, Done's down to make room.
        clock.now = BoardRenderer.moveDuration * 0.75
        grid = draw(board)
        let late = try #require(column(of: "Draw the board", in: grid))
        #expect(late.x > quarter.x && late.x < to.x)
        #expect(column(of: "Review the docs", in: grid)!.y == from.y)
        #expect(column(of: "Buy a notebook", in: grid)!.y == to.y + 1)
        #expect(grid.cursor?.x == late.x)
        #expect(finished.isEmpty)
        // Over: the board at rest, the completion run once, finished.
        clock.now = BoardRenderer.moveDuration
        grid = draw(board)
        #expect(grid.text == end.text)
        #expect(!board.isAnimating && finished == [true])
    }

    @Test func aMidMoveFrame() throws {
        let fixture = BoardFixture(Self.tasks)
        let (board, clock) = animatedBoard(fixture)
        fixture.lanes[1].rows.insert(fixture.lanes[0].rows.remove(at: 4), at: 1)
        try board.tableView.moveRow(at: IndexPath(row: 4, section: 0), to: IndexPath(row: 1, section: 1))
        clock.now = BoardRenderer.moveDuration * 0.5
        assertGolden(draw(board).text, "board-mid-move")
    }

    @Test func aKeyEndsTheMoveAtItsLastFrame() throws {
        let fixture = BoardFixture(Self.tasks)
        let (board, clock) = animatedBoard(fixture)
        var finished: [Bool] = []
        fixture.lanes[1].rows.append(fixture.lanes[0].rows.remove(at: 1))
        try board.tableView.performBatchUpdates({
            try board.tableView.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 2, section: 1))
        }, completion: { finished.append($0) })
        clock.now = BoardRenderer.moveDuration * 0.5
        #expect(draw(board).text != still(fixture.lanes, focus: IndexPath(row: 0, section: 0)).text)
        // What the host does on a key (and the run loop after a burst of input).
        board.settle()
        #expect(!board.isAnimating && finished == [true])
        #expect(draw(board).text == still(fixture.lanes, focus: IndexPath(row: 0, section: 0)).text)
        // Animations off: a move shows at once.
        board.animationsEnabled = false
        fixture.lanes[0].rows.append(fixture.lanes[1].rows.removeLast())
        try board.tableView.moveRow(at: IndexPath(row: 2, section: 1), to: IndexPath(row: 4, section: 0))
        #expect(!board.isAnimating)
    }

    @Test func aCardMovedWithinItsLaneSlidesPastTheOthers() throws {
        let fixture = BoardFixture(Self.tasks)
        let (board, clock) = animatedBoard(fixture)
        let before = draw(board)
        let from = try #require(column(of: "Write the tests", in: before))
        let plan = try #require(column(of: "Plan the trip", in: before))
        fixture.lanes[0].rows.insert(fixture.lanes[0].rows.remove(at: 4), at: 1)
        try board.tableView.moveRow(at: IndexPath(row: 4, section: 0), to: IndexPath(row: 1, section: 0))
        let end = still(fixture.lanes, focus: IndexPath(row: 0, section: 0))
        let to = try #require(column(of: "Write the tests", in: end))
        clock.now = BoardRenderer.moveDuration * 0.5
        let grid = draw(board)
        let mid = try #require(column(of: "Write the tests", in: grid))
        #expect(mid.x == from.x && mid.y < from.y && mid.y > to.y)
        // The card it passed stepped down; the ones it has not passed yet wait on their lines.
        #expect(column(of: "find a hotel", in: grid)!.y == from.y)
        #expect(column(of: "Plan the trip", in: grid)!.y == plan.y)
        #expect(column(of: "Plan the trip", in: end)!.y == plan.y + 1)
        clock.now = 1
        #expect(draw(board).text == end.text)
    }

    @Test func aCardSteppedAcrossLanesWhileHeldGlides() throws {
        let fixture = BoardFixture(Self.tasks)
        let board = board(fixture, animations: true)
        let clock = ManualClock()
        board.clock = clock
        board.tableView.setEditing(true, animated: false)
        board.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))
        board.controller.perform(.pickUp)
        let from = try #require(column(of: "Draw the board", in: draw(board)))
        board.controller.perform(.stepAcross(.right))
        _ = draw(board)
        clock.now = BoardRenderer.moveDuration * 0.5
        var grid = draw(board)
        let mid = try #require(column(of: "Draw the board", in: grid))
        #expect(mid.x > from.x && mid.x < 54)
        #expect(board.isAnimating)
        // A key settles it: the next frame shows the card held in Done.
        board.settle()
        grid = draw(board)
        #expect(!board.isAnimating)
        #expect(column(of: "Draw the board", in: grid)!.x > 54)
        #expect(column(of: "Review the docs", in: grid)!.y == from.y)
        board.controller.perform(.drop)
        #expect(fixture.lanes[2].rows.first == "Draw the board")
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
