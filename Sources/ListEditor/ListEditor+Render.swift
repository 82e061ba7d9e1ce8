import TableKit
import TableRendering

/// The screen: a header bar (file name, `*`, the `+` and `Edit`/`Done` buttons), the table, a
/// status line (key hints or a message), and any modal, prompt or help on top.
extension ListEditor {
    public func render(width: Int, height: Int) -> CellGrid {
        size = (width, height)
        var grid = CellGrid(width: width, height: height, widths: widths)
        buttons = []
        controller.pageSize = max(1, height - 3)
        // The table is drawn even when it has no room, so clicks never land on an older frame.
        renderer.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        guard width > 0, height > 0 else { return grid }
        if height >= 2 { drawBar(&grid) }
        drawStatus(&grid, y: height - 1)
        if let entry = controller.entry { drawEntry(&grid, entry) }
        if showsHelp { drawHelp(&grid) }
        return grid
    }

    func drawBar(_ grid: inout CellGrid) {
        let bar = CellStyle(.bar, reverse: true)
        grid.fill(x: 0, y: 0, count: grid.width, style: bar)
        let mode = inEditMode ? " Done " : " Edit "
        let add = " + "
        let right = grid.widths.width(of: mode) + grid.widths.width(of: add) + 1
        var x = grid.width - right
        if x > 0 {
            var addStyle = CellStyle(.barButton, bold: true, reverse: true)
            addStyle.dim = inEditMode
            let addEnd = grid.put(add, x: x, y: 0, style: addStyle)
            buttons.append(Button(x: x..<addEnd, y: 0, action: .add))
            x = addEnd + 1
            let modeEnd = grid.put(mode, x: x, y: 0, style: CellStyle(.barButton, bold: true, reverse: true, underline: true))
            buttons.append(Button(x: x..<modeEnd, y: 0, action: .toggleEditing))
        }
        let title = displayName + (isModified ? " *" : "")
        let room = max(0, (x > 0 ? grid.width - right : grid.width) - 2)
        grid.put(grid.widths.truncate(title, to: room, ellipsis: renderer.theme.ellipsis), x: 1, y: 0, style: CellStyle(.bar, bold: true, reverse: true))
    }

    var hints: String {
        if let prompt { return prompt.question }
        switch controller.state {
        case .modal: return "enter save · esc cancel · ←→ home end ^U edit"
        case .draggingRow: return "↑↓ drag · space/enter drop · esc put back"
        case .draggingSection: return "↑↓ move section · space/enter drop · esc put back"
        case .confirmingDelete: return "enter/y delete · esc cancel"
        case .swiped: return "enter/d delete · esc cancel"
        case .editing: return "↑↓ move · space pick up · -/x delete · +/i add · J/K move · e done · ? help"
        case .browsing: return "↑↓ move · e edit · a add · r rename · d delete · u undo · s save · q quit · ? help"
        }
    }

    func drawStatus(_ grid: inout CellGrid, y: Int) {
        let text: String
        var style = CellStyle(.status, dim: true)
        if let message, prompt == nil {
            text = message.text
            style = CellStyle(message.isError ? .error : .message, bold: true)
        } else {
            text = hints
            if prompt != nil { style = CellStyle(.message, bold: true) }
        }
        grid.fill(x: 0, y: y, count: grid.width)
        grid.put(grid.widths.truncate(text, to: max(0, grid.width - 2), ellipsis: renderer.theme.ellipsis), x: 1, y: y, style: style)
        if prompt != nil { grid.cursor = (min(grid.width - 1, 1 + grid.widths.width(of: text) + 1), y) }
    }

    var box: (tl: String, tr: String, bl: String, br: String, h: String, v: String) {
        renderer.theme.ellipsis == "…" ? ("┌", "┐", "└", "┘", "─", "│") : ("+", "+", "+", "+", "-", "|")
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
        let b = box
        grid.put(b.tl + String(repeating: b.h, count: w - 2) + b.tr, x: x, y: y, style: style)
        grid.put(" \(entry.title) ", x: x + 2, y: y, style: style, limit: x + w - 2)
        grid.put(b.v, x: x, y: y + 1, style: style)
        grid.fill(x: x + 1, y: y + 1, count: w - 2, style: CellStyle(.modal))
        grid.put(b.v, x: x + w - 1, y: y + 1, style: style)
        grid.put(b.bl + String(repeating: b.h, count: w - 2) + b.br, x: x, y: y + 2, style: style)
        drawInput(&grid, entry, x: x + 2, y: y + 1, width: w - 4)
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

    func drawHelp(_ grid: inout CellGrid) {
        let lines = helpLines
        let h = min(grid.height, lines.count + 1)
        let w = min(grid.width, (lines.map { grid.widths.width(of: $0) }.max() ?? 0) + 4)
        guard w >= 4, h >= 2 else { return }
        let x = max(0, (grid.width - w) / 2), y = max(0, (grid.height - h) / 2)
        let style = CellStyle(.modal)
        let b = box
        for row in 0..<h {
            grid.fill(x: x, y: y + row, count: w, style: style)
            grid.put(b.v, x: x, y: y + row, style: style)
            grid.put(b.v, x: x + w - 1, y: y + row, style: style)
        }
        grid.put(b.tl + String(repeating: b.h, count: w - 2) + b.tr, x: x, y: y, style: style)
        grid.put(" \(lines[0]) ", x: x + 2, y: y, style: CellStyle(.modal, bold: true), limit: x + w - 1)
        grid.put(b.bl + String(repeating: b.h, count: w - 2) + b.br, x: x, y: y + h - 1, style: style)
        for (i, line) in lines.dropFirst().prefix(max(0, h - 2)).enumerated() {
            grid.put(line, x: x + 2, y: y + 1 + i, style: style, limit: x + w - 1)
        }
        grid.cursor = (x + 2, y)
    }

    var helpLines: [String] {
        if inEditMode {
            return [
                "Edit mode (any key closes)",
                "↑ ↓         move",
                "Space Enter pick up, drop",
                "↑ ↓ held    drag; Esc: back",
                "K J         move one step",
                "- x Del     delete (y: yes)",
                "+ i         add an item",
                "r           rename",
                "u ^R        undo, redo",
                "s ^S        save",
                "e Esc       done",
            ]
        }
        return [
            "Normal mode (any key closes)",
            "↑ ↓ k j     move",
            "PgUp PgDn   page",
            "Home End g G first, last",
            "e           edit mode",
            "a +         add a row",
            "A           add a section",
            "Enter r     rename",
            "d           delete (d: yes)",
            "u ^R        undo, redo",
            "s ^S        save",
            "q           quit",
            "^Z          suspend",
        ]
    }
}
