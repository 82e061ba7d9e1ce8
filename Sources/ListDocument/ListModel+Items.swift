import TableKit

/// One entry of a list flattened for diffing and merging: a section heading or a row.
///
///     ListModel(sections: [("Groceries", ["Milk"])]).items   // [.section("Groceries"), .row("Milk")]
///
/// Two items are equal when their kind and their UTF-8 bytes are: a merge compares what the
/// file holds, so `é` written precomposed and `e` + combining accent are different rows (and
/// hashing skips the Unicode normalization that `String`'s own hashing does, which dominated
/// the cost of merging non-ASCII lists).
public enum ListItem: Hashable, Sendable {
    /// A section's title: where a section starts.
    case section(String)
    /// A row's text.
    case row(String)

    public static func == (a: ListItem, b: ListItem) -> Bool {
        switch (a, b) {
        case (.section(var x), .section(var y)), (.row(var x), .row(var y)):
            return x.withUTF8 { a in y.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        var text: String
        switch self {
        case .section(let t): hasher.combine(0 as UInt8); text = t
        case .row(let t): hasher.combine(1 as UInt8); text = t
        }
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
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
