import TableKit

/// JSON lists: `{"sections": [{"title": "Groceries", "rows": ["Milk", "Eggs"]}]}`. A missing or
/// null title is an untitled section. A row is a string, or an object
/// `{"text": "Milk", "checked": true, "level": 1}`: `checked` absent is no checkbox, `false` an
/// empty one; `level` absent is 0.
enum JSONListFormat {
    /// The list with each row's checkbox and level (and, in recovery files, `"passage": true`).
    static func parseModel(_ bytes: [UInt8], name: String) throws(DocumentError) -> ListModel {
        let root = try JSONParser.parse(bytes, name: name)
        let reader = JSONReader(file: name, kind: .json)
        let top = try reader.object(root, at: "the document", keys: ["sections"])
        guard let sectionsNode = top["sections"] else {
            throw reader.error(root, "the document has no \"sections\" array")
        }
        var model = ListModel()
        for (i, node) in try reader.array(sectionsNode, at: "sections").enumerated() {
            let place = "sections[\(i)]"
            let fields = try reader.object(node, at: place, keys: ["title", "rows"])
            var title = ""
            if let t = fields["title"], t.value != .null { title = try reader.string(t, at: place + ".title") }
            var rows: [ListModel.Row] = []
            if let r = fields["rows"] {
                for (k, row) in try reader.array(r, at: place + ".rows").enumerated() {
                    let at = place + ".rows[\(k)]"
                    if case .object = row.value {
                        let keys = try reader.object(row, at: at, keys: ["text", "checked", "level", "passage"])
                        guard let text = keys["text"] else { throw reader.error(row, "\(at) has no \"text\"") }
                        var attributes = ListModel.Row.Attributes()
                        if let c = keys["checked"] {
                            guard case .bool(let b) = c.value else { throw reader.error(c, "\(at).checked must be true or false") }
                            attributes.checkbox = b
                        }
                        if let l = keys["level"] {
                            let level = try reader.index(l, at: at + ".level")
                            guard level <= 255 else { throw reader.error(l, "\(at).level must be 255 at most") }
                            attributes.level = level
                        }
                        if let p = keys["passage"], case .bool(true) = p.value { attributes.isPassage = true }
                        rows.append(model.makeRow(try reader.string(text, at: at + ".text"), attributes: attributes))
                    } else {
                        rows.append(model.makeRow(try reader.string(row, at: at)))
                    }
                }
            }
            model.sections.append(.init(title: title, rows: rows))
        }
        return model
    }

    /// Two-space indented, one row per line; a row with a checkbox or a level is an object.
    /// Passages are written only when `passages` (recovery files); a save as JSON leaves them out.
    static func serialize(_ model: ListModel, passages: Bool) -> [UInt8] {
        var s = "{\n  \"sections\": ["
        for (i, section) in model.sections.enumerated() {
            s += i == 0 ? "\n" : ",\n"
            s += "    {\n      \"title\": \(quote(section.title)),\n      \"rows\": ["
            var first = true
            for row in section.rows where passages || !row.isPassage {
                s += (first ? "\n" : ",\n") + "        " + encode(row)
                first = false
            }
            s += first ? "]\n    }" : "\n      ]\n    }"
        }
        s += model.sections.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(s.utf8)
    }

    /// A row as a JSON string, or an object when it has attributes.
    static func encode(_ row: ListModel.Row) -> String {
        if row.attributes == .init() { return quote(row.text) }
        var s = "{\"text\": \(quote(row.text))"
        if let c = row.checkbox { s += ", \"checked\": \(c)" }
        if row.level > 0 { s += ", \"level\": \(row.level)" }
        if row.isPassage { s += ", \"passage\": true" }
        return s + "}"
    }

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
                    if case .object = row.value, let text = try reader.object(row, at: place + ".rows[\(k)]", keys: ["text", "checked", "level", "passage"])["text"] {
                        rows.append(try reader.string(text, at: place + ".rows[\(k)].text"))
                    } else {
                        rows.append(try reader.string(row, at: place + ".rows[\(k)]"))
                    }
                }
            }
            sections.append(.init(title: title, rows: rows))
        }
        return ParsedList(sections: sections, lineEnding: "\n")
    }

    /// Two-space indented, one row per line, keys in the order `title`, `rows`.
    static func serialize(_ list: ParsedList) -> [UInt8] {
        var s = "{\n  \"sections\": ["
        for (i, section) in list.sections.enumerated() {
            s += i == 0 ? "\n" : ",\n"
            s += "    {\n      \"title\": \(quote(section.title)),\n      \"rows\": ["
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
