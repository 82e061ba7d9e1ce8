import TableKit

/// The columns of a board: which of its lanes show side by side, where, and how many are hidden
/// on each side. A value the `BoardRenderer` computes per frame from the lane count and the
/// width, without visiting rows; lanes are numbered by their place on the board (0 is the
/// leftmost lane, whatever its section).
///
///     let layout = BoardLayout(laneCount: 5, width: 80, minimumLaneWidth: 24, first: 0, keeping: 4)
///     layout.first          // 2: lanes 2, 3 and 4 show (3 × 24 columns and 2 rules fit in 80)
///     layout.columns        // [0..<26, 27..<53, 54..<80]
///     layout.hiddenBefore   // 2, drawn as "‹ 2"
///     layout.hiddenAfter    // 0
///
/// Lanes take the width evenly (the leftmost a column more when it does not divide), at least
/// `minimumLaneWidth` each, one column of rule between two; a terminal narrower than one lane
/// shows one lane across it.
public struct BoardLayout: Equatable, Sendable {
    /// Lines above the cards: the lanes' titles and a rule under them.
    public static let headerLines = 2

    /// The lanes of the board.
    public let laneCount: Int
    /// The leftmost lane shown (board place).
    public let first: Int
    /// The columns of each lane shown, left to right: `columns[i]` is lane `first + i`'s.
    public let columns: [Range<Int>]

    /// Lanes hidden to the left of the first shown.
    public var hiddenBefore: Int { first }
    /// Lanes hidden to the right of the last shown.
    public var hiddenAfter: Int { laneCount - first - columns.count }

    /// Lays out `laneCount` lanes across `width` columns, scrolled to start at lane `first` (as
    /// the last frame was) and then just far enough that lane `keeping` (the cursor's) shows.
    ///
    /// - Complexity: O(lanes shown).
    public init(laneCount: Int, width: Int, minimumLaneWidth: Int, first: Int = 0, keeping lane: Int? = nil) {
        self.laneCount = max(0, laneCount)
        let fit = max(1, (max(0, width) + 1) / (max(1, minimumLaneWidth) + 1))
        let shown = min(self.laneCount, fit)
        var start = max(0, min(first, self.laneCount - shown))
        if let lane, shown > 0 {
            if lane < start { start = lane } else if lane >= start + shown { start = lane - shown + 1 }
        }
        self.first = start
        var columns: [Range<Int>] = []
        if shown > 0 {
            let available = max(shown, width - (shown - 1))
            var x = 0
            for i in 0..<shown {
                let w = available / shown + (i < available % shown ? 1 : 0)
                columns.append(x..<(x + w))
                x += w + 1
            }
        }
        self.columns = columns
    }

    /// The lane (board place) whose columns hold column `x`; on a rule, the lane left of it.
    /// Nil left or right of the lanes shown.
    ///
    /// - Complexity: O(lanes shown).
    public func lane(atX x: Int) -> Int? {
        guard let i = columns.lastIndex(where: { $0.lowerBound <= x }), x < columns[i].upperBound + 1 else { return nil }
        return first + i
    }

    /// The columns of a lane (board place), nil when it is hidden.
    public func columns(ofLane lane: Int) -> Range<Int>? {
        let i = lane - first
        return i >= 0 && i < columns.count ? columns[i] : nil
    }
}
