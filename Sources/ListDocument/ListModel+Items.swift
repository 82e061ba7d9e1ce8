import TableKit

/// One entry of a list flattened for diffing and merging: a section heading or a row.
///
///     ListModel(sections: [("Groceries", ["Milk"])]).items   // [.section("Groceries"), .row("Milk")]
public enum ListItem: Hashable, Sendable {
    case section(String)
    case row(String)
}

extension ListModel {
    /// The list as one sequence: each section's heading, then its rows. An untitled section is
    /// `.section("")`.
    ///
    /// - Complexity: O(number of rows); every row's text is made.
    public var items: [ListItem] {
        var out: [ListItem] = []
        out.reserveCapacity(sections.count + rowCounts.reduce(0, +))
        for section in sections {
            out.append(.section(section.title))
            for row in section.rows { out.append(.row(row.text)) }
        }
        return out
    }

    /// The list of a flattened sequence (the inverse of `items`); rows before any heading go
    /// into an untitled first section.
    public init(items: [ListItem]) {
        var sections: [(String, [String])] = []
        for item in items {
            switch item {
            case .section(let title): sections.append((title, []))
            case .row(let text):
                if sections.isEmpty { sections.append(("", [])) }
                sections[sections.count - 1].1.append(text)
            }
        }
        self.init(sections: sections)
    }
}
