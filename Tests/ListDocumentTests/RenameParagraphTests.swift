import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// A row text holding line breaks is its item's whole first paragraph (a rename of a multi-line
/// item, issue 28): written back line by line, unchanged lines keeping their bytes, changed or
/// new ones at the indentation of the paragraph's other lines, the rest of the item untouched
/// (docs/file-formats.md, "Renaming a multi-line item").
@Suite struct RenameParagraphTests {
    /// `source` read, row `row` of section `section` given `text`, written back.
    func renamed(_ source: String, row: Int = 0, section: Int = 0, to text: String) throws -> String {
        let (model, file) = try MarkdownFormat.read(Array(source.utf8), name: "t.md")
        var edited = model
        edited[IndexPath(row: row, section: section)].text = text
        return String(decoding: try MarkdownFormat.write(edited, over: file, name: "t.md"), as: UTF8.self)
    }

    /// The first paragraph of row `row` as a rename shows it, through the document.
    func paragraph(_ source: String, row: Int = 0) throws -> [String] {
        let (model, file) = try MarkdownFormat.read(Array(source.utf8), name: "t.md")
        var document = ListDocument(model: model)
        document.file = file
        document.format = .markdown
        return document.paragraph(of: model[IndexPath(row: row, section: 0)])
    }

    @Test func theParagraphIsTheFirstLineAndItsContinuationLines() throws {
        #expect(try paragraph("- Added x\n  to y\nlazy z\n\n  Second paragraph.\n- b\n") == ["Added x", "to y", "lazy z"])
        #expect(try paragraph("- one line\n- b\n") == ["one line"])
        // A line that opens a block of its own ends what a rename edits.
        #expect(try paragraph("- a\n  > quote\n") == ["a"])
        // Escapes at a line's start read as row texts do.
        #expect(try paragraph("- a\n  \\# not a heading\n") == ["a", "# not a heading"])
    }

    @Test func unchangedLinesKeepTheirBytes() throws {
        // Trailing spaces (a hard break) and deeper indentation stay; the changed line takes the
        // indentation of the paragraph's first indented line.
        #expect(try renamed("- Added x  \n    to y\n  old end\n- next\n", to: "Added x  \nto y\nnew end")
                == "- Added x  \n    to y\n    new end\n- next\n")
        // The first line changed alone: the others are copied.
        #expect(try renamed("- a\n  b\n- c\n", to: "A\nb") == "- A\n  b\n- c\n")
    }

    @Test func lazyLinesKeepTheirBytes() throws {
        #expect(try renamed("- a\nlazy b\n- c\n", to: "a2\nlazy b") == "- a2\nlazy b\n- c\n")
        // A changed line under lazy ones goes to the content column.
        #expect(try renamed("- a\nlazy b\n- c\n", to: "a\nlazy B") == "- a\n  lazy B\n- c\n")
    }

    @Test func aDeletedLineBreakJoinsTwoLines() throws {
        #expect(try renamed("- a\n  b\n  c\n- d\n", to: "a b\nc") == "- a b\n  c\n- d\n")
        // Joined into one line: the text ends with a line break (the later lines are gone).
        #expect(try renamed("- a\n  b\n- d\n", to: "a b\n") == "- a b\n- d\n")
        // Without a line break the text is the first line alone: the others stay.
        #expect(try renamed("- a\n  b\n- d\n", to: "a b") == "- a b\n  b\n- d\n")
    }

    @Test func aNewLineBreakSplitsALine() throws {
        #expect(try renamed("- a b\n- c\n", to: "a\nb") == "- a\n  b\n- c\n")
        #expect(try renamed("1. a b\n2. c\n", to: "a\nb") == "1. a\n   b\n2. c\n")
    }

    @Test func crlfLinesKeepTheirEndingsAndNewOnesTakeTheFiles() throws {
        #expect(try renamed("- a\r\n  b\r\n  c\r\n", to: "a\nB\nc\nd") == "- a\r\n  B\r\n  c\r\n  d\r\n")
    }

    @Test func tabIndentedLinesStayTabIndented() throws {
        #expect(try renamed("-\ta\n\tb\n", to: "a\nb\nc") == "-\ta\n\tb\n\tc\n")
    }

    @Test func linesAfterTheFirstParagraphAreUntouched() throws {
        let source = "- a\n  b\n\n  Second  \n  paragraph.\n\n      code\n- c\n"
        #expect(try renamed(source, to: "a\nB") == "- a\n  B\n\n  Second  \n  paragraph.\n\n      code\n- c\n")
        // Nested items and what follows them stay too.
        #expect(try renamed("- a\n  b\n  - nested\n\n  tail\n", to: "a\nB\nC") == "- a\n  B\n  C\n  - nested\n\n  tail\n")
    }

    @Test func aLineThatWouldOpenABlockIsEscaped() throws {
        let out = try renamed("- a\n  b\n- c\n", to: "a\n- not an item\n# not a heading\n===\n> no quote")
        #expect(out == "- a\n  \\- not an item\n  \\# not a heading\n  \\===\n  \\> no quote\n- c\n")
        let read = try MarkdownFormat.read(Array(out.utf8), name: "t.md").model
        #expect(read.contents.map(\.rows) == [["a", "c"]])
    }

    /// Undo gives the text back as the file has it: the bytes read are written.
    @Test func theOldParagraphWritesTheBytesRead() throws {
        let source = "- a  \nlazy b\n    deep c\r\n- d"
        #expect(try renamed(source, to: "a  \nlazy b\ndeep c") == source)
        let (model, file) = try MarkdownFormat.read(Array(source.utf8), name: "t.md")
        var document = ListDocument(model: model)
        document.file = file
        document.format = .markdown
        let id = model[IndexPath(row: 0, section: 0)].id
        #expect(document.heldText("a  \nlazy b\ndeep c", for: id) == "a  ")
        #expect(document.heldText("a  \nlazy b", for: id) == "a  \nlazy b")
    }

    @Test func aNewRowWithLineBreaksWritesItsParagraph() throws {
        let model = ListModel(sections: [("", ["Added x\nto y", "b"])])
        let out = try MarkdownFormat.write(model, over: nil, name: "t.md")
        #expect(String(decoding: out, as: UTF8.self) == "- Added x\n  to y\n- b\n")
    }

    /// A copy of a renamed row carries its paragraph's later lines and the lines after it.
    @Test func aCopyCarriesTheParagraphsLinesAndTheRest() throws {
        let source = "- a\n  b\n\n  More.\n"
        let (model, file) = try MarkdownFormat.read(Array(source.utf8), name: "t.md")
        var document = ListDocument(model: model)
        document.file = file
        document.format = .markdown
        let id = model[IndexPath(row: 0, section: 0)].id
        #expect(document.otherLines(of: id)?.markdown.bytes == Array("b\n\nMore.\n".utf8))
        #expect(document.otherLines(of: id, text: "a\nB")?.markdown.bytes == Array("B\n\nMore.\n".utf8))
        #expect(document.otherLines(of: id, text: "a b\n")?.markdown.bytes == Array("\nMore.\n".utf8))
    }

    /// Markdown holds a row's line breaks (its item's paragraph), plain text does not: saving
    /// such a row as .txt refuses, naming the row; a title's line break Markdown cannot hold.
    @Test func onlyMarkdownRowsHoldLineBreaks() {
        let document = ListDocument(model: ListModel(sections: [("A", ["x", "two\nlines"])]))
        #expect(document.limitations(savingAs: .markdown) == [])
        #expect(document.limitations(savingAs: .plainText).contains(.lineBreaks(count: 1, first: .row(IndexPath(row: 1, section: 0)))))
        let titled = ListDocument(model: ListModel(sections: [("Two\nlines", ["x"])]))
        #expect(titled.limitations(savingAs: .markdown) == [.lineBreaks(count: 1, first: .title(section: 0))])
    }

    /// The merge of a disk change keeps a row holding its paragraph whole and writes every line
    /// once; a change on disk to that paragraph's lines is a conflict, both versions kept.
    @Test func aDiskMergeWritesTheParagraphWhole() throws {
        let at = IndexPath(row: 0, section: 0)
        let three = try DiskCheckTests.mergedAndSaved("c.md", "- A\n  two\n  three\n- B\n", disk: "- A\n  two\n  three\n- B2\n") {
            $0[at].text = "A\ntwo\nthree!"
        }
        #expect(three == "- A\n  two\n  three!\n- B2\n", "\(three ?? "nothing")")
        let more = try DiskCheckTests.mergedAndSaved("d.md", "- A\n  two\n\n  More.\n- B\n", disk: "- A\n  two\n\n  More.\n- B2\n") {
            $0[at].text = "A\nTWO"
        }
        // (Written anew, the item is separated as a loose list's items are.)
        #expect(more == "- A\n  TWO\n\n  More.\n\n- B2\n", "\(more ?? "nothing")")
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try DiskCheckTests.settled(dir, "e.md", "- A\n  two\n- B\n")
        doc.model[at].text = "A\ntwo!"
        _ = dir.file("e.md", "- A\n  two?\n- B\n")
        DiskCheckTests.setModified(path, seconds: 1_000_000_100)
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen"); return }
        #expect(try doc.merge(version) == 1)
        try doc.save()
        #expect(dir.text("e.md") == "- A\n  two!\n- A\n  two?\n- B\n", "\(dir.text("e.md") ?? "nothing")")
    }
}
