import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// The screen: a header bar (file name, `*`, the `+` and `Edit`/`Done` buttons), the table, a
/// status line (key hints or a message), and any modal, prompt or help on top.
extension ListEditor {
    /// Draws the editor at `width` × `height` (the size the last resize announced: the table was
    /// laid out for it in the update step, `layOutTable`); it moves no cursor and scrolls nothing.
    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, widths: widths)
        refreshShownMarks()
        // The table is drawn even when it has no room, so clicks never land on an older frame.
        if view == .board {
            followListRenderer()
            board.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        } else {
            renderer.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        }
        guard width > 0, height > 0 else { return grid }
        if height >= 2 { drawBar(&grid) }
        if height >= 4, document.model.sections.isEmpty { drawEmptyHint(&grid) }
        drawStatus(&grid, y: height - 1)
        switch mode {
        case .entry(let entry) where entry.kind.isLine: drawEntryLine(&grid, entry.text, y: height - 1)
        case .entry(let entry): drawEntry(&grid, entry.text)
        case .help(let scroll): drawHelp(&grid, scroll: scroll)
        case .idle, .prompt, .waiting, .mouseDrag: break
        }
        return grid
    }

    /// An empty or new file: what to press, instead of a blank table (no section in plain text).
    func drawEmptyHint(_ grid: inout CellGrid) {
        let add = keymap.hint(.add, in: .normal)
        // Plain text holds no sections: `A` is not offered there.
        let section = document.format == .plainText ? "" : keymap.hint(.addSection, in: .normal)
        let text = "Empty list" + (add.isEmpty ? "" : ": \(add) adds a row") + (section.isEmpty ? "" : (add.isEmpty ? ": " : ", ") + "\(section) a section")
        grid.put(grid.widths.truncate(text, to: max(0, grid.width - 4), ellipsis: renderer.theme.ellipsis), x: 3, y: 2, style: CellStyle(.footer, dim: true))
    }

    func drawBar(_ grid: inout CellGrid) {
        bar.trailingMargin = 0
        let title = displayName + (readOnly ? " (read-only)" : "") + (isModified ? " *" : "") + "  " + headerStatus
        bar.draw(into: &grid, title: title, right: [NavigationBar.Item(inEditMode ? " Done " : " Edit ", underline: true),
                                                   NavigationBar.Item(" + ", dim: inEditMode)],
                 ellipsis: renderer.theme.ellipsis)
    }

    /// The status line's key hints for the current mode, with the keys as bound now, in
    /// `width` columns: whole hints only, the least important dropped first (each item's rank:
    /// 0 is the most important); in normal and edit mode `? help` ends the line and goes last.
    func hints(width: Int) -> String {
        if let prompt = self.mode.prompt { return prompt.line(note: nil, width: width, widths: widths, ellipsis: renderer.theme.ellipsis) }
        let mode = keyMode
        func k(_ action: KeyAction, _ limit: Int = 1, in m: KeyMode? = nil) -> String { keymap.hint(action, in: m ?? mode, limit: limit) }
        // Which actions each line shows, in its order, with their keys as bound now; the labels
        // and ranks are the actions' records' (`KeyAction.record`).
        let place: ActionRecord.HintPlace
        // In the board the arrows across lanes join those of the move hint (`↑↓←→ move`).
        let lanes = view == .board ? k(.previousLane) + k(.nextLane) : ""
        var items: [(keys: String, label: String, rank: Int)] = []
        let shown: [(keys: String, action: KeyAction)]
        switch mode {
        case .prompt: return ""
        case .entry:
            place = .entry
            shown = [(k(.confirm), .confirm), (k(.cancel), .cancel),
                     (k(.line(.moveLeft)) + k(.line(.moveRight)) + " " + k(.line(.moveToStart)) + " " + k(.line(.moveToEnd))
                        + " " + k(.line(.deleteToStart)), .line(.moveLeft))]
        case .dragging:
            place = tableView.rowDrag != nil ? .rowDrag : .sectionDrag
            shown = [(k(.up) + k(.down) + lanes, .up), (k(.pickUp, 2), .pickUp), (k(.cancel), .cancel)]
        case .deleteButton:
            place = .deleteButton
            shown = [(k(.confirm, 2), .confirm), (k(.cancel), .cancel)]
        case .swiped:
            place = .swiped
            shown = [(k(.confirm) + (k(.swipe).isEmpty ? "" : "/" + k(.swipe)), .confirm), (k(.cancel), .cancel)]
        case .edit where hasSelection:
            // With rows selected the row keys act on all of them.
            // Selected rows the filter hides are not acted on: the count says so.
            place = .selection
            let count = shownSelectedPaths.count, hidden = selectedPaths.count - count
            items = [("\(count)", hidden > 0 ? "selected (\(hidden) hidden)" : "selected", 0)]
            shown = [(k(.pickUp), .pickUp), (k(.deleteControl, 2), .deleteControl), (k(.moveDown) + "/" + k(.moveUp), .moveDown),
                     (k(.check), .check), (k(.copy), .copy), (k(.cancel), .cancel)]
        case .edit:
            place = .edit
            shown = [(k(.up) + k(.down) + lanes, .up), (k(.pickUp), .pickUp), (k(.deleteControl, 2), .deleteControl),
                     (k(.insertControl, 2), .insertControl), (k(.moveDown) + "/" + k(.moveUp), .moveDown), (k(.edit), .edit),
                     (k(.help), .help)]
        case .normal:
            place = .normal
            shown = [(k(.up) + k(.down) + lanes, .up), (k(.edit), .edit), (k(.add), .add),
                     (keymap.hint(.rename, in: mode, typed: true), .rename), (k(.swipe), .swipe), (k(.undo), .undo),
                     (k(.save), .save), (k(.quit), .quit)]
                + (view == .board ? [(k(.moveLeft) + "/" + k(.moveRight), .moveLeft)] : []) + [(k(.help), .help)]
        }
        for (keys, action) in shown {
            if let hint = action.record.hint(in: place) { items.append((keys, hint.label, hint.rank)) }
        }
        return hintLine(items, fitting: width, widths: widths)
    }

    func drawStatus(_ grid: inout CellGrid, y: Int) {
        let text: String
        var style = CellStyle(.status, dim: true)
        let prompt = self.mode.prompt
        if let message, prompt == nil {
            // The progress line said is drawn live: its figure follows the load.
            text = showsProgressMessage ? progressLine : message.text
            style = CellStyle(message.isError ? .error : .message, bold: true)
        } else if self.mode.pendingKey != nil {
            text = progressLine
            style = CellStyle(.message, bold: true)
        } else if let prompt {
            // The question stays, its answers whole; what the last key got is said after it.
            text = prompt.line(note: message?.text, width: max(0, grid.width - 2), widths: grid.widths, ellipsis: renderer.theme.ellipsis)
            style = CellStyle(.message, bold: true)
        } else {
            text = hints(width: max(0, grid.width - 2))
        }
        grid.fill(x: 0, y: y, count: grid.width)
        grid.put(grid.widths.truncate(text, to: max(0, grid.width - 2), ellipsis: renderer.theme.ellipsis), x: 1, y: y, style: style)
        if let prompt {
            let shown = prompt.line(note: nil, width: max(0, grid.width - 2), widths: grid.widths, ellipsis: renderer.theme.ellipsis)
            grid.cursor = (min(grid.width - 1, 1 + grid.widths.width(of: shown) + 1), y)
        }
    }

    func drawEntry(_ grid: inout CellGrid, _ entry: TextEntry) {
        let w = min(grid.width, max(20, min(60, grid.width - 4)))
        guard w >= 6, grid.height >= 3 else {
            // Too small for a box: the entry takes the status line.
            let y = grid.height - 1
            grid.fill(x: 0, y: y, count: grid.width, style: CellStyle(.modal))
            drawInput(&grid, entry, x: 0, y: y, width: grid.width)
            return
        }
        let x = (grid.width - w) / 2
        let y = max(0, min(grid.height - 3, (grid.height - 3) / 2))
        let style = CellStyle(.modal, bold: true)
        let b = renderer.theme.box
        grid.put(b.tl + String(repeating: b.h, count: w - 2) + b.tr, x: x, y: y, style: style)
        grid.put(" \(entry.title) ", x: x + 2, y: y, style: style, limit: x + w - 2)
        grid.put(b.v, x: x, y: y + 1, style: style)
        grid.fill(x: x + 1, y: y + 1, count: w - 2, style: CellStyle(.modal))
        grid.put(b.v, x: x + w - 1, y: y + 1, style: style)
        grid.put(b.bl + String(repeating: b.h, count: w - 2) + b.br, x: x, y: y + 2, style: style)
        drawInput(&grid, entry, x: x + 2, y: y + 1, width: w - 4)
    }

    /// The filter's line at the bottom (the table stays in view, narrowing as the user types):
    /// `/` and the text, then the keys that end it.
    func drawEntryLine(_ grid: inout CellGrid, _ entry: TextEntry, y: Int) {
        grid.fill(x: 0, y: y, count: grid.width, style: CellStyle(.modal))
        let command = entry.title == Self.commandTitle
        let keys = " \(keymap.hint(.confirm, in: .entry)) \(command ? "run" : "keep") · \(keymap.hint(.cancel, in: .entry)) \(command ? "cancel" : "clear")"
        let room = grid.width - 3 - grid.widths.width(of: keys)
        grid.put(command ? ":" : "/", x: 1, y: y, style: CellStyle(.modal, bold: true))
        if room >= 10 {
            grid.put(keys, x: grid.width - grid.widths.width(of: keys) - 1, y: y, style: CellStyle(.modal, dim: true))
            drawInput(&grid, entry, x: 2, y: y, width: room - 1)
        } else {
            drawInput(&grid, entry, x: 2, y: y, width: grid.width - 2)
        }
    }

    /// The line being edited, scrolled so the cursor stays visible; parks the terminal cursor.
    func drawInput(_ grid: inout CellGrid, _ entry: TextEntry, x: Int, y: Int, width: Int) {
        guard width > 1 else { return }
        let chars = entry.line.text
        var start = 0
        var col = entry.line.cursorColumn(in: grid.widths)
        while col > width - 1, start < chars.count {
            col -= grid.widths.width(of: chars[start])
            start += 1
        }
        let visible = String(chars[start...])
        grid.put(visible, x: x, y: y, style: CellStyle(.modal), limit: x + width)
        grid.cursor = (x + col, y)
    }

    /// Draws the help, `scroll` lines of it off its top (fewer when the screen grew since:
    /// drawn as far as it goes, `mode` left as it is).
    func drawHelp(_ grid: inout CellGrid, scroll wanted: Int) {
        let lines = helpLines
        let h = helpHeight(lines, screen: grid.height)
        let w = min(grid.width, (lines.map { grid.widths.width(of: $0) }.max() ?? 0) + 4)
        guard w >= 4, h >= 2 else { return }
        // Lines that do not fit scroll (`helpScroll`, moved by the keys that move the cursor).
        let shown = max(0, h - 2), hidden = max(0, lines.count - 1 - shown)
        let helpScroll = min(wanted, hidden)
        let x = max(0, (grid.width - w) / 2), y = max(0, (grid.height - 1 - h) / 2)
        let style = CellStyle(.modal)
        let b = renderer.theme.box
        for row in 0..<h {
            grid.fill(x: x, y: y + row, count: w, style: style)
            grid.put(b.v, x: x, y: y + row, style: style)
            grid.put(b.v, x: x + w - 1, y: y + row, style: style)
        }
        grid.put(b.tl + String(repeating: b.h, count: w - 2) + b.tr, x: x, y: y, style: style)
        grid.put(" \(lines[0]) ", x: x + 2, y: y, style: CellStyle(.modal, bold: true), limit: x + w - 1)
        grid.put(b.bl + String(repeating: b.h, count: w - 2) + b.br, x: x, y: y + h - 1, style: style)
        if hidden > 0 {
            // Where the list is, and the keys that scroll it.
            let more = " \(helpScroll + 1)-\(helpScroll + shown) of \(lines.count - 1): \(helpScrollKeys) "
            grid.put(more, x: x + 2, y: y + h - 1, style: CellStyle(.modal, dim: true), limit: x + w - 1)
        }
        for (i, line) in lines.dropFirst(1 + helpScroll).prefix(shown).enumerated() {
            grid.put(line, x: x + 2, y: y + 1 + i, style: style, limit: x + w - 1)
        }
        grid.cursor = (x + 2, y)
    }

    /// The help's height on a screen `screen` lines high: its lines and borders, above the status
    /// line (which says when the help cannot scroll further).
    func helpHeight(_ lines: [String], screen: Int) -> Int {
        min(max(2, screen - 1), lines.count + 1)
    }

    /// The keys that scroll the help (`↑ ↓`, as bound in normal mode).
    var helpScrollKeys: String {
        let keys = [keymap.keys(for: .up, in: .normal, limit: 1), keymap.keys(for: .down, in: .normal, limit: 1)].flatMap { $0 }
        return keys.map(\.label).joined(separator: " ")
    }

    /// A key while the help shows: the keys that move the cursor (`↑ ↓ k j`, the page keys)
    /// scroll a help taller than the screen; any other key closes it.
    func handleHelpKey(_ key: Key) -> KeyOutcome {
        let step: Int
        switch keymap.resolve(key, in: .normal)?.action {
        case .down?: step = 1
        case .up?: step = -1
        case .pageDown?, .halfPageDown?: step = max(1, size.height - 4)
        case .pageUp?, .halfPageUp?: step = -max(1, size.height - 4)
        default:
            endMode()
            return .changed
        }
        let lines = helpLines
        let hidden = max(0, lines.count - 1 - max(0, helpHeight(lines, screen: size.height) - 2))
        guard hidden > 0, case .help(let helpScroll) = mode else {
            endMode()
            return .changed
        }
        // (At most `hidden`: a help scrolled further on a taller screen is drawn as far as it goes.)
        let current = min(helpScroll, hidden)
        let scroll = max(0, min(hidden, current + step))
        if scroll == current { return .refused(step > 0 ? "End of the help: any other key closes it" : "Top of the help: any other key closes it") }
        scrollHelp(to: scroll)
        return .changed
    }

    /// The help screen: the keys of the current mode as bound now (remaps included), and only
    /// what works on the open file (plain text holds no sections: no add-section line).
    var helpLines: [String] {
        func line(_ keys: String, _ what: String) -> (keys: String, what: String)? {
            keys.isEmpty ? nil : (keys, what)
        }
        // The keys in a column as wide as the widest keys (`Tab Shift+Tab`), the words after it.
        func lines(_ title: String, _ entries: [(keys: String, what: String)?]) -> [String] {
            let entries = entries.compactMap { $0 }
            let column = max(11, entries.map { widths.width(of: $0.keys) }.max() ?? 0)
            return [title] + entries.map { $0.keys + String(repeating: " ", count: column - widths.width(of: $0.keys)) + " " + $0.what }
        }
        func h(_ action: KeyAction, _ mode: KeyMode, _ limit: Int? = nil) -> String { keymap.help(action, in: mode, limit: limit) }
        // Two opposite actions' keys (`↑ ↓ k j`); with a remap of either, each action's keys
        // joined by `/` (`w/↑ ↓`), so a remapped key is never paired with the wrong opposite.
        func pair(_ a: KeyAction, _ b: KeyAction, _ mode: KeyMode, _ limit: Int? = nil) -> String {
            let first = keymap.keys(for: a, in: mode, limit: limit), second = keymap.keys(for: b, in: mode, limit: limit)
            let remapped = keymap.keys(for: a, in: mode, limit: 0).count + keymap.keys(for: b, in: mode, limit: 0).count
            guard remapped == 0, first.count == second.count else {
                return first.map(\.label).joined(separator: "/") + " " + second.map(\.label).joined(separator: "/")
            }
            return zip(first, second).map { "\($0.label) \($1.label)" }.joined(separator: " ")
        }
        // The words are the actions' records' (`KeyAction.record`): `w(.save, in: .normal)`.
        func w(_ actions: KeyAction..., in mode: KeyMode) -> String { KeyAction.words(actions, in: mode) }
        if inEditMode {
            return lines("Edit mode (any key closes)", [
                line(pair(.up, .down, .edit, 1), w(.up, in: .edit)),
                line(h(.pickUp, .edit), w(.pickUp, in: .edit)),
                line(pair(.up, .down, .dragging, 1) + " held", "\(w(.up, in: .dragging)); \(h(.cancel, .dragging, 1)): \(w(.cancel, in: .dragging))"),
                line(pair(.moveUp, .moveDown, .edit, 1), w(.moveUp, in: .edit)),
                view == .board ? line(pair(.previousLane, .nextLane, .dragging, 1) + " held", w(.previousLane, in: .dragging)) : nil,
                view == .board ? line(pair(.moveLeft, .moveRight, .edit, 1), w(.moveLeft, .moveRight, in: .edit)) : nil,
                line(h(.deleteControl, .edit), "\(w(.deleteControl, in: .edit)) (\(keymap.keys(for: .confirm, in: .deleteButton).last?.label ?? "?"): \(w(.yes, in: .prompt)))"),
                line(h(.insertControl, .edit), w(.insertControl, in: .edit)),
                line(h(.rename, .edit), w(.rename, in: .edit)),
                line(h(.check, .edit), w(.check, in: .edit)),
                line(h(.select, .edit), w(.select, in: .edit)),
                line(h(.copy, .edit), w(.copy, in: .edit)),
                line(h(.pasteAfter, .edit) + " " + h(.pasteBefore, .edit), w(.pasteAfter, .pasteBefore, in: .edit)),
                line(pair(.indent, .outdent, .edit, 1), w(.indent, .outdent, in: .edit)),
                view == .board
                    ? line(pair(.previousLane, .nextLane, .edit, 1) + " " + h(.filter, .edit, 1), "\(w(.previousLane, .nextLane, in: .edit)); \(w(.filter, in: .edit))")
                    : line(pair(.collapse, .expand, .edit, 1) + " " + h(.filter, .edit, 1), "\(w(.collapse, .expand, in: .edit)); \(w(.filter, in: .edit))"),
                line(h(.undo, .edit) + " " + h(.redo, .edit), w(.undo, .redo, in: .edit)),
                line(h(.save, .edit), w(.save, in: .edit)),
                line(h(.saveAs, .edit), w(.saveAs, in: .edit)),
                line(h(.edit, .edit) + " " + h(.cancel, .edit), w(.edit, in: .edit)),
            ])
        }
        return lines("Normal mode (any key closes)", [
            line(pair(.up, .down, .normal), w(.up, in: .normal)),
            line(pair(.pageUp, .pageDown, .normal), w(.pageUp, in: .normal)),
            line(pair(.halfPageUp, .halfPageDown, .normal), w(.halfPageUp, in: .normal)),
            line(pair(.first, .last, .normal), w(.first, .last, in: .normal)),
            line(pair(.firstItem, .lastItem, .normal), w(.firstItem, .lastItem, in: .normal)),
            line(h(.edit, .normal), w(.edit, in: .normal)),
            line(h(.add, .normal), w(.add, in: .normal)),
            line(h(.addAbove, .normal), w(.addAbove, in: .normal)),
            document.format == .plainText ? nil : line(h(.addSection, .normal), w(.addSection, in: .normal)),
            line(h(.rename, .normal), w(.rename, in: .normal)),
            line(pair(.moveUp, .moveDown, .normal, 1), w(.moveUp, in: .normal)),
            view == .board ? line(pair(.moveLeft, .moveRight, .normal, 1), w(.moveLeft, .moveRight, in: .normal)) : nil,
            line(h(.toggle, .normal), w(.toggle, in: .normal)),
            line(h(.check, .normal), w(.check, in: .normal)),
            line(pair(.indent, .outdent, .normal, 1), w(.indent, .outdent, in: .normal)),
            view == .board
                ? line(pair(.previousLane, .nextLane, .normal, 1) + " " + h(.filter, .normal, 1), "\(w(.previousLane, .nextLane, in: .normal)); \(w(.filter, in: .normal))")
                : line(pair(.collapse, .expand, .normal, 1) + " " + h(.filter, .normal, 1), "\(w(.collapse, .expand, in: .normal)); \(w(.filter, in: .normal))"),
            view == .board ? line(h(.board, .normal), w(.board, in: .normal)) : nil,
            line(pair(.nextMatch, .previousMatch, .normal), w(.nextMatch, .previousMatch, in: .normal)),
            line(h(.command, .normal), w(.command, in: .normal)),
            line(h(.swipe, .normal), "\(w(.swipe, in: .normal)) (\(h(.swipe, .swiped, 1)): \(w(.yes, in: .prompt)))"),
            line(h(.copy, .normal), w(.copy, in: .normal)),
            line(h(.pasteAfter, .normal) + " " + h(.pasteBefore, .normal), w(.pasteAfter, .pasteBefore, in: .normal)),
            line(h(.undo, .normal) + " " + h(.redo, .normal), w(.undo, .redo, in: .normal)),
            line(h(.save, .normal), w(.save, in: .normal)),
            line(h(.saveAs, .normal), w(.saveAs, in: .normal)),
            line(h(.quit, .normal, 1), w(.quit, in: .normal)),
            line(h(.suspend, .normal), w(.suspend, in: .normal)),
        ])
    }
}
