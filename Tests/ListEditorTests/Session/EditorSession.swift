import Foundation
import ListDocument
import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// Runs a sequence of `SessionStep`s over the real editor on a real file (the test harness: every
/// effect performed on the file system, no terminal) and checks, after every step, the table's
/// invariants and the level rule, and after every save that the file is what the screen shows:
/// (a) reading the saved bytes gives the editor's table; (b) cmark-gfm reads the same items,
/// nesting, lists and task states as listedit's reader (`ScanComparison`); (c) every heading,
/// list and passage no edit touched (it, and the heading or row on either side, the same as at
/// the last save) keeps its bytes, with the blank lines after it (`untouchedChange`), and so does
/// every row no edit touched inside an edited list (`untouchedRowChange`); ordered lists are
/// numbered as the lists their items come from were (`numberingViolation`); every item keeps, by
/// identity, the other lines the editor held for it, and every row shows the marks its block
/// gives (`heldDifference`). A crash step ends the
/// editor by SIGTERM and restores its recovery file in a new one: the table restored is the one
/// shown, and a save would write what the first editor's would have (`crash`). At the end,
/// undoing to the start and saving gives the bytes the last editor opened (the original, when no
/// crash), and redoing to the end and saving gives the last saved bytes. docs/reliability.md,
/// "The whole editor, at random", says what is checked and how.
@MainActor
struct EditorSession {
    /// What went wrong, at which step (`steps.count` for the checks at the end).
    struct Failure: Error, CustomStringConvertible {
        /// The check that failed: failures of the same kind are the same bug for shrinking.
        var kind: String
        var step: Int
        var detail: String
        var description: String { "\(kind) after step \(step): \(detail)" }
    }

    let name: String
    let original: String
    /// A planted fault for the crash step's own test: the recovery file loses the identities it
    /// records (its `earlier:` part, `Recovery.encodeEarlierRows`) before the new editor reads
    /// it, as a recovery without them would.
    var forgetsRowIdentities = false

    /// The file the editor edits: the one it opened, or the last one a `saveAs` step wrote.
    func bytes(_ h: Harness) -> [UInt8] { Self.bytes(h.editor) }

    /// The bytes of the file `editor` edits (none when it has none or it cannot be read).
    static func bytes(_ editor: ListEditor) -> [UInt8] {
        editor.document.path.flatMap { FileManager.default.contents(atPath: $0) }.map(Array.init) ?? []
    }

    /// The `save` steps of a run: how many saved and were checked, and the status messages of
    /// those that did not save (the document still modified after `s`).
    struct Saves {
        var checked = 0
        var notSaved: [String] = []
    }

    /// Runs `steps`; returns the first failure, or nil.
    func run(_ steps: [SessionStep]) -> Failure? {
        var saves = Saves()
        return run(steps, saves: &saves)
    }

    /// Runs `steps`, counting in `saves` the `save` steps checked and those that did not save
    /// (the save at the end is not counted: it must save); returns the first failure, or nil.
    func run(_ steps: [SessionStep], saves: inout Saves) -> Failure? {
        let h: Harness
        do { h = try Harness(original, name: name, width: 100, height: 30) } catch {
            return Failure(kind: "open", step: 0, detail: "\(error)")
        }
        // In the view `listedit FILE` opens it in: a Kanban board on the board.
        h.editor.setView(EditorView.opening(h.editor.document, asked: nil))
        var editor = h.editor
        let originalBytes = Array(original.utf8)
        // What undo to the start gives: the file as the last editor opened it, in its format.
        var startBytes = originalBytes, startFormat = editor.document.format
        var saved = SavedState(bytes: originalBytes, model: editor.model)
        for (i, step) in steps.enumerated() {
            let before = editor.model, kanban = editor.document.isKanbanBoard
            let saving = step == .save || { if case .saveAs = step { true } else { false } }()
            let held = saving ? Self.held(editor) : nil
            for event in Self.events(step, editor) { editor.send(event) }
            switch step {
            case .crash:
                if let failure = crash(h, saved: &saved, step: i) { return failure }
                editor = h.editor
                startBytes = saved.bytes
                startFormat = editor.document.format
            case .mouseDrag(let lines): Self.mouseDrag(lines, h)
            case .saveAs(let name): Self.saveAs(h.folder.path + "/" + name, editor)
            case .save: Self.acceptLosses(editor)
            default: break
            }
            // Every step starts in normal mode, as its keys assume: a step that enters edit mode
            // leaves it with `e`, but when its pickup was refused (a passage "cannot move") its
            // `Esc` already left edit mode and that `e` entered it again. Without this, the next
            // step's keys meant for normal mode (`A`, then a title whose `S` is save-as) would be
            // read as edit mode's.
            if editor.tableView.isEditing { editor.send(.key(.char("e"))) }
            if let broken = tableInvariantViolation(editor.tableView) {
                return Failure(kind: "table invariant", step: i, detail: broken)
            }
            if let broken = Self.levelRuleViolation(editor.model) {
                return Failure(kind: "level rule", step: i, detail: broken)
            }
            if step.moves, let changed = Self.checkboxChange(before: before, after: editor.model, kanban: kanban) {
                return Failure(kind: "checkbox changed by a move", step: i, detail: changed)
            }
            if saving {
                if editor.isModified {
                    // Every step starts in normal mode with no prompt open, so `s` saves unless
                    // the save refuses: a refusal is a failure (the editor holds a list it
                    // cannot write), not a save to skip.
                    saves.notSaved.append(editor.statusMessage ?? "no message")
                    return Failure(kind: "save refused", step: i, detail: editor.statusMessage ?? "no message")
                }
                saves.checked += 1
                if let failure = check(save: h, shown: before, held: held ?? Held(), after: &saved, step: i) { return failure }
            }
        }
        // The end: save, undo to the start, save; redo to the end, save.
        for _ in 0..<3 { editor.send(.key(.escape)) }
        if editor.tableView.isEditing { editor.send(.key(.char("e"))) }
        let shownAtEnd = editor.model, heldAtEnd = Self.held(editor)
        editor.send(.key(.char("s")))
        Self.acceptLosses(editor)
        if editor.isModified {
            return Failure(kind: "final save", step: steps.count, detail: "not saved: \(editor.statusMessage ?? "no message")")
        }
        if let failure = check(save: h, shown: shownAtEnd, held: heldAtEnd, after: &saved, step: steps.count) { return failure }
        let last = saved.bytes
        // In plain text a save after an undo that brings back what the format dropped writes the
        // list as written again, a new undo step: undo and redo to the ends are Markdown's.
        guard editor.document.format == .markdown else { return nil }
        // Undo as far as it goes, then redo as many steps (the redo stack may hold more: steps
        // undone during the session).
        var undone = 0
        for _ in 0..<(ListEditor.undoLimit + 10) {
            editor.send(.key(.char("u")))
            if editor.statusMessage == "Nothing to undo" { break }
            undone += 1
        }
        editor.send(.key(.char("s")))
        if startFormat == .markdown, let difference = Self.lineDifference(bytes(h), startBytes) {
            return Failure(kind: "undo to the start", step: steps.count, detail: "saved otherwise than read: \(difference)")
        }
        for _ in 0..<undone { editor.send(.key(.ctrl("r"))) }
        editor.send(.key(.char("s")))
        if let difference = Self.lineDifference(bytes(h), last) {
            return Failure(kind: "redo to the end", step: steps.count, detail: "saved otherwise than last saved: \(difference)")
        }
        return nil
    }

    /// The events `step` sends to `editor`: its keys, but in a file without sections (plain text,
    /// after a `saveAs` step) only the `A` of `addSection`, which says so: its title's keys would
    /// act as normal mode's (`S` of `Section` opens save-as).
    static func events(_ step: SessionStep, _ editor: ListEditor) -> [InputEvent] {
        if case .addSection = step, editor.document.format != .markdown { return [.key(.char("A"))] }
        return step.events
    }

    /// The crash step: the editor ends by SIGTERM (its recovery file written as the run loop
    /// writes it), a new editor opens the file and, when the first had unsaved edits, restores
    /// them (`r`), taking `h.editor`'s place. The table restored is the one shown, and a save
    /// now would write what the first editor's would have (nothing lost: an item's other lines,
    /// a passage's bytes). `saved.model` becomes the file as the new editor read it.
    func crash(_ h: Harness, saved: inout SavedState, step: Int) -> Failure? {
        let old = h.editor
        let shown = old.model, modified = old.isModified
        let wouldSave = try? old.document.serialized()
        let path = old.document.path ?? h.path
        old.end(bySignal: SIGTERM)
        if forgetsRowIdentities { Self.forgetRowIdentities(besides: path) }
        let editor: ListEditor
        do { editor = ListEditor.started(document: try ListDocument.open(path), animations: false) } catch {
            return Failure(kind: "reopen after a crash", step: step, detail: "\(error)")
        }
        editor.send(.resize(width: 100, height: 30))
        editor.setView(EditorView.opening(editor.document, asked: nil))
        h.editor = editor
        saved.model = editor.model
        if modified {
            editor.send(.key(.char("r")))
            guard editor.isModified else {
                return Failure(kind: "nothing restored", step: step, detail: editor.statusMessage ?? "no message")
            }
        }
        if let difference = Self.tableDifference(shown: shown, read: editor.model) {
            return Failure(kind: "restore differs from screen", step: step, detail: difference)
        }
        guard let wouldSave else { return nil }
        let now: [UInt8]
        do { now = try editor.document.serialized() } catch {
            return Failure(kind: "restore saves otherwise", step: step, detail: "the restored list is refused: \(error)")
        }
        if let difference = Self.lineDifference(now, wouldSave) {
            return Failure(kind: "restore saves otherwise", step: step, detail: difference)
        }
        return nil
    }

    /// The planted fault of `forgetsRowIdentities`: each recovery file of `document` without its
    /// header's `earlier:` line (the part stays, unread).
    static func forgetRowIdentities(besides document: String) {
        for file in Recovery.pending(for: document) {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            var bytes = Array(data)
            let header = bytes.firstRange(of: Array("\n\n".utf8))?.lowerBound ?? bytes.count
            guard let line = bytes[..<header].firstRange(of: Array("\nearlier: ".utf8)),
                  let end = bytes[line.upperBound...].firstIndex(of: 0x0A) else { continue }
            bytes.removeSubrange(line.lowerBound..<end)
            try? Data(bytes).write(to: URL(fileURLWithPath: file.path))
        }
    }

    /// The file and the editor's table at the last save.
    struct SavedState {
        var bytes: [UInt8]
        /// The editor's model right after the save (its rows read back from `bytes`).
        var model: ListModel
        /// Whether `bytes` are Markdown (the checks that compare two saves need two).
        var markdown = true
    }

    /// The checks after a save step that saved (`held`: what the editor held before it).
    func check(save h: Harness, shown: ListModel, held: Held, after saved: inout SavedState, step: Int) -> Failure? {
        let bytes = self.bytes(h)
        guard h.editor.document.format == .markdown, let name = h.editor.document.path?.split(separator: "/").last.map(String.init) else {
            return check(plainSave: h, bytes: bytes, after: &saved, step: step)
        }
        let read: ListModel
        do { read = try MarkdownFormat.read(bytes, name: name).model } catch {
            return Failure(kind: "unreadable save", step: step, detail: "\(error)")
        }
        // The table as shown is the model before the save (the save reads the file back).
        if let difference = Self.tableDifference(shown: shown, read: read) {
            return Failure(kind: "file differs from screen", step: step,
                           detail: "\(difference)\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        do {
            let problems = try ScanComparison.differences(bytes)
            if !problems.isEmpty {
                return Failure(kind: "cmark-gfm reads otherwise", step: step,
                               detail: problems.prefix(4).joined(separator: "; ") + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
            }
        } catch {
            return Failure(kind: "cmark-gfm", step: step, detail: "\(error)")
        }
        if let difference = Self.heldDifference(held, new: bytes) {
            return Failure(kind: "file differs from what the editor held", step: step,
                           detail: difference + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        if let bad = Self.kanbanEndViolation(bytes) {
            return Failure(kind: "Kanban lane ends", step: step, detail: bad + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        // The checks below compare this save with the last: both Markdown.
        guard saved.markdown else {
            saved = SavedState(bytes: bytes, model: h.editor.model)
            return nil
        }
        if let bad = Self.markerChange(old: saved, shown: shown, new: bytes) {
            return Failure(kind: "marker changed", step: step, detail: bad + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        if let bad = Self.numberingViolation(old: saved, shown: shown, new: bytes) {
            return Failure(kind: "numbering", step: step, detail: bad + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        if let changed = Self.untouchedChange(old: saved, shown: shown, new: bytes) {
            return Failure(kind: "untouched bytes changed", step: step, detail: changed)
        }
        if let changed = Self.untouchedRowChange(old: saved, shown: shown, new: bytes) {
            return Failure(kind: "untouched row changed", step: step,
                           detail: changed + "\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        saved = SavedState(bytes: bytes, model: h.editor.model)
        return nil
    }
}
