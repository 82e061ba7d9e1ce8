import Testing
import TestSupport
import Foundation
@testable import ListDocument
import TableKit
import ListStorage

@Suite struct ListDocumentTests {
    @Test func untouchedFileSavesByteForByte() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let odd = "- loose row\n\n\n#  Spaced  title \n-   indented text\n- trailing \n\n\n# Last\r\n-\n"
        let path = dir.file("odd.md", odd)
        var doc = try ListDocument.open(path)
        #expect(!doc.isModified)
        try doc.save()
        #expect(dir.text("odd.md") == odd)
    }

    @Test func editedFileReadsBackToTheSameTable() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("a.md", "# A\n- one\n- two\n")
        var doc = try ListDocument.open(path)
        doc.model.insertRow("zero", at: IndexPath(row: 0, section: 0))
        #expect(doc.isModified)
        try doc.save()
        #expect(!doc.isModified)
        #expect(dir.text("a.md") == "# A\n- zero\n- one\n- two\n")
        #expect(try ListDocument.open(path).model.contents.map(\.rows) == [["zero", "one", "two"]])
    }

    @Test func crlfIsKeptOnSave() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("w.md", "# A\r\n- one\r\n")
        var doc = try ListDocument.open(path)
        doc.model.insertRow("two", at: IndexPath(row: 1, section: 0))
        try doc.save()
        #expect(dir.text("w.md") == "# A\r\n- one\r\n- two\r\n")
    }

    @Test func saveKeepsPermissionsAndLeavesNoTemporaryFile() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("p.md", "- a\n")
        chmod(path, 0o640)
        var doc = try ListDocument.open(path)
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        try doc.save()
        var st = stat()
        stat(path, &st)
        #expect(st.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.md"])
    }

    @Test func missingFileIsCreatedOnFirstSave() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.path + "/new.json"
        var doc = try ListDocument.open(path)
        #expect(doc.model.sections.isEmpty)
        doc.model = ListModel(sections: [("T", ["x"])])
        try doc.save()
        #expect(try ListDocument.open(path).model.contents.map(\.title) == ["T"])
    }

    @Test func changedOnDiskIsNotOverwrittenWithoutConsent() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("c.md", "- a\n")
        var doc = try ListDocument.open(path)
        _ = dir.file("c.md", "- someone else's edit, longer\n")
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        #expect(doc.changedOnDisk)
        #expect(throws: DocumentError(.changedOnDisk, file: path, "changed on disk since it was read")) { try doc.save() }
        #expect(dir.text("c.md") == "- someone else's edit, longer\n")
        try doc.save(overwrite: true)
        #expect(dir.text("c.md") == "- a\n- b\n")
    }

    @Test func saveErrorsKeepTheDocument() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = ListDocument(model: ListModel(sections: [("", ["a"])]))
        #expect(throws: DocumentError.self) { try doc.save(to: dir.path + "/missing/folder/x.md") }
        #expect(doc.isModified)
        #expect(doc.model.contents.map(\.rows) == [["a"]])
    }

    @Test func directoriesAndFifosAreRefused() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        #expect(throws: DocumentError(.io, file: dir.path, "is a directory, not a list file")) {
            try ListDocument.open(dir.path)
        }
        let fifo = dir.path + "/fifo.md"
        mkfifo(fifo, 0o600)
        #expect(throws: DocumentError(.io, file: fifo, "is not a regular file")) { try ListDocument.open(fifo) }
    }

    @Test func formatFollowsTheExtension() {
        #expect(ListFormat(path: "a/b.md") == .markdown)
        #expect(ListFormat(path: "b.TXT") == .plainText)
        #expect(ListFormat(path: "b.json") == .json)
        #expect(ListFormat(path: "notes") == .markdown)
        #expect(ListFormat(path: "dir.json/notes") == .markdown)
    }
}
