import TableKit
import TerminalUI

/// A cell's content as a line of a list or a card of a board draws it: its accessory, its
/// indentation, its labels with their styled runs. `TableRenderer` and `BoardRenderer` draw rows
/// with it, so a cell looks the same in both.
///
///     CellContent.draw(cell, path, &grid, y: 3, left: 1, right: 39, base: .normal, cursor: false,
///                      theme: .unicode, regions: &regions)
@MainActor
enum CellContent {
    /// Draws `shown` (a label's text, perhaps truncated with an ellipsis) with the label's styled
    /// runs: bold as bold, italic and links underlined, strikethrough and secondary text dimmed, code plain.
    /// Returns the column after the text.
    static func putRuns(_ shown: String, _ runs: [Label.Run], _ grid: inout CellGrid, x: Int, y: Int, style: CellStyle, limit: Int) -> Int {
        let utf8 = shown.utf8
        var x = x
        var offset = 0
        var index = utf8.startIndex
        for run in runs {
            guard index < utf8.endIndex else { break }
            let end = min(run.range.upperBound, utf8.count)
            guard end > offset else { continue }
            let stop = utf8.index(index, offsetBy: end - offset)
            var s = style
            if run.emphasis.contains(.bold) { s.bold = true }
            if !run.emphasis.isDisjoint(with: [.italic, .link]) { s.underline = true }
            if !run.emphasis.isDisjoint(with: [.strikethrough, .dimmed]) { s.dim = true }
            x = grid.put(shown[index..<stop], x: x, y: y, style: s, limit: limit)
            index = stop
            offset = end
        }
        if index < utf8.endIndex { x = grid.put(shown[index...], x: x, y: y, style: style, limit: limit) }
        return x
    }

    /// A cell's accessory, indentation and labels between columns `left` and `right` (exclusive)
    /// of line `y`, in `theme`'s glyphs; the accessories' hit regions are appended to `regions`.
    static func draw(_ cell: TableViewCell, _ path: IndexPath, _ grid: inout CellGrid, y: Int, left: Int, right: Int,
                     base: CellStyle, cursor: Bool, theme: Theme, regions: inout [HitRegion]) {
        var left = left, right = right
        if let glyph = theme.trailingGlyph(for: cell.accessoryType) {
            let w = grid.widths.width(of: glyph)
            if right - w > left {
                right -= w
                var s = base
                s.dim = !cursor
                grid.put(glyph, x: right, y: y, style: s, limit: right + w)
                regions.append(HitRegion(y: y, x: right..<(right + w), hit: .accessory(path)))
                right -= 1
            }
        }
        left = min(right, left + max(0, cell.indentationLevel) * max(0, cell.indentationWidth))
        if let box = theme.leadingGlyph(for: cell.accessoryType) {
            let end = grid.put(box, x: left, y: y, style: base, limit: right)
            regions.append(HitRegion(y: y, x: left..<end, hit: .accessory(path)))
            left = end + 1
        }
        var dimmed = base
        dimmed.dim = !cursor
        var textStyle = base
        if cell.textLabel?.isEnabled == false { textStyle.dim = !cursor }
        // A content configuration replaces the labels: its secondary text is drawn as a subtitle.
        let content = cell.contentConfiguration
        let text = content.map { $0.text ?? "" } ?? cell.textLabel?.text ?? ""
        let detail = content.map { $0.secondaryText ?? "" } ?? cell.detailTextLabel?.text ?? ""
        let style = content == nil ? cell.style : .subtitle
        if let image = content?.image, left < right {
            left = grid.put(String(image), x: left, y: y, style: base, limit: right) + 1
        }
        switch style {
        case .value1 where !detail.isEmpty:
            let w = min(grid.widths.width(of: detail), max(0, (right - left) / 2))
            if w > 0 {
                let shown = grid.widths.truncate(detail, to: w, ellipsis: theme.ellipsis)
                grid.put(shown, x: right - grid.widths.width(of: shown), y: y, style: dimmed, limit: right)
                right -= grid.widths.width(of: shown) + 1
            }
        case .value2 where !detail.isEmpty:
            let w = min(grid.widths.width(of: detail), max(0, (right - left) / 3))
            if w > 0 {
                left = grid.put(grid.widths.truncate(detail, to: w, ellipsis: theme.ellipsis), x: left, y: y, style: dimmed, limit: right) + 1
            }
        default:
            break
        }
        let shown = grid.widths.truncate(text, to: max(0, right - left), ellipsis: theme.ellipsis)
        if content == nil, let runs = cell.textLabel?.runs, !runs.isEmpty {
            left = putRuns(shown, runs, &grid, x: left, y: y, style: textStyle, limit: right)
        } else {
            left = grid.put(shown, x: left, y: y, style: textStyle, limit: right)
        }
        if style == .subtitle, !detail.isEmpty, right - left > 3 {
            let shownDetail = grid.widths.truncate(detail, to: right - left - 2, ellipsis: theme.ellipsis)
            grid.put(shownDetail, x: left + 2, y: y, style: dimmed, limit: right)
        }
    }
}
