import Foundation

/// Collapse and expand (`TableIntent.setExpanded`): on a row, its nested rows; on a header, its
/// section's rows. View state only: the data source hears nothing.
extension EditController {
    func setExpanded(_ expanded: Bool) -> TableOutcome {
        switch tableView.focus {
        case nil:
            return .refused(.empty)
        case .header(let s)?:
            guard tableView.isSectionExpanded(s) != expanded else { return .refused(.alreadyThere(name(ofSection: s), expanded: expanded)) }
            if expanded { tableView.expandSection(s) } else { tableView.collapseSection(s) }
            return .performed
        case .row(let p)?:
            guard !tableView.nestedRows(of: p).isEmpty else { return .refused(.noNestedRows(name(of: p))) }
            guard tableView.isExpanded(p) != expanded else { return .refused(.alreadyThere(name(of: p), expanded: expanded)) }
            if expanded { tableView.expand([p]) } else { tableView.collapse([p]) }
            return .performed
        }
    }
}
