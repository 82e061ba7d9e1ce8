import Foundation
import ListDocument
@testable import ListEditor
import TableKit
import ListStorage
import TableRendering
import TerminalUI

/// The steps `EditorSession` sends itself, as they read the screen or answer prompts: a mouse
/// drag by a row's handle, save-as; and the check of a save in plain text.
extension EditorSession {
    /// `SessionStep.mouseDrag`: `e`, the cursor row's `≡` pressed (where the last frame drew it,
    /// found by hit testing around each `≡` drawn), dragged `lines` screen lines down (up when
    /// negative) one line at a time with a frame drawn after each event as the run loop does,
    /// released, `e`. Nothing is pressed when the cursor is on a header or a row without a handle.
    static func mouseDrag(_ lines: Int, _ h: Harness) {
        let editor = h.editor
        editor.send(.key(.char("e")))
        defer { if editor.tableView.isEditing { editor.send(.key(.char("e"))) } }
        guard case .row(let path)? = editor.tableView.focus else { return }
        let screen = h.screen.split(separator: "\n", omittingEmptySubsequences: false)
        var handle: (x: Int, y: Int)?
        search: for (y, line) in screen.enumerated() {
            for (x, c) in line.enumerated() where c == "≡" {
                for hx in max(0, x - 2)...(x + 2) where editor.hit(x: hx, y: y) == .reorderControl(path) {
                    handle = (hx, y)
                    break search
                }
            }
        }
        guard let handle else { return }
        func mouse(_ kind: MouseEvent.Kind, _ y: Int) {
            editor.send(.mouse(MouseEvent(kind, x: handle.x, y: max(0, min(h.height - 1, y)))))
            _ = h.grid
        }
        mouse(.press, handle.y)
        for k in 1...max(1, abs(lines)) { mouse(.drag, handle.y + k * lines.signum()) }
        mouse(.release, handle.y + lines)
    }

    /// `SessionStep.saveAs`: Esc three times, `S`, the prefilled name erased (Ctrl-U), `path`
    /// typed, Enter, and `y` to each question (what the format cannot hold, overwriting).
    static func saveAs(_ path: String, _ editor: ListEditor) {
        for _ in 0..<3 { editor.send(.key(.escape)) }
        editor.send(.key(.char("S")))
        editor.send(.key(.ctrl("u")))
        for c in path { editor.send(.key(.char(c))) }
        editor.send(.key(.enter))
        for _ in 0..<3 where editor.keyMode == .prompt { editor.send(.key(.char("y"))) }
        if editor.keyMode == .entry { editor.send(.key(.escape)) }
    }

    /// After `s` in a file whose format cannot hold the whole list (plain text after an undo
    /// brought back sections or nesting): `y` to what it cannot hold, as a user saving there
    /// does. A Markdown file holds every list: a question there is left for the check to report.
    static func acceptLosses(_ editor: ListEditor) {
        guard editor.document.format != .markdown else { return }
        for _ in 0..<2 where editor.keyMode == .prompt { editor.send(.key(.char("y"))) }
    }

    /// The check of a save in another format than Markdown: the file, read back from the disk as
    /// the editor opens it, is the table the editor holds after the save (the list as written).
    func check(plainSave h: Harness, bytes: [UInt8], after saved: inout SavedState, step: Int) -> Failure? {
        guard let path = h.editor.document.path else { return Failure(kind: "unreadable save", step: step, detail: "the editor has no file") }
        let read: ListModel
        do { read = try ListDocument.open(path).model } catch {
            return Failure(kind: "unreadable save", step: step, detail: "\(error)")
        }
        if let difference = Self.tableDifference(shown: h.editor.model, read: read) {
            return Failure(kind: "file differs from screen", step: step,
                           detail: "\(difference)\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
        }
        saved = SavedState(bytes: bytes, model: h.editor.model, markdown: false)
        return nil
    }
}
