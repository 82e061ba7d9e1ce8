import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// What the view asks its data source and delegate, and its animations.
@MainActor
@Suite struct TableViewBehaviourTests {
    /// A million rows: the data source is asked only about the rows on screen.
    @Test func millionRowsAskOnlyForVisibleRows() {
        final class Counting: TableViewDataSource {
            var cells = 0, counts = 0
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts += 1; return 1_000_000 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { cells += 1; return textCell("Row \(p.row)") }
        }
        let source = Counting()
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.tableView.dataSource = source
        var grid = CellGrid(width: 40, height: 20)
        view.layOut(height: 20)
        view.render(into: &grid, top: 0, height: 20)
        #expect(source.cells <= 20)
        source.cells = 0
        EditController(tableView: view.tableView).perform(.moveCursor(.last))
        view.layOut(height: 20)
        view.render(into: &grid, top: 0, height: 20)
        #expect(source.cells <= 20)
        #expect(grid.lines.contains { $0.contains("Row 999999") })
        #expect(source.counts == 1)
    }

    /// Entering edit mode asks, per visible row: canEdit, editingStyle, shouldIndent, canMove;
    /// rows scrolling in are asked then; rows already asked are not asked again.
    @Test func editingQueriesFollowUIKitOrderForVisibleRowsOnly() {
        let fixture = Fixture([("A", (0..<30).map { "r\($0)" })])
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        _ = draw(view, height: 5)
        fixture.log = []
        view.tableView.setEditing(true, animated: false)
        // Five lines: the header and four rows.
        #expect(fixture.log == (0..<4).flatMap { r in
            ["canEdit [0, \(r)]", "style [0, \(r)]", "indent [0, \(r)]", "canMove [0, \(r)]"]
        })
        fixture.log = []
        _ = draw(view, height: 5)
        #expect(fixture.log.isEmpty)
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 5, section: 0)))))
        _ = draw(view, height: 5)
        // The cursor on row 5 scrolls rows 3...7 into view (a margin of two lines below it);
        // only rows 4...7 are new.
        #expect(fixture.log == (4...7).flatMap { r in
            ["canEdit [0, \(r)]", "style [0, \(r)]", "indent [0, \(r)]", "canMove [0, \(r)]"]
        })
    }

    @Test func noReorderingDataSourceMeansNoHandles() {
        final class Plain: TableViewEditingDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("row \(p.row)") }
            func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {}
        }
        let source = Plain()
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.tableView.dataSource = source
        view.tableView.setEditing(true, animated: false)
        let text = draw(view, height: 5).text
        #expect(!text.contains("≡"))
        #expect(text.contains("⊖ row 0"))
    }

    /// A data source that does not commit shows no delete or insert controls (they would do
    /// nothing) and does not indent its rows; one that reorders still shows its handles.
    @Test func noCommitMeansNoEditingControls() {
        final class Reorder: TableViewReorderingDataSource, TableViewDelegate {
            var asked = false
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("row \(p.row)") }
            func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {}
            func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
                asked = true
                return .delete
            }
        }
        let source = Reorder()
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.tableView.dataSource = source
        view.tableView.delegate = source
        view.tableView.setEditing(true, animated: false)
        let text = draw(view, height: 5).text
        #expect(!text.contains("⊖") && !text.contains("⊕"))
        #expect(text.contains("  row 0") && text.contains("≡"))
        #expect(!source.asked)
        let controller = EditController(tableView: view.tableView)
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.handle(.char("-"))
        #expect(view.tableView.deleteConfirmation == nil)
    }

    /// A swiped row's buttons at its right end, first rightmost, a destructive one red, the focused
    /// one underlined when there are several; clicks land on them; no editing controls show.
    @Test func swipeButtons() throws {
        final class Source: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewDelegate {
            var performed: [String] = []
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("Message \(p.row)") }
            func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {}
            func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {}
            func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt p: IndexPath) -> SwipeActionsConfiguration? {
                SwipeActionsConfiguration(actions: ["Delete", "Flag", "More"].enumerated().map { i, title in
                    ContextualAction(style: i == 0 ? .destructive : .normal, title: title) { [unowned self] _, _, done in
                        performed.append(title)
                        done(true)
                    }
                })
            }
        }
        let source = Source()
        let view = TableRenderer(tableView: TableView(style: .insetGrouped))
        view.tableView.dataSource = source
        view.tableView.delegate = source
        let controller = EditController(tableView: view.tableView)
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        controller.handle(.char("d"))
        controller.handle(.left)
        let grid = draw(view, width: 40, height: 5)
        assertGolden(grid.screenshot, "swipe-buttons")
        let line = grid.lines[2]
        let delete = try #require(line.range(of: "Delete")), flag = try #require(line.range(of: "Flag"))
        let deleteX = line.distance(from: line.startIndex, to: delete.lowerBound)
        let flagX = line.distance(from: line.startIndex, to: flag.lowerBound)
        #expect(grid[deleteX, 2].style.role == .deleteButton && !grid[deleteX, 2].style.underline)
        #expect(grid[flagX, 2].style.role == .actionButton && grid[flagX, 2].style.underline)
        #expect(view.hit(x: flagX, y: 2) == .swipeAction(IndexPath(row: 1, section: 0), 1))
        #expect(view.hit(x: 5, y: 2) == .row(IndexPath(row: 1, section: 0)))
        controller.perform(.performSwipeAction(2))
        #expect(source.performed == ["More"])
        #expect(view.tableView.swipedRow == nil)
    }

    /// Each animation's frames, stepped with a manual clock: leaving rows first (from the last
    /// frame), then arriving ones, then the final screen; completions run once, at the end.
    @Test(arguments: TableView.RowAnimation.allCases)
    func animationFrames(_ kind: TableView.RowAnimation) throws {
        let fixture = Fixture([("A", ["one", "two", "three"])])
        let view = makeView(fixture, animations: true)
        defer { withExtendedLifetime(fixture) {} }
        let clock = ManualClock()
        view.clock = clock
        _ = draw(view, width: 24, height: 6)
        fixture.sections[0].rows.remove(at: 1)
        fixture.sections[0].rows.insert("new", at: 0)
        var finished: [Bool] = []
        try view.tableView.performBatchUpdates({
            try view.tableView.deleteRows(at: [IndexPath(row: 1, section: 0)], with: kind)
            try view.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: kind)
        }, completion: { finished.append($0) })
        var frames: [String] = []
        for t in [0.0, 0.045, 0.09, 0.135, 0.2] {
            clock.now = t
            frames.append(draw(view, width: 24, height: 6).text)
        }
        #expect(finished == [true])
        #expect(!view.isAnimating)
        assertGolden(frames.joined(separator: "\n-----\n"), "animation-\(kind.rawValue)")
    }

    /// `moveRow` and `moveSection` from code slide: the moved row passes through the lines
    /// between, the rows it passes shift, and the last frame is the final screen. Completions run
    /// once, at the end.
    @Test func codeDrivenMovesSlide() throws {
        let fixture = Fixture([("A", ["one", "two", "three", "four"]), ("B", ["five"])])
        let view = makeView(fixture, animations: true)
        defer { withExtendedLifetime(fixture) {} }
        let clock = ManualClock()
        view.clock = clock
        _ = draw(view, width: 24, height: 11)
        var finished: [Bool] = []
        fixture.sections[0].rows.insert(fixture.sections[0].rows.remove(at: 0), at: 3)
        try view.tableView.performBatchUpdates({
            try view.tableView.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        }, completion: { finished.append($0) })
        var frames: [String] = []
        var linesOfOne: [Int] = []
        for t in [0.0, 0.05, 0.1, 0.149, 0.2, 0.3] {
            clock.now = t
            let grid = draw(view, width: 24, height: 11)
            frames.append(grid.text)
            linesOfOne.append(grid.lines.firstIndex { $0.contains("one") } ?? -1)
        }
        #expect(linesOfOne == [1, 2, 3, 4, 4, 4])
        #expect(finished == [true])
        // A section moved below the next one slides too.
        fixture.sections.swapAt(0, 1)
        try view.tableView.moveSection(0, toSection: 1)
        for t in [0.3, 0.375, 0.6] {
            clock.now = t
            frames.append(draw(view, width: 24, height: 11).text)
        }
        assertGolden(frames.joined(separator: "\n-----\n"), "slide-moves")
        #expect(!view.isAnimating)
    }

    @Test func aKeyPressOrANewBatchEndsAnAnimation() throws {
        let fixture = Fixture([("A", ["one", "two"])])
        let view = makeView(fixture, animations: true)
        defer { withExtendedLifetime(fixture) {} }
        view.clock = ManualClock()
        _ = draw(view)
        var results: [Bool] = []
        fixture.sections[0].rows.append("three")
        try view.tableView.performBatchUpdates({ try view.tableView.insertRows(at: [IndexPath(row: 2, section: 0)]) }, completion: { results.append($0) })
        fixture.sections[0].rows.append("four")
        try view.tableView.performBatchUpdates({ try view.tableView.insertRows(at: [IndexPath(row: 3, section: 0)]) }, completion: { results.append($0) })
        #expect(results == [false])          // cut short by the next update
        view.finishAnimations()              // what a key press does
        #expect(results == [false, true])
    }

    @Test func dragDisplaysTheRowAtItsDestination() {
        let fixture = Fixture(groceries)
        let view = makeView(fixture)
        defer { withExtendedLifetime(fixture) {} }
        view.tableView.setEditing(true, animated: false)
        let controller = EditController(tableView: view.tableView)
        EditController(tableView: view.tableView).perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.perform(.pickUp)
        controller.perform(.propose(IndexPath(row: 1, section: 1)))
        #expect(view.tableView.rowDrag?.destination == IndexPath(row: 1, section: 1))
        assertGolden(draw(view).screenshot, "drag-across-sections")
    }
}
