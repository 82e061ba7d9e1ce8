import TableKit
import ListStorage

extension JSONListFormat {
    /// JSON holds list items with their checkboxes and levels, and titled or untitled sections,
    /// but no passages and no heading levels.
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        var out: [FormatLimitation] = []
        let passages = model.sections.reduce(0) { $0 + $1.rows.count - $1.rows.itemCount }
        if passages > 0 { out.append(.passages(count: passages)) }
        let levels = model.sections.count { $0.level != 1 }
        if levels > 0 { out.append(.headingLevels(count: levels)) }
        return out
    }
}
