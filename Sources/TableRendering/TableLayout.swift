import TableKit
import TerminalUI
internal import Algorithms

/// Maps screen lines to sections and rows without visiting rows: each section's first line is
/// a prefix sum over section sizes, so a lookup costs O(log sections) however many rows there are.
///
/// Grouped: `[gap]` (not before the first section), header, rows, footer. Plain: header, rows.
struct TableLayout {
    enum Line: Hashable {
        case gap(Int), header(Int), row(IndexPath), footer(Int)
    }

    let style: TableView.Style
    /// Row counts per section as displayed (a drag shifts one row).
    let counts: [Int]
    /// First line of each section.
    let starts: [Int]
    let total: Int

    init(counts: [Int], style: TableView.Style) {
        self.style = style
        self.counts = counts
        var starts: [Int] = []
        starts.reserveCapacity(counts.count)
        var line = 0
        for (s, n) in counts.enumerated() {
            starts.append(line)
            line += Self.extra(style, s) + n
        }
        self.starts = starts
        total = line
    }

    /// Non-row lines of a section.
    static func extra(_ style: TableView.Style, _ s: Int) -> Int {
        style != .plain ? (s > 0 ? 3 : 2) : 1
    }

    /// Lines before the first row of a section (gap and header).
    func lead(_ s: Int) -> Int { style != .plain ? (s > 0 ? 2 : 1) : 1 }

    func line(at index: Int) -> Line {
        // The last section starting at or before the line.
        let s = max(0, starts.partitioningIndex { $0 > index } - 1)
        let offset = index - starts[s]
        if style != .plain && s > 0 && offset == 0 { return .gap(s) }
        let lead = lead(s)
        if offset == lead - 1 { return .header(s) }
        let row = offset - lead
        if row < counts[s] { return .row(IndexPath(row: row, section: s)) }
        return .footer(s)
    }

    func index(of focus: TableFocus) -> Int {
        switch focus {
        case .header(let s): return starts[s] + lead(s) - 1
        case .row(let p): return starts[p.section] + lead(p.section) + p.row
        }
    }

    /// The focusable item on a line (headers and rows), if any.
    func focusable(at index: Int) -> TableFocus? {
        switch line(at: index) {
        case .header(let s): return .header(s)
        case .row(let p): return .row(p)
        case .gap, .footer: return nil
        }
    }
}
