import Foundation

/// Provides a table's sections and rows, like `UITableViewDataSource`.
///
///     @MainActor final class States: TableViewDataSource {
///         var names = ["Arizona", "California", "Delaware"]
///         func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
///         func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
///             TableCell(text: names[indexPath.row])
///         }
///     }
///
/// The table calls its data source on the main actor, from the table's own isolation; a data
/// source is an ordinary main-actor class and needs no `Sendable` conformance. Index paths the
/// table passes are always in the table's current (final, after the last batch) space.
///
/// Editing and reordering are opt-in by conformance, the Swift form of UIKit's optional methods:
/// conform to ``TableViewEditingDataSource`` to commit deletes and inserts (this also enables
/// swipe-to-delete), and to ``TableViewReorderingDataSource`` to show reorder handles. A data source
/// that does not conform to ``TableViewReorderingDataSource`` gets no reorder controls at all.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// Default `nil`: no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Default `nil`: no footer.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// Default `true`: every row is editable. A row that is not editable shows no editing control
    /// and is not indented.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}

/// A data source that commits deletes and inserts made with the editing controls or by
/// swipe-to-delete (UIKit's `tableView(_:commit:forRowAt:)`).
///
///     func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
///         guard style == .delete else { return }
///         names.remove(at: indexPath.row)
///         try? table.deleteRows(at: [indexPath], with: .fade)
///     }
///
/// In `commit` update the model **and** tell the table with `deleteRows`/`insertRows`.
@MainActor
public protocol TableViewEditingDataSource: TableViewDataSource {
    /// - Parameter indexPath: the row whose control was pressed, in the current space.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}

/// A data source whose rows can be reordered (UIKit's `tableView(_:moveRowAt:to:)`).
///
/// The table has already moved the row on screen when `moveRowAt` is called: update only the
/// model there, and do not call the table's batch API.
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {
    /// Default `true`: every row shows a reorder handle in edit mode.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// - Parameters:
    ///   - source: where the row was, before the move.
    ///   - destination: where it is now, after the move (a final index: remove at `source`, then
    ///     insert at `destination`).
    func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath)
}

extension TableViewReorderingDataSource {
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}

/// A data source whose whole sections can be picked up and moved in edit mode. UIKit has no
/// interactive section move; this follows the row protocol's shape.
@MainActor
public protocol TableViewSectionReorderingDataSource: TableViewDataSource {
    /// Default `true`.
    func tableView(_ tableView: TableView, canMoveSection section: Int) -> Bool
    /// Update only the model: the table has already moved the section.
    func tableView(_ tableView: TableView, moveSection source: Int, toSection destination: Int)
}

extension TableViewSectionReorderingDataSource {
    public func tableView(_ tableView: TableView, canMoveSection section: Int) -> Bool { true }
}
