import TableKit
import ListStorage

extension RowList {
    /// Whether a new row at `level`, placed between rows `above` (the row before it, or -1) and
    /// `below` (the row after it, or `count`) of this section, has a task as its neighbour in
    /// the same list: its previous sibling (the nearest row above at its level, with only
    /// deeper rows between), else its next sibling likewise. A passage or a shallower row ends
    /// the search (the list ends there). Indices are in the section as it is when asked.
    ///
    /// A new Markdown row takes `[ ] ` when this is true (docs/file-formats.md, "Saving").
    ///
    /// - Complexity: O(rows between the place and its siblings).
    public func neighbourIsTask(level: Int, above: Int, below: Int) -> Bool {
        func sibling(_ indices: some Sequence<Int>) -> ListModel.Row.Attributes? {
            for i in indices {
                let a = attributes(at: i)
                if a.isPassage || a.level < level { return nil }
                if a.level == level { return a }
            }
            return nil
        }
        if above >= 0, let a = sibling(stride(from: above, through: 0, by: -1)) { return a.checkbox != nil }
        if let b = sibling(below..<count) { return b.checkbox != nil }
        return false
    }
}
