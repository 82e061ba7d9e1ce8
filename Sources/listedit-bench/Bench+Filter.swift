import ListDocument
import ListEditor
import TableKit
import TerminalUI

extension Bench {
    /// The filter (`/`) on the list at `path`, each figure a key press and the frame after it:
    /// the first character ever typed (the folded index built, then one scan of it; one sample),
    /// the first character after an edit (the index followed the edit: one scan), the same with
    /// no edit, each next character (narrowing: only the rows that matched are scanned), a toggle
    /// and its undo with the index kept (the edit followed in it), an insert near the top (the
    /// section's folded bytes after it moved), clearing the filter (Esc), and
    /// a collapse and expand. Also the index's size per row.
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
        var first: [Double] = [], afterEdit: [Double] = [], kept: [Double] = [], narrowing: [Double] = [], cleared: [Double] = []
        var edits: [Double] = []
        var shown = 0
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        editor.handle(.key(.char("/")))
        first.append(timed([.char("m")]))
        editor.handle(.key(.escape))
        for _ in 0..<runs {
            // A change (a toggle, then its undo), which the index follows.
            edits.append(timed([.char(" ")]))
            edits.append(timed([.char("u")]))
            editor.handle(.key(.char("/")))
            afterEdit.append(timed([.char("m")]))
            for c in "ilk" { narrowing.append(timed([.char(c)])) }
            editor.handle(.key(.enter))
            shown = editor.tableView.filteredRows?.reduce(0) { $0 + $1.count } ?? 0
            cleared.append(timed([.escape]))
            editor.handle(.key(.char("/")))
            kept.append(timed([.char("m")]))
            editor.handle(.key(.escape))
        }
        row("filter: 1st char, index built", first)
        row("filter: 1st char after an edit", afterEdit)
        row("filter: 1st char again", kept)
        row("filter: next char (narrowing)", narrowing)
        row("toggle/undo, index followed", edits)
        // An insert near the top: the index moves the section's bytes after it.
        var inserts: [Double] = []
        for _ in 0..<runs {
            editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
            inserts.append(timed([.char("a"), .char("x"), .enter]))
            editor.handle(.key(.char("u")))
        }
        row("insert, index followed", inserts)
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
