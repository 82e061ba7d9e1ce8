import Testing
import TestSupport
import Foundation
@testable import ListDocument
import TableKit
import ListStorage

/// Noticing changes on disk (`checkDisk`), reloading and merging them, and save as.
@Suite struct DiskCheckTests {
    /// Sets a file's modification time (no sleeping to make times differ).
    static func setModified(_ path: String, seconds: Int, nanoseconds: Int = 0) {
        let t = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        _ = utimensat(AT_FDCWD, path, [t, t], 0)
    }

    /// A document whose file was last modified long ago, so its stamp is not racy and an
    /// unchanged check is one `stat`.
    static func settled(_ dir: TempFolder, _ name: String, _ text: String) throws -> (ListDocument, String) {
        let path = dir.file(name, text)
        setModified(path, seconds: 1_000_000_000, nanoseconds: 123_456_789)
        let doc = try ListDocument.open(path)
        #expect(doc.stamp?.isRacy == false)
        return (doc, path)
    }

    @Test func aTouchIsNotAChange() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "t.md", "- a\n")
        #expect(doc.checkDisk() == .unchanged)
        Self.setModified(path, seconds: 1_100_000_000)
        #expect(!doc.changedOnDisk)
        #expect(doc.checkDisk() == .touched)
        #expect(doc.checkDisk() == .unchanged)
        #expect(doc.stamp?.metadata.seconds == 1_100_000_000)
        // A save after a touch does not ask.
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        Self.setModified(path, seconds: 1_200_000_000)
        try doc.save()
        #expect(dir.text("t.md") == "- a\n- b\n")
    }

    /// Another program's save: same size, same modification time, new inode, other bytes.
    @Test func aRewriteWithTheSameSizeAndTimeButAnotherInodeIsAChange() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "r.md", "- aaa\n")
        let other = dir.file("other", "- bbb\n")
        Self.setModified(other, seconds: 1_000_000_000, nanoseconds: 123_456_789)
        rename(other, path)
        let now = try FileAccess.metadata(of: path)
        #expect(now.size == doc.stamp?.metadata.size && now.seconds == doc.stamp?.metadata.seconds)
        #expect(now.nanoseconds == doc.stamp?.metadata.nanoseconds && now.inode != doc.stamp?.metadata.inode)
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen as changed"); return }
        #expect(version.bytes == Array("- bbb\n".utf8))
        #expect(doc.checkDisk() == .unchanged)        // reported once
        #expect(doc.changedOnDisk)                    // still not what the document read
        #expect(throws: DocumentError(.changedOnDisk, file: path, "changed on disk since it was read")) { try doc.save() }
    }

    /// A stamp read within the racy window is confirmed by its hash: an in-place rewrite of the
    /// same size in the same clock tick is still seen. (A settled stamp trusts its metadata.)
    @Test func aRacyStampIsConfirmedByItsHash() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("q.md", "- aaa\n")
        var doc = try ListDocument.open(path)
        let stamp = try #require(doc.stamp)
        #expect(stamp.isRacy)
        let fd = open(path, O_WRONLY)
        _ = "- bbb\n".withCString { write(fd, $0, 6) }
        close(fd)
        Self.setModified(path, seconds: Int(stamp.metadata.seconds), nanoseconds: Int(stamp.metadata.nanoseconds))
        #expect((try FileAccess.metadata(of: path)) == stamp.metadata)
        #expect(doc.checkDisk() == .changed(try FileAccess.read(path)))
    }

    @Test func deletedThenBackAsItWas() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "d.md", "- a\n")
        unlink(path)
        #expect(doc.checkDisk() == .deleted)
        #expect(doc.checkDisk() == .unchanged)
        #expect(doc.changedOnDisk)
        _ = dir.file("d.md", "- a\n")
        #expect(doc.checkDisk() == .touched)
        #expect(!doc.changedOnDisk)
    }

    @Test func replacedByADirectoryOrAFifoIsUnreadable() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "x.md", "- a\n")
        unlink(path)
        mkdir(path, 0o755)
        #expect(doc.checkDisk() == .unreadable(DocumentError(.io, file: path, "is a directory, not a list file")))
        #expect(doc.checkDisk() == .unchanged)
        rmdir(path)
        mkfifo(path, 0o600)
        #expect(doc.checkDisk() == .unreadable(DocumentError(.io, file: path, "is not a regular file")))
    }

    /// Unreadable in a way root cannot bypass (a symbolic link loop); and, when not root, by
    /// permissions.
    @Test func aFileThatBecomesUnreadable() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "u.md", "- a\n")
        unlink(path)
        symlink("u.md", path)
        #expect(doc.checkDisk() == .unreadable(DocumentError(.io, file: path, "cannot open: Too many levels of symbolic links")))
        unlink(path)
        _ = dir.file("u.md", "- a\n")
        #expect(doc.checkDisk() == .touched)
        if getuid() != 0 {
            chmod(path, 0)
            #expect(doc.checkDisk() == .unreadable(DocumentError(.io, file: path, "cannot open: Permission denied")))
        }
    }

    /// A file that did not exist when opened and is created meanwhile is a change.
    @Test func aNewFileCreatedMeanwhileIsAChange() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.path + "/n.md")
        #expect(doc.checkDisk() == .unchanged)
        _ = dir.file("n.md", "- theirs\n")
        guard case .changed = doc.checkDisk() else { Issue.record("not seen"); return }
        doc.model = ListModel(sections: [("", ["mine"])])
        #expect(throws: DocumentError.self) { try doc.save() }
    }

    /// Reload: the disk's version replaces the document, which is then unmodified and saves.
    @Test func reloadTakesTheVersionOnDisk() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try Self.settled(dir, "l.md", "# A\n- one\n")
        _ = dir.file("l.md", "# A\n- one\n- two\r\n")
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen"); return }
        try doc.reload(version)
        #expect(doc.model.contents.map(\.rows) == [["one", "two"]])
        #expect(!doc.isModified && !doc.changedOnDisk)
        doc.model.insertRow("three", at: IndexPath(row: 2, section: 0))
        try doc.save()
        // Untouched lines keep their bytes (the CRLF of "two"); a new line takes the file's first line end.
        #expect(dir.text("l.md") == "# A\n- one\n- two\r\n- three\n")
        _ = path
    }

    /// Merge: rows changed on one side take that side, even next to a row the other side
    /// changed; a row deleted on one side and edited on the other is a conflict, the edit kept;
    /// afterwards the save does not ask (the disk's version is the base).
    @Test func mergeCombinesMyEditsWithTheirs() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, _) = try Self.settled(dir, "m.md", "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n")
        doc.model.insertRow("Tea", at: IndexPath(row: 3, section: 0))                 // mine: add Tea
        _ = doc.model.removeRow(at: IndexPath(row: 0, section: 1))                    // mine: drop Screws
        _ = doc.model.removeRow(at: IndexPath(row: 1, section: 0))                    // mine: Eggs …
        doc.model.insertRow("6 eggs", at: IndexPath(row: 1, section: 0))              // … as 6 eggs
        _ = dir.file("m.md", "# Groceries\n- Oat milk\n- Eggs\n- Rye bread\n\n# Hardware\n- Screws, 4 mm\n- Glue\n")
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen"); return }
        let conflicts = try doc.merge(version)
        #expect(conflicts == 1)
        #expect(doc.model.contents.map(\.rows) == [["Oat milk", "6 eggs", "Rye bread", "Tea"], ["Screws, 4 mm", "Glue"]])
        #expect(doc.isModified && !doc.changedOnDisk)
        try doc.save()
        #expect(dir.text("m.md") == "# Groceries\n- Oat milk\n- 6 eggs\n- Rye bread\n- Tea\n\n# Hardware\n- Screws, 4 mm\n- Glue\n")
    }

    /// A merge whose result is their file exactly leaves the document unmodified.
    @Test func mergingTheSameChangeIsNotAnEdit() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, _) = try Self.settled(dir, "s.md", "- a\n")
        doc.model.insertRow("b", at: IndexPath(row: 1, section: 0))
        _ = dir.file("s.md", "- a\n- b\n")
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen"); return }
        #expect(try doc.merge(version) == 0)
        #expect(!doc.isModified)
    }

    /// The merge of a disk change: `edit` applied to the document of `text` (after `saved`,
    /// applied and saved, when given), the file changed on disk to `disk`, merged and saved: the
    /// file.
    static func mergedAndSaved(_ name: String, _ text: String, saved: ((inout ListModel) -> Void)? = nil, disk: String,
                               _ edit: (inout ListModel) -> Void) throws -> String? {
        let dir = TempFolder()
        defer { dir.remove() }
        var (doc, path) = try settled(dir, name, text)
        if let saved {
            saved(&doc.model)
            try doc.save()
        }
        edit(&doc.model)
        _ = dir.file(name, disk)
        setModified(path, seconds: 1_000_000_100)
        guard case .changed(let version) = doc.checkDisk() else { Issue.record("not seen"); return nil }
        #expect(try doc.merge(version) == 0)
        try doc.save()
        return dir.text(name)
    }

    /// The editor's merge is `listedit merge`'s (ListMerge): a passage reworded on disk below a
    /// row added there is still that passage, so the row added here after it stays after it;
    /// the first heading deleted on disk is no heading, not an empty one.
    @Test func mergeMatchesPassagesAndDeletedHeadingsAsListeditMergeDoes() throws {
        #expect(try Self.mergedAndSaved("p.md", "- A\n\nNote.\n", disk: "- A\n- C\n\nNote!\n") {
            $0.insertRow("Z", at: IndexPath(row: 2, section: 0))
        } == "- A\n- C\n\nNote!\n\n- Z\n")
        #expect(try Self.mergedAndSaved("h.md", "# S0\n\n- a\n\n# S2\n\n- b\n", disk: "- a\n\n# S2\n\n- b\n") {
            $0[IndexPath(row: 0, section: 1)].attributes.checkbox = true
        } == "- a\n\n# S2\n\n- [x] b\n")
        // The heading deleted on disk below a section added here: its rows join that section
        // (the save refused an untitled second section).
        let joined = try Self.mergedAndSaved("q.md", "# S0\n\n- r1\n- r2\n", disk: "- r1\n- r2 (2)\n") {
            $0.insertSection(ListModel.Section(title: "New", rows: []), at: 0)
            _ = $0.insertRow("n", at: IndexPath(row: 0, section: 0))
        }
        #expect(joined == "# New\n- n\n- r1\n- r2 (2)\n")   // the disk's file has no heading to follow
    }

    /// The merge keeps the other lines of rows either side changed: ours' (a tick, a reword, a
    /// row moved), theirs' (lines changed on disk under a row ours reworded or moved), a
    /// passage's; a JSON row keeps its unknown keys; a row inserted in the editor between a
    /// parent and its nested rows keeps them; so does a JSON row after a save (the disk's change
    /// to its unknown keys, the editor's tick).
    @Test func mergeKeepsEveryRowsOtherLines() throws {
        let at = { (row: Int) in IndexPath(row: row, section: 0) }
        #expect(try Self.mergedAndSaved("g.md", "# Groceries\n- Milk\n  note under milk\n- Eggs\n- [ ] Bread\n",
                                        disk: "# Groceries\n- Milk\n  note under milk\n- Eggs\n- [x] Bread\n") { $0[at(0)].attributes.checkbox = true }
                == "# Groceries\n- [x] Milk\n  note under milk\n- Eggs\n- [x] Bread\n")
        #expect(try Self.mergedAndSaved("u.md", "- A\n  note one\n- [ ] B\n", disk: "- A\n  note one\n- [x] B\n") { $0[at(0)].text = "A2" }
                == "- A2\n  note one\n- [x] B\n")
        #expect(try Self.mergedAndSaved("r.md", "- A\n  note one\n- B\n", disk: "- A\n  note one changed\n- B\n") { $0[at(0)].text = "A2" }
                == "- A2\n  note one changed\n- B\n")
        #expect(try Self.mergedAndSaved("m.md", "- A\n  note one\n- B\n- C\n", disk: "- A\n  note one changed\n- B\n- C\n") {
            $0.moveRow(from: at(2), to: at(0))
        } == "- C\n- A\n  note one changed\n- B\n")
        #expect(try Self.mergedAndSaved("p.md", "Para one\npara two\n\n- A\n- B\n", disk: "Para one\npara TWO\n\n- A\n- B\n") {
            $0.moveRow(from: at(2), to: at(1))
        } == "Para one\npara TWO\n\n- B\n- A\n")
        #expect(try Self.mergedAndSaved("n.md", "- A\n  - a1\n- B\n- [ ] C\n", disk: "- A\n  - a1\n- B\n- [x] C\n") {
            _ = $0.insertRow("N", at: at(1))
        } == "- A\n- N\n  - a1\n- B\n- [x] C\n")
        #expect(try Self.mergedAndSaved("j.json", #"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "mon"}, "B"]}]}"#,
                                        disk: #"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "mon"}, "B2"]}]}"#) {
            $0[at(0)].attributes.checkbox = true
        }?.contains(#"{"text": "A", "checked": true, "due": "mon"}"#) == true)
        #expect(try Self.mergedAndSaved("s.json", #"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "mon"}, "B"]}]}"#,
                                        saved: { $0[at(1)].attributes.checkbox = true },
                                        disk: #"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "tue"}, {"text": "B", "checked": true}]}]}"#) {
            $0[at(0)].attributes.checkbox = true
        }?.contains(#"{"text": "A", "checked": true, "due": "tue"}"#) == true)
    }

    // MARK: Save as

    /// Save as never replaces an existing file unasked (its own error kind), and a failed save
    /// changes nothing in the document.
    @Test func saveAsRefusesAnExistingFileUnlessTold() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let keep = dir.file("keep.txt", "precious\n")
        var doc = ListDocument(model: ListModel(sections: [("", ["milk"])]))
        #expect(throws: DocumentError(.fileExists, file: keep, "exists")) { try doc.save(to: keep) }
        #expect(dir.text("keep.txt") == "precious\n")
        #expect(doc.path == nil && doc.isModified)
        try doc.save(to: keep, overwrite: true)
        #expect(dir.text("keep.txt") == "milk\n")
        #expect(doc.path == keep && doc.format == .plainText && !doc.isModified)
        // Saving again to its own name is a plain save.
        doc.model.insertRow("eggs", at: IndexPath(row: 1, section: 0))
        try doc.save(to: keep)
        #expect(dir.text("keep.txt") == "milk\neggs\n")
        // A named document saved as another, new name.
        try doc.save(to: dir.path + "/copy.md")
        #expect(dir.text("copy.md") == "- milk\n- eggs\n" && doc.format == .markdown)
    }

    /// What a format cannot hold is listed by the format, before anything is written; a save
    /// that the format refuses leaves the document's file and format as they were.
    /// An item's other lines (wrapped, lazy, a paragraph or code inside it, content after its
    /// nested items) live only in Markdown: saving as JSON or plain text names them and asks.
    @Test func itemLinesAreALimitationOfJSONAndPlainText() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let md = """
        # Todo
        - one line
        - wrapped
          onto a second line
        - lazy
        continuation
        - with a paragraph

          inside it
        - parent
          - child

          after the child
        - plain

        Paragraph.

        """
        try FileAccess.writeAtomically(Array(md.utf8), to: dir.path + "/t.md")
        var doc = try ListDocument.open(dir.path + "/t.md")
        #expect(doc.limitations(savingAs: .json) == [.passages(count: 1), .itemLines(count: 4)])
        #expect(doc.limitations(savingAs: .json).map(\.description) == ["1 passage", "the other lines of 4 items"])
        #expect(doc.limitations(savingAs: .plainText).contains(.itemLines(count: 4)))
        #expect(!doc.limitations(savingAs: .markdown).contains { if case .itemLines = $0 { true } else { false } })
        #expect(throws: DocumentError.self) { try doc.save(to: dir.path + "/t.json") }
        #expect(!FileAccess.exists(dir.path + "/t.json"))
        // A row added since has no other lines; a renamed one keeps its file lines (and counts).
        doc.model.insert(doc.model.makeRow("new"), at: IndexPath(row: 0, section: 0))
        doc.model[IndexPath(row: 2, section: 0)].text = "wrapped, renamed"
        #expect(doc.limitations(savingAs: .json).contains(.itemLines(count: 4)))
        try doc.save(to: dir.path + "/t.json", acceptingLosses: true)
        #expect(FileAccess.exists(dir.path + "/t.json"))
        // Saved as JSON, the list holds nothing JSON cannot: the next save asks nothing.
        #expect(doc.limitations(savingAs: .json).isEmpty)
        try doc.save()
    }

    @Test func limitationsOfAnotherFormat() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = ListDocument(model: ListModel(sections: [("A", ["x", " "]), ("B", ["two\nlines", "y\r"])]))
        #expect(doc.limitations(savingAs: .plainText) == [
            .sections(count: 2), .sectionTitles(count: 2), .blankRows(count: 1),
            .lineBreaks(count: 2, first: .row(IndexPath(row: 0, section: 1))),
        ])
        // Markdown holds a row's line break as its item's paragraph, not a carriage return.
        #expect(doc.limitations(savingAs: .markdown) == [.lineBreaks(count: 1, first: .row(IndexPath(row: 1, section: 1)))])
        #expect(doc.limitations(savingAs: .json) == [])
        #expect(doc.limitations(savingAs: .plainText).map(\.description)
            == ["2 sections", "2 section titles", "1 blank row", "2 line breaks (the first in row 0 of section 1)"])
        #expect(doc.limitations(savingAs: .plainText).map(\.preventsSaving) == [false, false, false, true])
        try doc.save(to: dir.path + "/a.json")
        #expect(throws: DocumentError.self) { try doc.save(to: dir.path + "/a.txt") }
        // A line break refuses even when the user accepts losses.
        #expect(throws: DocumentError.self) { try doc.save(to: dir.path + "/a.txt", acceptingLosses: true) }
        #expect(doc.path == dir.path + "/a.json" && doc.format == .json)
        #expect(!FileAccess.exists(dir.path + "/a.txt"))

        let titled = ListDocument(model: ListModel(sections: [("Two\nlines", [])]))
        #expect(titled.limitations(savingAs: .markdown) == [.lineBreaks(count: 1, first: .title(section: 0))])
        let fine = ListDocument(model: ListModel(sections: [("", ["a", "b"])]))
        #expect(fine.limitations(savingAs: .plainText) == [] && fine.limitations(savingAs: .markdown) == [])
    }

    /// What plain text and JSON cannot hold of a Markdown list, each counted; the save refuses
    /// naming them all, and writes nothing, unless the losses are accepted: then the list is
    /// flattened (sections into one list, levels 0, open checkboxes, passages and blank rows
    /// dropped), written, and the document holds the list as written.
    /// Heading levels are counted as distinct levels, not as sections: `#` then three `##`
    /// sections are 2 levels; sections all at `#` lose nothing.
    @Test func headingLevelsCountDistinctLevels() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("a.md", "# A\n- a\n## B\n- b\n## C\n- c\n## D\n- d\n"))
        #expect(doc.limitations(savingAs: .json) == [.headingLevels(count: 2)])
        let flat = try ListDocument.open(dir.file("b.md", "# A\n- a\n# B\n- b\n"))
        #expect(flat.limitations(savingAs: .json) == [])
    }

    @Test func lossySaveAsAfterAgreeing() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let md = dir.file("plan.md", "---\ntitle: x\n---\n\n# Tasks\n\nA note.\n\n- [ ] one\n  - [x] two\n- three\n\n## Later\n\n- four\n")
        var doc = try ListDocument.open(md)
        #expect(doc.limitations(savingAs: .plainText) == [
            .sections(count: 3), .sectionTitles(count: 2), .nestedRows(count: 1), .openCheckboxes(count: 1), .passages(count: 2),
        ])
        #expect(doc.limitations(savingAs: .json) == [.passages(count: 2), .headingLevels(count: 2)])
        #expect(FormatLimitation.sentence(doc.limitations(savingAs: .json), name: "plan.json") == "plan.json cannot hold 2 passages, 2 heading levels")
        #expect(throws: DocumentError(.cannotRepresent, file: dir.path + "/plan.txt",
                                      "cannot hold 3 sections, 2 section titles, 1 nested row, 1 open checkbox, 2 passages; nothing was written (.md holds them)")) {
            try doc.save(to: dir.path + "/plan.txt")
        }
        #expect(!FileAccess.exists(dir.path + "/plan.txt") && doc.format == .markdown)
        var json = doc
        try json.save(to: dir.path + "/plan.json", acceptingLosses: true)
        #expect(dir.text("plan.json")?.contains("passage") == false)
        #expect(json.model.sections.map(\.level) == [1, 1, 1] && json.model.itemCount == 4 && !json.isModified)
        try doc.save(to: dir.path + "/plan.txt", acceptingLosses: true)
        #expect(dir.text("plan.txt") == "one\nx two\nthree\nfour\n")
        #expect(doc.model.contents.map(\.rows) == [["one", "two", "three", "four"]] && !doc.isModified && doc.format == .plainText)
        #expect(doc.limitations(savingAs: .plainText) == [])
    }
}
