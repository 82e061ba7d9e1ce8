import TableKit
import ListStorage

/// JSON lists: `{"sections": [{"title": "Groceries", "rows": ["Milk", "Eggs"]}]}`. A missing or
/// null title is an untitled section. A row is a string, or an object
/// `{"text": "Milk", "checked": true, "level": 1}`: `checked` absent is no checkbox, `false` an
/// empty one; `level` absent is 0.
enum JSONListFormat: ListFileFormat {
    /// Keys listedit does not know, kept to be written back: the document's, each section's (by
    /// the section's `source`) and each row's (by identity), as JSON text, in file order.
    struct Extras: FormatFile {
        var top: [(key: String, json: String)] = []
        var sections: [UInt64: [(key: String, json: String)]] = [:]
        var rows: [ListModel.RowID: [(key: String, json: String)]] = [:]
        /// The rows hold their texts.
        var rowBuffer: TextBuffer? { nil }
    }

    typealias File = Extras

    static var extensions: [String] { ["json"] }

    /// Always `\n`: JSON is written with its own line ends.
    static func lineEnding(of bytes: [UInt8]) -> String { "\n" }

    /// The document's model with the keys listedit does not know of the JSON file it read.
    static func write(_ document: ListDocument, name: String) throws(DocumentError) -> (bytes: [UInt8], reread: ListDocument.SaveRequest.Reread?) {
        if let same = document.unchangedBytes(as: .json) { return (same, nil) }
        return (serialize(document.model, passages: false, extras: document.file as? Extras ?? Extras()), nil)
    }

    /// The rows hold their texts: nothing is read again; the keys kept stay.
    static func finishSave(_ request: ListDocument.SaveRequest, in document: inout ListDocument, savedModelWasRead: Bool,
                           undoable: () -> [ListModel.RowID]) {
        document.file = document.file as? Extras
    }

    /// The list with each row's checkbox and level (and, in recovery files, `"passage": true`),
    /// and the keys it does not know.
    /// Recovery files hold each section's heading level too (`"level": 2`; 1 when absent).
    static func parseModel(_ bytes: [UInt8], name: String) throws(DocumentError) -> ListModel {
        try read(bytes, name: name, sectionLevels: true).model
    }

    /// The list and the keys it does not know (`generation` is unused: the rows hold their texts).
    static func read(_ bytes: [UInt8], name: String, generation: UInt64 = 0) throws(DocumentError) -> (model: ListModel, file: Extras) {
        try read(bytes, name: name, sectionLevels: false)
    }

    /// `read`; `sectionLevels`: a section's `level` key is its heading level (recovery files),
    /// not a key listedit does not know (JSON files, whose sections have no levels).
    static func read(_ bytes: [UInt8], name: String, sectionLevels: Bool) throws(DocumentError) -> (model: ListModel, file: Extras) {
        let root = try JSONParser.parse(bytes, name: name)
        let reader = JSONReader(file: name, kind: .json)
        var extras = Extras()
        let (top, topOthers) = try reader.object(root, at: "the document", known: ["sections"])
        extras.top = topOthers.map { ($0.key, text($0.value.value)) }
        guard let sectionsNode = top["sections"] else {
            throw reader.error(root, "the document has no \"sections\" array")
        }
        var model = ListModel()
        for (i, node) in try reader.array(sectionsNode, at: "sections").enumerated() {
            let place = "sections[\(i)]"
            let (fields, others) = try reader.object(node, at: place, known: sectionLevels ? ["title", "rows", "level"] : ["title", "rows"])
            var title = ""
            if let t = fields["title"], t.value != .null { title = try reader.string(t, at: place + ".title") }
            var rows: [ListModel.Row] = []
            if let r = fields["rows"] {
                for (k, row) in try reader.array(r, at: place + ".rows").enumerated() {
                    let at = place + ".rows[\(k)]"
                    if case .object = row.value {
                        let (keys, rowOthers) = try reader.object(row, at: at, known: ["text", "checked", "level", "passage"])
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
                        let made = model.makeRow(try reader.string(text, at: at + ".text"), attributes: attributes)
                        if !rowOthers.isEmpty { extras.rows[made.id] = rowOthers.map { ($0.key, Self.text($0.value.value)) } }
                        rows.append(made)
                    } else {
                        rows.append(model.makeRow(try reader.string(row, at: at)))
                    }
                }
            }
            var section = ListModel.Section(title: title, rows: rows)
            if let l = fields["level"] {
                let level = try reader.index(l, at: place + ".level")
                guard level <= 6 else { throw reader.error(l, "\(place).level must be 6 at most") }
                section.level = level
            }
            // Levels deeper than the row above allows are clamped (RowList+Levels): the list
            // shows and saves what a Markdown list could hold.
            section.rows.clampLevels(from: 0, through: section.rows.count)
            if !others.isEmpty {
                // A section's own keys follow it by an identity of its own.
                section.source = UInt64(i)
                extras.sections[UInt64(i)] = others.map { ($0.key, Self.text($0.value.value)) }
            }
            model.sections.append(section)
        }
        return (model, extras)
    }

    /// A value as compact JSON text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return quote(s)
        case .array(let items): return "[" + items.map { text($0.value) }.joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { quote($0.key) + ": " + text($0.value.value) }.joined(separator: ", ") + "}"
        }
    }

    /// Two-space indented, one row per line; a row with a checkbox or a level is an object.
    /// Passages, and heading levels other than 1, are written only when `passages` (recovery
    /// files); a save as JSON leaves them out.
    static func serialize(_ model: ListModel, passages: Bool, extras: Extras = Extras()) -> [UInt8] {
        var s = "{\n  \"sections\": ["
        for (i, section) in model.sections.enumerated() {
            s += i == 0 ? "\n" : ",\n"
            // An untitled section has no `title` key (so it reads back untitled).
            s += "    {\n" + (section.title.isEmpty ? "" : "      \"title\": \(quote(section.title)),\n")
            if passages && section.level != 1 { s += "      \"level\": \(section.level),\n" }
            s += "      \"rows\": ["
            var first = true
            for row in section.rows where passages || !row.isPassage {
                s += (first ? "\n" : ",\n") + "        " + encode(row, extras.rows[row.id] ?? [])
                first = false
            }
            s += first ? "]" : "\n      ]"
            for (key, json) in section.source.flatMap({ extras.sections[$0] }) ?? [] { s += ",\n      \(quote(key)): \(json)" }
            s += "\n    }"
        }
        s += model.sections.isEmpty ? "]" : "\n  ]"
        for (key, json) in extras.top { s += ",\n  \(quote(key)): \(json)" }
        s += "\n}\n"
        return Array(s.utf8)
    }

    /// A row as a JSON string, or an object when it has attributes or keys of its own.
    static func encode(_ row: ListModel.Row, _ others: [(key: String, json: String)] = []) -> String {
        if row.attributes == .init() && others.isEmpty { return quote(row.text) }
        var s = "{\"text\": \(quote(row.text))"
        if let c = row.checkbox { s += ", \"checked\": \(c)" }
        if row.level > 0 { s += ", \"level\": \(row.level)" }
        if row.isPassage { s += ", \"passage\": true" }
        for (key, json) in others { s += ", \(quote(key)): \(json)" }
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

    /// Two-space indented, one row per line, keys in the order `title`, `rows`; an untitled
    /// section has no `title` key (so it reads back untitled, as the format says). JSON holds
    /// any list: `name` (for messages) is not needed.
    static func serialize(_ list: ParsedList, name: String = "list") -> [UInt8] {
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
