import ListEditor
import TableKit
import ListStorage
import TerminalUI

extension Bench {
    /// A multiple selection of 1% of the rows (10,000 of 1,000,000), spread over the whole list,
    /// selected as a user selects them (`selectSpread`: the cursor on the row, `v`), so never a
    /// passage or an `Add item` row; each selected row carries its nested rows, so on
    /// real-shaped Markdown more rows go than are selected (`carriedCount`): deleted (`x`, `y`:
    /// one question, one batch) and moved
    /// (Space picks them up, `↓` one step, Space drops them: they gather there, one batch), and
    /// moved one step each (`J`: every run passes the row below it, one batch), each
    /// figure the keys' batch, model update and the first frame after it. Undo between runs
    /// (not timed), checked to give every row back as it was.
    @MainActor
    static func measureSelection(_ editor: ListEditor, runs: Int) {
        // The effects (a recovery write after a change) performed as the run loop would.
        let performer = EditorEffectPerformer()
        func send(_ event: InputEvent) { performer.performAll(editor.handle(event), for: editor) }
        if !editor.tableView.isEditing { send(.key(.char("e"))) }
        let counts = editor.model.rowCounts
        let before = editor.model
        let total = counts.reduce(0, +)
        let wanted = max(1, total / 100)
        func select() { selectSpread(editor, counts: counts, wanted: wanted, send: send) }
        var deletes: [Double] = [], moves: [Double] = []
        for _ in 0..<runs {
            select()
            let carried = carriedCount(editor.model, editor.tableView.indexPathsForSelectedRows ?? [])
            let t0 = now()
            send(.key(.char("x")))
            send(.key(.char("y")))
            _ = editor.render(width: 80, height: 24)
            deletes.append(now() - t0)
            let left = editor.model.rowCounts.reduce(0, +)
            precondition(left == total - carried, "the selection (with its nested rows) was not deleted: \(total) rows, \(carried) selected with their nested rows, \(left) left; the editor says \(editor.statusMessage ?? "nothing")")
            send(.key(.char("u")))
            precondition(editor.model == before, "undo did not give every row back")
        }
        row("delete \(wanted) selected (x, y)", deletes)
        for _ in 0..<runs {
            select()
            let t0 = now()
            send(.key(.char(" ")))
            send(.key(.down))
            send(.key(.char(" ")))
            _ = editor.render(width: 80, height: 24)
            moves.append(now() - t0)
            precondition(editor.tableView.rowDrag == nil && editor.isModified, "the selection did not move")
            send(.key(.char("u")))
            send(.key(.escape))
            precondition(editor.model == before, "undo did not give every row back")
        }
        row("move \(wanted) selected (space ↓ space)", moves)
        var steps: [Double] = []
        for _ in 0..<runs {
            select()
            let t0 = now()
            send(.key(.char("J")))
            _ = editor.render(width: 80, height: 24)
            steps.append(now() - t0)
            precondition(editor.isModified, "the selection did not move one step")
            send(.key(.char("u")))
            send(.key(.escape))
            precondition(editor.model == before, "undo did not give every row back")
        }
        row("one step \(wanted) selected (J)", steps)
    }

    /// Selects `wanted` rows spread over the list (rows 1, 101, 201… of each section, current
    /// space, as `counts` gives them) as a user does in edit mode: the cursor on the row, then
    /// `v`. A row `v` refuses (a passage, an `Add item` row) is not selected: the next row is
    /// tried instead. Rows already selected stay selected.
    ///
    /// - Complexity: O(wanted) key presses, plus the rows refused (`isRowSelected`, not the
    ///   sorted `indexPathsForSelectedRows`, which made selecting 10,000 rows take minutes).
    @MainActor
    static func selectSpread(_ editor: ListEditor, counts: [Int], wanted: Int, send: (InputEvent) -> Void) {
        var n = 0
        for (s, count) in counts.enumerated() {
            var r = 1
            while r < count && n < wanted {
                let p = IndexPath(row: r, section: s)
                if !editor.tableView.isRowSelected(p) {
                    editor.controller.perform(.moveCursor(.to(.row(p))))
                    send(.key(.char("v")))
                }
                if editor.tableView.isRowSelected(p) {
                    n += 1
                    r += 100
                } else {
                    r += 1   // refused: a passage; the next row instead
                }
            }
        }
    }

    /// How many rows a delete of the `selected` rows (current space) takes: each with its
    /// nested rows (the rows after it with a greater level, up to the first passage:
    /// docs/keys.md, "Nested rows"), a row nested under another selected one counted once.
    ///
    /// - Complexity: O(s log s + the rows counted) for s selected rows.
    static func carriedCount(_ model: ListModel, _ selected: [IndexPath]) -> Int {
        var n = 0
        var covered: (section: Int, end: Int)?
        for p in selected.sorted() {
            if let c = covered, c.section == p.section, p.row < c.end { continue }
            let level = model[p].level
            var end = p.row + 1
            let count = model.sections[p.section].rows.count
            while end < count {
                let row = model[IndexPath(row: end, section: p.section)]
                if row.isPassage || row.level <= level { break }
                end += 1
            }
            n += end - p.row
            covered = (p.section, end)
        }
        return n
    }
}
