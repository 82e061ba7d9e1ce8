import TableKit

/// A cell that is not reused, showing `text` (and `detail` right-aligned, a `.value1` cell): what
/// the tests' data sources return from `cellForRowAt`.
///
///     func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(rows[p.row]) }
@MainActor
public func textCell(_ text: String, detail: String? = nil) -> TableViewCell {
    let cell = TableViewCell(style: detail == nil ? .default : .value1, reuseIdentifier: nil)
    cell.textLabel?.text = text
    cell.detailTextLabel?.text = detail
    return cell
}
