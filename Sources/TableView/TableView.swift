import TableKit

/// A `Table` drawn on a terminal: it renders into a `CellGrid`, keeps the cursor in view,
/// asks its delegate for editing styles and handles of the rows that are visible (and only those),
/// and animates batches.
///
///     let tableView = TableView()
///     tableView.dataSource = list
///     tableView.setEditing(true, animated: false)
///     var grid = CellGrid(width: 40, height: 10)
///     tableView.render(into: &grid, top: 0, height: 10)
///     print(grid.text)
///
/// Everything happens on the main actor, the table's isolation; the data source is called only
/// for rows on screen, so a table of a million rows costs what a table of a screenful does.
@MainActor
public final class TableView: Table {
    public var style: TableStyle = .grouped
    public var theme: Theme = .unicode
    /// Off: batches apply without frames, and completions run at once.
    public var animationsEnabled = true {
        didSet { if !animationsEnabled { finishAnimations(finished: false) } }
    }
    public var clock: any AnimationClock = SystemClock()
    /// Lines kept between the cursor and the top or bottom edge when scrolling.
    public var scrollMargin = 2

    /// First table line on screen.
    public private(set) var topLine = 0
    /// Lines of the table area in the last render.
    public private(set) var viewportHeight = 0

    var animation: RowAnimationFrames?
    var lastFrame: CellGrid?
    var lastRows: [Int: IndexPath] = [:]

    public override init() { super.init() }

    // MARK: Layout

    /// Row counts as shown: a dragged row or section moves in the display, not in the model.
    var displayCounts: [Int] {
        if let drag = rowDrag { return drag.displayCounts(rowCounts) }
        if let drag = sectionDrag {
            return (0..<rowCounts.count).map { rowCounts[drag.modelSection(forDisplayed: $0)] }
        }
        return rowCounts
    }

    var layout: TableLayout { TableLayout(counts: displayCounts, style: style) }

    func modelSection(forDisplayed s: Int) -> Int { sectionDrag?.modelSection(forDisplayed: s) ?? s }

    func modelRow(forDisplayed p: IndexPath) -> IndexPath {
        if let drag = rowDrag { return drag.modelIndexPath(forDisplayed: p) }
        if let drag = sectionDrag { return IndexPath(row: p.row, section: drag.modelSection(forDisplayed: p.section)) }
        return p
    }

    func displayed(_ focus: TableFocus) -> TableFocus {
        switch focus {
        case .header(let s): return .header(sectionDrag?.displayedSection(forModel: s) ?? s)
        case .row(let p):
            if let drag = rowDrag { return .row(drag.displayedIndexPath(forModel: p)) }
            if let drag = sectionDrag { return .row(IndexPath(row: p.row, section: drag.displayedSection(forModel: p.section))) }
            return .row(p)
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

    // MARK: Editing

    /// Model paths of the rows on screen now.
    public var visibleRows: [IndexPath] {
        let layout = self.layout
        var rows: [IndexPath] = []
        var line = topLine
        while line < min(layout.total, topLine + viewportHeight) {
            if case .row(let p) = layout.line(at: line) { rows.append(modelRow(forDisplayed: p)) }
            line += 1
        }
        return rows
    }

    public override func tableDidSetEditing(animated: Bool) {
        if isEditing {
            for p in visibleRows { _ = editingInfo(for: p) }
        }
    }

    public override func tableDidReloadData() {
        finishAnimations(finished: false)
        lastFrame = nil
    }

    public override func tableDidApply(_ plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        finishAnimations(finished: false)
        guard animationsEnabled, !plan.update.isEmpty else {
            for completion in completions { completion(true) }
            return
        }
        var outgoing: [(y: Int, kind: RowAnimation)] = []
        for (y, p) in lastRows.sorted(by: { $0.key < $1.key }) where plan.finalIndexPath(forOriginal: p) == nil {
            let anims = plan.update.animations
            let kind = anims[.deletedRow(p)] ?? anims[.reloadedRow(p)] ?? anims[.deletedSection(p.section)]
                ?? anims[.reloadedSection(p.section)] ?? .automatic
            if kind != .none { outgoing.append((y, kind)) }
        }
        animation = RowAnimationFrames(start: clock.now, oldFrame: lastFrame, outgoing: outgoing, plan: plan, completions: completions)
    }

    /// Whether a batch animation is showing (the run loop draws frames while it is).
    public var isAnimating: Bool { animation != nil }

    /// Ends any running animation now; its completions run with `finished`.
    public func finishAnimations(finished: Bool = true) {
        guard let running = animation else { return }
        animation = nil
        for completion in running.completions { completion(finished) }
    }

    // MARK: Rendering

    /// Draws the table into rows `top..<top+height` of `grid`, full width, and parks the grid's
    /// cursor on the focused row or header.
    public func render(into grid: inout CellGrid, top: Int, height: Int) {
        viewportHeight = max(0, height)
        let layout = self.layout
        if focus == nil, layout.total > 0 {
            var line = 0
            while line < layout.total - 1, layout.focusable(at: line) == nil { line += 1 }
            focus = layout.focusable(at: line).map(model)
        }
        keepFocusVisible(layout, height: height)

        var area = CellGrid(width: grid.width, height: viewportHeight, widths: grid.widths)
        var rows: [Int: IndexPath] = [:]
        var cursorY: Int?
        let focusLine = focus.map { layout.index(of: displayed($0)) }
        for y in 0..<viewportHeight {
            let index = topLine + y
            guard index < layout.total else { break }
            let isCursor = index == focusLine
            if isCursor { cursorY = y }
            switch layout.line(at: index) {
            case .gap: break
            case .header(let s): drawHeader(&area, y: y, section: modelSection(forDisplayed: s), cursor: isCursor)
            case .footer(let s): drawFooter(&area, y: y, section: modelSection(forDisplayed: s))
            case .row(let d):
                let p = modelRow(forDisplayed: d)
                rows[y] = p
                drawRow(&area, y: y, path: p, cursor: isCursor)
            }
        }
        let clean = area
        if let running = animation {
            if let (stage, progress) = running.stage(at: clock.now) {
                if stage == 0, let old = running.oldFrame, old.width == area.width, old.height == area.height {
                    area = old
                    for (y, kind) in running.outgoing {
                        RowAnimationFrames.apply(kind, leaving: true, progress: progress, line: y, in: &area, from: old, sourceY: y)
                    }
                } else if stage == 1 {
                    for (y, p) in rows {
                        if let kind = running.incoming(p) {
                            RowAnimationFrames.apply(kind, leaving: false, progress: progress, line: y, in: &area, from: clean, sourceY: y)
                        }
                    }
                }
            } else {
                finishAnimations(finished: true)
            }
        }
        lastFrame = clean
        lastRows = rows
        for y in 0..<viewportHeight { grid.copyRow(from: area, sourceY: y, to: top + y) }
        if let cursorY {
            let (x0, _) = insets(width: grid.width)
            grid.cursor = (min(grid.width - 1, max(0, x0 + 1)), top + cursorY)
        }
    }

    /// Columns of the section blocks: grouped tables are inset.
    public func insets(width: Int) -> (Int, Int) {
        guard style == .grouped else { return (0, width) }
        let inset = width >= 30 ? 2 : (width >= 12 ? 1 : 0)
        return (inset, width - inset)
    }

    func drawHeader(_ grid: inout CellGrid, y: Int, section: Int, cursor: Bool) {
        let (x0, x1) = insets(width: grid.width)
        let title = dataSource?.table(self, titleForHeaderInSection: section) ?? ""
        let dragged = sectionDrag?.source == section
        var style = CellStyle(.header, bold: true)
        if self.style == .plain { style.reverse = true; grid.fill(x: 0, y: y, count: grid.width, style: style) }
        if dragged { style = CellStyle(.dragged, bold: true, reverse: true) }
        if cursor { style = CellStyle(.cursor, bold: true, reverse: true) }
        if cursor || dragged { grid.fill(x: x0, y: y, count: x1 - x0, style: style) }
        var right = x1
        if isEditing, dataSource is any TableSectionReorderingDataSource, x1 - x0 > 6 {
            right = x1 - 2
            grid.put(theme.handle, x: right, y: y, style: style, limit: x1)
        }
        let shown = grid.widths.truncate(title, to: max(0, right - x0 - 2), ellipsis: theme.ellipsis)
        grid.put(shown, x: x0 + 1, y: y, style: style, limit: right)
    }

    func drawFooter(_ grid: inout CellGrid, y: Int, section: Int) {
        let (x0, x1) = insets(width: grid.width)
        guard let title = dataSource?.table(self, titleForFooterInSection: section) else { return }
        let shown = grid.widths.truncate(title, to: max(0, x1 - x0 - 2), ellipsis: theme.ellipsis)
        grid.put(shown, x: x0 + 1, y: y, style: CellStyle(.footer, dim: true), limit: x1)
    }

    func drawRow(_ grid: inout CellGrid, y: Int, path: IndexPath, cursor: Bool) {
        guard let dataSource else { return }
        let (x0, x1) = insets(width: grid.width)
        let cell = dataSource.table(self, cellForRowAt: path)
        let dragged = rowDrag?.source == path
        var base = CellStyle(.normal)
        if dragged { base = CellStyle(.dragged, bold: true, reverse: true) } else if cursor { base = CellStyle(.cursor, reverse: true) }
        grid.fill(x: x0, y: y, count: x1 - x0, style: base)
        var left = x0 + 1
        var right = x1 - 1
        let swiped = swipedRow == path
        if isEditing && !swiped {
            let info = editingInfo(for: path)
            if info.canEdit && info.indents && info.style != .none {
                let glyph = info.style == .delete ? theme.deleteControl : theme.insertControl
                var s = base
                if !cursor && !dragged { s.role = info.style == .delete ? .deleteControl : .insertControl }
                left = grid.put(glyph, x: left, y: y, style: s, limit: right) + 1
            } else if info.canEdit && info.indents {
                left += grid.widths.width(of: theme.deleteControl) + 1
            }
            if info.canMove && deleteConfirmation != path {
                var s = base
                if !cursor && !dragged { s.role = .handle }
                let w = grid.widths.width(of: theme.handle)
                if right - w > left { right -= w; grid.put(theme.handle, x: right, y: y, style: s, limit: right + w); right -= 1 }
            }
        }
        if deleteConfirmation == path {
            let title = delegate?.table(self, titleForDeleteConfirmationButtonForRowAt: path) ?? "Delete"
            let button = " \(title) "
            let w = grid.widths.width(of: button)
            if right + 1 - w > left {
                right = right + 1 - w
                grid.put(button, x: right, y: y, style: CellStyle(.deleteButton, bold: true, reverse: true), limit: x1)
                right -= 1
            }
        }
        if let detail = cell.detail, !detail.isEmpty {
            let w = min(grid.widths.width(of: detail), max(0, (right - left) / 2))
            if w > 0 {
                let shown = grid.widths.truncate(detail, to: w, ellipsis: theme.ellipsis)
                var s = base
                s.dim = !cursor
                grid.put(shown, x: right - grid.widths.width(of: shown), y: y, style: s, limit: right)
                right -= grid.widths.width(of: shown) + 1
            }
        }
        let text = grid.widths.truncate(cell.text, to: max(0, right - left), ellipsis: theme.ellipsis)
        grid.put(text, x: left, y: y, style: base, limit: right)
    }
}
