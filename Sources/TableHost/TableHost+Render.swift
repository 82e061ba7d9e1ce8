import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// The screen: the bar on the first line, the table, and the hint line (or the last refusal) on
/// the last.
extension TableHost {
    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, widths: widths)
        if presentation == .board {
            board.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        } else {
            renderer.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        }
        guard width > 0, height > 0 else { return grid }
        func label(_ item: BarButtonItem) -> String {
            let key = barActions[ObjectIdentifier(item)].flatMap { keymap.keys(for: .app($0), in: .normal, limit: 1).first }
            return " \(item.title ?? "")\(key.map { " (\($0.label))" } ?? "") "
        }
        let editButton = viewController?.editButtonItem
        bar.draw(into: &grid, title: navigationItem.title ?? viewController?.title ?? "",
                 right: navigationItem.rightBarButtonItems.map {
                     NavigationBar.Item(label($0), isEnabled: $0.isEnabled, underline: $0 === editButton)
                 },
                 left: navigationItem.leftBarButtonItems.map { NavigationBar.Item(label($0), isEnabled: $0.isEnabled) })
        let line = message.map { (text: $0, style: CellStyle(.error)) } ?? (text: hints, style: CellStyle(.status, dim: true))
        grid.put(grid.widths.truncate(line.text, to: max(0, width - 2)), x: 1, y: height - 1, style: line.style)
        return grid
    }

    /// The hint line of the mode (or of the open context menu), from `keymap` (remapped keys
    /// first): while a row or section is dragged, how to drop it, drag it (on a board, across
    /// lanes too) and put it back.
    var hints: String {
        func k(_ action: KeyAction, in mode: KeyMode) -> String {
            keymap.keys(for: .key(action), in: mode, limit: 1).map(\.hintLabel).joined(separator: "/")
        }
        if tableView.contextMenu != nil {
            return hintLine([(k(.up, in: .normal) + k(.down, in: .normal), "choose"), (k(.select, in: .normal), "run"),
                             (k(.cancel, in: .normal), "close")])
        }
        if tableView.rowDrag != nil || tableView.sectionDrag != nil {
            let across = presentation == .board ? keymap.keys(for: .lane(.left), in: .dragging, limit: 1).map(\.hintLabel).joined()
                + keymap.keys(for: .lane(.right), in: .dragging, limit: 1).map(\.hintLabel).joined() : ""
            return hintLine([(k(.pickUp, in: .dragging), "drop"), (k(.up, in: .dragging) + k(.down, in: .dragging) + across, "drag"),
                             (k(.cancel, in: .dragging), "put back")])
        }
        return tableView.isEditing && tableView.swipedRow == nil
            ? hintLine([(k(.pickUp, in: .edit), "pick up"), (k(.up, in: .dragging) + k(.down, in: .dragging), "drag"),
                        (k(.deleteControl, in: .edit), "delete"), (k(.edit, in: .edit), "done"), (k(.quit, in: .edit), "quit")])
            : hintLine([(k(.up, in: .normal) + k(.down, in: .normal), "move"), (k(.edit, in: .normal), "edit"), (k(.swipe, in: .normal), "delete"), (k(.quit, in: .normal), "quit")])
    }
}
