/// JSON lists: `{"sections": [{"title": "Groceries", "rows": ["Milk", "Eggs"]}]}`. A missing or
/// null title is an untitled section.
enum JSONListFormat {
    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let root = try JSONParser.parse(bytes, name: name)
        let reader = JSONReader(file: name, kind: .json)
        let top = try reader.object(root, at: "the document", keys: ["sections"])
        guard let sectionsNode = top["sections"] else {
            throw reader.error(root, "the document has no \"sections\" array")
        }
        var sections: [ParsedList.Section] = []
        for (i, node) in try reader.array(sectionsNode, at: "sections").enumerated() {
            let place = "sections[\(i)]"
            let fields = try reader.object(node, at: place, keys: ["title", "rows"])
            var title = ""
            if let t = fields["title"], t.value != .null { title = try reader.string(t, at: place + ".title") }
            var rows: [String] = []
            if let r = fields["rows"] {
                for (k, row) in try reader.array(r, at: place + ".rows").enumerated() {
                    rows.append(try reader.string(row, at: place + ".rows[\(k)]"))
                }
            }
            sections.append(.init(title: title, rows: rows))
        }
        return ParsedList(sections: sections, lineEnding: "\n")
    }

    /// Two-space indented, one row per line, keys in the order `title`, `rows`; an untitled
    /// section has no `title` key (so it reads back untitled, as the format says).
    static func serialize(_ list: ParsedList) -> [UInt8] {
        var s = "{\n  \"sections\": ["
        for (i, section) in list.sections.enumerated() {
            s += i == 0 ? "\n" : ",\n"
            s += "    {\n" + (section.title.isEmpty ? "" : "      \"title\": \(quote(section.title)),\n") + "      \"rows\": ["
            if section.rows.isEmpty {
                s += "]\n    }"
                continue
            }
            for (k, row) in section.rows.enumerated() {
                s += (k == 0 ? "\n" : ",\n") + "        " + quote(row)
            }
            s += "\n      ]\n    }"
        }
        s += list.sections.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(s.utf8)
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
