import TableKit
import TerminalUI

/// Drawing a frame of the board: the lanes' titles and counts, the rule under them with the
/// hidden lanes' counts, the rules between lanes, and each lane's cards in its columns (a lane
/// with a drag step in flight is drawn into a grid of its own, whose lines slide, and copied
/// into place; a move in flight is drawn over the frame, `BoardRenderer+Moves`).
extension BoardRenderer {
    /// The update step's half of drawing, for a board of `width` × `height` (titles included):
    /// the cursor, on a section that is no lane (or on nothing), goes to the first lane; a
    /// `scrollToRow` is honoured; the board scrolls sideways to keep the cursor's lane in view,
    /// and each lane on screen scrolls to keep the cursor in view (within `scrollMargin`). Call it
    /// after each change to the table, the cursor or the size, as `TableRenderer.layOut(height:)`
    /// (the width too: which lanes show depends on it), so that `render` only draws.
    ///
    ///     board.layOut(width: 80, height: 20)
    ///     board.render(into: &grid, top: 0, height: 20)
    ///
    /// - Complexity: O(sections + lanes shown).
    public func layOut(width: Int, height: Int) {
        let lines = max(0, height - BoardLayout.headerLines)
        let counts = tableView.shown.displayCounts(rowDrag: rowDrag, sectionDrag: sectionDrag)
        let lanes = shownLanes(counts)
        placeCursorInALane(lanes)
        if let request = tableView.takeScrollRequest() { honour(request, lines: lines) }
        let focus = tableView.focus.map(displayed)
        let cursorLane = focus.flatMap { f in lanes.firstIndex(of: f.section) }
        let layout = BoardLayout(laneCount: lanes.count, width: width, minimumLaneWidth: minimumLaneWidth,
                                 first: firstLane, keeping: cursorLane)
        firstLane = layout.first
        for i in layout.columns.indices {
            let d = lanes[layout.first + i]
            laneTops[modelSection(forDisplayed: d)] = keepInView(lane: d, count: counts[d], lines: lines, focus: focus)
        }
    }

    /// Draws the board into rows `top..<top+height` of `grid`, full width, as `layOut` scrolled
    /// it (a move in flight over it: `drawMove`), and parks the grid's cursor on the cursor's card
    /// or lane title. It moves neither the cursor nor a scroll (`layOut` does, in the update
    /// step): drawing twice draws the same frame. What it records is what it drew (the lanes,
    /// their columns and rows, the hit regions, where the held card was for the next drag step,
    /// where every card was for the next move).
    ///
    /// - Complexity: O(sections + the lines drawn); the data source is asked only for the rows
    ///   on screen.
    public func render(into grid: inout CellGrid, top: Int, height: Int) {
        let height = max(0, height)
        lastTop = top
        bodyHeight = max(0, height - BoardLayout.headerLines)
        counts = tableView.shown.displayCounts(rowDrag: rowDrag, sectionDrag: sectionDrag)
        lanes = shownLanes(counts)
        let focus = tableView.focus.map(displayed)
        boardLayout = BoardLayout(laneCount: lanes.count, width: grid.width, minimumLaneWidth: minimumLaneWidth, first: firstLane)
        frameTops = [:]

        // The rows on screen first, lane by lane, so cells of rows that left are free for new ones.
        var laneRows: [[IndexPath]] = []
        for (i, _) in boardLayout.columns.enumerated() {
            let d = lanes[boardLayout.first + i]
            let n = counts[d]
            // As laid out; clamped only when drawn at another height than the last layout.
            let first = max(0, min(laneTops[modelSection(forDisplayed: d)] ?? 0, n - bodyHeight))
            frameTops[modelSection(forDisplayed: d)] = first
            laneRows.append((first..<min(n, first + bodyHeight)).map { modelRow(forDisplayed: IndexPath(row: $0, section: d)) })
        }
        tableView.reportVisibleRows(laneRows.flatMap { $0 })

        regions = []
        frameChanges = tableChanges
        // Cards as the list draws rows (controls on cards only, not on the rows nested in them).
        let swiped = tableView.swipedRow
        let editMode = tableView.isEditing && swiped == nil
        let painter = RowPainter(tableView: tableView, theme: theme, editMode: editMode,
                                 showsSelectionMarks: editMode && tableView.allowsMultipleSelectionDuringEditing && tableView.indexPathForSelectedRow != nil,
                                 swipedRow: swiped, confirmingRow: tableView.deleteConfirmation, controlsOnNestedRows: false)
        grid.fill(x: 0, y: top, count: grid.width, lines: height)
        guard height > 0 else { return }
        drawTitles(&grid, y: top, focus: focus)
        if height > 1 { drawRule(&grid, y: top + 1) }
        let now = animationTime
        for (i, columns) in boardLayout.columns.enumerated() {
            let d = lanes[boardLayout.first + i]
            let first = frameTops[modelSection(forDisplayed: d)] ?? 0
            let x = columns.lowerBound, y0 = top + BoardLayout.headerLines
            var cursorLine: Int?
            let heldLine = trackHeld(lane: boardLayout.first + i, section: d, first: first, lines: bodyHeight, at: now)
            if let step = dragStep, step.lane == boardLayout.first + i, let heldLine {
                // A step in flight: the lane is drawn into a grid of its own, whose lines slide.
                var lane = CellGrid(width: columns.count, height: bodyHeight, widths: grid.widths)
                var laneRegions: [HitRegion] = []
                for (y, path) in laneRows[i].enumerated() {
                    painter.draw(&lane, columns: 0..<columns.count, y: y, path: path, cursor: tableView.focus == .row(path), regions: &laneRegions)
                }
                let clean = lane
                if let drawn = step.frames.draw(at: now, held: heldLine, clean: clean, into: &lane) {
                    cursorLine = drawn
                } else {
                    dragStep = nil
                    cursorLine = heldLine
                }
                for y in 0..<bodyHeight { Self.blit(lane, line: y, into: &grid, x: x, y: y0 + y) }
                regions += laneRegions.map { HitRegion(y: $0.y + y0, x: ($0.x.lowerBound + x)..<($0.x.upperBound + x), hit: $0.hit) }
            } else {
                for (y, path) in laneRows[i].enumerated() {
                    let cursor = tableView.focus == .row(path)
                    if cursor { cursorLine = y }
                    painter.draw(&grid, columns: columns, y: y0 + y, path: path, cursor: cursor, regions: &regions)
                }
            }
            if let cursorLine { grid.cursor = (min(grid.width - 1, x + 1), y0 + cursorLine) }
            if i + 1 < boardLayout.columns.count {
                // Down from the titles, and below the rule under them (`drawRule` crosses it).
                let rule = CellStyle(.footer, dim: true)
                grid.fill(x: columns.upperBound, y: top, count: 1, style: rule, with: theme.laneRule)
                grid.fill(x: columns.upperBound, y: top + 2, count: 1, lines: height - 2, style: rule, with: theme.laneRule)
            }
        }
        let drawn = boardLayout.columns.indices.map { i in
            BoardMoveFrames.Lane(place: boardLayout.first + i, columns: boardLayout.columns[i], rows: laneRows[i])
        }
        if move != nil {
            let cursor = drawMove(drawn, at: now, into: &grid, top: top + BoardLayout.headerLines)
            if let cursor { grid.cursor = cursor }
        }
        drawnLanes = drawn
        drawnLayout = boardLayout
        drawnRowCounts = tableView.rowCounts
        if rowDrag == nil { lastHeld = nil }
        if case .header(let d)? = focus, let i = lanes.firstIndex(of: d), let columns = boardLayout.columns(ofLane: i) {
            grid.cursor = (min(grid.width - 1, columns.lowerBound + 1), top)
        }
    }

    /// The displayed sections that are lanes and shown (board order), of the display `counts`.
    ///
    /// - Complexity: O(sections).
    func shownLanes(_ counts: [Int]) -> [Int] {
        counts.indices.filter { d in
            let s = modelSection(forDisplayed: d)
            return tableView.isLane(s) && !tableView.isSectionHidden(s)
        }
    }

    /// The cursor on nothing, or on a section that is no lane (a file's front matter): it goes
    /// to the first lane's first row shown, else its title.
    func placeCursorInALane(_ lanes: [Int]) {
        guard let first = lanes.first, rowDrag == nil, sectionDrag == nil else { return }
        if let f = tableView.focus, lanes.contains(displayed(f).section) { return }
        let s = modelSection(forDisplayed: first)
        let target: TableFocus = tableView.shownRowCount(inSection: s) > 0
            ? .row(IndexPath(row: tableView.shownRow(at: 0, inSection: s), section: s)) : .header(s)
        controller.perform(.moveCursor(.onScreen(target)))
    }

    /// Honours a `scrollToRow`: the row's lane scrolls to show it (at the top, middle or bottom,
    /// or just into view), in a body of `bodyHeight` lines.
    func honour(_ request: TableView.ScrollRequest, lines bodyHeight: Int) {
        guard bodyHeight > 0 else { return }
        let p = displayed(.row(request.indexPath))
        guard case .row(let d) = p else { return }
        let s = request.indexPath.section
        var top = laneTops[s] ?? 0
        switch request.position {
        case .top: top = d.row
        case .middle: top = d.row - (bodyHeight - 1) / 2
        case .bottom: top = d.row - bodyHeight + 1
        case .none:
            if d.row < top { top = d.row } else if d.row >= top + bodyHeight { top = d.row - bodyHeight + 1 }
        }
        laneTops[s] = max(0, top)
    }

    /// The first line shown of a lane (displayed section `d`, `n` rows shown) in a body of
    /// `bodyHeight` lines, scrolled to keep the cursor in view when it is there and clamped to
    /// the lane's lines.
    func keepInView(lane d: Int, count n: Int, lines bodyHeight: Int, focus: TableFocus?) -> Int {
        var first = laneTops[modelSection(forDisplayed: d)] ?? 0
        if case .row(let p)? = focus, p.section == d, bodyHeight > 0 {
            let margin = min(scrollMargin, (bodyHeight - 1) / 2)
            if p.row < first + margin { first = p.row - margin }
            if p.row > first + bodyHeight - 1 - margin { first = p.row - bodyHeight + 1 + margin }
        }
        return max(0, min(first, max(0, n - bodyHeight)))
    }

    /// The lanes' titles, each with its count at the right: bold, the cursor's reversed.
    func drawTitles(_ grid: inout CellGrid, y: Int, focus: TableFocus?) {
        for (i, columns) in boardLayout.columns.enumerated() {
            let d = lanes[boardLayout.first + i]
            let s = modelSection(forDisplayed: d)
            var style = CellStyle(.header, bold: true)
            if sectionDrag?.source == s { style = CellStyle(.dragged, bold: true, reverse: true) }
            if focus == .header(d) { style = CellStyle(.cursor, bold: true, reverse: true) }
            grid.fill(x: columns.lowerBound, y: y, count: columns.count, style: style)
            let count = String(laneCount?(s) ?? tableView.shownRowCount(inSection: s))
            let countWidth = grid.widths.width(of: count)
            var right = columns.upperBound - 1
            if columns.count > countWidth + 4 {
                right -= countWidth
                var dim = style
                dim.bold = false
                dim.dim = focus != .header(d)
                grid.put(count, x: right, y: y, style: dim, limit: columns.upperBound)
                right -= 1
            }
            let title = tableView.dataSource?.tableView(tableView, titleForHeaderInSection: s)?.drop { $0 == " " } ?? ""
            let shownTitle = grid.widths.truncate(String(title), to: max(0, right - columns.lowerBound - 1), ellipsis: theme.ellipsis)
            grid.put(shownTitle, x: columns.lowerBound + 1, y: y, style: style, limit: right)
        }
    }

    /// The rule under the titles, crossing the rules between lanes, with `‹ N` and `N ›` at its
    /// ends for lanes hidden left and right.
    func drawRule(_ grid: inout CellGrid, y: Int) {
        let style = CellStyle(.footer, dim: true)
        for (i, columns) in boardLayout.columns.enumerated() {
            grid.fill(x: columns.lowerBound, y: y, count: columns.count, style: style, with: theme.laneTitleRule)
            if i + 1 < boardLayout.columns.count { grid.put(theme.laneRuleCrossing, x: columns.upperBound, y: y, style: style) }
        }
        let more = CellStyle(.header, bold: true)
        if boardLayout.hiddenBefore > 0 {
            grid.put("\(theme.hiddenLanesBefore) \(boardLayout.hiddenBefore) ", x: 0, y: y, style: more)
        }
        if boardLayout.hiddenAfter > 0 {
            let label = " \(boardLayout.hiddenAfter) \(theme.hiddenLanesAfter)"
            grid.put(label, x: grid.width - grid.widths.width(of: label), y: y, style: more)
        }
    }

    /// Copies line `line` of a lane's grid into `grid` at column `x` of line `y` (clusters whole).
    ///
    /// - Complexity: O(the lane's width).
    static func blit(_ lane: CellGrid, line: Int, into grid: inout CellGrid, x: Int, y: Int) {
        blit(lane, columns: 0..<lane.width, line: line, into: &grid, x: x, y: y)
    }

    /// Copies `columns` of line `line` of `source` into `grid` from column `x` of line `y`,
    /// clusters whole: a cluster cut by either end of `columns` or of `grid` is left out (a card
    /// on its way between lanes is clipped at the grid's edge).
    ///
    /// - Complexity: O(columns).
    static func blit(_ source: CellGrid, columns: Range<Int>, line: Int, into grid: inout CellGrid, x: Int, y: Int) {
        guard line >= 0, line < source.height, y >= 0, y < grid.height else { return }
        let end = min(grid.width, x + columns.count)
        var col = max(0, columns.lowerBound)
        while col < min(columns.upperBound, source.width) {
            let cell = source[col, line]
            let w = max(1, source.clusterWidth(x: col, y: line))
            let target = x + col - columns.lowerBound
            if !cell.isContinuation, target >= 0, col + w <= columns.upperBound {
                grid.put(cell.text.isEmpty ? " " : cell.text, x: target, y: y, style: cell.style, limit: end)
            }
            col += w
        }
    }
}
