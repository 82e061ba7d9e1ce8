import TableKit
import ListStorage

/// Something a list holds that a file format cannot, as the format itself reports it
/// (`ListFormat.limitations(of:)`), so that saving under another format can say what would not
/// fit before writing anything.
///
///     ListFormat.plainText.limitations(of: model)
///     // [.sections(count: 2), .sectionTitles(count: 2)]: "2 sections, 2 section titles"
///
/// Most can be written lossy after the user agrees (`preventsSaving` false): the format drops
/// or flattens them (`ListFormat.fitting(_:)`). A text with a line break cannot be written to a
/// line format at all (`preventsSaving`): that save is refused.
public enum FormatLimitation: Hashable, Sendable, CustomStringConvertible {
    /// Plain text holds one list: the list has `count` sections with rows or a title (their
    /// rows are written as one list).
    case sections(count: Int)
    /// Plain text has no section titles: `count` sections have one (dropped).
    case sectionTitles(count: Int)
    /// A line-based format (Markdown, plain text) cannot hold a line break inside a text (nor a
    /// carriage return at its end): `count` texts have one, the first at `first`.
    case lineBreaks(count: Int, first: TextPlace)
    /// Plain text cannot hold a blank row (it would read back as no row): `count` rows are blank
    /// (dropped).
    case blankRows(count: Int)
    /// Plain text has no nesting: `count` rows have a level above 0 (written at level 0).
    case nestedRows(count: Int)
    /// Plain text holds a checked row (todo.txt's `x `) but no open checkbox: `count` rows have
    /// one (dropped; the row stays).
    case openCheckboxes(count: Int)
    /// Passages (Markdown's paragraphs, code, quotes, tables, front matter…): plain text and
    /// JSON hold list items only; `count` passages are dropped.
    case passages(count: Int)
    /// JSON sections have no heading level: the sections are at `count` distinct levels, not all
    /// level 1 (`#`), and read back as level 1 (`#` and `##`: 2).
    case headingLevels(count: Int)
    /// JSON and plain text hold one line of text a row: `count` Markdown items have other lines
    /// (wrapped or lazy text, paragraphs or code inside the item) that only Markdown keeps.
    case itemLines(count: Int)

    /// Where a text is: a row, or a section's title (sections and rows 0-based).
    public enum TextPlace: Hashable, Sendable, CustomStringConvertible {
        /// The title of section `section`.
        case title(section: Int)
        /// The row at this index path.
        case row(IndexPath)

        public var description: String {
            switch self {
            case .title(let s): return "the title of section \(s)"
            case .row(let p): return "row \(p.row) of section \(p.section)"
            }
        }
    }

    /// Whether the format refuses to save the list at all (a line break in a line format);
    /// otherwise the save may drop or flatten what does not fit, once the user agrees.
    public var preventsSaving: Bool {
        if case .lineBreaks = self { return true }
        return false
    }

    /// A phrase for "notes.txt cannot hold …".
    public var description: String {
        func counted(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(many)" }
        switch self {
        case .sections(let n): return counted(n, "section", "sections")
        case .sectionTitles(let n): return counted(n, "section title", "section titles")
        case .lineBreaks(let n, let first): return n == 1 ? "a line break (in \(first))" : "\(n) line breaks (the first in \(first))"
        case .blankRows(let n): return counted(n, "blank row", "blank rows")
        case .nestedRows(let n): return counted(n, "nested row", "nested rows")
        case .openCheckboxes(let n): return counted(n, "open checkbox", "open checkboxes")
        case .passages(let n): return counted(n, "passage", "passages")
        case .headingLevels(let n): return counted(n, "heading level", "heading levels")
        case .itemLines(let n): return n == 1 ? "the other lines of 1 item" : "the other lines of \(n) items"
        }
    }

    /// `list.txt cannot hold 2 section titles, 3 nested rows`: what a save as `name` would lose.
    public static func sentence(_ limitations: [FormatLimitation], name: String) -> String {
        "\(name) cannot hold " + limitations.map(\.description).joined(separator: ", ")
    }
}

extension ListFormat {
    /// What this format cannot hold of `model`, as the format reports it; empty when the list
    /// can be saved in it as it is.
    ///
    /// - Complexity: O(total length of the texts).
    public func limitations(of model: ListModel) -> [FormatLimitation] {
        implementation.limitations(of: model)
    }

    /// `model` with what this format cannot hold dropped or flattened (the lossy save the user
    /// agreed to): plain text gets one untitled section of the non-blank list items at level 0,
    /// open checkboxes dropped; JSON drops passages and sets every heading to level 1. Rows keep
    /// their identities. Line breaks are left alone (they prevent the save).
    ///
    /// - Complexity: O(rows).
    public func fitting(_ model: ListModel) -> ListModel {
        implementation.fitting(model)
    }
}

extension ListDocument {
    /// What saving as `format` could not keep (`save(to:)` a file of another extension); empty
    /// when nothing is in the way.
    ///
    ///     doc.limitations(savingAs: ListFormat(path: "keep.txt"))
    public func limitations(savingAs format: ListFormat) -> [FormatLimitation] {
        format.limitations(of: model) + (file?.limitations(of: model, savingAs: format) ?? [])
    }
}

/// Counts the texts of `model` that cannot stand on one line (titles first, then rows in order)
/// and where the first is.
///
/// With `paragraphs` (Markdown), a row's line breaks are its item's first paragraph's lines: only
/// a row text that cannot be written so counts (`MarkdownFormat.holdsAsParagraph`).
func lineBreaks(in model: ListModel, rowsOnly: Bool = false, paragraphs: Bool = false) -> FormatLimitation? {
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
            if paragraphs ? !MarkdownFormat.holdsAsParagraph(text) : !MarkdownFormat.fitsOnALine(text) {
                count += 1
                if first == nil { first = .row(IndexPath(row: r, section: s)) }
            }
            r += 1
        }
    }
    return first.map { .lineBreaks(count: count, first: $0) }
}
