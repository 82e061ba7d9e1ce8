/// Why a diffable data source refused a snapshot: a snapshot call UIKit would stop the app for
/// (duplicate identifiers, an identifier that is not there, appending with no section), or, never
/// expected, a batch the table refused.
///
///     var snapshot = DiffableDataSourceSnapshot<String, String>()
///     snapshot.appendSections(["Groceries"])
///     snapshot.appendItems(["Milk", "Eggs", "Milk"])      // recorded, changes nothing
///     try dataSource.apply(snapshot)
///     // throws: appendItems(_:toSection:): supplied item identifiers are not unique.
///     //         Duplicate identifiers: "Milk"
///
/// Snapshot calls do not throw (UIKit's don't): a refused call changes nothing, the snapshot keeps
/// the first refusal in ``DiffableDataSourceSnapshot/error``, and `apply` throws it before touching
/// the table. Every case names the snapshot call (`operation`) and the identifiers; identifiers
/// print with `String(describing:)`, strings quoted.
public enum DiffableDataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Identifiers given twice in one call, or already in the snapshot (UIKit: "supplied item
    /// identifiers are not unique").
    case duplicateItemIdentifiers([String], operation: String)
    /// The same for sections.
    case duplicateSectionIdentifiers([String], operation: String)
    /// Items named by a call that are not in the snapshot (an anchor, or an item to move, reload
    /// or reconfigure).
    case itemNotFound([String], operation: String)
    /// The same for sections.
    case sectionNotFound([String], operation: String)
    /// `appendItems` without a section while the snapshot has none.
    case noSections(operation: String)
    /// `moveItem(x, beforeItem: x)` and the like: an identifier moved relative to itself.
    case movedRelativeToItself(String, operation: String)
    /// The table refused the batch made from the two snapshots. It means the table and the data
    /// source disagree (another data source was set, or the table was updated directly).
    case invalidUpdate(TableUpdateError)

    public var description: String {
        switch self {
        case .duplicateItemIdentifiers(let ids, let op):
            return "\(op): supplied item identifiers are not unique. Duplicate identifiers: \(ids.joined(separator: ", "))"
        case .duplicateSectionIdentifiers(let ids, let op):
            return "\(op): supplied section identifiers are not unique. Duplicate identifiers: \(ids.joined(separator: ", "))"
        case .itemNotFound(let ids, let op):
            return "\(op): item \(ids.count == 1 ? "identifier" : "identifiers") not found in the snapshot: \(ids.joined(separator: ", "))"
        case .sectionNotFound(let ids, let op):
            return "\(op): section \(ids.count == 1 ? "identifier" : "identifiers") not found in the snapshot: \(ids.joined(separator: ", "))"
        case .noSections(let op):
            return "\(op): there are currently no sections in the snapshot. Please add a section first."
        case .movedRelativeToItself(let id, let op):
            return "\(op): cannot move identifier \(id) relative to itself"
        case .invalidUpdate(let error):
            return "the table refused the update made from the snapshots: \(error)"
        }
    }

    /// How an identifier is named in a message: strings quoted, anything else as it describes
    /// itself.
    static func name(_ identifier: some Hashable) -> String {
        if let text = identifier as? String { return String(reflecting: text) }
        return String(describing: identifier)
    }
}
