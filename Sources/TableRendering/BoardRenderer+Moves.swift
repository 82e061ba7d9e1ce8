import TableKit
import TerminalUI

/// Moves on a board: a batch that moves cards, or a held card stepping into another lane, starts
/// a `BoardMoveFrames` from where the last frame drew every card, and the frames after it draw
/// the cards on their way (the same clock, slowdown and frame loop as the list's batches).
extension BoardRenderer {
    /// A batch applied (`didApply`): when it moved rows the last frame drew, they glide from
    /// there; a batch before any frame of the move in flight joins it (`H` into a done lane is a
    /// move and a reload of the card), any other ends it cut short. Without a move, or with
    /// animations off, the completions run now.
    ///
    /// - Complexity: O(rows the last frame drew).
    func beginMove(after plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        let joined = moveDrawn ? nil : move
        if joined == nil { endMove(finished: false) } else { move = nil }
        let all = (joined?.completions ?? []) + completions
        guard animationsEnabled, plan.update.isAnimated, joined != nil || plan.oldRowCounts == drawnRowCounts,
              let layout = joined == nil ? drawnLayout : moveLayout else {
            for completion in all { completion(true) }
            return
        }
        var origins: [IndexPath: BoardMoveFrames.Origin] = [:]
        var travellers = Set<IndexPath>()
        if let joined {
            for (row, origin) in joined.origins {
                if let f = plan.finalIndexPath(forOriginal: row) { origins[f] = origin }
            }
            travellers = Set(joined.travellers.compactMap { plan.finalIndexPath(forOriginal: $0) })
        } else {
            origins = drawnOrigins { plan.finalIndexPath(forOriginal: $0) }
        }
        if !plan.update.movedRows.isEmpty {
            // Asked per row the last frame drew, never over every move of the batch.
            for f in origins.keys {
                if let placement = plan.rowPlacements[f.section], case .moved = placement.slot(atFinal: f.row) { travellers.insert(f) }
            }
        }
        guard !travellers.isEmpty else {
            for completion in all { completion(true) }
            return
        }
        move = BoardMoveFrames(start: animationTime, origins: origins, travellers: travellers, completions: all)
        moveLayout = layout
        moveDrawn = false
    }

    /// The held card is drawn in another lane than in the last frame (a step across, or the
    /// mouse): it glides there from where it was drawn, the cards of both lanes sliding.
    func beginStepAcross(of row: IndexPath) {
        guard animationsEnabled, drawnRowCounts == tableView.rowCounts, let layout = drawnLayout else { return }
        endMove(finished: false)
        let origins = drawnOrigins { $0 }
        guard origins[row] != nil else { return }
        move = BoardMoveFrames(start: animationTime, origins: origins, travellers: [row])
        moveLayout = layout
        moveDrawn = false
    }

    /// Ends the move in flight; its completions run with `finished`.
    func endMove(finished: Bool) {
        guard let running = move else { return }
        move = nil
        moveLayout = nil
        for completion in running.completions { completion(finished) }
    }

    /// Where the last frame drew each row, keyed by `map` of its path then (nil: left out).
    ///
    /// - Complexity: O(rows the last frame drew).
    func drawnOrigins(_ map: (IndexPath) -> IndexPath?) -> [IndexPath: BoardMoveFrames.Origin] {
        var origins: [IndexPath: BoardMoveFrames.Origin] = [:]
        for lane in drawnLanes {
            for (y, row) in lane.rows.enumerated() {
                if let now = map(row) { origins[now] = .init(place: lane.place, x: lane.columns.lowerBound, line: y) }
            }
        }
        return origins
    }

    /// Draws the move in flight over the frame just drawn (`grid`, the lanes' lines from `y0`,
    /// `lanes` as drawn): each lane's lines as the move has them at this time, then the cards
    /// changing lanes on their way. Returns the grid cell the cursor's row is drawn at (nil: it
    /// is not on the lanes' lines). The move ends (completions run) when it is over, or when the lanes shown are not
    /// those it started from (the board scrolled sideways or was resized).
    ///
    /// - Complexity: O(the lanes' area).
    func drawMove(_ lanes: [BoardMoveFrames.Lane], at now: Double, into grid: inout CellGrid, top y0: Int) -> (x: Int, y: Int)? {
        guard let running = move else { return nil }
        guard moveLayout == boardLayout, let p = running.progress(at: now) else {
            endMove(finished: true)
            return nil
        }
        moveDrawn = true
        let clean = grid
        var cursor: (x: Int, y: Int)?
        for lane in lanes {
            let entries = running.entries(of: lane, progress: p)
            if case .row(let focus)? = tableView.focus, let c = lane.rows.firstIndex(of: focus),
               let y = entries.prefix(bodyHeight).firstIndex(of: .line(c)) {
                cursor = (min(grid.width - 1, lane.columns.lowerBound + 1), y0 + y)
            }
            for y in 0..<bodyHeight {
                if y < entries.count, case .line(let from) = entries[y] {
                    Self.blit(clean, columns: lane.columns, line: y0 + from, into: &grid, x: lane.columns.lowerBound, y: y0 + y)
                } else {
                    grid.fill(x: lane.columns.lowerBound, y: y0 + y, count: lane.columns.count)
                }
            }
        }
        for f in running.floaters(in: lanes, progress: p) where f.line >= 0 && f.line < bodyHeight {
            let lane = lanes[f.lane]
            Self.blit(clean, columns: lane.columns, line: y0 + f.from, into: &grid, x: f.x, y: y0 + f.line)
            if tableView.focus == .row(lane.rows[f.from]) { cursor = (min(grid.width - 1, f.x + 1), y0 + f.line) }
        }
        return cursor
    }
}
