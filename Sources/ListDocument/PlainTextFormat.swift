import TableKit

/// Plain text: one row per non-blank line, one untitled section.
enum PlainTextFormat {
    /// Plain text holds one untitled list of non-blank rows on one line each.
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        var out: [FormatLimitation] = []
        let nonEmpty = model.sections.filter { !$0.title.isEmpty || !$0.rows.isEmpty }
        if nonEmpty.count > 1 { out.append(.sections(count: nonEmpty.count)) }
        let titled = nonEmpty.count { !$0.title.isEmpty }
        if titled > 0 { out.append(.sectionTitles(count: titled)) }
        var blank = 0
        for section in model.sections {
            section.rows.forEachUTF8 { text in
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { blank += 1 }
            }
        }
        if blank > 0 { out.append(.blankRows(count: blank)) }
        if let breaks = lineBreaks(in: model, rowsOnly: true) { out.append(breaks) }
        return out
    }

    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let (lines, crlf) = try TextLines.split(bytes, name: name)
        let rows = lines.filter { !TextLines.isBlank($0.text) }.map { String($0.text) }
        return ParsedList(sections: [.init(title: "", rows: rows)], lineEnding: crlf ? "\r\n" : "\n")
    }

    /// Refuses sections and titles, which plain text cannot hold (nothing is dropped silently).
    static func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8] {
        let nonEmpty = list.sections.filter { !$0.title.isEmpty || !$0.rows.isEmpty }
        if nonEmpty.count > 1 || nonEmpty.contains(where: { !$0.title.isEmpty }) {
            throw DocumentError(.cannotRepresent, file: name,
                                "plain text holds one untitled list; save as .md or .json to keep sections and titles")
        }
        if let blank = nonEmpty.first?.rows.firstIndex(where: { TextLines.isBlank(Substring($0)) }) {
            throw DocumentError(.cannotRepresent, file: name,
                                "row \(blank + 1) is blank, which plain text cannot hold; save as .md or .json")
        }
        for (r, var row) in (nonEmpty.first?.rows ?? []).enumerated() where !row.withUTF8(MarkdownFormat.fitsOnALine) {
            throw MarkdownFormat.refuse("row \(r + 1)", name: name)
        }
        var out: [UInt8] = []
        for row in nonEmpty.first?.rows ?? [] {
            out += Array(row.utf8)
            out += Array(list.lineEnding.utf8)
        }
        return out
    }
}
