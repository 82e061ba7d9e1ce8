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

    /// `model` without passages, every heading at level 1.
    static func fitting(_ model: ListModel) -> ListModel {
        guard !limitations(of: model).isEmpty else { return model }
        var list = model
        for s in list.sections.indices {
            list.sections[s].level = 1
            guard list.sections[s].rows.itemCount != list.sections[s].rows.count else { continue }
            let kept = list.sections[s].rows.filter { !$0.isPassage }
            list.sections[s].rows.replaceSubrange(0..<list.sections[s].rows.count, with: kept)
        }
        return list
    }
}
