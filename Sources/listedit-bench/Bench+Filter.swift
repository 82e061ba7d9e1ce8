import ListDocument
import ListEditor
import TableKit
import TerminalUI

extension Bench {
    /// The filter (`/`) on the list at `path`, each figure a key press and the frame after it:
    /// the first character typed after a change (the folded index built, then one scan of it), the
    /// first character with the index kept (one scan), each next character (narrowing: only the
    /// rows that matched are scanned), clearing it (Esc), and a collapse and expand. Also the
    /// index's size per row.
    @MainActor
    static func measureFilter(path: String, runs: Int) throws {
        let editor = ListEditor(document: try ListDocument.open(path), animations: false)
        editor.handle(.resize(width: 80, height: 24))
        _ = editor.render(width: 80, height: 24)
        func timed(_ keys: [Key]) -> Double {
            let t0 = now()
            for k in keys { editor.handle(.key(k)) }
            _ = editor.render(width: 80, height: 24)
            return now() - t0
        }
        var built: [Double] = [], kept: [Double] = [], narrowing: [Double] = [], cleared: [Double] = []
        var shown = 0
        for _ in 0..<runs {
            // A change (a toggle, then its undo) makes the index stale: the next filter builds it.
            editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
            editor.handle(.key(.char(" ")))
            editor.handle(.key(.char("u")))
            editor.handle(.key(.char("/")))
            built.append(timed([.char("m")]))
            for c in "ilk" { narrowing.append(timed([.char(c)])) }
            editor.handle(.key(.enter))
            shown = editor.tableView.filteredRows?.reduce(0) { $0 + $1.count } ?? 0
            cleared.append(timed([.escape]))
            editor.handle(.key(.char("/")))
            kept.append(timed([.char("m")]))
            editor.handle(.key(.escape))
        }
        row("filter: 1st char, index built", built)
        row("filter: 1st char, index kept", kept)
        row("filter: next char (narrowing)", narrowing)
        row("filter: clear (Esc)", cleared)
        let rows = editor.model.sections.reduce(0) { $0 + $1.rows.count }
        emit("(filter \"milk\" keeps \(shown) of \(rows) rows; index \(editor.filterIndexSize / max(1, rows)) bytes/row)")
        editor.controller.perform(.moveCursor(.to(.header(0))))
        var collapse: [Double] = []
        for _ in 0..<runs {
            collapse.append(timed([.left]))
            collapse.append(timed([.right]))
        }
        row("collapse/expand a section", collapse)
    }
}
