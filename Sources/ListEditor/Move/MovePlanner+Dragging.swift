import TableKit
import ListStorage

/// The slots of a drag: the table drags the one row it shows held, so its destinations (final
/// space of a move of that row alone) are mapped to the block's slots (the section without the
/// block) and back; the retarget, a drag step and a drop between shown rows pick slots that split
/// no row from its nested rows. The drop itself is `plan(.drop(at:), for:)`.
extension MovePlanner {
    /// The table's slot for a dragged row (`source`, current space) as the block's slot: a
    /// destination (final space of the one-row move) in the source's section, the rows it
    /// carries counted out. `nil` inside its own nested rows (the same as not moving).
    func blockSlot(forDestination d: IndexPath, source: IndexPath) -> IndexPath? {
        guard d.section == source.section else { return d }
        let carried = block(at: source).count - 1
        if d.row <= source.row { return d }
        if d.row > source.row + carried { return IndexPath(row: d.row - carried, section: d.section) }
        return nil
    }

    /// The inverse of `blockSlot`: the one-row destination the table shows for a block slot.
    func destination(forBlockSlot slot: IndexPath, source: IndexPath) -> IndexPath {
        guard slot.section == source.section, slot.row > source.row else { return slot }
        return IndexPath(row: slot.row + block(at: source).count - 1, section: slot.section)
    }

    /// The retarget (the delegate's `targetIndexPathForMoveFromRowAt`): the proposed destination
    /// kept off the `Add item` row (a drop below the last row lands above it), then, inside
    /// another row's nested rows, moved to the nearest slot that splits none
    /// (`Outline.nearestSlot`); inside the dragged row's own nested rows, back where it was.
    /// Passages keep their places and what opens the file stays first (`Outline`); a section
    /// that takes no rows (`takesNoRows`: a Kanban board's front matter) sends it to the top of
    /// the section after it.
    func target(forMoveFrom source: IndexPath, proposed: IndexPath) -> IndexPath {
        var proposed = proposed
        if proposed.section != source.section, takesNoRows(proposed.section), proposed.section + 1 < model.sections.count {
            proposed = IndexPath(row: 0, section: proposed.section + 1)
        }
        let limit = count(proposed.section) - (proposed.section == source.section ? 1 : 0)
        let d = IndexPath(row: min(proposed.row, max(0, limit)), section: proposed.section)
        guard source.row < count(source.section), d.row <= count(d.section) else { return d }
        guard let slot = blockSlot(forDestination: d, source: source) else { return source }
        let cut = slot.section == source.section ? block(at: source) : nil
        let r = outline(slot.section, cutting: cut).nearestSlot(to: slot.row, level: level(source))
        return destination(forBlockSlot: IndexPath(row: r, section: slot.section), source: source)
    }

    /// A drag step the nesting rules kept in place (the table's next slot is inside a block): the
    /// next slot that splits nothing in `direction` from destination `d`, as a destination; nil
    /// when there is none that way in the section (a passage or front matter above stays put),
    /// or `d` itself when `d` is inside the dragged row's own nested rows.
    func destination(past d: IndexPath, source: IndexPath, _ direction: VerticalDirection) -> IndexPath? {
        guard let slot = blockSlot(forDestination: d, source: source) else { return d }
        let cut = slot.section == source.section ? block(at: source) : nil
        let here = outline(slot.section, cutting: cut)
        let level = level(source)
        let next = direction == .down ? here.slot(after: slot.row, level: level) : here.slot(before: slot.row, level: level)
        return next.map { destination(forBlockSlot: IndexPath(row: $0, section: slot.section), source: source) }
    }

    // MARK: Among shown rows

    /// The rows of section `s` shown, other than the dragged block of `source` (current space)
    /// and the `Add item` row: the rows a drag passes while rows are hidden.
    func shownRowCount(inSection s: Int, leavingOut source: IndexPath) -> Int {
        var n = shown.count(inSection: s)
        // The `Add item` row (edit mode) is not a row to pass: it stays last.
        if n > 0, shown.row(at: n - 1, inSection: s) >= count(s) { n -= 1 }
        guard s == source.section else { return n }
        for r in block(at: source) where !shown.isRowHidden(IndexPath(row: r, section: s)) { n -= 1 }
        return n
    }

    /// The destination for a drop of the block of `source` between the shown rows `k - 1` (A)
    /// and `k` (B) of section `s`, the block's rows left out: right after A and its nested rows
    /// (not past B), or the section's start when there is no A; then the slot of the nesting
    /// rules in `direction` from there (or the nearest one).
    ///
    /// - Complexity: O(k + the block + the rows passed).
    func destination(betweenShown k: Int, inSection s: Int, source: IndexPath, direction: VerticalDirection?) -> IndexPath {
        let rows = model.sections[s].rows
        let count = count(s)
        let level = level(source)
        let own = s == source.section ? block(at: source) : 0..<0
        var shownPair: [Int] = []   // shown rows k - 1 and k, the block left out
        var seen = 0
        for i in 0..<shown.count(inSection: s) {
            let r = shown.row(at: i, inSection: s)
            guard r < count, !own.contains(r) else { continue }
            if seen == k - 1 || seen == k { shownPair.append(r) }
            seen += 1
            if seen > k { break }
        }
        var full = 0
        if k > 0, let a = shownPair.first {
            let b = shownPair.count > 1 ? shownPair[1] : count
            full = min(Outline(rows).nestedEnd(of: a), b)
        }
        // In the section without the block.
        let cut = own.isEmpty || full <= own.lowerBound ? full : (full >= own.upperBound ? full - own.count : own.lowerBound)
        let here = outline(s, cutting: own.isEmpty ? nil : own)
        let slot: Int
        if here.isSlot(cut, level: level) {
            slot = cut
        } else {
            switch direction {
            case .down?: slot = here.slot(after: cut, level: level) ?? here.lastSlot
            case .up?: slot = here.slot(before: cut, level: level) ?? here.firstSlot(level: level)
            case nil: slot = here.nearestSlot(to: cut, level: level)
            }
        }
        return destination(forBlockSlot: IndexPath(row: slot, section: s), source: source)
    }
}
