import ListDocument
import TableKit
import ListStorage
import TerminalUI

/// How a row is drawn: its level as the cell's indentation, its checkbox as the cell's accessory
/// (☐/☑), and in a Markdown file its inline Markdown rendered (emphasis, strong, code, link text,
/// strikethrough) while rename edits the source; a passage dimmed, showing its first line as the
/// file has it.
extension ListEditor {
    func configure(_ cell: TableViewCell, for row: ListModel.Row) {
        cell.indentationLevel = row.level
        cell.accessoryType = row.checkbox.map { $0 ? .checkmark : .uncheckedBox } ?? .none
        cell.textLabel?.isEnabled = !row.isPassage
        cell.textLabel?.runs = []
        if document.format == .markdown && !row.isPassage {
            let rendered = MarkdownInline.render(Array(row.text.utf8), references: document.linkReferences)
            cell.textLabel?.text = rendered.text
            cell.textLabel?.runs = rendered.runs.compactMap { run in
                var emphasis = Label.Emphasis()
                if run.style.contains(.strong) { emphasis.insert(.bold) }
                if run.style.contains(.emphasis) { emphasis.insert(.italic) }
                if run.style.contains(.code) { emphasis.insert(.code) }
                if run.style.contains(.strikethrough) { emphasis.insert(.strikethrough) }
                if !run.style.isDisjoint(with: [.link, .image]) { emphasis.insert(.link) }
                return Label.Run(range: run.range, emphasis: emphasis)
            }
        } else {
            cell.textLabel?.text = row.text
        }
    }
}
