import TableKit
internal import Algorithms

/// Cursor keys beyond the table's own motions: `g` and `G` go to the first and last item, never
/// to a passage or a header (a vim or less user means the list's first and last item); `Home`
/// and `End` stay the table's first header and last row.
extension ListEditor {
    /// `g` (`last == false`) or `G`: the cursor goes to the first or last row shown (the filter
    /// and collapsed rows respected) that is an item: never a passage, a header or an `Add item`
    /// row. `No items` when there is none.
    ///
    /// - Complexity: O(sections + rows passed over): passages and hidden rows at that end.
    func goToItem(last: Bool) -> KeyOutcome {
        let step = last ? -1 : 1
        var s = last ? tableView.numberOfSections - 1 : 0
        while s >= 0, s < tableView.numberOfSections {
            defer { s += step }
            guard tableView.isSectionExpanded(s) else { continue }
            let shown = tableView.shownRowCount(inSection: s)
            var i = last ? shown - 1 : 0
            while i >= 0, i < shown {
                let p = IndexPath(row: tableView.shownRow(at: i, inSection: s), section: s)
                i += step
                if isPlaceholder(p) || document.model[p].isPassage { continue }
                // Already there: nothing moves, and the key says so (`whyNothing`).
                if tableView.focus == .row(p) { return .unchanged }
                return KeyOutcome(controller.perform(.moveCursor(.to(.row(p)))))
            }
        }
        return .refused("No items")
    }

    /// `n` (`forward`) or `N`: the cursor goes to the next or previous row after it (in list
    /// order) whose text contains the last filter text, as the filter folds it; past the last
    /// match it wraps around to the first and says so. A match hidden in a collapsed row is
    /// revealed. Rows the filter hides are not matches (they do not contain it).
    ///
    /// - Complexity: O(the filter index's bytes) to find the matches, O(sections + log matches)
    ///   to pick one: never a pass over every match.
    func goToMatch(forward: Bool) -> KeyOutcome {
        guard !lastSearch.isEmpty else {
            return .refused("No search yet: \(keymap.hint(.filter, in: keyMode)) filters, then \(keymap.hint(.nextMatch, in: keyMode)) goes to the next match")
        }
        let pattern = FilterIndex.fold(lastSearch)
        // Without the index, the effect that builds it is asked for, and `n` goes on when it comes.
        guard let index = keptFilterIndex(for: .match(forward: forward)) else { return .changed }
        let matches = index.matches(pattern)   // sorted rows per section
        let total = matches.reduce(0) { $0 + $1.count }
        guard total > 0 else { return .refused("No row contains \"\(lastSearch)\"") }
        // Where the cursor is, in list order: a header sits before its section's rows.
        let (section, row): (Int, Int) = switch tableView.focus {
        case .row(let p)?: (p.section, p.row)
        case .header(let s)?: (s, -1)
        case nil: (0, -1)
        }
        // The match after (or before) the cursor, by a bisection in the cursor's section and
        // then the first (or last) match of the sections after (before) it, wrapping around.
        var wrapped = false
        var target: IndexPath?
        if forward {
            let i = matches[section].partitioningIndex { $0 > row }
            if i < matches[section].count { target = IndexPath(row: matches[section][i], section: section) }
            var s = section + 1
            while target == nil {
                if s == matches.count { s = 0; wrapped = true }
                if let first = matches[s].first { target = IndexPath(row: first, section: s) }
                s += 1
            }
        } else {
            let i = matches[section].partitioningIndex { $0 >= row }
            if i > 0 { target = IndexPath(row: matches[section][i - 1], section: section) }
            var s = section - 1
            while target == nil {
                if s < 0 { s = matches.count - 1; wrapped = true }
                if let last = matches[s].last { target = IndexPath(row: last, section: s) }
                s -= 1
            }
        }
        guard let target else { return .unchanged }
        let number = matches[..<target.section].reduce(0) { $0 + $1.count }
            + matches[target.section].partitioningIndex { $0 >= target.row } + 1
        controller.perform(.reveal(target))
        report(controller.perform(.moveCursor(.to(.row(target)))))
        say((wrapped ? (forward ? "Search wrapped to the top: " : "Search wrapped to the bottom: ") : "")
            + "match \(number) of \(total) for \"\(lastSearch)\"")
        return .changed
    }
}
