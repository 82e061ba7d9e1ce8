import TableKit

/// The screen as data: `width` × `height` cells and where the terminal's cursor should be.
/// Views render into a grid; the curses backend writes grids; tests compare grids as text.
///
///     var grid = CellGrid(width: 10, height: 1)
///     grid.put("吾輩は猫", x: 0, y: 0)
///     grid.lines     // ["吾輩は猫  "]
///
/// Invariant: a wide character is always whole (its continuation cell follows it, and nothing
/// else is ever half of one).
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where to park the terminal's real cursor (screen readers follow it).
    public var cursor: (x: Int, y: Int)? {
        get { cursorX.map { ($0, cursorY) } }
        set { cursorX = newValue?.x; cursorY = newValue?.y ?? 0 }
    }
    private var cursorX: Int?
    private var cursorY = 0

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from column `x` on row `y`, clipped at column `limit` (default: the right
    /// edge). Control characters show as `�`; combining marks join the previous cell. Returns the
    /// column after the last cell written.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: CellStyle = .normal, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(limit ?? width, width)
        var col = x
        for ch in text {
            var c = ch
            if let a = ch.asciiValue, a < 0x20 || a == 0x7F { c = a == 0x09 ? " " : "\u{FFFD}" }
            else if ch.unicodeScalars.first.map({ $0.properties.generalCategory == .control }) == true { c = "\u{FFFD}" }
            let w = TextWidth.of(c)
            if w == 0 {
                if col > x, col - 1 < width, col - 1 >= 0 {
                    var target = col - 1
                    if self[target, y].isContinuation, target > 0 { target -= 1 }
                    cells[y * width + target].text.append(contentsOf: String(c))
                }
                continue
            }
            if col + w > end { break }
            if col >= 0 { set(x: col, y: y, Cell(String(c), style: style), wide: w == 2) }
            col += w
        }
        return col
    }

    /// Fills columns `x..<x+count` of row `y` with blanks in `style`.
    public mutating func fill(x: Int, y: Int, count: Int, style: CellStyle = .normal) {
        guard y >= 0, y < height else { return }
        for col in max(0, x)..<min(width, x + count) { set(x: col, y: y, Cell(" ", style: style), wide: false) }
    }

    /// Copies row `sourceY` of `other` into row `y`, shifted right by `shift` columns (negative:
    /// left), clipping at the edges and never leaving half of a wide character.
    public mutating func copyRow(from other: CellGrid, sourceY: Int, to y: Int, shift: Int = 0, style change: ((inout CellStyle) -> Void)? = nil) {
        guard y >= 0, y < height, sourceY >= 0, sourceY < other.height else { return }
        fill(x: 0, y: y, count: width)
        var x = 0
        while x < other.width {
            let cell = other[x, sourceY]
            let wide = x + 1 < other.width && other[x + 1, sourceY].isContinuation
            let target = x + shift
            if !cell.isContinuation, target >= 0, target + (wide ? 2 : 1) <= width {
                var c = cell
                if let change { change(&c.style) }
                set(x: target, y: y, c, wide: wide)
            }
            x += wide ? 2 : 1
        }
    }

    private mutating func set(x: Int, y: Int, _ cell: Cell, wide: Bool) {
        let i = y * width + x
        // Overwriting the right half of a wide character blanks its left half.
        if cells[i].isContinuation, x > 0 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        // Overwriting the left half of a wide character blanks its right half.
        if x + 1 < width, cells[i + 1].isContinuation {
            cells[i + 1] = Cell(" ", style: cells[i + 1].style)
        }
        cells[i] = cell
        if wide {
            if x + 1 < width {
                if x + 2 < width, cells[i + 2].isContinuation { cells[i + 2] = Cell(" ", style: cells[i + 2].style) }
                cells[i + 1] = Cell("", style: cell.style)
            } else {
                cells[i] = Cell(" ", style: cell.style)
            }
        }
    }

    /// The rows as plain text, one string per row; a wide character stands for its two columns.
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

    /// Whether every wide character is whole (for invariant checks).
    public var wideCharactersAreWhole: Bool {
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = self[x, y]
                if cell.isContinuation { return false }
                let w = TextWidth.of(Character(cell.text.isEmpty ? " " : cell.text))
                if w == 2 {
                    if x + 1 >= width || !self[x + 1, y].isContinuation { return false }
                    x += 2
                } else {
                    x += 1
                }
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
