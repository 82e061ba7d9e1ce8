import CNcursesw
import TerminalUI

/// The width the terminal really draws. Terminals disagree with Unicode on some grapheme clusters
/// (tmux 3.3a draws 👍🏽 in 4 columns and ❤️ in 1, where Unicode says 2 for both), and a cluster
/// drawn wider or narrower than the grid expects shifts everything after it on the row. So before
/// a frame is drawn, each cluster in it of a kind terminals disagree on (`TextWidth.Kind`), or
/// that the C library measures differently from Unicode, not measured yet is drawn at the start of the last row, followed by a cursor position
/// request (`ESC [ 6 n`); the column of the answer (`ESC [ row ; column R`) is its width. The
/// requests go out together and the answers come back in order. The row is blanked at once and
/// the frame repaints it; the frame is then rendered again with the measured widths.
///
/// Each distinct cluster is measured once per session. Answers that come after the wait are
/// still taken (the next frame uses them). A terminal that does not answer the first request
/// within a second is taken never to answer: its widths stay Unicode's and it is not asked again.
extension CursesTerminal {
    /// How long a frame waits for answers: longer the first time, when an answer also tells
    /// whether the terminal answers at all.
    static let firstAnswerWait = Duration.seconds(1)
    static let answerWait = Duration.milliseconds(300)
    /// Requests sent at once, at most.
    static let probeBatch = 128

    /// Asks the terminal about the clusters of `grid` that need measuring; returns whether
    /// `widths` changed (the run loop then renders the frame again).
    ///
    /// - Complexity: O(cells of `grid`), plus one round trip to the terminal per batch.
    public func measure(_ grid: CellGrid) -> Bool {
        guard writesClusters, !probe.isSilent, !probe.isWaiting, size.height >= 2, size.width >= 8 else { return false }
        var wanted: [Character] = []
        var seen = Set<Character>()
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                if let c = grid[x, y].text.first, needsMeasuring(c), seen.insert(c).inserted { wanted.append(c) }
                x += grid.clusterWidth(x: x, y: y)
            }
        }
        guard !wanted.isEmpty else { return false }
        let before = widths
        let row = Int32(size.height - 1)
        var start = 0
        while start < wanted.count, !probe.isSilent, !probe.isWaiting {
            let batch = wanted[start..<min(wanted.count, start + Self.probeBatch)]
            start += batch.count
            for c in batch { _ = le_write_probe(row, String(c)) }
            le_erase_row(row)
            le_write_end(Int32(parked.y), Int32(parked.x))
            repaint.insert(Int(row))
            probe.asked.append(contentsOf: batch)
            awaitAnswers(within: probe.hasAnswered ? Self.answerWait : Self.firstAnswerWait)
        }
        return widths != before
    }

    /// Whether to ask the terminal about `c`: a cluster of a kind terminals disagree on, or any
    /// other whose first code point the C library (which the terminal most likely uses too) gives
    /// another width than Unicode does (glibc 2.36 draws the Yijing hexagrams wide).
    private func needsMeasuring(_ c: Character) -> Bool {
        if widths.needsMeasuring(c) { return true }
        guard c.asciiValue == nil, widths.measured[c] == nil, let first = c.unicodeScalars.first else { return false }
        return Int(le_wcwidth(wchar_t(bitPattern: first.value))) != TextWidth.width(of: first)
    }

    /// Reads input until every answer owed has come or `limit` has passed; keys read meanwhile
    /// are queued for `nextEvent`.
    private func awaitAnswers(within limit: Duration) {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while probe.isWaiting {
            let left = clock.now.duration(to: end)
            guard left > .zero else { break }
            let (seconds, attoseconds) = left.components
            readAnswer(timeout: Int32(min(Int64(Int32.max), max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))))
        }
        if probe.reader.isInsideReport { readAnswer(timeout: 0) }
        if probe.isWaiting, !probe.hasAnswered {
            probe.isSilent = true
            probe.asked = []
            queueKeys(probe.reader.flush())
        }
    }

    /// Reads one character or key while answers are owed, waiting up to `timeout` milliseconds
    /// (-1: forever). An answer updates `widths`; anything else is queued as an event. The rest of
    /// an answer already begun is waited for 50 ms, then what came is taken as keys.
    func readAnswer(timeout milliseconds: Int32) {
        let inside = probe.reader.isInsideReport
        wtimeout(le_stdscr(), inside ? 50 : milliseconds)
        var ch: wint_t = 0
        let r = le_get_wch(&ch)
        if r == le_err() {
            if inside { queueKeys(probe.reader.flush()) }
            return
        }
        if r == le_key_code_yes() {
            queueKeys(probe.reader.flush())
            if let event = event(code: Int32(ch)) { probe.queued.append(event) }
            return
        }
        queueKeys(probe.reader.feed(UInt32(ch)))
    }

    private func queueKeys(_ outputs: [CursorReport.Output]) {
        for output in outputs {
            switch output {
            case .report(let report):
                guard probe.isWaiting else { continue }
                let cluster = probe.asked.removeFirst()
                probe.hasAnswered = true
                // The probe starts in column 1; a cluster is never wider than a few columns.
                let measured = report.column - 1
                widths.record(cluster, width: (0...8).contains(measured) ? measured : TextWidth.of(cluster))
            case .character(let c):
                if let key = decoder.key(character: c) { probe.queued.append(.key(key)) }
            }
        }
    }
}
