import TableKit
import ListStorage

extension JSONListFormat {
    /// JSON holds list items with their checkboxes and levels, and titled or untitled sections,
    /// but no passages and no heading levels.
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        var out: [FormatLimitation] = []
        let passages = model.sections.reduce(0) { $0 + $1.rows.count - $1.rows.itemCount }
        if passages > 0 { out.append(.passages(count: passages)) }
        // The distinct levels of the headings (`#` and `##`: 2), not the sections: all read back
        // as `#`. (The untitled first section has no heading.)
        let levels = Set(model.sections.filter { !$0.title.isEmpty }.map(\.level))
        if levels.contains(where: { $0 != 1 }) { out.append(.headingLevels(count: levels.count)) }
        return out
    }
}
