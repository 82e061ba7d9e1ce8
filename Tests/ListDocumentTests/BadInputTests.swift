import Testing
import Foundation
import TestSupport
@testable import ListDocument
import TableKit

/// The bad-input matrix for files: each case a clear error or a graceful result, nothing lost.
@Suite struct BadInputTests {
    @Test func emptyFileAndOnlyHeadings() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var empty = try ListDocument.open(dir.file("e.md", ""))
        #expect(empty.model.sections.isEmpty)
        try empty.save()
        #expect(dir.text("e.md") == "")
        let headings = try ListDocument.open(dir.file("h.md", "# A\n# B\n"))
        #expect(headings.model.contents.map(\.title) == ["A", "B"])
        #expect(headings.model.rowCounts == [0, 0])
    }

    /// A model that breaks the level rule (planted with the storage's mutators, which leave
    /// the rule to their callers) is refused by the Markdown save, in release builds too, with
    /// the file and the row named: never written with other levels than the screen shows. The
    /// file keeps its bytes and the document its rows, still unsaved.
    @Test func aModelBreakingTheLevelRuleIsNotSaved() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("t.md", "# A\n- a\n- b\n- c\n")
        var doc = try ListDocument.open(path)
        var attributes = doc.model[IndexPath(row: 1, section: 0)].attributes
        attributes.level = 2
        doc.model.sections[0].rows.setAttributes(attributes, at: 1)
        #expect(doc.model.levelViolation() == IndexPath(row: 1, section: 0))
        let planted = doc.model
        #expect(throws: DocumentError(.cannotRepresent, file: path, "row 1 of section 0 is at level 2, but the row above it allows at most 1")) {
            try doc.save()
        }
        // In the model's own wording (one wording of the rule: `RowList.levelViolation`).
        #expect(doc.model.levelViolationMessage(at: IndexPath(row: 1, section: 0))
            == "row 1 of section 0 (\"b\") is at level 2, but the row above it allows at most 1")
        #expect(dir.text("t.md") == "# A\n- a\n- b\n- c\n")
        #expect(doc.model == planted && doc.isModified)
        // Put right, it saves.
        attributes.level = 1
        doc.model.sections[0].rows.setAttributes(attributes, at: 1)
        try doc.save()
        #expect(dir.text("t.md") == "# A\n- a\n  - b\n- c\n")
    }

    /// A passage whose bytes the document does not hold (a list restored from elsewhere whose
    /// passage names no version of the file) is refused by the Markdown save, named: a passage
    /// is never written as a list item holding its first line. The file keeps its bytes.
    @Test func aPassageWithNoBytesIsNotSavedAsAnItem() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("t.md", "# A\n- a\n\nA note.\n")
        var doc = try ListDocument.open(path)
        let passage = doc.model.makeRow("Lost note", attributes: .init(isPassage: true))
        doc.model.insert(passage, at: IndexPath(row: 2, section: 0))
        #expect(throws: DocumentError(.cannotRepresent, file: path,
                                      "cannot write the passage at row 2 of section 0 (\"Lost note\"): its bytes are not in the file "
                                          + "or in an earlier version of it, and written as a list item it would lose its text; nothing was written")) {
            try doc.save()
        }
        #expect(dir.text("t.md") == "# A\n- a\n\nA note.\n")
        // Without it, it saves.
        _ = doc.model.removeRow(at: IndexPath(row: 2, section: 0))
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        try doc.save()
        #expect(dir.text("t.md") == "# A\n- a\n- b\n\nA note.\n")
    }

    @Test func oneMegabyteLineIsOneRow() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let long = String(repeating: "ab吾", count: 200_000)
        var doc = try ListDocument.open(dir.file("l.md", "- \(long)\n"))
        #expect(doc.model[IndexPath(row: 0, section: 0)].text == long)
        doc.model.insertRow("short", at: IndexPath(row: 1, section: 0))
        try doc.save()
        #expect(dir.text("l.md") == "- \(long)\n- short\n")
    }

    @Test func nulBytesAreKept() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("n.md", "- a\u{0}b\n"))
        #expect(doc.model[IndexPath(row: 0, section: 0)].text == "a\u{0}b")
        doc.model.insertRow("c", at: IndexPath(row: 1, section: 0))
        try doc.save()
        #expect(dir.bytes("n.md") == Array("- a\u{0}b\n- c\n".utf8))
    }

    @Test func invalidUTF8InEveryFormatNamesTheLine() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        for name in ["x.md", "x.txt", "x.json"] {
            let path = dir.path + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(Array("{\n\"a\n".utf8) + [0xFF, 0x0A]))
            #expect(throws: DocumentError.self) { try ListDocument.open(path) }
            do { _ = try ListDocument.open(path) } catch { #expect(error.kind == .invalidUTF8 && error.line == 3, "\(name): \(error)") }
        }
    }

    @Test func readOnlyFileIsNotOverwritten() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("r.md", "- a\n")
        chmod(path, 0o444)
        var doc = try ListDocument.open(path)
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        #expect(throws: DocumentError(.io, file: path, "cannot save: the file is read-only")) { try doc.save() }
        #expect(dir.text("r.md") == "- a\n")
        #expect(doc.isModified)
    }

    @Test func unreadableFileIsAClearError() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("u.md", "- a\n")
        chmod(path, 0o000)
        if getuid() == 0 {
            // root reads any file: the case cannot arise for root (documented).
            #expect(try ListDocument.open(path).model.rowCounts == [1])
        } else {
            #expect(throws: DocumentError(.io, file: path, "cannot open: Permission denied")) { try ListDocument.open(path) }
        }
    }
}
