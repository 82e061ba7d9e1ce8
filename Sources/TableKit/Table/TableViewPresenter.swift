/// What draws a `TableView`: the table tells it what happened, and it decides what the next
/// frames look like. `TableRenderer` (TableRendering) is one; a test can be another.
///
///     final class Recorder: TableViewPresenter {
///         var plans: [BatchPlan] = []
///         func tableView(_ tableView: TableView, didApply plan: BatchPlan,
///                        completions: [@MainActor (Bool) -> Void]) {
///             plans.append(plan)
///             for completion in completions { completion(true) }
///         }
///     }
///     table.presenter = recorder     // held weakly
///
/// The model and the data-source calls are final before any of these is called: presenting only
/// decides frames. Without a presenter, a batch's completions run at once with `true`.
@MainActor
public protocol TableViewPresenter: AnyObject {
    /// The table took a new snapshot (`reloadData`, or a new data source): forget what was drawn.
    /// Default: nothing.
    func tableViewDidReloadData(_ tableView: TableView)

    /// A valid batch was applied to the snapshot. The presenter owns `completions` (outer first,
    /// then inner in call order) and must run each exactly once: with `true` when its animation
    /// has run to the end, with `false` when it was cut short (a new batch, a key press, animation
    /// switched off).
    func tableView(_ tableView: TableView, didApply plan: BatchPlan, completions: [@MainActor (Bool) -> Void])

    /// Edit mode was entered or left (`setEditing`). Default: nothing.
    func tableView(_ tableView: TableView, didChangeEditing editing: Bool, animated: Bool)

    /// The user dropped a row or a section and the data source was told (`moveRowAt`): the screen
    /// already shows it there, so nothing should animate. Default: nothing.
    func tableView(_ tableView: TableView, didMoveInteractively plan: BatchPlan)
}

extension TableViewPresenter {
    public func tableViewDidReloadData(_ tableView: TableView) {}
    public func tableView(_ tableView: TableView, didChangeEditing editing: Bool, animated: Bool) {}
    public func tableView(_ tableView: TableView, didMoveInteractively plan: BatchPlan) {}
}
