import TableKit
import TerminalUI

/// Pasted text (the terminal's bracketed paste): text, never keys (docs/keys.md, "Pasting").
/// In normal or edit mode, or into an add modal, each non-blank line becomes a row after the
/// cursor (list markers stripped, `PastedRow`), one batch and one undo step; a rename or any
/// other one-line entry takes a single line and refuses more.
extension ListEditor {
    func paste(_ text: String) {
        showsHelp = false
        if prompt != nil { say("Answer the question first: the paste was not used", error: true); return }
        if entry != nil { pasteIntoEntry(text); return }
        if readOnly { refuseReadOnly(); return }
        switch tableView.interaction {
        case .draggingRow, .draggingSection:
            say("Drop the row or put it back first: the paste was not used", error: true)
            return
        case .confirmingDelete, .swiped:
            controller.perform(.cancel)
        default:
            break
        }
        let rows = PastedRow.rows(from: text)
        guard !rows.isEmpty else { say("Nothing to paste: the pasted text is blank"); return }
        insertRows(rows.map(\.text), at: addTarget)
        say(rows.count == 1 ? "Pasted 1 row" : "Pasted \(rows.count) rows")
    }

    /// A paste while the text entry shows: one line goes into the line at its cursor; several
    /// lines become rows when the entry adds rows (the typed text with the first line is the
    /// first row), and are refused otherwise.
    func pasteIntoEntry(_ text: String) {
        let lines = PastedRow.lines(of: text).filter { !$0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { return }
        if let entryRows {
            let rows = PastedRow.rows(from: text).map(\.text)
            guard rows.count > 1 else {
                for c in rows.first ?? "" { entry?.line.apply(.insert(c)) }
                return
            }
            for c in rows[0] { entry?.line.apply(.insert(c)) }
            let typed = entry?.line.string ?? rows[0]
            finishEntry(nil)
            entryRows([typed] + rows.dropFirst())
            say("Pasted \(rows.count) rows")
            return
        }
        guard lines.count == 1 else {
            say("\(entry?.title ?? "This") takes one line: the paste has \(lines.count)", error: true)
            return
        }
        for c in first.drop(while: { $0 == " " || $0 == "\t" }) { entry?.line.apply(.insert(c)) }
    }
}
