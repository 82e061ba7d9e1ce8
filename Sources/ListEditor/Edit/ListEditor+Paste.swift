import ListDocument
import TableKit
import ListStorage
import TerminalUI

/// Pasted text (the terminal's bracketed paste): text, never keys (docs/keys.md, "Pasting").
/// In normal or edit mode, or into an add modal, each non-blank line becomes a row after the
/// cursor (list markers stripped, `PastedRow`), keeping its checkbox and its indentation relative
/// to the least-indented line, one batch and one undo step; a rename or any other one-line entry takes a
/// single line and refuses more.
extension ListEditor {
    func paste(_ text: String) {
        if mode.showsHelp { endMode() }
        if mode.prompt != nil { say("Answer the question first: the paste was not used", error: true); return }
        if mode.entry != nil { pasteIntoEntry(text); return }
        if readOnly { tell(readOnlyRefusal); return }
        switch tableView.interaction {
        case .draggingRow, .draggingSection:
            say("Drop the row or put it back first: the paste was not used", error: true)
            return
        default:
            controller.dismissButtons()
        }
        let rows = PastedRow.rows(from: text)
        guard !rows.isEmpty else { say("Nothing to paste: the pasted text is blank"); return }
        insertPasted(rows, at: addTarget, base: levelAfterCursor)
    }

    /// Inserts pasted rows at `target` (final space), one undo step, and says how many (and what
    /// the file could not hold); where no row may go (`addRefusal`), says why and inserts none.
    /// With `typed` (rows pasted into an add modal), lines without any checkbox are taken as
    /// typed there: next to a task, each Markdown row gets an open one (`typedRow`). Pasted text
    /// that has checkboxes on some lines keeps them as it has them.
    @discardableResult
    func insertPasted(_ pasted: [PastedRow], at target: IndexPath, base: Int, typed: Bool = false) -> KeyOutcome {
        if let why = addRefusal(into: target.section) {
            say(why)
            return .failed
        }
        var (rows, dropped) = rowsForPaste(pasted, at: target, base: base)
        if typed, document.format == .markdown, pasted.allSatisfy({ $0.checked == nil }), let first = rows.first,
           target.section < document.model.sections.count,
           document.model.sections[target.section].rows.neighbourIsTask(level: first.level, above: target.row - 1, below: target.row) {
            for k in rows.indices where rows[k].checkbox == nil { rows[k].checkbox = false }
        }
        insertRows(rows, at: target)
        let count = rows.count == 1 ? "Pasted 1 row" : "Pasted \(rows.count) rows"
        say(dropped.map { "\(count) (plain text: \($0) dropped)" } ?? count)
        return .changed
    }

    /// The level a row added after the cursor takes before clamping: the cursor row's, or one
    /// more when the cursor row has nested rows (the new row becomes the first of them); 0 on a
    /// header, a passage or a placeholder.
    var levelAfterCursor: Int {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p), p.section < document.model.sections.count,
              p.row < realCount(p.section) else { return 0 }
        let rows = document.model.sections[p.section].rows
        let here = rows.attributes(at: p.row)
        guard !here.isPassage else { return 0 }
        // A collapsed row: the new rows go after what it hides, at its level.
        if p.row + 1 < rows.count, !isCollapsedWithRows(p) {
            let next = rows.attributes(at: p.row + 1)
            if !next.isPassage && next.level > here.level { return here.level + 1 }
        }
        return here.level
    }

    /// New rows for pasted ones landing at `target` (final space, in the list before the insert):
    /// each keeps its checkbox; its level is `base` plus its level relative to the least-indented pasted
    /// line, clamped as a moved row's is (between 0 and one more than the row above; 0 at the top
    /// of a section and after a passage); a copied item's other lines go with it (`carry`). Plain
    /// text holds neither levels, open checkboxes nor other lines:
    /// they are dropped (a checked row keeps todo.txt's `x `), and `dropped` names what was
    /// (`nesting, open checkboxes and other lines`).
    func rowsForPaste(_ pasted: [PastedRow], at target: IndexPath, base: Int) -> (rows: [ListModel.Row], dropped: String?) {
        let plain = document.format == .plainText
        var above: Int?   // the level of the row above, nil at the top of a section or after a passage
        if target.section < document.model.sections.count, target.row > 0 {
            let a = document.model.sections[target.section].rows.attributes(at: target.row - 1)
            above = a.isPassage ? nil : a.level
        }
        var levelsDropped = false, boxesDropped = false, linesDropped = false
        var rows: [ListModel.Row] = []
        for row in pasted {
            var attributes = ListModel.Row.Attributes(checkbox: row.checked)
            if plain {
                levelsDropped = levelsDropped || row.level > 0 || base > 0
                if row.checked == false { attributes.checkbox = nil; boxesDropped = true }
            } else {
                attributes.level = max(0, min(base + row.level, RowList.levelCap(below: above)))
            }
            above = attributes.level
            let new = document.model.makeRow(row.text, attributes: attributes)
            if let lines = row.lines {
                if plain { linesDropped = true } else { document.carry(lines, to: new.id) }
            }
            rows.append(new)
        }
        let dropped = [levelsDropped ? "nesting" : nil, boxesDropped ? "open checkboxes" : nil, linesDropped ? "other lines" : nil].compactMap { $0 }
        guard let last = dropped.last else { return (rows, nil) }
        return (rows, dropped.count == 1 ? last : dropped.dropLast().joined(separator: ", ") + " and " + last)
    }

    /// A paste while the text entry shows: one line goes into the line at its cursor (a list
    /// item's checkbox as `[ ] `/`[x] `, which the add modal reads back); several lines become
    /// rows when the entry adds rows (the typed text with the first line is the first row), and
    /// are refused otherwise. Text that goes into the line acts as typed: the line's change
    /// handler runs (the filter narrows at once).
    func pasteIntoEntry(_ text: String) {
        let lines = PastedRow.lines(of: text).filter { !$0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { return }
        guard let entry = mode.entry else { return }
        if entry.kind.takesRows {
            let rows = PastedRow.rows(from: text)
            guard var head = rows.first else { return }
            let typedBefore = entry.text.line.string
            let box = typedBefore.isEmpty ? Self.checkboxPrefix(head.checked) : ""
            editEntry { line in for c in box + head.text { line.apply(.insert(c)) } }
            guard rows.count > 1 else { entryLineChanged(); return }
            // The whole line (typed text, then the first pasted line) is the first row.
            let (checked, text) = Self.splitCheckbox(mode.entry?.text.line.string ?? head.text)
            head.text = text
            head.checked = checked ?? head.checked
            endMode()     // the entry closes without its own row: the rows are it
            enteredRows(entry.kind, [head] + rows.dropFirst())
            return
        }
        guard lines.count == 1 else {
            say("\(entry.text.title) takes one line: the paste has \(lines.count)", error: true)
            return
        }
        editEntry { line in for c in first { line.apply(.insert(c)) } }
        entryLineChanged()
    }

    /// The entry's line changed, as a typed character changes it: the filter narrows at once
    /// (the other entries act only when they close).
    func entryLineChanged() {
        if let entry = mode.entry, entry.kind == .filter { applyFilter(entry.text.line.string) }
    }
}
