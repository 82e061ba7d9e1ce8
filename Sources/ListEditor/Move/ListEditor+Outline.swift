import TableKit
import TerminalUI

/// Outline keys (docs/keys.md, "Outline"): `Tab`/`Shift+Tab` indent and outdent a row with its
/// nested rows (one batch, one undo step; the file is re-indented surgically on save), `←`/`→`
/// collapse and expand (view state of the table, never written), and `K`/`J` while rows are
/// hidden (a filter, a collapse), which pass exactly one shown row with its nested rows.
extension ListEditor {
    // MARK: Indent and outdent

    /// Indents (`delta` 1) or outdents (-1) the row under the cursor with its nested rows. A row
    /// goes in only under a previous sibling (the row above it, not a passage, at its level or
    /// deeper), as CommonMark allows; out only from a level above 0. Outdent keeps the order of
    /// rows: the siblings after the row become its nested rows.
    func indent(by delta: Int) {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else {
            say(delta > 0 ? "Nothing to indent: not on a row" : "Nothing to outdent: not on a row")
            return
        }
        let rows = document.model.sections[p.section].rows
        let attributes = rows.attributes(at: p.row)
        let name = controller.name(of: p)
        guard !attributes.isPassage else { say("A passage has no level"); return }
        guard document.format != .plainText else {
            say("\(displayName) is plain text, which holds no nesting", error: true)
            return
        }
        if delta > 0 {
            guard p.row > 0, !rows.attributes(at: p.row - 1).isPassage, rows.attributes(at: p.row - 1).level >= attributes.level else {
                say("\(name) cannot go in: no row above it at its level")
                return
            }
        } else if attributes.level == 0 {
            say("\(name) cannot go out: already at the top level")
            return
        }
        let block = p.row..<Outline(rows).nestedEnd(of: p.row)
        let levels = block.map { rows.attributes(at: $0).level }
        let newLevels = levels.map { $0 + delta }
        // What Markdown could not hold (a passage that would join the row): refused now, as the
        // save would refuse it, by the writer's own rule.
        if let why = document.relevelRefusal(section: p.section, rows: block, levels: newLevels) {
            say("\(name) cannot go \(delta > 0 ? "in" : "out"): saving would fail (\(why))", error: true)
            return
        }
        perform(.moveRows(from: p, count: block.count, to: p, levels: levels, newLevels: newLevels))
    }

    // MARK: Collapse and expand

    /// Performs a move and keeps the moved row in view: a collapsed section or row it landed in
    /// is expanded (`TableView.reveal`), and the cursor stays on it.
    func performRevealing(_ step: EditStep) {
        perform(step)
        guard case .row(let p) = step.focus, tableView.contains(p), tableView.isRowHidden(p) else { return }
        controller.perform(.reveal(p))
        viewChanges += 1
        controller.perform(.moveCursor(.to(.row(p))))
    }

    /// `←`/`→`: the table collapses or expands; the row or header redraws with its `▸ N`.
    func setExpanded(_ expanded: Bool) -> TableOutcome {
        let outcome = controller.perform(.setExpanded(expanded))
        if case .refused(let why) = outcome {
            // The names the table gives are the drawn texts, which end with `▸ N` when collapsed.
            let marker = collapsedSuffix(rows: 0).dropLast(2)
            func plain(_ name: String) -> String { name.range(of: marker, options: .backwards).map { String(name[..<$0.lowerBound]) } ?? name }
            switch why {
            case .alreadyThere(let name, let expanded): return .refused(.alreadyThere(plain(name), expanded: expanded))
            case .noNestedRows(let name): return .refused(.noNestedRows(plain(name)))
            default: return outcome
            }
        }
        guard outcome.isPerformed else { return outcome }
        viewChanges += 1
        if case .row(let p)? = tableView.focus { tableView.reconfigureRows(at: [p]) }
        return outcome
    }

    /// What a collapsed row or section shows after its text: `▸` and how many rows it hides.
    func collapsedSuffix(rows: Int) -> String {
        "  \(renderer.theme.ellipsis == "…" ? "▸" : ">") \(rows)"
    }

    /// Whether row `p` (current space) is collapsed and hides nested rows: `a` and a paste then
    /// add after them, at its level (an expanded row gets them as its first nested rows).
    func isCollapsedWithRows(_ p: IndexPath) -> Bool {
        !tableView.isExpanded(p) && !tableView.nestedRows(of: p).isEmpty
    }

    /// The suffix of a collapsed row (current space), or `""`.
    func collapsedSuffix(_ p: IndexPath) -> String {
        guard !tableView.isExpanded(p) else { return "" }
        let n = tableView.nestedRows(of: p).count
        return n > 0 ? collapsedSuffix(rows: n) : ""
    }

    // MARK: K and J with hidden rows

    /// The slot `K`/`J` take for the block of row `p` while rows are hidden: it passes exactly
    /// one shown row B with its nested rows. `K` lands right before B (or, when that would split
    /// a row from its nested rows, at the slot before); `J` right after B and the hidden rows
    /// nested under it, up to the next shown row (or at the next slot after). `nil` when no row
    /// of the section shows on that side (the move goes to the next section, as without hidden
    /// rows). Slots are rows of the section without the block.
    /// `moves` leaves out rows that move too (a multiple selection): they are not passed.
    func shownNeighbourSlot(_ p: IndexPath, _ direction: VerticalDirection, block: Range<Int>, level: Int,
                            moves: (Int) -> Bool = { _ in false }) -> Int? {
        shownNeighbourSlot(p, direction, block: block, levels: [level], moves: moves)
    }

    /// `shownNeighbourSlot` for a run of blocks of `levels` (a multiple selection).
    func shownNeighbourSlot(_ p: IndexPath, _ direction: VerticalDirection, block: Range<Int>, levels: [Int],
                            moves: (Int) -> Bool) -> Int? {
        let here = outline(p.section, cutting: block)
        let s = p.section
        func shown(_ r: Int) -> Bool { !tableView.isRowHidden(IndexPath(row: r, section: s)) && !moves(r) }
        if direction == .up {
            guard let b = (0..<p.row).last(where: shown) else { return nil }
            return here.isSlot(b, levels: levels) ? b : here.slot(before: b, levels: levels)
        }
        let count = realCount(s)
        guard let b = (block.upperBound..<count).first(where: shown) else { return nil }
        // B's hidden nested rows go with it: the first row after B that shows or is not B's.
        let nestedEnd = Outline(document.model.sections[s].rows).nestedEnd(of: b)
        var e = b + 1
        while e < nestedEnd, !shown(e) { e += 1 }
        let slot = e - block.count
        return here.isSlot(slot, levels: levels) ? slot : here.slot(after: slot, levels: levels)
    }
}

// MARK: Dragging among shown rows

extension ListEditor {
    /// The rows of section `s` shown, other than the dragged block `block` of `source` (current
    /// space): the rows a drag passes while rows are hidden.
    func shownRowCount(inSection s: Int, leavingOut source: IndexPath, block: Range<Int>) -> Int {
        var n = tableView.shownRowCount(inSection: s)
        // The `Add item` row (edit mode) is not a row to pass: it stays last.
        if n > 0, tableView.shownRow(at: n - 1, inSection: s) >= realCount(s) { n -= 1 }
        guard s == source.section else { return n }
        for r in block where !tableView.isRowHidden(IndexPath(row: r, section: s)) { n -= 1 }
        return n
    }

    /// The block slot (section `s` without the block of `source`) for a drop between the shown
    /// rows `k - 1` (A) and `k` (B) of section `s`, the block's rows left out: right after A and
    /// its nested rows (not past B), or the section's start when there is no A; then the slot of
    /// the nesting rules in `direction` from there (or the nearest one).
    func blockSlot(betweenShown k: Int, inSection s: Int, source: IndexPath, block: Range<Int>, level: Int,
                   direction: VerticalDirection?) -> Int {
        let rows = document.model.sections[s].rows
        let count = realCount(s)
        let own = s == source.section ? block : 0..<0
        var shown: [Int] = []   // shown rows k - 1 and k, the block left out
        var seen = 0
        for i in 0..<tableView.shownRowCount(inSection: s) {
            let r = tableView.shownRow(at: i, inSection: s)
            guard r < count, !own.contains(r) else { continue }
            if seen == k - 1 || seen == k { shown.append(r) }
            seen += 1
            if seen > k { break }
        }
        var full = 0
        if k > 0, let a = shown.first {
            let b = shown.count > 1 ? shown[1] : count
            full = min(Outline(rows).nestedEnd(of: a), b)
        }
        // In the section without the block.
        let cut = own.isEmpty || full <= own.lowerBound ? full : (full >= own.upperBound ? full - own.count : own.lowerBound)
        let here = outline(s, cutting: own.isEmpty ? nil : own)
        if here.isSlot(cut, level: level) { return cut }
        switch direction {
        case .down?: return here.slot(after: cut, level: level) ?? here.count
        case .up?: return here.slot(before: cut, level: level) ?? here.firstSlot(level: level)
        case nil: return here.nearestSlot(to: cut, level: level)
        }
    }

    /// Proposes the drop between shown rows `k - 1` and `k` of section `s` for the held row.
    @discardableResult
    func proposeShown(_ k: Int, inSection s: Int, direction: VerticalDirection?) -> TableOutcome {
        guard let drag = tableView.rowDrag, drag.source.row < realCount(drag.source.section) else { return .refused(.nothingPickedUp) }
        let rows = document.model.sections[drag.source.section].rows
        let block = drag.source.row..<Outline(rows).nestedEnd(of: drag.source.row)
        let level = rows.attributes(at: drag.source.row).level
        let slot = blockSlot(betweenShown: k, inSection: s, source: drag.source, block: block, level: level, direction: direction)
        return controller.perform(.propose(destination(forBlockSlot: IndexPath(row: slot, section: s), source: drag.source)))
    }

    /// A drag step while rows are hidden: the held row passes exactly one shown row (with its
    /// nested rows); at a section's end it goes into the next section. A step the nesting rules
    /// keep in place goes on to the next shown row.
    func stepDragAmongShown(_ direction: VerticalDirection) -> TableOutcome {
        guard let drag = tableView.rowDrag, drag.source.row < realCount(drag.source.section) else {
            return controller.perform(.step(direction))
        }
        let rows = document.model.sections[drag.source.section].rows
        let block = drag.source.row..<Outline(rows).nestedEnd(of: drag.source.row)
        var s = drag.destination.section
        var k = tableView.shownPosition(of: drag)
        let start = (s, k)
        for _ in 0..<(document.model.sections.count + shownRowCount(inSection: s, leavingOut: drag.source, block: block) + 2) {
            k += direction == .up ? -1 : 1
            if k < 0 {
                guard s > 0 else { break }
                s -= 1
                k = shownRowCount(inSection: s, leavingOut: drag.source, block: block)
            } else if k > shownRowCount(inSection: s, leavingOut: drag.source, block: block) {
                guard s + 1 < document.model.sections.count else { break }
                s += 1
                k = 0
            }
            proposeShown(k, inSection: s, direction: direction)
            guard let now = tableView.rowDrag else { return .performed }
            let shown = (now.destination.section, tableView.shownPosition(of: now))
            if shown != start { return .performed }
        }
        return .refused(.cannotGoFurther(controller.name(of: drag.source)))
    }
}
