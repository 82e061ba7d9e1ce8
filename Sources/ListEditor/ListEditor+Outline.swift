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
        perform(.moveRows(from: p, count: block.count, to: p, levels: levels, newLevels: levels.map { $0 + delta }))
    }

    // MARK: Collapse and expand

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
    func shownNeighbourSlot(_ p: IndexPath, _ direction: VerticalDirection, block: Range<Int>, level: Int) -> Int? {
        let here = outline(p.section, cutting: block)
        let s = p.section
        func shown(_ r: Int) -> Bool { !tableView.isRowHidden(IndexPath(row: r, section: s)) }
        if direction == .up {
            guard let b = (0..<p.row).last(where: shown) else { return nil }
            return here.isSlot(b, level: level) ? b : here.slot(before: b, level: level)
        }
        let count = realCount(s)
        guard let b = (block.upperBound..<count).first(where: shown) else { return nil }
        // B's hidden nested rows go with it: the first row after B that shows or is not B's.
        let nestedEnd = Outline(document.model.sections[s].rows).nestedEnd(of: b)
        var e = b + 1
        while e < nestedEnd, !shown(e) { e += 1 }
        let slot = e - block.count
        return here.isSlot(slot, level: level) ? slot : here.slot(after: slot, level: level)
    }
}
