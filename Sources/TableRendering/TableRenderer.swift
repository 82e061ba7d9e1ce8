// TableRendering: draws a `TableView` into a `CellGrid`: layout, the viewport, theme, row
// animation frames, the hit regions of what it drew, the navigation bar. It may import TableKit,
// TerminalUI and swift-algorithms; never curses. Keys are KeyBindings' (the renderer reads none).
import TableKit
import TerminalUI

/// Draws a `TableView` on a terminal: it renders the table into a `CellGrid`, owns the viewport
/// (keeping the cursor in view), asks for editing styles and handles only of the rows that are
/// visible, and animates batches. It is the table's presenter: the table tells it about reloads,
/// batches and drops, and it reports back which rows it drew.
///
///     let tableView = TableView(style: .insetGrouped)
///     tableView.dataSource = list
///     let renderer = TableRenderer(tableView: tableView)
///     tableView.setEditing(true, animated: false)
///     renderer.layOut(height: 10)                     // the cursor and the scroll (update step)
///     var grid = CellGrid(width: 40, height: 10)
///     renderer.render(into: &grid, top: 0, height: 10)  // draws only
///     print(grid.text)
///
/// Everything happens on the main actor, the table's isolation; the data source is called only
/// for rows on screen, so a table of a million rows costs what a table of a screenful does.
@MainActor
public final class TableRenderer: TableViewPresenter {
    /// The table drawn. The renderer holds it; the table holds its presenter weakly.
    public let tableView: TableView
    /// The one controller of `tableView`'s interaction: the host's key and mouse handling use it,
    /// and the renderer moves the cursor through it when a scroll takes it off screen.
    public let controller: EditController
    /// The glyphs (and whether colours apply) the table is drawn with.
    public var theme: Theme = .unicode
    /// Off: batches apply without frames, and completions run at once.
    public var animationsEnabled = true {
        didSet { if !animationsEnabled { finishAnimations(finished: false) } }
    }
    /// The time batch animations follow; tests set a `ManualClock` to draw chosen frames.
    public var clock: any AnimationClock = SystemClock()
    /// How many times longer than normal every animation takes (at least 1): listedit's
    /// `animation = slow` setting, for following each frame or recording the screen.
    public var animationSlowdown: Double = 1
    /// The clock as animations see it: slowed down by `animationSlowdown`.
    var animationTime: Double { clock.now / max(1, animationSlowdown) }
    /// Lines kept between the cursor and the top or bottom edge when scrolling.
    public var scrollMargin = 2
    /// When rows show `○`/`●` in place of their editing control under the table's
    /// `allowsMultipleSelectionDuringEditing`: always in edit mode (UIKit's look), or only while
    /// some row is selected (listedit: `⊖` until `v` selects a row). A row whose control is `⊕`
    /// (it adds a row, there is nothing to select) keeps it.
    public var selectionMarks: SelectionMarks = .always

    /// When the selection marks of multiple selection during editing show (see `selectionMarks`).
    public enum SelectionMarks: Sendable {
        /// In edit mode, on every editable row.
        case always
        /// In edit mode, on every editable row, while at least one row is selected.
        case whileRowsAreSelected
    }

    /// Whether this frame draws `○`/`●` in place of the editing controls (read once per frame).
    var showsSelectionMarks = false

    /// First table line on screen.
    public private(set) var topLine = 0
    /// Lines of the table area as last laid out (`layOut`).
    public private(set) var viewportHeight = 0

    /// What the last frame drew where, for `hit(x:y:)`: its lines, its top line in the grid, and
    /// the controls, buttons and accessories on them (area coordinates).
    var lastLines: [TableLayout.Line] = []
    var lastTop = 0
    var regions: [HitRegion] = []
    /// Changes the table told of, and how many it had told of when the last frame began: a frame
    /// drawn before a change answers no hit.
    var tableChanges = 0
    var frameChanges = -1

    /// Read once per frame: the row swiped open, the row showing its Delete button, and edit mode
    /// proper (a swipe makes the table editing too, but shows only its buttons).
    var swipedRow: IndexPath?
    var confirmingRow: IndexPath?
    var editMode = false

    var animation: RowAnimationFrames?
    /// The step of a row drag in flight, and where the held row was in the last frame (its row
    /// and table line), from which a new step glides.
    var dragStep: DragStepFrames?
    var lastHeld: (row: IndexPath, line: Int)?
    var lastFrame: CellGrid?
    /// The column of the open menu's highlighted choice in this frame (the grid's cursor goes there).
    var menuCursorX: Int?
    /// The row drawn on each line of the last frame (model space then), nil for other lines.
    var lastRows: [IndexPath?] = []

    /// Becomes `tableView`'s presenter; `controller` (a new one when nil) drives the table.
    public init(tableView: TableView, controller: EditController? = nil) {
        precondition(controller.map { $0.tableView === tableView } ?? true, "the controller drives another table")
        self.tableView = tableView
        self.controller = controller ?? EditController(tableView: tableView)
        tableView.presenter = self
    }

    var style: TableView.Style { tableView.style }
    var rowCounts: [Int] { tableView.rowCounts }
    var rowDrag: RowDrag? { tableView.rowDrag }
    var sectionDrag: SectionDrag? { tableView.sectionDrag }
    /// The cursor; the renderer moves it only to keep it on screen (`layOut`, `scroll(by:)`: in
    /// the update step, never while drawing), through the controller (`.moveCursor(.onScreen(_:))`,
    /// refused during a drag).
    var focus: TableFocus? {
        get { tableView.focus }
        set { if let newValue { controller.perform(.moveCursor(.onScreen(newValue))) } }
    }

    // MARK: Layout

    /// Row counts as shown: a dragged row or section moves in the display, not in the model.
    /// Rows hidden by a filter or a collapse are left out; a dragged row is drawn among the shown
    /// rows where it would land (`ShownRows.displayCounts`).
    var displayCounts: [Int] { tableView.shown.displayCounts(rowDrag: rowDrag, sectionDrag: sectionDrag) }

    /// Per displayed section, whether the filter hides it whole; empty when none is hidden.
    var displayHidden: [Bool] {
        guard tableView.hidesSections else { return [] }
        return (0..<rowCounts.count).map { tableView.isSectionHidden(modelSection(forDisplayed: $0)) }
    }

    var layout: TableLayout { TableLayout(counts: displayCounts, hidden: displayHidden, style: style) }

    /// Lines the whole table takes (headers, rows, footers, gaps), on screen or not.
    public var contentLines: Int { layout.total }

    func modelSection(forDisplayed s: Int) -> Int { sectionDrag?.modelSection(forDisplayed: s) ?? s }

    func modelRow(forDisplayed p: IndexPath) -> IndexPath {
        tableView.shown.modelRow(forDisplayed: p, rowDrag: rowDrag, sectionDrag: sectionDrag)
    }

    /// A drawn line in model space (a dragged section or row is shown elsewhere than it is).
    func modelLine(_ line: TableLayout.Line, row: IndexPath?) -> TableLayout.Line {
        switch line {
        case .row(let d): return .row(row ?? modelRow(forDisplayed: d))
        case .header(let s): return .header(modelSection(forDisplayed: s))
        case .footer(let s): return .footer(modelSection(forDisplayed: s))
        case .gap(let s): return .gap(modelSection(forDisplayed: s))
        }
    }

    func displayed(_ focus: TableFocus) -> TableFocus {
        switch focus {
        case .header(let s): return .header(sectionDrag?.displayedSection(forModel: s) ?? s)
        case .row(let p): return .row(tableView.shown.displayedRow(forModel: p, rowDrag: rowDrag, sectionDrag: sectionDrag))
        }
    }

    func model(_ focus: TableFocus) -> TableFocus {
        switch focus {
        case .header(let s): return .header(modelSection(forDisplayed: s))
        case .row(let p): return .row(modelRow(forDisplayed: p))
        }
    }

    // MARK: Cursor

    /// Scrolls by `lines` without moving the cursor off screen (the mouse wheel).
    public func scroll(by lines: Int) {
        let layout = self.layout
        topLine = max(0, min(topLine + lines, max(0, layout.total - viewportHeight)))
        if let f = focus {
            let line = layout.index(of: displayed(f))
            if line < topLine || line >= topLine + viewportHeight {
                let target = line < topLine ? topLine : topLine + viewportHeight - 1
                var probe = target
                while probe >= 0, probe < layout.total, layout.focusable(at: probe) == nil { probe += line < topLine ? 1 : -1 }
                if probe >= 0, probe < layout.total, let g = layout.focusable(at: probe) { focus = model(g) }
            }
        }
    }

    /// The display slot under a line of the table area while dragging a row: a row's display path,
    /// row 0 under a header, the end under a footer (for the mouse).
    public func displayedSlot(atScreenLine y: Int) -> IndexPath? {
        let layout = self.layout
        let line = topLine + y
        guard y >= 0, line >= 0, line < layout.total else { return nil }
        switch layout.line(at: line) {
        case .row(let p): return p
        case .header(let s), .gap(let s): return IndexPath(row: 0, section: s)
        case .footer(let s): return IndexPath(row: max(0, layout.counts[s] - 1), section: s)
        }
    }

    /// What is drawn at a line of the table area (for the mouse), in model space.
    public func item(atScreenLine y: Int) -> TableFocus? {
        let layout = self.layout
        let line = topLine + y
        guard y >= 0, y < viewportHeight, line < layout.total else { return nil }
        return layout.focusable(at: line).map(model)
    }

    /// Honours a `scrollToRow`: the row's line goes to the top, middle or bottom of the area (or
    /// just into it), and a cursor left off screen moves to the nearest item inside the margins,
    /// so that keeping the cursor in view does not scroll again.
    func scroll(to request: TableView.ScrollRequest, _ layout: TableLayout, height: Int) {
        guard height > 0 else { return }
        let line = layout.index(of: displayed(.row(request.indexPath)))
        switch request.position {
        case .top: topLine = line
        case .middle: topLine = line - (height - 1) / 2
        case .bottom: topLine = line - height + 1
        case .none:
            if line < topLine { topLine = line } else if line >= topLine + height { topLine = line - height + 1 }
        }
        topLine = max(0, min(topLine, max(0, layout.total - height)))
        guard let f = focus else { return }
        let margin = min(scrollMargin, (height - 1) / 2)
        let low = topLine == 0 ? 0 : topLine + margin
        let high = topLine + height >= layout.total ? layout.total - 1 : topLine + height - 1 - margin
        let current = layout.index(of: displayed(f))
        guard current < low || current > high, low <= high else { return }
        var probe = current < low ? low : high
        let step = current < low ? 1 : -1
        while probe >= low, probe <= high, layout.focusable(at: probe) == nil { probe += step }
        if probe >= low, probe <= high, let g = layout.focusable(at: probe) { focus = model(g) }
    }

    func keepFocusVisible(_ layout: TableLayout, height: Int) {
        guard height > 0 else { return }
        let maxTop = max(0, layout.total - height)
        if let f = focus {
            let line = layout.index(of: displayed(f))
            let margin = min(scrollMargin, (height - 1) / 2)
            if line < topLine + margin { topLine = line - margin }
            if line > topLine + height - 1 - margin { topLine = line - height + 1 + margin }
        }
        topLine = max(0, min(topLine, maxTop))
    }

    // MARK: Presenting

    public func tableViewDidReloadData(_ tableView: TableView) {
        finishAnimations(finished: false)
        lastFrame = nil
        lastHeld = nil
        forgetHitRegions()
    }

    public func tableView(_ tableView: TableView, didChangeEditing editing: Bool, animated: Bool) {
        forgetHitRegions()
    }

    public func tableView(_ tableView: TableView, didMoveInteractively plan: BatchPlan) {
        dragStep = nil      // dropped: the row is where the screen shows it
        lastHeld = nil
        forgetHitRegions()
    }

    /// What the last frame drew no longer matches the table: clicks land nowhere until the next.
    func forgetHitRegions() {
        tableChanges += 1
    }

    public func tableView(_ tableView: TableView, didApply plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        finishAnimations(finished: false)
        forgetHitRegions()
        guard animationsEnabled, plan.update.isAnimated, !plan.update.isEmpty else {
            for completion in completions { completion(true) }
            return
        }
        var outgoing: [(y: Int, kind: TableView.RowAnimation)] = []
        for (y, row) in lastRows.enumerated() {
            guard let p = row, plan.finalIndexPath(forOriginal: p) == nil else { continue }
            let anims = plan.update.animations
            let kind = anims[.deletedRow(p)] ?? anims[.reloadedRow(p)] ?? anims[.deletedSection(p.section)]
                ?? anims[.reloadedSection(p.section)] ?? .automatic
            if kind != .none { outgoing.append((y, kind)) }
        }
        // What the last frame's lines showed, in model space: where the slide of moved rows starts.
        let oldLines = lastLines.enumerated().map { y, line in modelLine(line, row: y < lastRows.count ? lastRows[y] : nil) }
        animation = RowAnimationFrames(start: animationTime, oldFrame: lastFrame, oldLines: oldLines, outgoing: outgoing,
                                       plan: plan, completions: completions)
    }

    /// Whether a batch animation or a drag step is showing (the run loop draws frames while it is).
    public var isAnimating: Bool { animation != nil || dragStep != nil }

    /// Ends any running animation now (a drag step too); a batch's completions run with `finished`.
    public func finishAnimations(finished: Bool = true) {
        dragStep = nil
        guard let running = animation else { return }
        animation = nil
        for completion in running.completions { completion(finished) }
    }

    /// Ends every animation at its last frame: the running ones (a batch's completions run) and
    /// the drag step the next frame would start, so that frame draws the table as it is. For a
    /// burst of input handled before one frame (`TerminalProgram.finishAnimations()`): 300 queued
    /// drag steps draw the held row once, where it stopped, rather than gliding 300 lines after.
    public func settle() {
        finishAnimations()
        lastHeld = nil
    }

    // MARK: Rendering

    /// The update step's half of drawing, for a table area of `height` lines: the cursor goes to
    /// the first item when there is none, a `scrollToRow` is honoured, and the scroll follows the
    /// cursor (within `scrollMargin`). Call it after each change to the table, the cursor or the
    /// size (a program does it at the end of its update step), so that `render` only draws.
    ///
    ///     renderer.layOut(height: 10)
    ///     renderer.render(into: &grid, top: 0, height: 10)
    ///
    /// - Complexity: O(sections + lines the cursor search passes).
    public func layOut(height: Int) {
        viewportHeight = max(0, height)
        let layout = self.layout
        if focus == nil, layout.total > 0 {
            var line = 0
            while line < layout.total - 1, layout.focusable(at: line) == nil { line += 1 }
            focus = layout.focusable(at: line).map(model)
        }
        if let request = tableView.takeScrollRequest() { scroll(to: request, layout, height: viewportHeight) }
        keepFocusVisible(layout, height: viewportHeight)
    }

    /// Draws the table into rows `top..<top+height` of `grid`, full width, from the line
    /// `layOut` scrolled to, and parks the grid's cursor on the focused row or header. It moves
    /// neither the cursor nor the scroll (`layOut` does, in the update step): drawing twice
    /// draws the same frame. What it records is what it drew (the hit regions, the frame an
    /// animation starts from).
    public func render(into grid: inout CellGrid, top: Int, height: Int) {
        let height = max(0, height)
        let layout = self.layout

        // The rows on screen first, so the cells of rows that left are free for the new ones.
        let lines = (0..<height).map { topLine + $0 }.filter { $0 < layout.total }.map { layout.line(at: $0) }
        var rows = [IndexPath?](repeating: nil, count: lines.count)
        for (y, line) in lines.enumerated() {
            if case .row(let d) = line { rows[y] = modelRow(forDisplayed: d) }
        }
        tableView.reportVisibleRows(rows.compactMap { $0 })

        var area = CellGrid(width: grid.width, height: height, widths: grid.widths)
        swipedRow = tableView.swipedRow
        confirmingRow = tableView.deleteConfirmation
        editMode = tableView.isEditing && swipedRow == nil
        showsSelectionMarks = editMode && tableView.allowsMultipleSelectionDuringEditing
            && (selectionMarks == .always || tableView.indexPathForSelectedRow != nil)
        regions = []
        frameChanges = tableChanges
        var cursorY: Int?
        let focusLine = focus.map { layout.index(of: displayed($0)) }
        for (y, line) in lines.enumerated() {
            let isCursor = topLine + y == focusLine
            if isCursor { cursorY = y }
            switch line {
            case .gap: break
            case .header(let s): drawHeader(&area, y: y, section: modelSection(forDisplayed: s), cursor: isCursor)
            case .footer(let s): drawFooter(&area, y: y, section: modelSection(forDisplayed: s))
            case .row: drawRow(&area, y: y, path: rows[y]!, cursor: isCursor)
            }
        }
        let clean = area
        let now = animationTime
        if let running = animation {
            let sameSize = running.oldFrame.map { $0.width == area.width && $0.height == area.height } ?? false
            if let (stage, progress) = running.stage(at: now) {
                if stage == .leaving, sameSize, let old = running.oldFrame {
                    area = old
                    for (y, kind) in running.outgoing {
                        RowAnimationFrames.apply(kind, leaving: true, progress: progress, line: y, in: &area, from: old, sourceY: y)
                    }
                } else if stage == .sliding, sameSize {
                    let modelLines = lines.enumerated().map { y, line in modelLine(line, row: rows[y]) }
                    running.slide(progress: progress, lines: modelLines, clean: clean, into: &area)
                } else if stage == .arriving {
                    for (y, row) in rows.enumerated() {
                        if let p = row, let kind = running.incoming(p) {
                            RowAnimationFrames.apply(kind, leaving: false, progress: progress, line: y, in: &area, from: clean, sourceY: y)
                        }
                    }
                }
            } else {
                finishAnimations(finished: true)
            }
        }
        if let drawn = stepDrag(layout: layout, clean: clean, into: &area, at: now), cursorY != nil { cursorY = drawn }
        if let menu = tableView.contextMenu, let y = drawMenu(menu, into: &area, under: rows.firstIndex(of: menu.row)) { cursorY = y }
        lastFrame = clean
        lastRows = rows
        lastLines = lines
        lastTop = top
        for y in 0..<height { grid.copyRow(from: area, sourceY: y, to: top + y) }
        if let cursorY {
            let (x0, _) = insets(width: grid.width)
            grid.cursor = (min(grid.width - 1, max(0, (menuCursorX ?? x0 + 1))), top + cursorY)
        }
    }

    /// Columns of the section blocks: `.insetGrouped` tables are inset from the edges.
    public func insets(width: Int) -> (Int, Int) {
        guard style == .insetGrouped else { return (0, width) }
        let inset = width >= 30 ? 2 : (width >= 12 ? 1 : 0)
        return (inset, width - inset)
    }

    func drawHeader(_ grid: inout CellGrid, y: Int, section: Int, cursor: Bool) {
        let (x0, x1) = insets(width: grid.width)
        let title = tableView.dataSource?.tableView(tableView, titleForHeaderInSection: section) ?? ""
        let dragged = sectionDrag?.source == section
        var style = CellStyle(.header, bold: true)
        if self.style == .plain { style.reverse = true; grid.fill(x: 0, y: y, count: grid.width, style: style) }
        if dragged { style = CellStyle(.dragged, bold: true, reverse: true) }
        if cursor { style = CellStyle(.cursor, bold: true, reverse: true) }
        if cursor || dragged { grid.fill(x: x0, y: y, count: x1 - x0, style: style) }
        var right = x1
        if editMode, tableView.dataSource is any TableViewSectionReorderingDataSource, x1 - x0 > 6 {
            right = x1 - 2
            grid.put(theme.handle, x: right, y: y, style: style, limit: x1)
        }
        let shown = grid.widths.truncate(title, to: max(0, right - x0 - 2), ellipsis: theme.ellipsis)
        grid.put(shown, x: x0 + 1, y: y, style: style, limit: right)
    }

    func drawFooter(_ grid: inout CellGrid, y: Int, section: Int) {
        let (x0, x1) = insets(width: grid.width)
        guard let title = tableView.dataSource?.tableView(tableView, titleForFooterInSection: section) else { return }
        let shown = grid.widths.truncate(title, to: max(0, x1 - x0 - 2), ellipsis: theme.ellipsis)
        grid.put(shown, x: x0 + 1, y: y, style: CellStyle(.footer, dim: true), limit: x1)
    }

    func drawRow(_ grid: inout CellGrid, y: Int, path: IndexPath, cursor: Bool) {
        let (x0, x1) = insets(width: grid.width)
        rowPainter.draw(&grid, columns: x0..<x1, y: y, path: path, cursor: cursor, regions: &regions)
    }
}
