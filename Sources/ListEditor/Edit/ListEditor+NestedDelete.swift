import ListDocument
import TableKit
import TerminalUI

/// Deleting a row deletes its nested rows with it (docs/keys.md, "Nested rows"): the file cannot
/// hold nested rows without the row they are nested under (docs/file-formats.md, "Levels"). On a
/// row with nested rows, `d` (normal mode) and its delete control (`⊖`, `-` `x` Delete in edit
/// mode) ask `Delete "Trip" and 2 nested rows? (y/n)` instead of showing the Delete button; `y`
/// deletes the block in one batch and one undo step, and the register keeps it.
extension ListEditor {
    /// The question for row `p` (current space) when it has nested rows (hidden ones count:
    /// a collapse or a filter hides them, the delete takes them); nil when it has none, and the
    /// table's own Delete button or swipe goes on.
    func confirmDeleteWithNestedRows(_ p: IndexPath) -> TableOutcome? {
        guard p.section < document.model.sections.count, p.row < realCount(p.section),
              !document.model[p].isPassage else { return nil }
        let nested = nestedRows(of: p).count
        guard nested > 0 else { return nil }
        controller.dismissButtons()
        let id = document.model[p].id
        let rows = nested == 1 ? "1 nested row" : "\(nested) nested rows"
        ask(.deleteNested(p, id: id), options: "Delete \"\(shownText(of: p))\" and \(rows)? (y/n)")
        return .performed
    }

    /// Deletes row `p` (current space) and its nested rows, one batch and one undo step; they go
    /// into the register, so `p` puts them back. `commit(.delete)` comes here too, so no delete
    /// ever leaves nested rows behind.
    func deleteWithNestedRows(_ p: IndexPath) {
        let block = p.row..<nestedRows(of: p).upperBound
        let paths = block.map { IndexPath(row: $0, section: p.section) }
        keepInRegister(paths)
        if block.count == 1 {
            perform(.deleteRow(document.model[p], at: p))
            return
        }
        let name = shownText(of: p)
        perform(.deleteRows(paths.map { document.model[$0] }, at: p))
        let nested = block.count - 1
        say("Deleted \"\(name)\" and \(nested == 1 ? "1 nested row" : "\(nested) nested rows")")
    }

    /// Row `p`'s text as the screen shows it (inline Markdown rendered), without what the table
    /// adds after it (`▸ 3` on a collapsed row).
    func shownText(of p: IndexPath) -> String {
        let row = document.model[p]
        guard document.format == .markdown, !row.isPassage else { return row.text }
        let rendered = MarkdownInline.render(Array(row.text.utf8), references: document.linkReferences).text
        return rendered.isEmpty ? row.text : rendered
    }
}
