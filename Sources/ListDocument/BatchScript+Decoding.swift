import TableKit
import ListStorage

extension BatchScript {
    /// The keys a batch object may have.
    public static let keys = ["deleteRows", "insertRows", "reloadRows", "moveRows",
                              "deleteSections", "insertSections", "reloadSections", "moveSections"]

    /// Parses OPS JSON. Malformed JSON, unknown keys, wrong types, negative or huge indexes and
    /// multi-line texts are errors naming the place: `ops:1:15: batch 1: insertRows[0].at:
    /// expected [section, row], found a number`.
    ///
    /// - Parameters:
    ///   - bytes: the JSON, UTF-8.
    ///   - name: how messages name the input (`ops`, a file name, or `-`).
    public static func decode(_ bytes: [UInt8], name: String) throws(DocumentError) -> BatchScript {
        let root = try JSONParser.parse(bytes, name: name)
        let r = JSONReader(file: name, kind: .script)
        var nodes: [JSONNode]
        switch root.value {
        case .array(let items): nodes = items
        case .object: nodes = [root]
        default: throw r.error(root, "expected a batch object or an array of them, found \(root.value.kindName)")
        }
        var batches: [Batch] = []
        batches.reserveCapacity(nodes.count)
        for (i, node) in nodes.enumerated() {
            batches.append(try decodeBatch(node, label: "batch \(i + 1)", reader: r))
        }
        return BatchScript(batches: batches)
    }

    static func decodeBatch(_ node: JSONNode, label: String, reader r: JSONReader) throws(DocumentError) -> Batch {
        var b = Batch()
        let fields = try r.object(node, at: label, keys: keys)
        func list(_ key: String) throws(DocumentError) -> [(JSONNode, String)] {
            guard let n = fields[key] else { return [] }
            return try r.array(n, at: "\(label): \(key)").enumerated().map { ($1, "\(label): \(key)[\($0)]") }
        }
        func path(_ n: JSONNode, _ place: String) throws(DocumentError) -> IndexPath {
            guard case .array(let pair) = n.value, pair.count == 2 else {
                throw r.error(n, "\(place): expected [section, row], found \(n.value.kindName)")
            }
            return IndexPath(row: try r.index(pair[1], at: place + " row"), section: try r.index(pair[0], at: place + " section"))
        }
        /// A row's text; its line breaks are kept: in Markdown they are the lines of the item's
        /// first paragraph (as the editor's ` ⏎ `), and the save of a format that cannot hold
        /// them refuses, naming the row (docs/batch-updates.md).
        func text(_ n: JSONNode, _ place: String) throws(DocumentError) -> String {
            try r.string(n, at: place)
        }
        func required(_ f: [String: JSONNode], _ key: String, _ node: JSONNode, _ place: String) throws(DocumentError) -> JSONNode {
            guard let v = f[key] else { throw r.error(node, "\(place): missing \"\(key)\"") }
            return v
        }
        /// `checked` (true, false or null: `.some(nil)`, no checkbox) and `level` of a row
        /// object, when given (`checked` absent: `nil`).
        func attributes(_ f: [String: JSONNode], _ place: String) throws(DocumentError) -> (checked: Bool??, level: Int?) {
            var checked: Bool??, level: Int?
            if let c = f["checked"] {
                switch c.value {
                case .bool(let v): checked = .some(v)
                case .null: checked = .some(nil)
                default: throw r.error(c, "\(place).checked: expected true, false or null, found \(c.value.kindName)")
                }
            }
            if let l = f["level"] {
                let v = try r.index(l, at: place + ".level")
                guard v <= 255 else { throw r.error(l, "\(place).level: 255 at most") }
                level = v
            }
            return (checked, level)
        }
        /// A section's rows: strings, or objects `{"text": …, "checked": …, "level": …}`.
        func rows(_ n: JSONNode, _ place: String) throws(DocumentError) -> ([String], [ListModel.Row.Attributes]) {
            var out: [String] = [], marks: [ListModel.Row.Attributes] = []
            for (k, item) in try r.array(n, at: place).enumerated() {
                let at = "\(place)[\(k)]"
                if case .object = item.value {
                    let f = try r.object(item, at: at, keys: ["text", "checked", "level"])
                    out.append(try text(try required(f, "text", item, at), at + ".text"))
                    let (checked, level) = try attributes(f, at)
                    marks.append(.init(level: level ?? 0, checkbox: checked ?? nil))
                } else {
                    out.append(try text(item, at))
                    marks.append(.init())
                }
            }
            return (out, marks)
        }

        for (n, place) in try list("deleteRows") { b.update.deleteRows([try path(n, place)]) }
        /// `{"at": [s, r], "text": "…"}`, recorded in `texts`; the same row twice must agree.
        /// Without `requiringText`, a missing text is allowed (the row keeps its own).
        func rowWithText(_ n: JSONNode, _ place: String, into texts: inout [IndexPath: String], _ verb: String,
                         requiringText: Bool = true) throws(DocumentError) -> IndexPath {
            let f = try r.object(n, at: place, keys: ["at", "text", "checked", "level"])
            let at = try path(try required(f, "at", n, place), place + ".at")
            guard requiringText || f["text"] != nil else { return at }
            let t = try text(try required(f, "text", n, place), place + ".text")
            if let other = texts[at], other != t { throw r.error(n, "\(place): \(at) is already \(verb) with another text") }
            texts[at] = t
            return at
        }
        for (n, place) in try list("insertRows") {
            let at = try rowWithText(n, place, into: &b.insertedRowText, "inserted")
            let (checked, level) = try attributes(try r.object(n, at: place, keys: ["at", "text", "checked", "level"]), place)
            if checked != nil || level != nil { b.insertedRowAttributes[at] = .init(level: level ?? 0, checkbox: checked ?? nil) }
            if level == nil { b.insertedRowsWithoutLevel.insert(at) }
            if checked == nil { b.insertedRowsTakingNeighbourCheckbox.insert(at) }
            b.update.insertRows([at])
        }
        for (n, place) in try list("reloadRows") {
            let at = try rowWithText(n, place, into: &b.reloadedRowText, "reloaded", requiringText: false)
            let (checked, level) = try attributes(try r.object(n, at: place, keys: ["at", "text", "checked", "level"]), place)
            if checked != nil || level != nil { b.reloadedRowChanges[at] = (checked, level) }
            b.update.reloadRows([at])
        }
        for (n, place) in try list("moveRows") {
            let f = try r.object(n, at: place, keys: ["from", "to"])
            b.update.moveRow(from: try path(try required(f, "from", n, place), place + ".from"),
                             to: try path(try required(f, "to", n, place), place + ".to"))
        }
        for (n, place) in try list("deleteSections") { b.update.deleteSections([try r.index(n, at: place)]) }
        for (n, place) in try list("insertSections") {
            let f = try r.object(n, at: place, keys: ["at", "title", "rows"])
            let at = try r.index(try required(f, "at", n, place), at: place + ".at")
            let title = try f["title"].map { (t) throws(DocumentError) in try text(t, place + ".title") } ?? ""
            let (content, marks) = try f["rows"].map { (x) throws(DocumentError) in try rows(x, place + ".rows") } ?? ([], [])
            if let other = b.insertedSections[at], other.title != title || other.rows != content {
                throw r.error(n, "\(place): section \(at) is already inserted with other content")
            }
            b.insertedSections[at] = (title, content)
            b.insertedSectionAttributes[at] = marks
            b.update.insertSections([at])
        }
        for (n, place) in try list("reloadSections") {
            let f = try r.object(n, at: place, keys: ["at", "title", "rows"])
            let at = try r.index(try required(f, "at", n, place), at: place + ".at")
            let title = try f["title"].map { (t) throws(DocumentError) in try text(t, place + ".title") }
            guard let given = f["rows"] else {
                // Without rows: only the title changes.
                if b.reloadedSections[at] != nil || b.renamedSections[at].map({ $0 != title }) == true {
                    throw r.error(n, "\(place): section \(at) is already reloaded with other content")
                }
                b.renamedSections[at] = title
                continue
            }
            let (content, marks) = try rows(given, place + ".rows")
            if b.renamedSections[at] != nil { throw r.error(n, "\(place): section \(at) is already reloaded with other content") }
            if let other = b.reloadedSections[at], other.title != title || other.rows != content {
                throw r.error(n, "\(place): section \(at) is already reloaded with other content")
            }
            b.reloadedSections[at] = (title, content)
            b.reloadedSectionAttributes[at] = marks
            b.update.reloadSections([at])
        }
        for (n, place) in try list("moveSections") {
            let f = try r.object(n, at: place, keys: ["from", "to"])
            b.update.moveSection(try r.index(try required(f, "from", n, place), at: place + ".from"),
                                 toSection: try r.index(try required(f, "to", n, place), at: place + ".to"))
        }
        return b
    }
}
