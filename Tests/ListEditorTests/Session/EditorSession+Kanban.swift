import Foundation
import ListDocument
import TableKit
import ListStorage

/// The checks of `EditorSession` on Kanban boards (docs/file-formats.md, "Kanban boards"): the
/// passages that end a lane stay last and `**Complete**` stays first (`kanbanEndViolation`, on
/// each save), and a move checks a card it takes into a done lane, unchecks one it takes out,
/// and changes no other checkbox (`checkboxChange`, after each step that moves rows).
extension EditorSession {
    /// Where a saved Kanban board (front matter with `kanban-plugin:`) has an item after a
    /// passage that ends its section (the `%% kanban:settings` block, the `***` before the
    /// archive) or before its section's `**Complete**` line; nil in any other file.
    ///
    /// - Complexity: O(blocks).
    static func kanbanEndViolation(_ bytes: [UInt8]) -> String? {
        let scan = MarkdownScanner.scan(bytes)
        guard scan.isKanbanBoard(bytes) else { return nil }
        func firstLine(_ b: Int) -> String {
            let text = scan.bytes(of: b, in: bytes)
            let line = text.prefix { $0 != 0x0A && $0 != 0x0D }
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        var ended: String?, item: String?, heading = "the file's start"
        for b in scan.blocks.indices {
            switch scan.blocks[b].kind {
            case .heading:
                ended = nil; item = nil; heading = firstLine(b)
            case .item:
                if let ended { return "the item \(firstLine(b).debugDescription) comes after \(ended.debugDescription) in \(heading)" }
                item = item ?? firstLine(b)
            case .passage:
                let line = firstLine(b)
                if line.hasPrefix("%% kanban:settings") || line == ListModel.archiveBreak { ended = ended ?? line }
                if line == ListModel.completeMark, let item {
                    return "the item \(item.debugDescription) comes before \(line) in \(heading)"
                }
            case .tail, .blank:
                break
            }
        }
        return nil
    }

    /// What a step that moves rows did to checkboxes otherwise than the done lanes' rule says:
    /// in a Kanban board (`kanban`, as the step began) a card (a top-level row before and after)
    /// taken into a done lane is checked and one taken out of one unchecked, a card without a
    /// checkbox stays without; every other row present before and after (by identity) at the
    /// same level keeps its checkbox, and so does every such row in any other file.
    ///
    /// - Complexity: O(rows).
    static func checkboxChange(before: ListModel, after: ListModel, kanban: Bool) -> String? {
        var was: [ListModel.RowID: (section: Int, row: ListModel.Row)] = [:]
        for (s, section) in before.sections.enumerated() {
            for row in section.rows { was[row.id] = (s, row) }
        }
        for (s, section) in after.sections.enumerated() {
            for row in section.rows {
                guard let old = was[row.id] else { continue }
                // A row that changed level (a nested row moved out as a card, a card under
                // another) may become a card of a lane or stop being one: not checked.
                guard old.row.level == row.level else { continue }
                var expected = old.row.checkbox
                if kanban, row.level == 0, old.row.checkbox != nil {
                    let into = after.isCompleteLane(s), from = before.isCompleteLane(old.section)
                    if into && !from { expected = true }
                    if from && !into { expected = false }
                }
                if row.checkbox != expected {
                    return "\(row.text.debugDescription) moved from section \(old.section) to \(s): its checkbox \(String(describing: old.row.checkbox)) became \(String(describing: row.checkbox)), expected \(String(describing: expected))"
                }
            }
        }
        return nil
    }
}
