import TableKit
import TerminalUI

/// Hit testing: what a click at a cell of the last frame lands on, read from what was drawn there
/// (so the mouse cannot disagree with the screen).
extension TableRenderer {
    /// A target on screen.
    public enum Hit: Equatable, Sendable {
        /// A section's header line.
        case header(Int)
        /// A row, anywhere but on one of its controls.
        case row(IndexPath)
        /// A row's `⊖`/`⊕` control.
        case editingControl(IndexPath)
        /// A row's selection mark, `○` or `●`, drawn in place of its editing control in multiple
        /// selection while editing (a click toggles it: `TableIntent.tapRow`).
        case selectionControl(IndexPath)
        /// A row's `≡` handle.
        case reorderControl(IndexPath)
        /// The Delete button a row shows after its `⊖` was pressed.
        case deleteConfirmationButton(IndexPath)
        /// One of a swiped row's buttons, by index into `TableView.swipeActions`.
        case swipeAction(IndexPath, Int)
        /// A row's checkbox or trailing accessory.
        case accessory(IndexPath)
        /// One of the open context menu's actions, by index into its `menu.children`.
        case menuAction(Int)
        /// The open context menu's frame or title: on the menu, but on no action.
        case menu
    }

    /// What the last frame drew at a cell of the grid it was drawn into, or nil (a gap, a footer,
    /// outside the table, or the table changed since that frame). Index paths are in the current
    /// space.
    ///
    ///     if case .swipeAction(_, let i)? = renderer.hit(x: m.x, y: m.y) { controller.perform(.performSwipeAction(i)) }
    ///
    /// - Complexity: O(controls drawn), a few per visible row.
    public func hit(x: Int, y: Int) -> Hit? {
        let line = y - lastTop
        guard frameChanges == tableChanges, line >= 0 else { return nil }
        // A context menu may be drawn below the table's last line.
        if let region = regions.last(where: { $0.y == line && $0.x.contains(x) }) { return region.hit }
        guard line < lastLines.count else { return nil }
        switch lastLines[line] {
        case .header(let s): return .header(modelSection(forDisplayed: s))
        case .row(let d): return .row(modelRow(forDisplayed: d))
        case .gap, .footer: return nil
        }
    }
}

extension TableRenderer.Hit {
    /// The row the hit is on (on the row or one of its controls), if any.
    ///
    ///     if let p = renderer.hit(x: m.x, y: m.y)?.row { controller.perform(.openContextMenu(at: p)) }
    public var row: IndexPath? {
        switch self {
        case .row(let p), .editingControl(let p), .selectionControl(let p), .reorderControl(let p),
             .deleteConfirmationButton(let p), .swipeAction(let p, _), .accessory(let p):
            return p
        case .header, .menuAction, .menu:
            return nil
        }
    }
}

/// A control drawn on a line of the table area.
struct HitRegion {
    var y: Int
    var x: Range<Int>
    var hit: TableRenderer.Hit
}
