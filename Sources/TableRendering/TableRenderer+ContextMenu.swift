import TableKit
import TerminalUI

/// The open context menu (`TableView.contextMenu`), drawn as a popup list over the table: a box
/// under its row (above it when there is no room below), the menu's title on its top edge, one
/// line per action with its glyph; the highlighted action in reverse video, a destructive one in
/// the Delete button's colour, a disabled one dimmed. Each action's line is a hit region.
extension TableRenderer {
    /// Draws `open` into the table area under the row drawn on line `rowY` (nil: the row is off
    /// screen, the box goes at the top). Returns the line of the highlighted action (where the
    /// cursor goes), nil when nothing was drawn.
    ///
    /// - Complexity: O(actions).
    func drawMenu(_ open: ContextMenu, into area: inout CellGrid, under rowY: Int?) -> Int? {
        menuCursorX = nil
        let children = open.menu.children
        let b = theme.box
        let labels = children.map { action in (action.image.map { "\($0) " } ?? "") + action.title }
        let content = max(labels.map { area.widths.width(of: $0) }.max() ?? 0, area.widths.width(of: open.menu.title) + 2)
        let w = min(area.width, content + 4)
        let shown = min(children.count, area.height - 2)
        guard w >= 5, shown > 0 else { return nil }
        let h = shown + 2
        // The first action shown: enough that the highlighted one is among them.
        let first = max(0, min((open.highlighted ?? 0) - (shown - 1), children.count - shown))
        let (x0, _) = insets(width: area.width)
        let x = max(0, min(x0 + 1, area.width - w))
        let y: Int
        if let rowY, rowY + 1 + h <= area.height {
            y = rowY + 1
        } else if let rowY, rowY - h >= 0 {
            y = rowY - h
        } else {
            y = 0
        }
        let frame = CellStyle(.modal)
        area.fill(x: x, y: y, count: w, style: frame)
        area.put(b.tl + String(repeating: b.h, count: w - 2) + b.tr, x: x, y: y, style: frame)
        if !open.menu.title.isEmpty {
            let title = area.widths.truncate(open.menu.title, to: w - 6, ellipsis: theme.ellipsis)
            area.put(" \(title) ", x: x + 2, y: y, style: CellStyle(.modal, bold: true), limit: x + w - 1)
        }
        regions.append(HitRegion(y: y, x: x..<(x + w), hit: .menu))
        var cursorY: Int?
        for line in 0..<shown {
            let i = first + line
            let action = children[i]
            var style = action.attributes.contains(.destructive) ? CellStyle(.deleteButton) : CellStyle(.modal)
            style.dim = action.attributes.contains(.disabled)
            if open.highlighted == i {
                style.reverse = true
                cursorY = y + 1 + line
                menuCursorX = x + 2
            }
            area.fill(x: x, y: y + 1 + line, count: w, style: frame)
            area.put(b.v, x: x, y: y + 1 + line, style: frame)
            area.fill(x: x + 1, y: y + 1 + line, count: w - 2, style: style)
            area.put(labels[i], x: x + 2, y: y + 1 + line, style: style, limit: x + w - 2)
            area.put(b.v, x: x + w - 1, y: y + 1 + line, style: frame)
            regions.append(HitRegion(y: y + 1 + line, x: x..<(x + w), hit: .menuAction(i)))
        }
        area.fill(x: x, y: y + h - 1, count: w, style: frame)
        area.put(b.bl + String(repeating: b.h, count: w - 2) + b.br, x: x, y: y + h - 1, style: frame)
        regions.append(HitRegion(y: y + h - 1, x: x..<(x + w), hit: .menu))
        return cursorY ?? y
    }
}
