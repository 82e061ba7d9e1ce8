import TableKit
import ListStorage
import TerminalUI

/// One undoable change to the list, with what is needed to reverse it. Undo of a move is a move,
/// so it costs what the move cost, whatever the size of the list.
enum EditStep: Sendable {
    case insertRow(ListModel.Row, at: IndexPath)
    case deleteRow(ListModel.Row, at: IndexPath)
    /// Consecutive rows, the first at `at` (a paste).
    case insertRows([ListModel.Row], at: IndexPath)
    case deleteRows([ListModel.Row], at: IndexPath)
    /// The whole list replaced (a reload or merge of the file from disk).
    case replaceList(from: ListModel, to: ListModel)
    case renameRow(at: IndexPath, from: String, to: String)
    /// A row's text and attributes replaced at once (a toggle, or a rename that changes the
    /// checkbox); the identity stays.
    case changeRow(at: IndexPath, from: ListModel.Row, to: ListModel.Row)
    case moveRow(from: IndexPath, to: IndexPath)
    /// A block of `count` rows (a row and its nested rows) moved as one: removed at `from`
    /// (original space), inserted at `to` (final space: the section without the block), each
    /// row's level going from `levels` to `newLevels`.
    case moveRows(from: IndexPath, count: Int, to: IndexPath, levels: [Int], newLevels: [Int])
    /// Rows anywhere (a multiple selection with its nested rows), one batch: `at` in index-path
    /// order, original space for the delete, final space for the insert (undo puts each back
    /// where it was).
    case deleteRowSet([ListModel.Row], at: [IndexPath])
    case insertRowSet([ListModel.Row], at: [IndexPath])
    /// Rows anywhere moved in one batch of `moveRow` calls: `from` in index-path order (original
    /// space), `to` one final path for each; every other row keeps its order. Each row's level
    /// goes from `levels` to `newLevels`.
    case moveRowSet(from: [IndexPath], to: [IndexPath], levels: [Int], newLevels: [Int])
    /// Several rows' text and attributes replaced at once (a toggle of a selection).
    case changeRows(at: [IndexPath], from: [ListModel.Row], to: [ListModel.Row])
    case insertSection(ListModel.Section, at: Int)
    case deleteSection(ListModel.Section, at: Int)
    case renameSection(Int, from: String, to: String)
    case moveSection(from: Int, to: Int)
    /// Several steps applied in order as one undo step: a card moved into or out of a
    /// `**Complete**` lane and its checkbox changed (`MovePlanner.completing`). Undo applies
    /// their inverses in reverse order.
    indirect case together([EditStep])

    var inverse: EditStep {
        switch self {
        case let .insertRow(row, p): return .deleteRow(row, at: p)
        case let .deleteRow(row, p): return .insertRow(row, at: p)
        case let .insertRows(rows, p): return .deleteRows(rows, at: p)
        case let .deleteRows(rows, p): return .insertRows(rows, at: p)
        case let .replaceList(a, b): return .replaceList(from: b, to: a)
        case let .renameRow(p, a, b): return .renameRow(at: p, from: b, to: a)
        case let .changeRow(p, a, b): return .changeRow(at: p, from: b, to: a)
        case let .moveRow(a, b): return .moveRow(from: b, to: a)
        case let .moveRows(a, n, b, old, new): return .moveRows(from: b, count: n, to: a, levels: new, newLevels: old)
        case let .deleteRowSet(rows, paths): return .insertRowSet(rows, at: paths)
        case let .insertRowSet(rows, paths): return .deleteRowSet(rows, at: paths)
        case let .moveRowSet(from, to, old, new):
            // The inverse's sources (this step's destinations) in index-path order.
            let order = to.indices.sorted { to[$0] < to[$1] }
            return .moveRowSet(from: order.map { to[$0] }, to: order.map { from[$0] }, levels: order.map { new[$0] }, newLevels: order.map { old[$0] })
        case let .changeRows(paths, a, b): return .changeRows(at: paths, from: b, to: a)
        case let .insertSection(s, i): return .deleteSection(s, at: i)
        case let .deleteSection(s, i): return .insertSection(s, at: i)
        case let .renameSection(i, a, b): return .renameSection(i, from: b, to: a)
        case let .moveSection(a, b): return .moveSection(from: b, to: a)
        case let .together(steps): return .together(steps.reversed().map(\.inverse))
        }
    }

    /// Where the cursor goes after the step is applied (the changed row or header; of steps
    /// together, the last one's: a moved card whose checkbox changed where it landed).
    var focus: TableFocus {
        switch self {
        case let .insertRow(_, p), let .renameRow(p, _, _), let .changeRow(p, _, _), let .moveRow(_, p), let .moveRows(_, _, p, _, _): return .row(p)
        case let .deleteRow(_, p): return .row(p)
        case let .insertRows(rows, p): return .row(IndexPath(row: p.row + max(0, rows.count - 1), section: p.section))
        case let .deleteRows(_, p): return .row(p)
        case let .deleteRowSet(_, paths), let .insertRowSet(_, paths), let .changeRows(paths, _, _):
            return .row(paths.first ?? IndexPath(row: 0, section: 0))
        case let .moveRowSet(_, to, _, _): return .row(to.min() ?? IndexPath(row: 0, section: 0))
        case .replaceList: return .row(IndexPath(row: 0, section: 0))
        case let .insertSection(_, i), let .renameSection(i, _, _), let .moveSection(_, i): return .header(i)
        case let .deleteSection(_, i): return .header(max(0, i - 1))
        case let .together(steps): return steps.last?.focus ?? .row(IndexPath(row: 0, section: 0))
        }
    }
}
