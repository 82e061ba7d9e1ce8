import TerminalUI

/// The title bar on a screen's top line (UIKit's navigation bar): a bold title on the left, then
/// left items, and right items from the right edge (the first rightmost). Drawing records where
/// each button went, so a click asks the bar what it pressed instead of guessing widths. The
/// editor and the demos both draw theirs with it.
///
///     var bar = NavigationBar()
///     bar.draw(into: &grid, title: "groceries.md *", right: [.init(" Edit ", underline: true), .init(" + ")])
///     bar.item(atX: m.x, y: m.y)      // 0: Edit, 1: +
public struct NavigationBar: Sendable {
    /// A button as drawn: its label (with its padding) and style.
    public struct Item: Sendable {
        /// The text drawn, padding included (`" Edit "`).
        public var label: String
        /// False: drawn dimmed, and a click on it presses nothing.
        public var isEnabled: Bool
        /// Underlined: the button that ends a mode (Done).
        public var underline: Bool
        /// Drawn dimmed but still pressable (the editor's `+` in edit mode).
        public var dim: Bool

        /// A button showing `label`, enabled and plain unless told.
        public init(_ label: String, isEnabled: Bool = true, underline: Bool = false, dim: Bool = false) {
            self.label = label
            self.isEnabled = isEnabled
            self.underline = underline
            self.dim = dim
        }
    }

    /// Where the last `draw` put each item: (x range, index into `right`), then left items with
    /// index `right.count + i`.
    public private(set) var regions: [(x: Range<Int>, item: Int)] = []
    /// Columns kept free at the right edge.
    public var trailingMargin: Int
    /// Columns between right items.
    public var spacing: Int

    /// A bar with `trailingMargin` free columns at the right edge and `spacing` between items.
    public init(trailingMargin: Int = 1, spacing: Int = 1) {
        self.trailingMargin = trailingMargin
        self.spacing = spacing
    }

    /// Draws the bar on line 0 and records its buttons. Right items that do not fit are left out.
    ///
    /// - Complexity: O(width).
    public mutating func draw(into grid: inout CellGrid, title: String, right: [Item], left: [Item] = [], ellipsis: String = "…") {
        regions = []
        guard grid.width > 0, grid.height > 0 else { return }
        grid.fill(x: 0, y: 0, count: grid.width, style: CellStyle(.bar, reverse: true))
        var x = grid.width - trailingMargin + spacing
        for (i, item) in right.enumerated() {
            let w = grid.widths.width(of: item.label)
            guard x - w - spacing > 0 else { break }
            x -= w + spacing
            let style = CellStyle(.barButton, bold: true, dim: !item.isEnabled || item.dim, reverse: true, underline: item.underline)
            grid.put(item.label, x: x, y: 0, style: style)
            regions.append((x..<(x + w), i))
        }
        let end = regions.isEmpty ? grid.width : x
        let room = max(0, end - 2)
        var after = grid.put(grid.widths.truncate(title, to: room, ellipsis: ellipsis), x: 1, y: 0,
                             style: CellStyle(.bar, bold: true, reverse: true), limit: end - 1) + 1
        for (i, item) in left.enumerated() {
            let w = grid.widths.width(of: item.label)
            guard after + w < end - 1 else { break }
            grid.put(item.label, x: after, y: 0, style: CellStyle(.barButton, bold: true, reverse: true))
            regions.append((after..<(after + w), right.count + i))
            after += w + 1
        }
    }

    /// The item the last frame drew at a cell: an index into `right`, or `right.count + i` for
    /// left item `i`; nil off the buttons.
    public func item(atX x: Int, y: Int) -> Int? {
        guard y == 0 else { return nil }
        return regions.first { $0.x.contains(x) }?.item
    }
}
