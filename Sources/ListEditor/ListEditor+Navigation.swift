import TableKit

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
}
