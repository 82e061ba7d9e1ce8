import TableKit
import TerminalUI

/// Outline keys (docs/keys.md, "Outline"): `Tab`/`Shift+Tab` indent and outdent a row with its
/// nested rows (one batch, one undo step; the file is re-indented surgically on save), `←`/`→`
/// collapse and expand (view state of the table, never written), and a drag while rows are
/// hidden (a filter, a collapse), which passes exactly one shown row with its nested rows.
extension ListEditor {
    // MARK: Indent and outdent

    /// Indents (`delta` 1) or outdents (-1) the row under the cursor with its nested rows, as
    /// the planner says (`MovePlanner.planRelevel`), unless Markdown could not hold the result.
    func indent(by delta: Int) -> KeyOutcome {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else {
            return .refused(delta > 0 ? "Nothing to indent: not on a row" : "Nothing to outdent: not on a row")
        }
        let name = controller.name(of: p)
        let plan = planner.plan(delta > 0 ? .indent : .outdent, for: .block(p))
        switch plan {
        case .refused(.passage): return .refused("A passage has no level")
        case .refused(.noLevels): return .refused("\(displayName) is plain text, which holds no nesting", error: true)
        case .refused(.noRowAbove): return .refused("\(name) cannot go in: no row above it at its level")
        case .refused(.atTopLevel): return .refused("\(name) cannot go out: already at the top level")
        case .refused(.cannotGoFurther), .refused(.cannotMove), .unchanged: return .unchanged
        case .move(let step, let cursor):
            // What Markdown could not hold (a passage that would join the row): refused now, as
            // the save would refuse it, by the writer's own rule.
            if case let .moveRows(from, count, _, _, newLevels) = step,
               let why = document.relevelRefusal(section: from.section, rows: from.row..<(from.row + count), levels: newLevels) {
                return .refused("\(name) cannot go \(delta > 0 ? "in" : "out"): saving would fail (\(why))", error: true)
            }
            return commit(step, cursor: cursor) ? .changed : .failed
        }
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
}

// MARK: Dragging among shown rows

extension ListEditor {
    /// Proposes the drop between shown rows `k - 1` and `k` of section `s` for the held row
    /// (`MovePlanner.destination(betweenShown:...)`).
    @discardableResult
    func proposeShown(_ k: Int, inSection s: Int, direction: VerticalDirection?) -> TableOutcome {
        guard let drag = tableView.rowDrag, drag.source.row < realCount(drag.source.section) else { return .refused(.nothingPickedUp) }
        return controller.perform(.propose(planner.destination(betweenShown: k, inSection: s, source: drag.source, direction: direction)))
    }

    /// A drag step while rows are hidden: the held row passes exactly one shown row (with its
    /// nested rows); at a section's end it goes into the next section. A step the nesting rules
    /// keep in place goes on to the next shown row.
    func stepDragAmongShown(_ direction: VerticalDirection) -> TableOutcome {
        guard let drag = tableView.rowDrag, drag.source.row < realCount(drag.source.section) else {
            return controller.perform(.step(direction))
        }
        func shownRows(_ s: Int) -> Int { planner.shownRowCount(inSection: s, leavingOut: drag.source) }
        var s = drag.destination.section
        var k = tableView.shownPosition(of: drag)
        let start = (s, k)
        for _ in 0..<(document.model.sections.count + shownRows(s) + 2) {
            k += direction == .up ? -1 : 1
            if k < 0 {
                guard s > 0 else { break }
                s -= 1
                k = shownRows(s)
            } else if k > shownRows(s) {
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
