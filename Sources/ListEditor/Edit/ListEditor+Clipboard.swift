import ListDocument
import TableKit
import TerminalUI

/// Copy and paste inside the editor (docs/keys.md, "Copy and paste"), in normal and edit mode:
/// `y` copies the cursor row with its nested rows (or, in edit mode, the selected rows with
/// theirs) into the editor's register; `p`/`P` paste it after/before the cursor row through the
/// paste path a terminal paste takes (`insertPasted`: checkboxes, relative levels and the items'
/// other lines kept, levels clamped where the rows land, what plain text cannot hold dropped with
/// a message). A delete puts the deleted rows in the register too, as vim does, so they can be
/// pasted back whole.
extension ListEditor {
    /// `y` (when no Delete button or yes/no prompt shows: there `y` confirms).
    func copyRows() -> KeyOutcome {
        let paths: [IndexPath]
        if hasSelection {
            // The selected rows that show (as a delete takes them), with their nested rows.
            paths = movingRows()
        } else {
            guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else { return .refused("No row to copy: the cursor is not on a row") }
            guard !document.model[p].isPassage else { return .refused("A passage is kept as the file has it: it cannot be copied") }
            paths = ([p.row] + Array(nestedRows(of: p))).map { IndexPath(row: $0, section: p.section) }
        }
        guard !paths.isEmpty else { return .refused("No row to copy") }
        keepInRegister(paths)
        say(paths.count == 1 ? "Copied 1 row" : "Copied \(paths.count) rows")
        return .changed
    }

    /// Puts rows (current space, in order) into the register as whole items: their text,
    /// checkbox, other lines (`ListDocument.otherLines`) and level relative to the least nested
    /// of them. Passages are left out.
    func keepInRegister(_ paths: [IndexPath]) {
        let rows = paths.map { document.model[$0] }.filter { !$0.isPassage }
        guard let top = rows.map(\.level).min() else { return }
        register = rows.map {
            // A row holding its item's paragraph: its first line, the paragraph's later lines
            // with its other lines (as the file will read).
            PastedRow(text: document.format == .markdown ? MarkdownText.firstLine(of: $0.text) : $0.text, level: $0.level - top, checked: $0.checkbox,
                      lines: document.otherLines(of: $0.id, text: $0.text))
        }
    }

    /// `p` (after the cursor row, as a paste goes) or `P` (before it: at its place, at its level).
    func pasteRegister(before: Bool) -> KeyOutcome {
        guard !register.isEmpty else {
            return .refused("Nothing to paste: \(keymap.hint(.copy, in: .normal)) copies a row, a delete keeps what it deleted")
        }
        controller.dismissButtons()
        guard before, case .row(let p)? = tableView.focus, !isPlaceholder(p) else {
            return insertPasted(register, at: addTarget, base: levelAfterCursor)
        }
        // Nothing goes before a first row that stays first (front matter): after it instead; nor
        // after the passages that end a Kanban lane (`addEnd`), as `O` and every move keep them.
        let row = p.row == 0 && firstRowStays(p.section) ? 1 : p.row
        let at = IndexPath(row: min(row, addEnd(p.section)), section: p.section)
        let here = document.model.sections[p.section].rows.attributes(at: p.row)
        return insertPasted(register, at: at, base: here.isPassage ? 0 : here.level)
    }
}
