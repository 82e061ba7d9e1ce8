extension TableView {
    /// UIKit's table styles (`UITableView.Style`), as terminal layouts.
    ///
    ///     let tableView = TableView(style: .insetGrouped)
    public enum Style: String, Sendable, CaseIterable {
        /// Full-width section header bars and rows; no footers.
        case plain
        /// Each section a full-width block: header title, rows, footer, a blank line between
        /// sections.
        case grouped
        /// As `grouped`, with each block inset from the window's edges (two columns from 30 columns
        /// wide, one from 12). `listedit`'s default look.
        case insetGrouped
    }
}
