import Testing
import TestSupport
@testable import ListDocument
import TableKit

@Suite struct MarkdownFormatTests {
    func parse(_ s: String) throws -> ParsedList { try ListFormat.markdown.parse(Array(s.utf8), name: "a.md") }

    @Test func headingsItemsAndPassages() throws {
        let list = try parse("- loose\n\n# Groceries\n- Milk\n-\n  \nSome notes.\n\n## Sub\n* [x] done\n  1. nested\n#\n")
        #expect(list.sections == [
            .init(title: "", rows: ["loose"]),
            .init(title: "Groceries", rows: ["Milk", ""]),
            .init(title: "Sub", rows: ["done", "nested"]),
            .init(title: "", rows: []),
        ])
        let (model, _) = try MarkdownFormat.read(Array("# A\n- [ ] a\n  - [x] b\n\ntext\nmore\n".utf8), name: "a.md")
        let rows = Array(model.sections[0].rows)
        #expect(rows.map(\.text) == ["a", "b", "text"])
        #expect(rows.map(\.checkbox) == [false, true, nil])
        #expect(rows.map(\.level) == [0, 1, 0])
        #expect(rows.map(\.isPassage) == [false, false, true])
        #expect(model.itemCount == 2)
    }

    @Test func escapedTextsReadAsTheirText() throws {
        let (model, _) = try MarkdownFormat.read(Array("- \\# h\n- 1\\. x\n- &#32;lead\n- 2 plain\n".utf8), name: "a.md")
        #expect(model.sections[0].rows.map(\.text) == ["# h", "1. x", " lead", "2 plain"])
    }

    @Test func invalidUTF8IsRefusedWithItsLine() {
        let bytes: [UInt8] = Array("# A\n- ok\n- bad ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(throws: DocumentError(.invalidUTF8, file: "a.md", line: 3, "not valid UTF-8; the file was not changed")) {
            try ListFormat.markdown.parse(bytes, name: "a.md")
        }
    }

    @Test func crlfIsDetectedAndKept() throws {
        let list = try parse("# A\r\n- b\r\n")
        #expect(list.lineEnding == "\r\n")
        #expect(list.sections == [.init(title: "A", rows: ["b"])])
        #expect(try MarkdownFormat.serialize(list, name: "m.md") == Array("# A\r\n- b\r\n".utf8))
    }

    @Test func newFileOutput() throws {
        let list = ParsedList(sections: [.init(title: "", rows: ["a"]), .init(title: "B", rows: ["c", ""]), .init(title: "", rows: [])])
        let bytes = try MarkdownFormat.serialize(list, name: "m.md")
        #expect(try ListFormat.markdown.parse(bytes, name: "m.md").sections == list.sections)
    }

    /// Whatever listedit writes reads back to the same table (seeded random contents, including
    /// empty titles, empty rows, leading spaces, '#' and '-' inside texts, wide characters).
    @Test func randomRoundTrips() throws {
        var g = SplitMix64(seed: 7)
        let pieces = ["Milk", "", " lead", "trail ", "#", "- x", "吾輩", "🧑‍🚀", "e\u{301}", "a\tb"]
        for _ in 0..<2_000 {
            let sections = (0..<Int.random(in: 0...4, using: &g)).map { _ in
                ParsedList.Section(title: pieces.randomElement(using: &g)!,
                                   rows: (0..<Int.random(in: 0...4, using: &g)).map { _ in pieces.randomElement(using: &g)! })
            }
            let list = ParsedList(sections: sections, lineEnding: Bool.random(using: &g) ? "\n" : "\r\n")
            let back = try ListFormat.markdown.parse(try MarkdownFormat.serialize(list, name: "m.md"), name: "r.md")
            // Markdown trims titles (the writer says so in `MarkdownText`).
            #expect(back.sections == list.sections.map { .init(title: MarkdownText.trimmedTitle($0.title), rows: $0.rows) }, "\(list.sections)")
        }
    }
}


/// Found by the fuzzer: a row whose text starts with a combining mark. `"- " + "\u{05B6}("`
/// makes the space and the mark one grapheme, so the marker must be matched byte by byte.
@Suite struct FuzzFindingsTests {
    @Test func rowStartingWithACombiningMarkRoundTrips() throws {
        let list = ParsedList(sections: [.init(title: "\u{301}t", rows: ["\u{05B6}(", "\u{301}"])])
        let bytes = try MarkdownFormat.serialize(list, name: "m.md")
        #expect(try ListFormat.markdown.parse(bytes, name: "m.md").sections == list.sections)
        #expect(try MarkdownFormat.read(bytes, name: "m.md").model.contents.map(\.rows) == [["\u{05B6}(", "\u{301}"]])
    }
}

/// More fuzzer findings: line ends made of several `\r`, and texts no line format can hold.
@Suite struct LineBreakTests {
    @Test func trailingCarriageReturnsEndTheLine() throws {
        let list = try ListFormat.plainText.parse(Array(")\n\r\r\r\r\n\r\na\r\r\n".utf8), name: "x.txt")
        #expect(list.sections[0].rows == [")", "a"])
        let back = try ListFormat.markdown.parse(try ListFormat.markdown.serialize(list, name: "x.md"), name: "x.md")
        #expect(back.sections == list.sections)
    }

    @Test func textsWithLineBreaksAreRefusedNotMangled() throws {
        for text in ["a\nb", "a\r", "x\r\n"] {
            let list = ParsedList(sections: [.init(title: "", rows: [text])])
            #expect(throws: DocumentError.self) { try ListFormat.plainText.serialize(list, name: "x.txt") }
            #expect(try ListFormat.json.parse(try ListFormat.json.serialize(list, name: "x.json"), name: "x.json") == list)
            // Markdown holds a line feed as the item's paragraph (issue 28), not a carriage return.
            if text == "a\nb" {
                #expect(try ListFormat.markdown.serialize(list, name: "x.md") == Array("- a\n  b\n".utf8))
            } else {
                #expect(throws: DocumentError.self) { try ListFormat.markdown.serialize(list, name: "x.md") }
            }
        }
    }
}
