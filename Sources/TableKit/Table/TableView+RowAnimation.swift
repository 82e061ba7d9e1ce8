extension TableView {
    /// How an inserted, deleted or reloaded row or section appears or leaves on screen (UIKit's
    /// `UITableView.RowAnimation`).
    ///
    ///     try tableView.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
    ///
    /// Animation never changes the result of a batch: the model and the data-source calls are final
    /// the moment a batch is applied, and the animation only decides the next few frames.
    public enum RowAnimation: String, Sendable, CaseIterable {
        /// Drawn dimmed while it comes or goes.
        case fade
        /// Slides in from the right, or out to the right.
        case right
        /// Slides in from the left, or out to the left.
        case left
        /// Dimmed and underlined while it comes or goes (a terminal row cannot slide up).
        case top
        /// Dimmed and underlined while it comes or goes (a terminal row cannot slide down).
        case bottom
        /// No frames: the row is simply there, or gone.
        case none
        /// Dimmed, growing from or shrinking to its middle.
        case middle
        /// The table's choice: a fade.
        case automatic
    }
}
