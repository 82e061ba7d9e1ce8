/// Markdown lists: `# Title` starts a section, `- text` is a row of the current section, rows
/// before any heading belong to an untitled first section, blank lines are ignored.
///
///     # Groceries
///     - Milk
///     - Eggs
///
///     # Hardware
///     - Screws
///
/// Any other line makes the file unreadable as a list, and the error names its line.
enum MarkdownFormat {
    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let (lines, crlf) = try TextLines.split(bytes, name: name)
        var sections: [ParsedList.Section] = []
        for line in lines {
            let text = line.text
            if TextLines.isBlank(text) { continue }
            if let title = heading(text) {
                sections.append(.init(title: title, rows: []))
            } else if let row = item(text) {
                if sections.isEmpty { sections.append(.init(title: "", rows: [])) }
                sections[sections.count - 1].rows.append(row)
            } else {
                let shown = text.count > 40 ? text.prefix(40) + "…" : text
                throw DocumentError(.notAListLine, file: name, line: line.number,
                                    "expected '# Title', '- item' or a blank line, found '\(shown)'")
            }
        }
        return ParsedList(sections: sections, lineEnding: crlf ? "\r\n" : "\n")
    }

    /// `#` or `# Title`.
    static func heading(_ s: Substring) -> String? {
        if s == "#" { return "" }
        if s.hasPrefix("# ") { return String(s.dropFirst(2)) }
        return nil
    }

    /// `-` or `- text`.
    static func item(_ s: Substring) -> String? {
        if s == "-" { return "" }
        if s.hasPrefix("- ") { return String(s.dropFirst(2)) }
        return nil
    }

    /// The canonical form: a blank line before every heading but the first; an untitled first
    /// section with rows is written without a heading, so it reads back untitled.
    static func serialize(_ list: ParsedList) -> [UInt8] {
        var out: [UInt8] = []
        let nl = Array(list.lineEnding.utf8)
        for (i, section) in list.sections.enumerated() {
            let headless = i == 0 && section.title.isEmpty && !section.rows.isEmpty
            if !headless {
                if !out.isEmpty { out += nl }
                out += section.title.isEmpty ? Array("#".utf8) : Array("# \(section.title)".utf8)
                out += nl
            }
            for row in section.rows {
                out += row.isEmpty ? Array("-".utf8) : Array("- \(row)".utf8)
                out += nl
            }
        }
        return out
    }
}
