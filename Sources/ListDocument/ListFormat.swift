/// The file formats, chosen by the file's extension; anything else is Markdown.
///
///     ListFormat(path: "groceries.md")    // .markdown
///     ListFormat(path: "todo.txt")        // .plainText
///     ListFormat(path: "list.json")       // .json
public enum ListFormat: String, Sendable, CaseIterable {
    /// Markdown: `# Title` headings and `- item` rows (any other extension too).
    case markdown
    /// Plain text (`.txt`): one row a non-blank line, one untitled section.
    case plainText
    /// JSON (`.json`).
    case json

    /// The format for `path`'s extension: `.txt` is plain text, `.json` JSON, anything else
    /// Markdown.
    public init(path: String) {
        let name = FileAccess.fileName(path)
        let ext = name.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last?.lowercased()
        self = ext.flatMap { ext in Self.allCases.first { $0.implementation.extensions.contains(ext) } } ?? .markdown
    }

    /// The type that reads, writes and knows the limits of this format: the one place a format's
    /// case meets its code (`ListFileFormat`).
    var implementation: any ListFileFormat.Type {
        switch self {
        case .markdown: return MarkdownFormat.self
        case .plainText: return PlainTextFormat.self
        case .json: return JSONListFormat.self
        }
    }

    /// Reads the contents; `name` is used in error messages.
    public func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        try implementation.parse(bytes, name: name)
    }

    /// Writes the contents in this format.
    public func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8] {
        try implementation.serialize(list, name: name)
    }
}

/// Titles and rows as a file holds them, with the line ending it used.
public struct ParsedList: Equatable, Sendable {
    /// The sections in file order.
    public var sections: [Section]
    /// `"\r\n"` when the file's first line ended so; kept on save.
    public var lineEnding: String

    /// One section: its title and its rows' texts.
    public struct Section: Equatable, Sendable {
        /// The section's title; empty for an untitled section (what comes before the first
        /// heading, or a plain-text list).
        public var title: String
        /// The rows' texts, in order.
        public var rows: [String]
        /// A section titled `title` holding `rows`.
        public init(title: String, rows: [String]) { self.title = title; self.rows = rows }
    }

    /// A list of `sections`, written with `lineEnding`.
    public init(sections: [Section], lineEnding: String = "\n") {
        self.sections = sections
        self.lineEnding = lineEnding
    }
}
