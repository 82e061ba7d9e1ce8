import TableKit

/// Something a list holds that a file format cannot, as the format itself reports it
/// (`ListFormat.limitations(of:)`), so that saving under another format can say what would not
/// fit before writing anything.
///
///     ListFormat.plainText.limitations(of: model)
///     // [.sections(count: 2), .sectionTitles(count: 2)]: "2 sections, section titles"
///
/// Every limitation today keeps the save from happening (`preventsSaving`: the format refuses
/// with `.cannotRepresent`). Limitations that a save may accept after asking (Markdown passages,
/// heading levels, front matter written to a format without them) will have `preventsSaving`
/// false.
public enum FormatLimitation: Hashable, Sendable, CustomStringConvertible {
    /// Plain text holds one list: the list has `count` sections with rows or a title.
    case sections(count: Int)
    /// Plain text has no section titles: `count` sections have one.
    case sectionTitles(count: Int)
    /// A line-based format (Markdown, plain text) cannot hold a line break inside a text (nor a
    /// carriage return at its end): `count` texts have one, the first at `first`.
    case lineBreaks(count: Int, first: TextPlace)
    /// Plain text cannot hold a blank row (it would read back as no row): `count` rows are blank.
    case blankRows(count: Int)
    /// Plain text has no nesting: `count` rows have a level above 0.
    case nestedRows(count: Int)

    /// Where a text is: a row, or a section's title (sections and rows 0-based).
    public enum TextPlace: Hashable, Sendable, CustomStringConvertible {
        /// The title of section `section`.
        case title(section: Int)
        /// The row at this index path.
        case row(IndexPath)

        public var description: String {
            switch self {
            case .title(let s): return "the title of section \(s + 1)"
            case .row(let p): return "row \(p.row + 1) of section \(p.section + 1)"
            }
        }
    }

    /// Whether the format refuses to save the list at all.
    public var preventsSaving: Bool { true }

    /// A phrase for "notes.txt cannot hold: …".
    public var description: String {
        switch self {
        case .sections(let n): return "\(n) sections"
        case .sectionTitles: return "section titles"
        case .lineBreaks(let n, let first): return n == 1 ? "a line break (in \(first))" : "\(n) line breaks (the first in \(first))"
        case .blankRows(let n): return n == 1 ? "a blank row" : "\(n) blank rows"
        case .nestedRows(let n): return n == 1 ? "a nested row" : "\(n) nested rows"
        }
    }
}

extension ListFormat {
    /// What this format cannot hold of `model`, as the format reports it; empty when the list
    /// can be saved in it as it is.
    ///
    /// - Complexity: O(total length of the texts).
    public func limitations(of model: ListModel) -> [FormatLimitation] {
        switch self {
        case .markdown: return MarkdownFormat.limitations(of: model)
        case .plainText: return PlainTextFormat.limitations(of: model)
        case .json: return []
        }
    }
}

extension ListDocument {
    /// What saving as `format` could not keep (`save(to:)` a file of another extension); empty
    /// when nothing is in the way.
    ///
    ///     doc.limitations(savingAs: ListFormat(path: "keep.txt"))
    public func limitations(savingAs format: ListFormat) -> [FormatLimitation] {
        format.limitations(of: model)
    }
}

/// Counts the texts of `model` that cannot stand on one line (titles first, then rows in order)
/// and where the first is.
func lineBreaks(in model: ListModel, rowsOnly: Bool = false) -> FormatLimitation? {
    var count = 0
    var first: FormatLimitation.TextPlace?
    for (s, section) in model.sections.enumerated() {
        var title = section.title
        if !rowsOnly, !title.withUTF8(MarkdownFormat.fitsOnALine) {
            count += 1
            if first == nil { first = .title(section: s) }
        }
        var r = 0
        section.rows.forEachUTF8 { text in
            if !MarkdownFormat.fitsOnALine(text) {
                count += 1
                if first == nil { first = .row(IndexPath(row: r, section: s)) }
            }
            r += 1
        }
    }
    return first.map { .lineBreaks(count: count, first: $0) }
}
