import TableKit
import TerminalUI

/// A board's move in flight: cards that a batch moved (`H`/`L`, `K`/`J`, a drop, a code-driven
/// `moveRow`), or a held card that stepped into another lane, glide from where the last frame drew
/// them to where they are now, as the list's rows slide (`RowAnimationFrames.slide`) and for as
/// long as a batch of the list animates. A card that changes lanes floats over the board on its
/// way (its columns and its line both in between); in the lane it left the cards below close the
/// gap, and in the lane it enters they step aside to open one. A card moved within its lane is
/// drawn among the others at a line in between, and they step aside as it passes.
///
///     // "Plan" was on line 0 of lane 0 (columns 0..<26) and is now on line 2 of lane 1:
///     let move = BoardMoveFrames(start: now, origins: [plan: .init(place: 0, x: 0, line: 0)], travellers: [plan])
///     move.draw(at: now + 0.12, lanes: lanesNow, clean: frame, top: 2, lines: 20, into: &grid)
///
/// Animation is frames only: the model and the table are final when the move is applied. A key
/// press finishes it at once (issue 26's rule: input ends animations).
struct BoardMoveFrames {
    /// Seconds a move takes: what a batch's slide and its last stage take in the list.
    static let duration = RowAnimationFrames.slidePhase + RowAnimationFrames.phase

    /// Where a row was drawn in the last frame: its lane (board place), the lane's first column,
    /// and its line among the lane's lines (0 is the first line under the titles' rule).
    struct Origin: Equatable {
        var place: Int
        var x: Int
        var line: Int
    }

    /// A lane of the frame drawn now: its board place, columns and the rows on its lines (current
    /// space), as `BoardRenderer.render` drew them.
    struct Lane {
        var place: Int
        var columns: Range<Int>
        var rows: [IndexPath]
    }

    var start: Double
    /// Every row the last frame drew, by its index path now (current space), and where.
    var origins: [IndexPath: Origin]
    /// The rows that travel (index paths now): a batch's moved rows, or the held card.
    var travellers: Set<IndexPath>
    /// A batch's completions, run when the move ends (with `false` when cut short).
    var completions: [@MainActor (Bool) -> Void] = []

    /// How far the move is at `time`, from 0 to 1, or nil when it is over.
    func progress(at time: Double) -> Double? {
        let t = time - start
        guard t < Self.duration else { return nil }
        return max(0, t) / Self.duration
    }

    /// One line of a lane mid-move: a line of the lane drawn now, or a blank (a gap opening or
    /// closing).
    enum Entry: Equatable {
        case line(Int)
        case blank
    }

    /// The lines of `lane` at `progress`, top to bottom (as many as the lane's rows and blanks
    /// give; the caller draws the first `lines`): the rows that stay in their order; a card that
    /// left the lane leaves a gap where it was that closes; a card that entered it has a gap where
    /// it lands that opens (the card floats there, `floaters`); a card that moved within the lane
    /// is drawn at a line in between, the others stepping aside.
    ///
    /// - Complexity: O(lines of the lane + rows that left it).
    func entries(of lane: Lane, progress p: Double) -> [Entry] {
        var stayers: [Int] = []             // lines of the lane now
        var sliders: [(at: Double, line: Int)] = []
        var opening: [Int] = []             // the stayer index where each arriving line lands
        for (y, row) in lane.rows.enumerated() {
            guard travellers.contains(row), let o = origins[row] else {
                stayers.append(y)
                continue
            }
            if o.place == lane.place {
                sliders.append((Double(o.line) + Double(y - o.line) * p, y))
            } else {
                opening.append(stayers.count)
            }
        }
        // Where the rows that left the lane were, among the rows that stay (by their old lines).
        var closing: [Int] = []
        let shown = Set(lane.rows)
        for (row, o) in origins where o.place == lane.place && travellers.contains(row) && !shown.contains(row) {
            closing.append(stayers.count { y in (origins[lane.rows[y]]?.line ?? y) < o.line })
        }
        var gaps: [Int: Double] = [:]
        for i in opening { gaps[i, default: 0] += p }
        for i in closing { gaps[i, default: 0] += 1 - p }
        var sequence = stayers.map(Entry.line)
        for (i, size) in gaps.sorted(by: { $0.key > $1.key }) {
            sequence.insert(contentsOf: repeatElement(.blank, count: Int(size.rounded())), at: min(i, sequence.count))
        }
        for slider in sliders.sorted(by: { $0.at < $1.at }) {
            sequence.insert(.line(slider.line), at: max(0, min(sequence.count, Int(slider.at.rounded()))))
        }
        return sequence
    }

    /// The cards that change lanes, at `progress`: each line's place in the lane drawn now
    /// (`from` line, of `lane`) and where it is drawn on its way (lane line and column).
    func floaters(in lanes: [Lane], progress p: Double) -> [(lane: Int, from: Int, line: Int, x: Int)] {
        var out: [(lane: Int, from: Int, line: Int, x: Int)] = []
        for (i, lane) in lanes.enumerated() {
            for (y, row) in lane.rows.enumerated() where travellers.contains(row) {
                guard let o = origins[row], o.place != lane.place else { continue }
                let line = Int((Double(o.line) + Double(y - o.line) * p).rounded())
                let x = Int((Double(o.x) + Double(lane.columns.lowerBound - o.x) * p).rounded())
                out.append((i, y, line, x))
            }
        }
        return out
    }
}
