import ListDocument
import ListEditor
import TableKit
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

extension Bench {
    /// The filter (`/`) on the list at `path`, each figure a key press and the frame after it:
    /// the first character of a session typed at once after `/` (`/` and the key timed together:
    /// the index `/` started is built by the key's wait beside the tasks, then one scan; a new
    /// editor on the same document each run), the same typed 0.3 s after `/` (the index built in
    /// the background meanwhile), the first character after a bulk delete of 1% of the rows (the
    /// index followed the delete: one scan), the first character after an edit (the index
    /// followed the edit: one scan), the same with
    /// no edit, each next character (narrowing: only the rows that matched are scanned), a toggle
    /// and its undo with the index kept (the edit followed in it), an insert near the top (the
    /// section's folded bytes after it moved), clearing the filter (Esc), and
    /// a collapse and expand. Also the index's size per row.
    @MainActor
    static func measureFilter(path: String, runs: Int) throws {
        let document = try ListDocument.open(path)
        // The effects are performed as the run loop would (opening's recovery file included).
        let performer = EditorEffectPerformer()
        func session() -> ListEditor {
            let editor = ListEditor(document: document, animations: false)
            performer.performAll(editor.start(), for: editor)
            performer.performAll(editor.handle(.resize(width: 80, height: 24)), for: editor)
            _ = editor.render(width: 80, height: 24)
            return editor
        }
        var editor = session()
        func send(_ event: InputEvent) { performer.performAll(editor.handle(event), for: editor) }
        func timed(_ keys: [Key]) -> Double {
            let t0 = now()
            for k in keys { send(.key(k)) }
            _ = editor.render(width: 80, height: 24)
            return now() - t0
        }
        var first: [Double] = [], firstCPU: [Double] = [], paused: [Double] = [], afterDelete: [Double] = []
        var afterEdit: [Double] = [], kept: [Double] = [], narrowing: [Double] = [], cleared: [Double] = []
        var edits: [Double] = []
        var shown = 0
        for _ in 0..<runs {
            for pause in [false, true] {
                editor = session()
                editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
                if pause {
                    send(.key(.char("/")))
                    usleep(300_000)
                    paused.append(timed([.char("m")]))
                } else {
                    let c0 = cpuTime()
                    first.append(timed([.char("/"), .char("m")]))
                    firstCPU.append(cpuTime() - c0)
                }
                send(.key(.escape))
            }
        }
        // A bulk delete of 1% of the rows (selected by keys, as measureSelection selects them,
        // with their nested rows), then `/` and a key; its undo between runs.
        let counts = editor.model.rowCounts
        send(.key(.char("e")))
        for _ in 0..<runs {
            selectSpread(editor, counts: counts, wanted: max(1, counts.reduce(0, +) / 100), send: send)
            send(.key(.char("x")))
            send(.key(.char("y")))
            precondition(editor.model.rowCounts != counts, "the selection was not deleted")
            afterDelete.append(timed([.char("/"), .char("m")]))
            send(.key(.escape))
            send(.key(.char("u")))
            precondition(editor.model.rowCounts == counts)
        }
        send(.key(.escape))
        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
        for _ in 0..<runs {
            // A change (a toggle, then its undo), which the index follows.
            edits.append(timed([.char(" ")]))
            edits.append(timed([.char("u")]))
            send(.key(.char("/")))
            afterEdit.append(timed([.char("m")]))
            for c in "ilk" { narrowing.append(timed([.char(c)])) }
            send(.key(.enter))
            shown = editor.tableView.filteredRows?.reduce(0) { $0 + $1.count } ?? 0
            cleared.append(timed([.escape]))
            send(.key(.char("/")))
            kept.append(timed([.char("m")]))
            send(.key(.escape))
        }
        row("filter: / and 1st char at once", first)
        emit("(/ and 1st char at once: \(format3(stats(firstCPU).0)) ms of CPU, all threads, median)")
        row("filter: 1st char 0.3 s after /", paused)
        row("filter: / + char after bulk del", afterDelete)
        row("filter: 1st char after an edit", afterEdit)
        row("filter: 1st char again", kept)
        row("filter: next char (narrowing)", narrowing)
        row("toggle/undo, index followed", edits)
        // An insert near the top: the index moves the section's bytes after it.
        var inserts: [Double] = []
        for _ in 0..<runs {
            editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 1, section: 0)))))
            inserts.append(timed([.char("a"), .char("x"), .enter]))
            send(.key(.char("u")))
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

    /// The CPU time the process has used (every thread), in seconds (as `now()`).
    static func cpuTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
