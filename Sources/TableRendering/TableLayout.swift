import TableKit
import TerminalUI
internal import Algorithms

/// Maps screen lines to sections and rows without visiting rows: each section's first line is
/// a prefix sum over section sizes, so a lookup costs O(log sections) however many rows there are.
///
/// Grouped: `[gap]` (not before the first section shown), header, rows, footer. Plain: header,
/// rows. A section the filter hides takes no line.
struct TableLayout {
    enum Line: Hashable {
        case gap(Int), header(Int), row(IndexPath), footer(Int)
    }

    let style: TableView.Style
    /// Row counts per section as displayed (a drag shifts one row).
    let counts: [Int]
    /// First line of each section (a hidden section's is the next section's).
    let starts: [Int]
    let total: Int
    /// The first section shown: no gap before it.
    let firstShown: Int

    /// - Parameters:
    ///   - counts: rows shown per section (display order).
    ///   - hidden: per section (display order), whether it is hidden whole; empty when none is.
    ///   - style: the table's style.
    /// - Complexity: O(sections).
    init(counts: [Int], hidden: [Bool] = [], style: TableView.Style) {
        self.style = style
        self.counts = counts
        var starts: [Int] = []
        starts.reserveCapacity(counts.count)
        var line = 0
        var first: Int?
        for (s, n) in counts.enumerated() {
            starts.append(line)
            if s < hidden.count, hidden[s] { continue }
            line += Self.extra(style, first: first == nil) + n
            if first == nil { first = s }
        }
        self.starts = starts
        total = line
        firstShown = first ?? 0
    }

    /// Non-row lines of a shown section (the first shown has no gap).
    static func extra(_ style: TableView.Style, first: Bool) -> Int {
        style != .plain ? (first ? 2 : 3) : 1
    }

    /// Lines before the first row of a section (gap and header).
    func lead(_ s: Int) -> Int { style != .plain ? (s > firstShown ? 2 : 1) : 1 }

    func line(at index: Int) -> Line {
        // The last section starting at or before the line (a hidden one starts where the next
        // does, so the next is found).
        let s = max(0, starts.partitioningIndex { $0 > index } - 1)
        let offset = index - starts[s]
        if style != .plain && s > firstShown && offset == 0 { return .gap(s) }
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
