import ListDocument
import TableKit
import ListStorage
import TerminalUI

/// Adding, renaming and toggling rows and sections: the modal text entries and the batches they
/// end in.
extension ListEditor {
    /// Where a row added after the cursor goes (the top of a section when on its header, below
    /// a first row that stays first, such as front matter; after the rows a collapsed row hides;
    /// never after the passages that end a Kanban lane, `addEnd`).
    var addTarget: IndexPath {
        switch tableView.focus {
        case .row(let p)?:
            if !isPlaceholder(p), isCollapsedWithRows(p) { return IndexPath(row: nestedRows(of: p).upperBound, section: p.section) }
            return IndexPath(row: min(p.row + 1, addEnd(p.section)), section: p.section)
        case .header(let s)?: return IndexPath(row: firstRowStays(s) ? 1 : 0, section: s)
        case nil: return IndexPath(row: firstRowStays(0) ? 1 : 0, section: 0)
        }
    }

    /// The card (a row at level 0, current space) that holds the cursor's row, itself or one
    /// it is nested in; nil on a header, a passage or an `Add item` row.
    ///
    /// - Complexity: O(the levels above the cursor's row).
    var cursorCard: IndexPath? {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p), p.row < realCount(p.section) else { return nil }
        let rows = document.model.sections[p.section].rows
        var row = p.row
        while row > 0, !rows.attributes(at: row).isPassage, rows.attributes(at: row).level > 0 { row -= 1 }
        let card = rows.attributes(at: row)
        return card.isPassage || card.level > 0 ? nil : IndexPath(row: row, section: p.section)
    }

    /// The last place (a row index of section `s`) a row may be added: the section's end, or, in
    /// a Kanban board, before the passages that end the lane (its `%% kanban:settings` block, the
    /// `***` before the archive), which stay last as every move keeps them (`Outline.lastSlot`;
    /// docs/file-formats.md, "Kanban boards").
    ///
    /// - Complexity: O(the passages that end the section).
    func addEnd(_ s: Int) -> Int {
        planner.isKanbanBoard ? min(planner.outline(s).lastSlot, realCount(s)) : realCount(s)
    }

    /// Adds a row after the cursor (at the top of a section when on its header), at the level a
    /// paste there takes (`levelAfterCursor`); a leading `[ ] ` or `[x] ` typed in the modal is
    /// the row's checkbox, as in a rename.
    /// With `above` (`O`), the row goes before the cursor row, at its level (a header or an
    /// `Add item` row: as without); nothing goes above front matter, which stays first.
    func addRow(above: Bool = false) -> KeyOutcome {
        var target = addTarget
        var base = levelAfterCursor
        if let why = addRefusal(into: target.section) { return .refused(why) }
        if !above, view == .board, let card = cursorCard {
            // On the board `a` adds a card: at the top level, after the cursor's card and the
            // rows nested in it (docs/keys.md, "The board view").
            target = IndexPath(row: min(nestedRows(of: card).upperBound, addEnd(card.section)), section: card.section)
            base = 0
        }
        if above, case .row(let p)? = tableView.focus, !isPlaceholder(p), p.row < realCount(p.section) {
            if p.row == 0 && firstRowStays(p.section) {
                return .refused("Nothing goes above \(p.section == 0 && !planner.isDoneLane(0) ? "the front matter" : ListModel.completeMark): it stays first")
            }
            let here = document.model[p]
            target = IndexPath(row: min(p.row, addEnd(p.section)), section: p.section)
            base = here.isPassage ? 0 : here.level
        }
        openEntry(.add(at: target, base: base))
        return .changed
    }

    /// Why no row may be added to section `s`: a Kanban board's front matter takes none
    /// (`MovePlanner.takesNoRows`; docs/file-formats.md, "Kanban boards"), by `a`, `O`, a paste
    /// or the `Add item` row, as no move takes a card there; nil when rows may go there.
    func addRefusal(into s: Int) -> String? {
        planner.takesNoRows(s) ? Self.sentence(ListDocument.frontMatterRowRefusal) : nil
    }

    /// The new row for text typed into an add modal, landing at `target` (final space) as a
    /// one-line paste would: a leading `[ ] ` or `[x] ` is its checkbox.
    func typedRow(_ text: String, at target: IndexPath, base: Int) -> ListModel.Row {
        let (checked, rest) = Self.splitCheckbox(text)
        let row = rest.isEmpty ? PastedRow(text: text) : PastedRow(text: rest, checked: checked)
        var new = rowsForPaste([row], at: target, base: base).rows[0]
        // Next to a task, a Markdown row typed without a checkbox is a task too.
        if new.checkbox == nil, document.format == .markdown, target.section < document.model.sections.count {
            let rows = document.model.sections[target.section].rows
            if rows.neighbourIsTask(level: new.level, above: target.row - 1, below: target.row) { new.checkbox = false }
        }
        return new
    }

    /// `+` in edit mode presses the insert control of the `Add item` row of the cursor's section:
    /// the editor decides which row that is, and the table commits the insert for that row.
    func pressAddItem() -> KeyOutcome {
        guard showsPlaceholders, let section = tableView.focus?.section, section < document.model.sections.count else {
            return addRow()   // an empty list has no Add item row: the add modal, as `a` opens it
        }
        return KeyOutcome(controller.perform(.pressEditingControl(at: IndexPath(row: realCount(section), section: section))))
    }

    /// Plain text holds one untitled list: a section or a section title is refused at once.
    var plainTextSectionRefusal: KeyOutcome {
        .refused("\(displayName) is plain text, which holds one list: save as .md (\(keymap.hint(.saveAs, in: .normal))) to add sections", error: true)
    }

    /// Adds a section after the current one; the modal asks for its title. Plain text holds one
    /// list: there it says why not, before anything is typed.
    func addSection() -> KeyOutcome {
        // Plain text holds one list, new or not: say so before anything is typed (an empty .txt
        // would take the section and refuse it only at save).
        if document.format == .plainText { return plainTextSectionRefusal }
        let index = tableView.focus.map { $0.section + 1 } ?? document.model.sections.count
        openEntry(.addSection(at: index))
        return .changed
    }

    /// Renames the row or section under the cursor (modal, prefilled).
    func rename() -> KeyOutcome {
        switch tableView.focus {
        case .row(let p)? where !isPlaceholder(p):
            let row = document.model[p]
            guard !row.isPassage else { return .refused("A passage is kept as the file has it: it cannot be renamed") }
            // A task's checkbox is part of what is edited, so it can be removed or added here;
            // so is the item's whole first paragraph, its line breaks shown as ` ⏎ `.
            let old = Self.checkboxPrefix(row.checkbox) + document.paragraph(of: row).joined(separator: Self.lineBreakMark)
            openEntry(.renameRow(at: p, row: row, old: old), initial: old)
            return .changed
        case .row?:
            return .refused("\(placeholderText) is not a row: \(keymap.hint(.insertControl, in: .edit)) adds one")
        case nil:
            return .refused("Nothing to rename: the list is empty")
        case .header(let s)?:
            if document.format == .plainText { return plainTextSectionRefusal }
            let old = document.model.sections[s].title
            openEntry(.renameSection(s, old: old), initial: old)
            return .changed
        }
    }

    /// A message the library words for the middle of a sentence (`apply`'s errors), as the
    /// status line starts one: its first letter capitalized.
    nonisolated static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// `[ ] ` or `[x] ` for a checkbox, nothing without one.
    nonisolated static func checkboxPrefix(_ checkbox: Bool?) -> String {
        checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
    }

    /// How a rename shows the line breaks of an item's first paragraph (docs/keys.md, "Renaming
    /// a multi-line item").
    nonisolated static let lineBreakMark = " ⏎ "

    /// The row text for what a rename's line says (`line`), for an item whose first paragraph
    /// was `lines` (as shown: `ListDocument.paragraph(of:)`): each `⏎` a line break (with one
    /// space on either side of it), empty lines left out. A paragraph of several lines that
    /// becomes one line ends with a line break (`MarkdownText.paragraph(of:)`: the later lines
    /// are gone). An item of one line gets none (a `⏎` cannot be typed into a line break); a
    /// `⏎` of the text itself stays text when every `⏎` shown is still there.
    ///
    ///     renamedText("Added x ⏎ to y", lines: ["Added x", "to y"])   // "Added x\nto y"
    ///     renamedText("Added x to y", lines: ["Added x", "to y"])     // "Added x to y\n"
    nonisolated static func renamedText(_ line: String, lines: [String]) -> String {
        guard lines.count > 1 else { return line }
        let pieces = line.components(separatedBy: "⏎")
        // Which `⏎`s are line breaks: all, unless the text had its own and none was erased.
        let own = lines.map { $0.components(separatedBy: "⏎").count - 1 }
        var isBreak = Array(repeating: true, count: pieces.count - 1)
        if own.contains(where: { $0 > 0 }), pieces.count - 1 == own.reduce(lines.count - 1, +) {
            isBreak = own.enumerated().flatMap { k, n in Array(repeating: false, count: n) + (k < lines.count - 1 ? [true] : []) }
        }
        var parts = [pieces[0]]
        for (k, piece) in pieces.dropFirst().enumerated() {
            if isBreak[k] {
                if parts[parts.count - 1].last == " " { parts[parts.count - 1].removeLast() }
                parts.append(piece.first == " " ? String(piece.dropFirst()) : piece)
            } else {
                parts[parts.count - 1] += "⏎" + piece
            }
        }
        // (An emptied first line: the next is the first.)
        let kept = parts.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard !kept.isEmpty else { return "" }
        return kept.joined(separator: "\n") + (kept.count == 1 ? "\n" : "")
    }

    /// A leading `[ ] `, `[x] ` or `[X] ` typed in a rename as the checkbox, and the rest.
    nonisolated static func splitCheckbox(_ text: String) -> (Bool?, String) {
        for (prefix, checked) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where text.hasPrefix(prefix) {
            return (checked, String(text.dropFirst(prefix.count)))
        }
        return (nil, text)
    }

    /// Checks or unchecks the cursor row's checkbox (one undo step). A row without one gets a
    /// checked one, unless `tasksOnly` (`Space`), which leaves it and says which key adds one; in
    /// plain text every row is a task. Passages have none.
    func toggle(tasksOnly: Bool) -> KeyOutcome {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else { return .refused("No row to check") }
        let row = document.model[p]
        guard !row.isPassage else { return .refused("A passage has no checkbox") }
        if tasksOnly, row.checkbox == nil, document.format != .plainText {
            let check = keymap.hint(.check, in: keyMode)
            return .refused(check.isEmpty ? "Not a task" : "Not a task: \(check) adds a checkbox")
        }
        var new = row
        // Plain text knows checked rows (todo.txt's `x `) and rows without a box.
        new.checkbox = document.format == .plainText ? (row.checkbox == true ? nil : true) : row.checkbox.map { !$0 } ?? true
        return perform(.changeRow(at: p, from: row, to: new)) ? .changed : .failed
    }
}
