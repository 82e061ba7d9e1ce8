/// The screen as data: `width` × `height` cells and where the terminal's cursor should be.
/// Views render into a grid; the curses backend writes grids; tests compare grids as text.
///
///     var grid = CellGrid(width: 10, height: 1)
///     grid.put("吾輩は猫", x: 0, y: 0)
///     grid.lines     // ["吾輩は猫  "]
///
/// Text goes in by grapheme clusters, each taking the columns `widths` gives it (what the
/// terminal draws it with): its cell, then continuation cells.
///
/// Invariant: a cluster is always whole: its continuation cells follow it, as many as its width
/// asks, and writing over any column of a cluster blanks the rest of it.
public struct CellGrid: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Lines.
    public let height: Int
    /// The columns each cluster takes on the terminal the grid is drawn on.
    public let widths: WidthProfile
    /// The cells line by line, `width` × `height` of them; write through `put` and the other
    /// mutating methods, which keep clusters whole.
    public private(set) var cells: [Cell]
    /// Where to park the terminal's real cursor (screen readers follow it).
    public var cursor: (x: Int, y: Int)? {
        get { cursorX.map { ($0, cursorY) } }
        set { cursorX = newValue?.x; cursorY = newValue?.y ?? 0 }
    }
    private var cursorX: Int?
    private var cursorY = 0

    /// A blank grid of `width` × `height` cells (negative sizes are 0), measuring clusters with
    /// `widths`.
    public init(width: Int, height: Int, widths: WidthProfile = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.widths = widths
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x` of line `y` (0-based; both must be inside the grid).
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Columns taken by the cluster whose cell is at column `x` of row `y`: 1 plus the
    /// continuation cells after it.
    ///
    /// - Complexity: O(w) for a cluster `w` columns wide.
    public func clusterWidth(x: Int, y: Int) -> Int {
        var end = x + 1
        while end < width, self[end, y].isContinuation { end += 1 }
        return end - x
    }

    /// Writes `text` from column `x` on row `y`, clipped at column `limit` (default: the right
    /// edge). Each grapheme cluster takes the columns `widths` gives it and is written whole or not
    /// at all; control characters show as `�`; a cluster of no width joins the cell before it.
    /// Returns the column after the last cell written.
    ///
    /// - Complexity: O(n) in the length of `text`.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: CellStyle = .normal, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var col = x
        var lastCell: Int?
        for ch in text {
            var c = ch
            if let a = ch.asciiValue {
                if a < 0x20 || a == 0x7F { c = a == 0x09 ? " " : "\u{FFFD}" }
            } else if ch.unicodeScalars.first.map({ $0.properties.generalCategory == .control }) == true {
                c = "\u{FFFD}"
            }
            let w = widths.width(of: c)
            if w == 0 {
                if let lastCell { cells[y * width + lastCell].text.append(c) }
                continue
            }
            if col + w > end { break }
            if col >= 0 {
                set(x: col, y: y, Cell(String(c), style: style), width: w)
                lastCell = col
            } else {
                lastCell = nil
            }
            col += w
        }
        return col
    }

    /// Fills columns `x..<x+count` of rows `y..<y+lines` with `glyph` (a blank unless given) in
    /// `style`, as `put` would one column at a time: a board's rules are fills of `─` and `│`.
    ///
    ///     grid.fill(x: 0, y: 1, count: 80, style: CellStyle(.footer, dim: true), with: "─")
    ///
    /// - Complexity: O(count × lines); the glyph is measured once.
    public mutating func fill(x: Int, y: Int, count: Int, lines: Int = 1, style: CellStyle = .normal, with glyph: Character = " ") {
        // (A count or line count of zero or less, as a board shorter than its titles asks for,
        // fills nothing.)
        let from = max(0, x), to = min(width, x + count)
        let first = max(0, y), end = min(height, y + lines)
        guard from < to, first < end else { return }
        let rows = first..<end
        guard glyph == " " || (glyph.asciiValue.map { $0 > 0x20 && $0 < 0x7F } ?? false) || isPrintable(oneColumn: glyph) else {
            for row in rows {
                for col in from..<to { put(String(glyph), x: col, y: row, style: style) }
            }
            return
        }
        let cell = Cell(String(glyph), style: style)
        for row in rows {
            // The clusters cut at either end first (as `put` would leave them), then the columns.
            set(x: from, y: row, cell, width: 1)
            if to - 1 > from { set(x: to - 1, y: row, cell, width: 1) }
            let rowStart = row * width
            cells.withUnsafeMutableBufferPointer { c in
                for i in (rowStart + from)..<(rowStart + to) { c[i] = cell }
            }
        }
    }

    /// Whether `glyph` is drawn as it is in one column (not a control, which `put` shows as `�`).
    private func isPrintable(oneColumn glyph: Character) -> Bool {
        glyph.unicodeScalars.first.map { $0.properties.generalCategory != .control } == true && widths.width(of: glyph) == 1
    }

    /// Copies row `sourceY` of `other` into row `y`, shifted right by `shift` columns (negative:
    /// left), clipping at the edges: a cluster that does not fit whole is left out.
    public mutating func copyRow(from other: CellGrid, sourceY: Int, to y: Int, shift: Int = 0, style change: ((inout CellStyle) -> Void)? = nil) {
        guard y >= 0, y < height, sourceY >= 0, sourceY < other.height else { return }
        fill(x: 0, y: y, count: width)
        var x = 0
        while x < other.width {
            let cell = other[x, sourceY]
            let w = other.clusterWidth(x: x, y: sourceY)
            let target = x + shift
            if !cell.isContinuation, target >= 0, target + w <= width {
                var c = cell
                if let change { change(&c.style) }
                set(x: target, y: y, c, width: w)
            }
            x += w
        }
    }

    /// Puts `cell` at column `x` with `w - 1` continuation cells after it (`x + w <= width`); the
    /// rest of any cluster it writes over becomes blanks.
    private mutating func set(x: Int, y: Int, _ cell: Cell, width w: Int) {
        let rowStart = y * width, rowEnd = rowStart + width, i = rowStart + x
        cells.withUnsafeMutableBufferPointer { c in
            // The columns of a cluster that starts left of x.
            if c[i].isContinuation {
                var lead = i - 1
                while lead > rowStart, c[lead].isContinuation { lead -= 1 }
                for k in lead..<i { c[k] = Cell(" ", style: c[k].style) }
            }
            // The columns of a cluster that goes on right of x + w.
            var tail = i + w
            while tail < rowEnd, c[tail].isContinuation {
                c[tail] = Cell(" ", style: c[tail].style)
                tail += 1
            }
            c[i] = cell
            if w > 1 {
                let continuation = Cell("", style: cell.style)
                for k in i + 1..<i + w { c[k] = continuation }
            }
        }
    }

    /// The rows as plain text, one string per row; a cluster stands for all its columns.
    public var lines: [String] {
        (0..<height).map { y in
            var s = ""
            for x in 0..<width where !self[x, y].isContinuation { s += self[x, y].text }
            return s
        }
    }

    /// The rows as text with trailing spaces removed: the golden-screen form.
    public var text: String {
        lines.map { line in
            var l = Substring(line)
            while l.last == " " { l = l.dropLast() }
            return String(l)
        }.joined(separator: "\n")
    }

    /// The golden-screen form with the terminal cursor shown: each row behind a one-column
    /// gutter holding `>` on the cursor's row, trailing spaces removed.
    public var screenshot: String {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.enumerated().map { y, line in
            let mark = cursor?.y == y ? ">" : " "
            return line.isEmpty ? mark : mark + line
        }.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces }.joined(separator: "\n")
    }

    /// Whether every cluster is whole (for invariant checks): no continuation cell without its
    /// cluster, and each cluster followed by exactly the continuation cells its width asks.
    ///
    /// - Complexity: O(width × height).
    public var clustersAreWhole: Bool {
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = self[x, y]
                if cell.isContinuation { return false }
                let w = clusterWidth(x: x, y: y)
                if w != widths.width(of: cell.text) { return false }
                x += w
            }
        }
        return true
    }

    public static func == (a: CellGrid, b: CellGrid) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells && a.cursorX == b.cursorX && a.cursorY == b.cursorY
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
