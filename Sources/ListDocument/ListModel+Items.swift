import TableKit
import ListStorage

/// One entry of a list flattened for diffing and merging: a section heading or a row.
///
///     ListModel(sections: [("Groceries", ["Milk"])]).items   // [.section("Groceries"), .row("Milk")]
///
/// Two items are equal when their kind, their UTF-8 bytes and (rows) their attributes are, so a
/// toggled checkbox or a changed level is a change. A merge compares what the
/// file holds, so `é` written precomposed and `e` + combining accent are different rows (and
/// hashing skips the Unicode normalization that `String`'s own hashing does, which dominated
/// the cost of merging non-ASCII lists).
package enum ListItem: Hashable, Sendable {
    /// A section's title: where a section starts.
    case section(String)
    /// A row's text and its attributes (level, checkbox, passage).
    case row(String, ListModel.Row.Attributes = .init())

    package static func == (a: ListItem, b: ListItem) -> Bool {
        switch (a, b) {
        case (.section(var x), .section(var y)):
            return x.withUTF8 { a in y.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
        case (.row(var x, let p), .row(var y, let q)):
            return p == q && x.withUTF8 { a in y.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        var text: String
        switch self {
        case .section(let t): hasher.combine(0 as UInt8); text = t
        case .row(let t, let a): hasher.combine(1 as UInt8); hasher.combine(a); text = t
        }
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension ListModel {
    /// The list as one sequence: each section's heading, then its rows. An untitled section is
    /// `.section("")`.
    ///
    /// - Complexity: O(number of rows); every row's text is made.
    package var items: [ListItem] {
        var out: [ListItem] = []
        out.reserveCapacity(sections.count + rowCounts.reduce(0, +))
        for section in sections {
            out.append(.section(section.title))
            for row in section.rows { out.append(.row(row.text, row.attributes)) }
        }
        return out
    }

    /// The list of a flattened sequence (the inverse of `items`); rows before any heading go
    /// into an untitled first section.
    package init(items: [ListItem]) {
        self.init(items: items, reusing: ListModel())
    }

    /// The list of `items`, where a row or section equal to one of `other` (in order, each used
    /// once) is that one (its identity, and for a file's rows where they came from), so that a
    /// merged list saves as a change of the file, not a new file. Levels are clamped to the level
    /// rule (`ListModel.clampLevels`). A row whose flat index (in `items`) `assigned` names
    /// takes that identity instead (a row of `other` an edit changed, recorded by a recovery
    /// file: `ListDocument.fileIdentities`), which no other row then takes; nil there: a new
    /// identity (a new row, not one of `other` with the same text).
    ///
    /// - Complexity: O(items + rows of `other`).
    package init(items: [ListItem], reusing other: ListModel, assigning assigned: [Int: ListModel.RowID?] = [:]) {
        var rows: [ListItem: [ListModel.Row]] = [:]
        var sections: [String: [ListModel.Section]] = [:]
        let taken = Set(assigned.values.compactMap { $0 })
        for section in other.sections.reversed() {
            sections[section.title, default: []].append(section)
            for row in section.rows.reversed() where taken.isEmpty || !taken.contains(row.id) {
                rows[.row(row.text, row.attributes), default: []].append(row)
            }
        }
        self.init()
        self = other.continuingIdentities(of: self)
        self.sections = []
        for (i, item) in items.enumerated() {
            switch item {
            case .section(let title):
                var section = sections[title]?.popLast() ?? Section(title: title, rows: [])
                section.rows = RowList()
                self.sections.append(section)
            case .row(let text, let attributes):
                if self.sections.isEmpty { self.sections.append(Section(title: "", rows: [])) }
                let row: Row
                if let given = assigned[i] {
                    row = given.map { Row(id: $0, text: text, attributes: attributes) } ?? makeRow(text, attributes: attributes)
                } else {
                    row = rows[item]?.popLast() ?? makeRow(text, attributes: attributes)
                }
                self.sections[self.sections.count - 1].rows.append(row)
            }
        }
        // A merge can join rows from both sides that no side had together: the level rule holds
        // again (RowList+Levels), as the file would read them.
        clampLevels()
    }
}
