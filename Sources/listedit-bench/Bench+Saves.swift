import ListDocument
import ListEditor
import TableKit
import TerminalUI

extension Bench {
    /// A save that drops an earlier version of the file past its budget, with a long undo
    /// history: the save then gives the rows undo can bring back from the version dropped their
    /// other lines (`ListDocument.finishSave`, `undoable`: the 1,000 steps' rows and the list
    /// before the save). Each save follows one added row (`a x Enter`, then `s`; only the `s`
    /// timed, the file written), on an editor whose history holds 1,000 steps (500 rows added,
    /// 500 deleted, the history's limit); beside it the same saves keeping every version. With a
    /// budget of 0 every save drops the version it writes over, which every row of the list
    /// names: the most such a save can carry.
    @MainActor
    static func measureDroppedVersions(path: String, runs: Int) throws {
        for (name, limit) in [("save (s), versions kept", Int.max), ("save (s), dropping a version", 0)] {
            var document = try ListDocument.open(path)
            document.earlierVersionsLimit = limit
            let editor = ListEditor(document: document, animations: false)
            let performer = EditorEffectPerformer()
            func send(_ keys: Key...) { for k in keys { performer.performAll(editor.handle(.key(k)), for: editor) } }
            performer.performAll(editor.start(), for: editor)
            performer.performAll(editor.handle(.resize(width: 80, height: 24)), for: editor)
            for i in 0..<1_000 {
                editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 10, section: 0)))))
                if i % 2 == 0 { send(.char("a"), .char("x"), .enter) } else { send(.char("d"), .char("y")) }
            }
            var samples: [Double] = []
            for _ in 0..<max(runs, 10) {
                editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: 10, section: 0)))))
                send(.char("a"), .char("x"), .enter)
                let t0 = now()
                send(.char("s"))
                samples.append(now() - t0)
                guard !editor.isModified else { throw BenchError.notSaved(editor.statusMessage ?? "") }
            }
            row(name, samples)
        }
    }

    enum BenchError: Error { case notSaved(String) }
}
