import Testing
@testable import ListDocument
import TableKit
import TestSupport

@Suite struct PlainTextFormatTests {
    @Test func oneRowPerNonBlankLine() throws {
        let list = try ListFormat.plainText.parse(Array("Milk\n\n  \nEggs\r\n".utf8), name: "a.txt")
        #expect(list.sections == [.init(title: "", rows: ["Milk", "Eggs"])])
    }

    @Test func refusesWhatPlainTextCannotHold() {
        #expect(throws: DocumentError.self) {
            try ListFormat.plainText.serialize(ParsedList(sections: [.init(title: "T", rows: ["a"])]), name: "a.txt")
        }
        #expect(throws: DocumentError.self) {
            try ListFormat.plainText.serialize(ParsedList(sections: [.init(title: "", rows: ["a"]), .init(title: "", rows: ["b"])]), name: "a.txt")
        }
        #expect(throws: DocumentError.self) {
            try ListFormat.plainText.serialize(ParsedList(sections: [.init(title: "", rows: ["a", ""])]), name: "a.txt")
        }
    }

    @Test func roundTrip() throws {
        let list = ParsedList(sections: [.init(title: "", rows: ["a", " b", "吾輩"])])
        let bytes = try ListFormat.plainText.serialize(list, name: "a.txt")
        #expect(try ListFormat.plainText.parse(bytes, name: "a.txt") == list)
    }
}

@Suite struct JSONListFormatTests {
    func parse(_ s: String) throws -> ParsedList { try ListFormat.json.parse(Array(s.utf8), name: "a.json") }

    @Test func readsSectionsTitlesAndRows() throws {
        let list = try parse(#"{"sections": [{"title": "Groceries", "rows": ["Milk", "Eggs"]}, {"rows": []}, {"title": null}]}"#)
        #expect(list.sections == [.init(title: "Groceries", rows: ["Milk", "Eggs"]), .init(title: "", rows: []), .init(title: "", rows: [])])
    }

    @Test func roundTripWithEscapes() throws {
        let list = ParsedList(sections: [.init(title: "Q\"uote\\", rows: ["tab\there", "\u{1}", "🧑‍🚀", ""]), .init(title: "", rows: [])])
        #expect(try ListFormat.json.parse(JSONListFormat.serialize(list), name: "a.json") == list)
    }

    /// An untitled section is written without a `title` key (not `"title": ""`).
    @Test func anUntitledSectionHasNoTitleKey() throws {
        let list = ParsedList(sections: [.init(title: "", rows: ["a"]), .init(title: "T", rows: [])])
        let text = String(decoding: JSONListFormat.serialize(list), as: UTF8.self)
        #expect(text == "{\n  \"sections\": [\n    {\n      \"rows\": [\n        \"a\"\n      ]\n    },\n    {\n      \"title\": \"T\",\n      \"rows\": []\n    }\n  ]\n}\n")
        #expect(try parse(text) == list)
    }

    @Test func errorsNameThePlace() {
        #expect(throws: DocumentError(.json, file: "a.json", line: 1, column: 30, "sections[0].rows[1]: expected a string, found a number")) {
            try parse(#"{"sections": [{"rows": ["a", 5]}]}"#)
        }
        #expect(throws: DocumentError(.json, file: "a.json", line: 2, column: 1, "expected ',' or '}' in object")) {
            try parse("{\"sections\": []\n]")
        }
        #expect(throws: DocumentError(.json, file: "a.json", line: 1, column: 26, #"sections[0]: unknown key "colour" (known keys: "title", "rows")"#)) {
            try parse(#"{"sections": [{"colour": "red"}]}"#)
        }
        #expect(throws: DocumentError.self) { try parse(#"{"sections": [], "sections": []}"#) }
        #expect(throws: DocumentError.self) { try parse(#"{}"#) }
        #expect(throws: DocumentError.self) { try parse(String(repeating: "[", count: 10_000)) }
    }
}

@Suite struct JSONParserTests {
    func parse(_ s: String) throws -> JSONValue { try JSONParser.parse(Array(s.utf8), name: "j").value }

    @Test func values() throws {
        #expect(try parse(#" [1, -2.5e3, true, false, null, "a\u00e9\ud83d\ude00\n"] "#) == .array([
            JSONNode(value: .number("1"), line: 1, column: 3),
            JSONNode(value: .number("-2.5e3"), line: 1, column: 6),
            JSONNode(value: .bool(true), line: 1, column: 14),
            JSONNode(value: .bool(false), line: 1, column: 20),
            JSONNode(value: .null, line: 1, column: 27),
            JSONNode(value: .string("aé😀\n"), line: 1, column: 33),
        ]))
    }

    @Test(arguments: ["", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\x\"", "\"\u{1}\"", "tru", "[1] 2", "\"\\ud800\"", "{\"a\":1,}"])
    func malformed(_ text: String) {
        #expect(throws: DocumentError.self) { try parse(text) }
    }

    @Test func nestingLimit() throws {
        _ = try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
        #expect(throws: DocumentError.self) {
            try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        }
    }
}

/// Plain text through the document: todo.txt's `x ` is a checked row, blank lines and a
/// byte-order mark are kept on save; JSON rows carry `checked` and `level`.
@Suite struct RowAttributeFormatTests {
    @Test func plainTextKeepsBlankLinesAndChecks() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("t.txt", "\u{FEFF}milk\n\n\nx eggs\r\nbread\n\nlast")
        var doc = try ListDocument.open(path)
        let rows = Array(doc.model.sections[0].rows)
        #expect(rows.map(\.text) == ["milk", "eggs", "bread", "last"])
        #expect(rows.map(\.checkbox) == [nil, true, nil, nil])
        try doc.save(to: dir.path + "/same.txt")
        #expect(dir.text("same.txt") == "\u{FEFF}milk\n\n\nx eggs\r\nbread\n\nlast")
        var milk = doc.model[IndexPath(row: 0, section: 0)]
        milk.checkbox = true
        doc.model[IndexPath(row: 0, section: 0)] = milk
        doc.model.moveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0))
        doc.model.insertRow("new", at: IndexPath(row: 4, section: 0))
        try doc.save()
        #expect(dir.text("same.txt") == "\u{FEFF}last\nx milk\n\n\nx eggs\r\nbread\n\nnew\n")
        doc.model[IndexPath(row: 0, section: 0)].level = 1
        #expect(throws: DocumentError.self) { try doc.save() }
    }

    @Test func jsonRowsCarryCheckedAndLevel() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = #"{"sections": [{"title": "A", "rows": ["plain", {"text": "t", "checked": false}, {"text": "n", "checked": true, "level": 1}]}]}"#
        let path = dir.file("l.json", text)
        var doc = try ListDocument.open(path)
        let rows = Array(doc.model.sections[0].rows)
        #expect(rows.map(\.checkbox) == [nil, false, true])
        #expect(rows.map(\.level) == [0, 0, 1])
        doc.model.insertRow("x", at: IndexPath(row: 0, section: 0))
        try doc.save()
        let back = try ListDocument.open(path)
        #expect(back.model.items == doc.model.items)
        #expect(dir.text("l.json")!.contains(#"{"text": "n", "checked": true, "level": 1}"#))
    }
}

/// Keys listedit does not know, in a JSON list opened as a document, are written back on save.
@Suite struct JSONUnknownKeyTests {
    @Test func unknownKeysAreKept() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = #"{"version": 2, "sections": [{"title": "A", "colour": "red", "rows": ["a", {"text": "b", "due": "2026-12-01", "tags": ["x", {"y": null}]}]}]}"#
        let path = dir.file("k.json", text)
        var doc = try ListDocument.open(path)
        doc.model.moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        doc.model.insertRow("c", at: IndexPath(row: 2, section: 0))
        try doc.save()
        let saved = try #require(dir.text("k.json"))
        #expect(saved.contains(#"{"text": "b", "due": "2026-12-01", "tags": ["x", {"y": null}]}"#))
        #expect(saved.contains(#""colour": "red""#) && saved.contains(#""version": 2"#))
        let back = try ListDocument.open(path)
        #expect(back.model.sections[0].rows.map(\.text) == ["b", "a", "c"])
        #expect(try #require(dir.text("k.json")) == saved)
    }
}
