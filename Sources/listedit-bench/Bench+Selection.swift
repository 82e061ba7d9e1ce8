import ListEditor
import TableKit
import TerminalUI

extension Bench {
    /// A multiple selection of 1% of the rows (10,000 of 1,000,000), spread over the whole list,
    /// selected from code in edit mode: deleted (`x`, `y`: one question, one batch) and moved
    /// (Space picks them up, `↓` one step, Space drops them: they gather there, one batch), and
    /// moved one step each (`J`: every run passes the row below it, one batch), each
    /// figure the keys' batch, model update and the first frame after it. Undo between runs
    /// (not timed).
    @MainActor
    static func measureSelection(_ editor: ListEditor, runs: Int) {
        // The effects (a recovery write after a change) performed as the run loop would.
        let performer = EditorEffectPerformer()
        func send(_ event: InputEvent) { performer.performAll(editor.handle(event), for: editor) }
        if !editor.tableView.isEditing { send(.key(.char("e"))) }
        let counts = editor.model.rowCounts
        let total = counts.reduce(0, +)
        let wanted = max(1, total / 100)
        func select() {
            var n = 0
            for (s, count) in counts.enumerated() {
                var r = 1
                while r < count && n < wanted {
                    editor.tableView.selectRow(at: IndexPath(row: r, section: s), animated: false, scrollPosition: .none)
                    n += 1
                    r += 100
                }
            }
        }
        var deletes: [Double] = [], moves: [Double] = []
        for _ in 0..<runs {
            select()
            let selected = editor.tableView.indexPathsForSelectedRows?.count ?? 0
            let t0 = now()
            send(.key(.char("x")))
            send(.key(.char("y")))
            _ = editor.render(width: 80, height: 24)
            deletes.append(now() - t0)
            precondition(editor.model.rowCounts.reduce(0, +) == total - selected, "the selection was not deleted")
            send(.key(.char("u")))
            precondition(editor.model.rowCounts == counts)
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
            precondition(editor.model.rowCounts == counts)
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
            precondition(editor.model.rowCounts == counts)
        }
        row("one step \(wanted) selected (J)", steps)
    }
}
