import Foundation
import Testing
import ListDocument
import ListStorage
@testable import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// The editor's board view (docs/keys.md, "The board view"): golden screens of a Kanban file as
/// a board (wide, narrow, filtered, edit mode, mid-drag, help), and the board's keys and mouse
/// going through the list's paths: the cursor across lanes (`TableIntent.moveCursorAcross`), a
/// card dragged with the four arrows and with the mouse by its `≡`, dropped through the move
/// planner as one undo step, saved.
@MainActor
struct BoardEditorTests {
    static let folder = KanbanFileTests.folder

    /// An editor on a Kanban fixture, opened as `listedit FILE` opens it (in the board).
    static func board(_ name: String = "basic.md", width: Int = 80, height: Int = 16) throws -> Harness {
        let h = try Harness(try KanbanFileTests.text(name), name: name, width: width, height: height)
        h.editor.setView(EditorView.opening(h.editor.document, asked: nil))
        _ = h.screen   // the cursor, on the front matter (not a lane), goes to the first lane
        return h
    }

    @Test("A Kanban file shows as a board: lanes with titles and card counts, no front matter, no archive")
    func screens() throws {
        let wide = try Self.board()
        #expect(wide.editor.view == .board)
        #expect(wide.editor.tableView.laneSections == IndexSet([1, 2, 3]))
        assertGolden(wide.screen, "board-basic-wide")
        let archive = try Self.board("archive.md", width: 100)
        assertGolden(archive.screen, "board-archive")
        let nested = try Self.board("nested.md", width: 60, height: 18)
        assertGolden(nested.screen, "board-nested-narrow")
        // Narrow: the cursor's lane in view, the hidden lanes counted.
        nested.press(.right, .right, .right)
        assertGolden(nested.screen, "board-nested-narrow-scrolled")
    }

    @Test("Edit mode, a card held mid-drag, the filter and help on the board")
    func modes() throws {
        let h = try Self.board()
        h.press(.char("e"))
        assertGolden(h.screen, "board-edit")
        h.press(.char(" "), .right)
        assertGolden(h.screen, "board-dragging")
        h.press(.escape, .char("e"))
        h.press(.char("/"))
        h.type("the")
        h.press(.enter)
        assertGolden(h.screen, "board-filtered")
        h.press(.escape, .char("?"))
        assertGolden(h.screen, "board-help")
    }

    @Test("← → move the cursor across lanes, ↑ ↓ over cards and nested rows; B gives the list back, the cursor kept")
    func cursor() throws {
        let h = try Self.board("nested.md")
        let start = try #require(h.editor.tableView.focus)
        h.press(.right)
        #expect(h.editor.tableView.focus == .header(2), "the next lane, empty: its header")
        h.press(.left)
        #expect(h.editor.tableView.focus == .header(1) || h.editor.tableView.focus == start)
        // ↓ stops on a card's nested rows (Garden's).
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 1)))))
        h.press(.down)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        h.press(.char("B"))
        #expect(h.editor.view == .list)
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 1)))
        #expect(h.editor.tableView.laneSections == nil)
        // In the list ← collapses again.
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 1)))))
        h.press(.left)
        #expect(h.editor.tableView.isRowHidden(IndexPath(row: 2, section: 1)))
    }

    @Test("A card dragged with → and ↓ in edit mode lands where it shows, one undo step; Esc puts it back")
    func keyDrag() throws {
        let h = try Self.board()
        let original = try KanbanFileTests.text("basic.md")
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 1)))))   // Write the report
        h.press(.char("e"), .char(" "), .right, .escape)
        #expect(h.editor.model.sections[1].rows[0].text == "Write the report", "Esc puts it back")
        h.press(.char(" "), .right, .right, .down, .char(" "))
        // Into Done, after **Complete**, one slot down: after Buy paint; checked.
        #expect(h.editor.model.sections[3].rows.map(\.text).prefix(4) == ["**Complete**", "Buy paint", "Write the report", "Book the hall"])
        #expect(h.editor.model.sections[3].rows[2].checkbox == true)
        h.press(.char("e"), .char("s"))
        let saved = try #require(h.file)
        #expect(saved.contains("- [x] Buy paint\n- [x] Write the report\n- [x] Book the hall\n"))
        #expect(!saved.contains("Write the report\n- [ ] Call"))
        h.press(.char("u"), .char("s"))
        #expect(h.file == original)
    }

    @Test("A card dragged by its ≡ with the mouse across lanes is dropped through the move planner")
    func mouseDrag() throws {
        let h = try Self.board()
        h.press(.char("e"))
        let grid = h.grid
        // The handle of the first card of To do, and the line of Fix the bike in Doing.
        let drawn = try #require(Self.find("≡", in: grid, onLineOf: "Write the report"))
        // The cell the board's hit testing gives the handle (around where it is drawn).
        let x = try #require((drawn.x - 2...drawn.x + 1).first { h.editor.hit(x: $0, y: drawn.y) == .reorderControl(IndexPath(row: 0, section: 1)) },
                             "\(drawn) \(grid.screenshot)")
        let handle = (x: x, y: drawn.y)
        let target = try #require(Self.find("Fix the bike", in: grid))
        h.editor.send(.mouse(MouseEvent(.press, x: handle.x, y: handle.y)))
        #expect(h.editor.tableView.rowDrag != nil, "\(h.editor.statusMessage ?? "")")
        h.editor.send(.mouse(MouseEvent(.drag, x: target.x, y: target.y + 1)))
        h.editor.send(.mouse(MouseEvent(.release, x: target.x, y: target.y + 1)))
        #expect(h.editor.tableView.rowDrag == nil)
        #expect(h.editor.model.sections[2].rows.map(\.text) == ["Fix the bike", "Write the report"])
        h.press(.char("u"))
        #expect(h.editor.model.sections[1].rows[0].text == "Write the report")
    }

    @Test("A card dragged to the board's right edge steps into the hidden lanes, which scroll into view; the left edge brings it back")
    func mouseDragScrollsLanes() throws {
        let h = try Self.board(width: 50)
        h.press(.char("e"))
        var grid = h.grid
        #expect(h.editor.board.boardLayout.hiddenAfter == 1, "\(grid.screenshot)")
        let drawn = try #require(Self.find("≡", in: grid, onLineOf: "Write the report"))
        let x = try #require((drawn.x - 2...drawn.x + 1).first { h.editor.hit(x: $0, y: drawn.y) == .reorderControl(IndexPath(row: 0, section: 1)) })
        h.editor.send(.mouse(MouseEvent(.press, x: x, y: drawn.y)))
        #expect(h.editor.tableView.rowDrag != nil)
        // At the right edge: one lane over at once (Doing), then on each tick while held there.
        h.editor.send(.mouse(MouseEvent(.drag, x: 49, y: drawn.y)))
        _ = h.screen
        #expect(h.editor.tableView.rowDrag?.destination.section == 2)
        h.editor.send(.tick)
        grid = h.grid
        #expect(h.editor.tableView.rowDrag?.destination.section == 3, "\(grid.screenshot)")
        #expect(h.editor.board.boardLayout.hiddenAfter == 0 && h.editor.board.boardLayout.hiddenBefore == 1, "\(grid.screenshot)")
        #expect(Self.find("Write the report", in: grid) != nil, "the held card shows in Done: \(grid.screenshot)")
        // Away from the edge the ticks do nothing more; at the left edge it comes back to Doing.
        h.editor.send(.mouse(MouseEvent(.drag, x: 30, y: drawn.y)))
        h.editor.send(.tick)
        #expect(h.editor.tableView.rowDrag?.destination.section == 3)
        h.editor.send(.mouse(MouseEvent(.drag, x: 0, y: drawn.y)))
        _ = h.screen
        #expect(h.editor.tableView.rowDrag?.destination.section == 2)
        h.editor.send(.mouse(MouseEvent(.release, x: 0, y: drawn.y)))
        #expect(h.editor.tableView.rowDrag == nil)
        #expect(h.editor.model.sections[2].rows.map(\.text).contains("Write the report"))
        h.press(.char("u"))
        #expect(h.editor.model.sections[1].rows[0].text == "Write the report")
    }

    /// The cell where `text` starts on the line holding `line` (the line of `text` itself when nil).
    static func find(_ text: String, in grid: CellGrid, onLineOf line: String? = nil) -> (x: Int, y: Int)? {
        let lines = grid.screenshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (y, l) in lines.enumerated() where l.contains(line ?? text) {
            guard let range = l.range(of: text) else { continue }
            return (l.distance(from: l.startIndex, to: range.lowerBound), y)
        }
        return nil
    }

    @Test("Everything else works on the board as in the list: add a card, rename, toggle, delete, undo")
    func listKeys() throws {
        let h = try Self.board()
        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 2)))))   // Fix the bike
        h.press(.char("a"))
        h.type("Oil the chain")
        h.press(.enter)
        #expect(h.editor.model.sections[2].rows.map(\.text) == ["Fix the bike", "Oil the chain"])
        h.press(.char(" "))
        #expect(h.editor.model.sections[2].rows[1].checkbox == true)
        h.press(.char("d"), .char("y"))
        #expect(h.editor.model.sections[2].rows.map(\.text) == ["Fix the bike"])
        h.press(.char("u"), .char("u"), .char("u"))
        #expect(h.editor.model.sections[2].rows.map(\.text) == ["Fix the bike"])
        #expect(!h.editor.isModified)
    }

    /// `a` on the board adds a top-level card after the cursor's card, from the card or any row
    /// nested in it (it added a row nested under the card, as the list's `a` on a parent does).
    @Test("a on the board adds a top-level card after the cursor's card and its nested rows")
    func addAddsATopLevelCard() throws {
        for (row, name) in [(1, "on the card"), (2, "on a nested row"), (3, "on the last nested row")] {
            let h = try Self.board("nested.md")
            // Ideas: the passage, Garden (its two nested rows), Kitchen shelf.
            h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: row, section: 1)))))
            h.press(.char("a"))
            h.type("Top card")
            h.press(.enter)
            let rows = h.editor.model.sections[1].rows
            #expect(rows.map(\.text) == ["Cards here are only ideas.", "Garden", "dig the beds", "buy seeds", "Top card", "Kitchen shelf"], "\(name)")
            #expect(rows[4].level == 0, "\(name)")
            h.press(.char("s"))
            let saved = try #require(h.file)
            #expect(saved.contains("\t- [x] buy seeds\n- [ ] Top card\n- [ ] Kitchen shelf\n"), "\(name): \(saved)")
        }
    }
}
