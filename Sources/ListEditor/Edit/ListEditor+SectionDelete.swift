import TableKit
import TerminalUI

/// Deleting a whole section from the editor (docs/keys.md, "Edit mode"): `-`, `x` or Delete on a
/// section header in edit mode asks `Delete section "Veg": 2 rows, 1 passage? (y/n)`; `y` deletes
/// it in one batch (`deleteSections`) and one undo step, and the save drops the section's bytes
/// (a Markdown heading and everything under it). Its rows go into the register.
extension ListEditor {
    /// Asks before deleting section `s` (current space).
    func confirmDeleteSection(_ s: Int) -> TableOutcome {
        guard s < document.model.sections.count else { return .refused(.noSuchTarget) }
        let section = document.model.sections[s]
        let items = section.rows.itemCount, passages = section.rows.passageCount
        var counts = [items == 1 ? "1 row" : "\(items) rows"]
        if passages > 0 { counts.append(passages == 1 ? "1 passage" : "\(passages) passages") }
        let name = section.title.isEmpty ? "the untitled section" : "section \"\(section.title)\""
        ask(.deleteSection(s), options: "Delete \(name): \(counts.joined(separator: ", "))? (y/n)")
        return .performed
    }

    /// Deletes section `s` (current space) with its rows, one undo step.
    func deleteSection(_ s: Int) {
        let section = document.model.sections[s]
        if section.rows.itemCount > 0 {
            keepInRegister((0..<section.rows.count).map { IndexPath(row: $0, section: s) })
        }
        perform(.deleteSection(section, at: s))
        say(section.title.isEmpty ? "Deleted the untitled section" : "Deleted section \(section.title)")
    }
}
