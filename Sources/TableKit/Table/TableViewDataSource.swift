import Foundation

/// Provides a table's sections and rows: UIKit's `UITableViewDataSource`, with the same method
/// names.
///
///     @MainActor final class States: TableViewDataSource {
///         var names = ["Arizona", "California", "Delaware"]
///         func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
///         func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
///             let cell = tableView.dequeueReusableCell(withIdentifier: "state", for: indexPath)
///             cell.textLabel?.text = names[indexPath.row]
///             return cell
///         }
///     }
///
/// The table calls its data source on the main actor, from the table's own isolation; a data
/// source is an ordinary main-actor class and needs no `Sendable` conformance. Index paths the
/// table passes are always in the table's current space (after the last batch).
///
/// UIKit's optional methods have UIKit's defaults here (protocol extensions), so a misspelled one
/// in a conformance declared in an extension gets Swift's "nearly matches defaulted requirement"
/// warning. Two of them UIKit reads as switches, "is it implemented?", which Swift cannot ask:
/// committing edits and reordering rows. They live in refinements whose requirement has no
/// default, so a misspelling there is an error: conform to ``TableViewEditingDataSource`` to
/// commit deletes and inserts (which also enables swipe-to-delete and the editing controls), and
/// to ``TableViewReorderingDataSource`` to show reorder handles.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`. Asked at `reloadData()` and when a batch is checked, which
    /// asks for the final counts: answer from the model as it is after the batch.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// Asked when a row comes on screen, is reloaded or reconfigured; the table keeps the cell
    /// while the row stays visible.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// Default `nil`: an empty header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Default `nil`: no footer.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// Default `true`: every row is editable. A row that is not editable shows no editing control,
    /// is not indented, cannot be swiped and cannot move.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Default `true`: with a `TableViewReorderingDataSource`, every editable row shows a reorder
    /// handle in edit mode. Asked only of reordering data sources.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}

/// A data source that commits deletes and inserts made with the editing controls or by
/// swipe-to-delete (UIKit's `tableView(_:commit:forRowAt:)`, which UIKit detects by its presence).
///
///     func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
///                    forRowAt indexPath: IndexPath) {
///         guard editingStyle == .delete else { return }
///         names.remove(at: indexPath.row)
///         try? tableView.deleteRows(at: [indexPath], with: .fade)
///     }
///
/// In `commit`, update the model **and** tell the table with `deleteRows`/`insertRows`. Without
/// this conformance a table shows no delete or insert controls and offers no default Delete on a
/// swipe: they would do nothing.
@MainActor
public protocol TableViewEditingDataSource: TableViewDataSource {
    /// - Parameters:
    ///   - tableView: the table asking.
    ///   - editingStyle: `.delete` (a Delete button confirmed, or a swipe's default Delete) or
    ///     `.insert` (a `⊕` pressed).
    ///   - indexPath: the row whose control was pressed (or which was swiped), current space. An
    ///     insert is committed only for the row whose `⊕` was pressed.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}

/// A data source whose rows can be reordered (UIKit's `tableView(_:moveRowAt:to:)`, which UIKit
/// detects by its presence): reorder handles show on the rows `canMoveRowAt` allows.
///
/// The table has already moved the row on screen when `moveRowAt` is called: update only the
/// model there, and do not call the table's batch API.
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {
    /// - Parameters:
    ///   - tableView: the table asking.
    ///   - sourceIndexPath: where the row was, before the move.
    ///   - destinationIndexPath: where it is now, after the move (a final index: remove at
    ///     `sourceIndexPath`, then insert at `destinationIndexPath`).
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

/// A data source whose whole sections can be picked up and moved in edit mode. UIKit has no
/// interactive section move; this follows the row protocol's shape.
@MainActor
public protocol TableViewSectionReorderingDataSource: TableViewDataSource {
    /// Default `true`.
    func tableView(_ tableView: TableView, canMoveSection section: Int) -> Bool
    /// Update only the model: the table has already moved the section.
    ///
    /// - Parameters:
    ///   - tableView: the table asking.
    ///   - sourceSection: its index before the move.
    ///   - destinationSection: its index after the move.
    func tableView(_ tableView: TableView, moveSection sourceSection: Int, toSection destinationSection: Int)
}

extension TableViewSectionReorderingDataSource {
    public func tableView(_ tableView: TableView, canMoveSection section: Int) -> Bool { true }
}
