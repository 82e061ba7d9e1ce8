import Foundation

/// Cursor movement over headers and rows, in model order: header 0, its rows, header 1, …
/// Each step is O(1) (O(log sections) while a filter hides sections); nothing visits rows in
/// between. An `EditController`'s `.moveCursor` intents
/// call these.
extension TableView {
    /// Puts the cursor on a header or row that exists (`EditController`'s `.moveCursor(.to(_:))`
    /// and `.moveCursor(.onScreen(_:))`, which a presenter performs to keep it on screen: the mouse
    /// wheel, `scrollToRow`). Returns false, changing nothing, when the target does not exist, is
    /// a row hidden (a filter, a collapse) or a header of a section the filter hides, or a row or
    /// section is being dragged (the cursor is then on what is dragged).
    ///
    /// - Parameter target: current space.
    @discardableResult
    func moveFocus(to target: TableFocus) -> Bool {
        guard exists(target) else { return false }
        if case .row(let p) = target, isRowHidden(p) { return false }
        if isSectionHidden(target.section) { return false }
        switch interaction {
        case .draggingRow, .draggingSection: return false
        default: focus = target
        }
        return true
    }

    /// Whether a header or row exists (current space).
    public func exists(_ target: TableFocus) -> Bool {
        switch target {
        case .header(let s): return s >= 0 && s < numberOfSections
        case .row(let p): return contains(p)
        }
    }

    /// Moves the cursor `delta` items (negative: up), stopping at the ends.
    func moveFocus(by delta: Int) {
        guard numberOfSections > 0 else { focus = nil; return }
        var f = focus ?? .header(0)
        var remaining = abs(delta)
        while remaining > 0, let next = delta < 0 ? before(f) : after(f) {
            f = next
            remaining -= 1
        }
        focus = f
    }

    /// Moves the cursor `lines` items at once (a page), landing on a row when it can.
    func pageFocus(by lines: Int) {
        moveFocus(by: lines)
    }

    /// The first shown header, or the last shown row (or header) of the last shown section.
    func focusEdge(last: Bool) {
        guard numberOfSections > 0 else { focus = nil; return }
        if !last { focus = .header(shownSections?.first ?? 0); return }
        let s = shownSections?.last ?? numberOfSections - 1
        let n = shownRowCount(inSection: s)
        focus = n > 0 ? .row(IndexPath(row: shownRow(at: n - 1, inSection: s), section: s)) : .header(s)
    }

    /// The next header or shown row (rows and sections hidden by a filter or a collapse are
    /// passed over).
    func after(_ f: TableFocus) -> TableFocus? {
        switch f {
        case .header(let s):
            if shownRowCount(inSection: s) > 0 { return .row(IndexPath(row: shownRow(at: 0, inSection: s), section: s)) }
            return shownSection(after: s).map { .header($0) }
        case .row(let p):
            let i = shownIndex(of: p) + (isRowHidden(p) ? 0 : 1)
            if i < shownRowCount(inSection: p.section) { return .row(IndexPath(row: shownRow(at: i, inSection: p.section), section: p.section)) }
            return shownSection(after: p.section).map { .header($0) }
        }
    }

    /// The header or shown row before (rows and sections hidden by a filter or a collapse are
    /// passed over).
    func before(_ f: TableFocus) -> TableFocus? {
        switch f {
        case .header(let s):
            guard let b = shownSection(before: s) else { return nil }
            let n = shownRowCount(inSection: b)
            return n > 0 ? .row(IndexPath(row: shownRow(at: n - 1, inSection: b), section: b)) : .header(b)
        case .row(let p):
            let i = shownIndex(of: p)
            return i > 0 ? .row(IndexPath(row: shownRow(at: i - 1, inSection: p.section), section: p.section)) : .header(p.section)
        }
    }
}
