import TableKit
import ListStorage

/// Moving a block of rows (a row and its nested rows) as the editor's moves do.
extension ListModel {
    /// Removes `count` rows at `from` (original space) and inserts them, in order, at `to` (final
    /// space: the section without the block), setting their levels to `levels`. Rows still in
    /// their file stay there (no text is decoded).
    mutating func moveRows(from: IndexPath, count: Int, to: IndexPath, levels: [Int]) {
        for i in 0..<count {
            if from.section != to.section {
                moveRow(from: from, to: IndexPath(row: to.row + i, section: to.section))
            } else if to.row > from.row {
                moveRow(from: from, to: IndexPath(row: to.row + count - 1, section: to.section))
            } else {
                moveRow(from: IndexPath(row: from.row + i, section: from.section), to: IndexPath(row: to.row + i, section: to.section))
            }
        }
        for (i, level) in levels.enumerated() {
            var a = sections[to.section].rows.attributes(at: to.row + i)
            guard a.level != level else { continue }
            a.level = level
            sections[to.section].rows.setAttributes(a, at: to.row + i)
        }
    }
}
