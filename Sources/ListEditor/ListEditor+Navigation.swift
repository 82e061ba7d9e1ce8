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
    func goToItem(last: Bool) {
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
                report(controller.perform(.moveCursor(.to(.row(p)))))
                return
            }
        }
        say("No items")
    }

    /// `n` (`forward`) or `N`: the cursor goes to the next or previous row after it (in list
    /// order) whose text contains the last filter text, as the filter folds it; past the last
    /// match it wraps around to the first and says so. A match hidden in a collapsed row is
    /// revealed. Rows the filter hides are not matches (they do not contain it).
    ///
    /// - Complexity: O(the filter index's bytes) to find the matches, O(log matches) to pick one.
    func goToMatch(forward: Bool) {
        guard !lastSearch.isEmpty else {
            say("No search yet: \(keymap.hint(.filter, in: keyMode)) filters, then \(keymap.hint(.nextMatch, in: keyMode)) goes to the next match")
            return
        }
        let pattern = FilterIndex.fold(lastSearch)
        let matches = currentFilterIndex().matches(pattern)
        var all: [IndexPath] = []
        for (s, rows) in matches.enumerated() { for r in rows { all.append(IndexPath(row: r, section: s)) } }
        guard !all.isEmpty else { say("No row contains \"\(lastSearch)\""); return }
        // Where the cursor is, in list order: a header sits before its section's rows.
        let here: (Int, Int) = switch tableView.focus {
        case .row(let p)?: (p.section, p.row)
        case .header(let s)?: (s, -1)
        case nil: (-1, 0)
        }
        let after = all.partitioningIndex { ($0.section, $0.row) > here }
        let before = all.partitioningIndex { ($0.section, $0.row) >= here }
        var wrapped = false
        let target: IndexPath
        if forward {
            if after < all.count { target = all[after] } else { target = all[0]; wrapped = true }
        } else {
            if before > 0 { target = all[before - 1] } else { target = all[all.count - 1]; wrapped = true }
        }
        controller.perform(.reveal(target))
        report(controller.perform(.moveCursor(.to(.row(target)))))
        let number = all.firstIndex(of: target).map { $0 + 1 } ?? 0
        say((wrapped ? (forward ? "Search wrapped to the top: " : "Search wrapped to the bottom: ") : "")
            + "match \(number) of \(all.count) for \"\(lastSearch)\"")
    }
}
