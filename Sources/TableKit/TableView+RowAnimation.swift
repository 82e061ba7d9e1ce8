extension TableView {
    /// How an inserted, deleted or reloaded row or section appears or leaves on screen (UIKit's
    /// `UITableView.RowAnimation`).
    ///
    ///     try tableView.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
    ///
    /// Animation never changes the result of a batch: the model and the data-source calls are final
    /// the moment a batch is applied, and the animation only decides the next few frames.
    public enum RowAnimation: String, Sendable, CaseIterable {
        case fade, right, left, top, bottom, none, middle, automatic
    }
}
