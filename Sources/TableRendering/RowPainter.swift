import TableKit
import TerminalUI

/// A row's line as the list and the board draw it, between two columns: its style (the cursor,
/// dragged, selected), in edit mode its editing control (or selection mark) and `≡`, its Delete
/// button or swipe buttons, then its content (`CellContent`). The values read once per frame are
/// the painter's.
///
///     let painter = RowPainter(tableView: table, theme: .unicode, editMode: true)
///     painter.draw(&grid, columns: 0..<40, y: 3, path: IndexPath(row: 0, section: 0), cursor: false, regions: &regions)
@MainActor
struct RowPainter {
    let tableView: TableView
    let theme: Theme
    /// Edit mode proper: controls and handles show (a swipe alone shows only its buttons).
    let editMode: Bool
    /// Whether `○`/`●` show in place of the editing controls.
    var showsSelectionMarks = false
    /// The row swiped open and the row showing its Delete button.
    var swipedRow: IndexPath?
    var confirmingRow: IndexPath?
    /// Whether rows nested under another (indentation level above 0) show controls too: the list
    /// draws them on every row, a board only on cards.
    var controlsOnNestedRows = true

    /// Draws row `path` on line `y` of `grid`, in `columns`; the controls' hit regions are
    /// appended to `regions`.
        func draw(_ grid: inout CellGrid, columns: Range<Int>, y: Int, path: IndexPath, cursor: Bool, regions: inout [HitRegion]) {
            guard let cell = tableView.preparedCell(forRowAt: path) else { return }
            let (x0, x1) = (columns.lowerBound, columns.upperBound)
            let dragged = tableView.rowDrag?.source == path
            let selected = tableView.isRowSelected(path)
            // Drawn as selected (reverse video in the selection colour): then the row's controls keep
            // its colours, as on the cursor or dragged row, rather than a block of their own colour.
            let highlighted = selected && cell.selectionStyle != .none
            var base = CellStyle(.normal)
            if dragged {
                base = CellStyle(.dragged, bold: true, reverse: true)
            } else if cursor {
                base = CellStyle(.cursor, bold: highlighted, reverse: true)
            } else if highlighted {
                base = CellStyle(.selected, reverse: true)
            }
            grid.fill(x: x0, y: y, count: x1 - x0, style: base)
            var left = x0 + 1
            var right = x1 - 1
            if editMode && (controlsOnNestedRows || cell.indentationLevel == 0) {
                let info = tableView.editingInfo(for: path)
                if showsSelectionMarks && info.canEdit && info.style != .insert {
                    var s = base
                    if !cursor && !dragged { s.role = .selected }
                    let end = grid.put(selected ? theme.selectedMark : theme.unselectedMark, x: left, y: y, style: s, limit: right)
                    regions.append(HitRegion(y: y, x: left..<end, hit: .selectionControl(path)))
                    left = end + 1
                } else if info.canEdit && info.indents && info.style != .none {
                    let glyph = info.style == .delete ? theme.deleteControl : theme.insertControl
                    var s = base
                    if !cursor && !dragged && !highlighted { s.role = info.style == .delete ? .deleteControl : .insertControl }
                    let end = grid.put(glyph, x: left, y: y, style: s, limit: right)
                    regions.append(HitRegion(y: y, x: left..<end, hit: .editingControl(path)))
                    left = end + 1
                } else if info.canEdit && info.indents {
                    left += grid.widths.width(of: theme.deleteControl) + 1
                }
                if info.canMove && confirmingRow != path {
                    var s = base
                    if !cursor && !dragged && !highlighted { s.role = .handle }
                    let w = grid.widths.width(of: theme.handle)
                    if right - w > left {
                        right -= w
                        grid.put(theme.handle, x: right, y: y, style: s, limit: right + w)
                        regions.append(HitRegion(y: y, x: right..<(right + w), hit: .reorderControl(path)))
                        right -= 1
                    }
                }
            }
            if swipedRow == path {
                // The first action outermost: rightmost from the trailing edge, leftmost from the leading.
                let actions = tableView.swipeActions
                let leading = tableView.swipedEdge == .leading
                for (i, action) in actions.enumerated() {
                    let button = " \(action.title ?? "") "
                    let w = grid.widths.width(of: button)
                    guard right + 1 - w > left else { break }
                    var s = CellStyle(action.style == .destructive ? .deleteButton : .actionButton, bold: true, reverse: true,
                                      color: action.backgroundColor.map(CellStyle.PaletteColor.init(nearest:)))
                    s.underline = actions.count > 1 && tableView.focusedSwipeAction == i
                    let x = leading ? left : right + 1 - w
                    grid.put(button, x: x, y: y, style: s, limit: x1)
                    regions.append(HitRegion(y: y, x: x..<(x + w), hit: .swipeAction(path, i)))
                    if leading { left += w + 1 } else { right = x - 1 }
                }
            } else if confirmingRow == path {
                let title = tableView.delegate?.tableView(tableView, titleForDeleteConfirmationButtonForRowAt: path) ?? "Delete"
                let button = " \(title) "
                let w = grid.widths.width(of: button)
                if right + 1 - w > left {
                    right = right + 1 - w
                    grid.put(button, x: right, y: y, style: CellStyle(.deleteButton, bold: true, reverse: true), limit: x1)
                    regions.append(HitRegion(y: y, x: right..<(right + w), hit: .deleteConfirmationButton(path)))
                    right -= 1
                }
            }
            CellContent.draw(cell, path, &grid, y: y, left: left, right: right, base: base, cursor: cursor, theme: theme, regions: &regions)
        }
}
