import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// Markdown through the document API (`ListDocument`): the corpus opens and saves byte for byte,
/// and random edits of the model (moves, deletes, inserts, renames, toggles) save to a file that
/// cmark-gfm reads as the edited table, every passage's bytes unchanged.
@Suite struct MarkdownDocumentTests {
    @Test func corpusOpensAndSavesByteForByte() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        for (name, bytes) in try Corpus.files() {
            let path = dir.file(name, String(decoding: bytes, as: UTF8.self))
            var doc = try ListDocument.open(path)
            #expect(try MarkdownFormat.write(doc.model, over: doc.markdown, name: name) == bytes, "\(name)")
            // Untouched rows and a toggle undone: still the file's bytes.
            if let p = Self.items(doc.model).first {
                var row = doc.model[p]
                let before = row
                row.checkbox = row.checkbox.map { !$0 } ?? true
                doc.model[p] = row
                doc.model[p] = before
            }
            try doc.save(to: dir.path + "/copy-" + name)
            #expect(dir.bytes("copy-" + name) == bytes, "\(name)")
            #expect(!doc.isModified)
        }
    }

    @Test func toggleChangesOneByte() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "---\ntitle: x\n---\n\n# Todo\n\n- [ ] milk  \r\n- [x] eggs\n  more about eggs\n- bread\n\nA paragraph.\n"
        let path = dir.file("t.md", text)
        var doc = try ListDocument.open(path)
        let rows = Array(doc.model.sections[1].rows)
        #expect(rows.map(\.checkbox) == [false, true, nil, nil])
        #expect(rows.map(\.isPassage) == [false, false, false, true])
        #expect(doc.model.sections[0].rows.first?.isPassage == true && doc.model.itemCount == 3)
        for (r, checked) in [(0, true), (1, false)] {
            var row = doc.model[IndexPath(row: r, section: 1)]
            row.checkbox = checked
            doc.model[IndexPath(row: r, section: 1)] = row
        }
        var bread = doc.model[IndexPath(row: 2, section: 1)]
        bread.checkbox = true
        doc.model[IndexPath(row: 2, section: 1)] = bread
        try doc.save()
        #expect(dir.text("t.md") == "---\ntitle: x\n---\n\n# Todo\n\n- [x] milk  \r\n- [ ] eggs\n  more about eggs\n- [x] bread\n\nA paragraph.\n")
        // After the save the rows name the new file's blocks: a second edit is surgical too.
        doc.model.moveRow(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 2, section: 1))
        try doc.save()
        #expect(dir.text("t.md") == "---\ntitle: x\n---\n\n# Todo\n\n- [ ] eggs\n  more about eggs\n- [x] bread\n- [x] milk  \r\n\nA paragraph.\n")
    }

    /// A row moved where its level breaks the level rule is clamped in the model (as every entry
    /// point does, RowList+Levels), and the save writes the level the model holds.
    @Test func aMovedRowKeepsItsLevelWhereItCan() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("n.md", "# A\n- a\n  - b\n- c\n")
        var doc = try ListDocument.open(path)
        #expect(doc.model.sections[0].rows.map(\.level) == [0, 1, 0])
        doc.model.moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 0))
        #expect(doc.model.sections[0].rows.clampLevels(from: 0) == [0])
        try doc.save()
        #expect(dir.text("n.md") == "# A\n- b\n- a\n- c\n")
        #expect(doc.model.sections[0].rows.map(\.level) == [0, 0, 0])
    }

    static func items(_ model: ListModel) -> [IndexPath] {
        model.sections.indices.flatMap { s in
            model.sections[s].rows.indices.filter { !model.sections[s].rows[$0].isPassage }.map { IndexPath(row: $0, section: s) }
        }
    }

    /// Random edits of the model as the editor makes them (passages stay), saved through the
    /// document, then checked with cmark-gfm and for every passage's bytes.
    @Test func corpusAfterRandomEditsThroughTheDocument() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var failures = 0, refused = 0, cases = 0
        for (name, bytes) in try Corpus.files() {
            for seed in UInt64(1)...12 {
                cases += 1
                let path = dir.file(name, String(decoding: bytes, as: UTF8.self))
                var doc = try ListDocument.open(path)
                var g = SplitMix64(seed: seed)
                Self.edit(&doc.model, count: Int(seed % 6) + 1, &g)
                doc.model.clampLevels()   // as every entry point keeps the level rule
                let file = try #require(doc.markdown)
                let list = MarkdownFormat.list(doc.model, over: file)
                let out: [UInt8]
                do {
                    try doc.save()
                    out = dir.bytes(name)
                } catch {
                    // Only a documented refusal whose premise holds (see MarkdownWriterEditTests).
                    refused += 1
                    let problems = MarkdownWriterEditTests.refusalProblems(error.message, list, file.scan, bytes)
                    if !problems.isEmpty {
                        failures += 1
                        if failures <= 5 { Issue.record("\(name) seed \(seed): \(problems.joined(separator: "; "))") }
                    }
                    continue
                }
                var problems = try MarkdownWriterEditTests.problems(out, list, file.scan, bytes)
                for section in list.sections {
                    for row in section.rows {
                        guard let b = row.block, file.scan.blocks[b].kind == .passage else { continue }
                        var content = Array(file.scan.bytes(of: b, in: bytes))
                        while let last = content.last, last == 0x0A || last == 0x0D || last == 0x20 { content.removeLast() }
                        if out.firstRange(of: content) == nil { problems.append("passage block \(b) changed") }
                    }
                }
                // The document after the save is the file read again: the same table.
                let again = try MarkdownFormat.read(out, name: name).model
                if again.items != doc.model.items { problems.append("the saved document reads back differently") }
                if !problems.isEmpty {
                    failures += 1
                    if failures <= 5 { Issue.record("\(name) seed \(seed): \(problems.joined(separator: "; "))") }
                }
            }
        }
        #expect(failures == 0)
        #expect(refused * 10 <= cases, "\(refused) of \(cases) edited lists refused")
    }

    static let texts = ["Milk", "# h", "- x", "1. y", "[x] done", "*em* word", "`code`", "日本", "> q", "C #"]

    static func edit(_ model: inout ListModel, count: Int, _ g: inout SplitMix64) {
        for _ in 0..<count {
            guard !model.sections.isEmpty else { return }
            let s = Int.random(in: 0..<model.sections.count, using: &g)
            let rows = model.sections[s].rows
            let items = rows.indices.filter { !rows[$0].isPassage }
            switch Int.random(in: 0..<5, using: &g) {
            case 0:
                guard let r = items.randomElement(using: &g) else { continue }
                let t = Int.random(in: 0..<model.sections.count, using: &g)
                var to = Int.random(in: 0...max(0, model.sections[t].rows.count - (t == s ? 1 : 0)), using: &g)
                if t == 0, to == 0, model.sections[0].rows.first?.isPassage == true { to = min(1, model.sections[0].rows.count - (t == s ? 1 : 0)) }
                model.moveRow(from: IndexPath(row: r, section: s), to: IndexPath(row: to, section: t))
            case 1:
                guard let r = items.randomElement(using: &g) else { continue }
                model.removeRow(at: IndexPath(row: r, section: s))
            case 2:
                var at = Int.random(in: 0...rows.count, using: &g)
                if s == 0, at == 0, rows.first?.isPassage == true { at = 1 }
                let level = at > 0 && !rows[at - 1].isPassage ? Int.random(in: 0...(rows[at - 1].level + 1), using: &g) : 0
                let row = model.makeRow(texts.randomElement(using: &g)!, attributes: .init(level: level, checkbox: Bool.random(using: &g) ? nil : false))
                model.insert(row, at: IndexPath(row: at, section: s))
            case 3:
                guard let r = items.randomElement(using: &g) else { continue }
                model[IndexPath(row: r, section: s)].text = texts.randomElement(using: &g)!
            default:
                guard let r = items.randomElement(using: &g) else { continue }
                var row = model[IndexPath(row: r, section: s)]
                row.checkbox = row.checkbox.map { !$0 } ?? true
                model[IndexPath(row: r, section: s)] = row
            }
        }
    }
}

extension MarkdownDocumentTests {
    /// A save that drops earlier versions of the file past their budget carries the other lines
    /// of the rows undo can bring back from them: `finishSave` asks its caller for those rows
    /// (`undoable`, which it cannot be called without). Kale deleted and saved (its version
    /// dropped at once: no budget), then put back: named, it is written with its second line;
    /// named by none, with its first line only.
    @Test func aSaveDroppingVersionsKeepsTheLinesOfTheRowsUndoCanBringBack() throws {
        for named in [true, false] {
            let folder = TempFolder()
            defer { folder.remove() }
            let path = folder.file("veg.md", "# Veg\n- Kale\n  with a second line\n- Leek\n")
            var document = try ListDocument.open(path)
            document.earlierVersionsLimit = 0
            let kale = document.model.sections[0].rows[0]
            var asked = 0
            func save() throws {
                let request = try document.prepareSave()
                document.finishSave(request, stamp: try request.write(),
                                    undoable: { asked += 1; return named ? [kale.id] : [] })
            }
            document.model.sections[0].rows.replaceSubrange(0..<1, with: [])
            try save()
            #expect(folder.text("veg.md") == "# Veg\n- Leek\n")
            #expect(asked == 1)
            document.model.sections[0].rows.replaceSubrange(0..<0, with: [kale])
            try save()
            #expect(folder.text("veg.md") == (named ? "# Veg\n- Kale\n  with a second line\n- Leek\n" : "# Veg\n- Kale\n- Leek\n"))
        }
    }
}

extension MarkdownDocumentTests {
    /// Rows read from a plain-text file (a save as `.txt`) name its lines, no Markdown block: in
    /// a Markdown file (saved as `.md` next, the original written back by undo, then redo) they
    /// are written as new rows. They were taken for blocks of a Markdown version, its lines one
    /// paragraph, and the save refused ("names block 10, which is not a row of the file read";
    /// `EditorSessionRegressionTests.redoToTheEndAfterSavingAsPlainTextAndBack`).
    @Test func rowsReadFromPlainTextAreNewRowsInMarkdown() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let original = "# Platforms\n\n- [Qt](https://qt.io)\n\t- [GTK](https://gtk.org)\n- plain\n"
        var document = try ListDocument.open(folder.file("list.md", original))
        let first = document.model
        try document.save(to: folder.path + "/list.txt", acceptingLosses: true)
        let plain = document.model
        try document.save(to: folder.path + "/other.md")
        let flat = "- [Qt](https://qt.io)\n- [GTK](https://gtk.org)\n- plain\n"
        #expect(folder.text("other.md") == flat)
        document.model = first
        try document.save()
        #expect(folder.text("other.md") == original)
        document.model = plain
        try document.save()
        #expect(folder.text("other.md") == flat)
    }
}

extension MarkdownDocumentTests {
    /// A heading with no rows is its blank lines up to the next heading, so it is the file's
    /// own, untouched, only while the same heading follows it. `# Section 7` added below a
    /// `# Section 8` the file has glued to `# Fruit`, saved (a blank line stands apart before the
    /// new heading), then removed again (undo): `# Section 8` was copied untouched with that
    /// blank line, and the file was no longer the one read. It is now put back as the version
    /// that had it followed by `# Fruit` (`MarkdownFormat.untouchedSections`,
    /// `restoringEarlierSections`; `EditorSessionRegressionTests.undoToTheStartAfterARestoreKeepsAnEmptySectionGlued`).
    @Test func anEmptySectionPutBackKeepsTheBlankLinesOfTheHeadingAfterIt() throws {
        for inProportion in [true, false] {
            let folder = TempFolder()
            defer { folder.remove() }
            let original = "# Section 8\n# Fruit\n\n- apple\n"
            var document = try ListDocument.open(folder.file("list.md", original))
            document.savesInProportion = inProportion
            document.model.sections.insert(ListModel.Section(title: "Section 7", rows: []), at: 1)
            try document.save()
            #expect(folder.text("list.md") == "# Section 8\n\n# Section 7\n# Fruit\n\n- apple\n")
            document.model.sections.remove(at: 1)
            try document.save()
            #expect(folder.text("list.md") == original, "in proportion: \(inProportion)")
        }
    }

    /// Redo after undo across saves: an empty `# Section 3`, glued in the file to the heading
    /// after it, comes back followed by a new `# Section 6`, as the save that had it so wrote it
    /// (a blank line between them). It equals the file's own `# Section 3` by content, but is
    /// followed by another heading than there, so it is put back as that save's
    /// (`MarkdownFormat.restoringEarlierSections`;
    /// `EditorSessionRegressionTests.aNewSectionRedoneAfterARestoreStandsApart`).
    @Test func anEmptySectionRedoneBeforeANewOneIsWrittenAsSaved() throws {
        for inProportion in [true, false] {
            let folder = TempFolder()
            defer { folder.remove() }
            let original = "# Log\n\n- a\n\n# Section 3\n## [Unreleased]\n\n- b\n"
            var document = try ListDocument.open(folder.file("list.md", original))
            document.savesInProportion = inProportion
            let first = document.model
            document.model.sections.insert(ListModel.Section(title: "Section 6", rows: []), at: 2)
            let second = document.model
            try document.save()
            let saved = "# Log\n\n- a\n\n# Section 3\n\n# Section 6\n## [Unreleased]\n\n- b\n"
            #expect(folder.text("list.md") == saved)
            document.model = first
            try document.save()
            #expect(folder.text("list.md") == original)
            document.model = second
            try document.save()
            #expect(folder.text("list.md") == saved, "in proportion: \(inProportion)")
        }
    }
}

extension MarkdownDocumentTests {
    /// A row that stayed in its list keeps the list's marker, and rows moved in take it, also
    /// when a row of the list moved to another level beside it: `* sub`, nested under `* two`,
    /// outdented above it, and `- x` moved in from another section, first. `two` and `sub` were
    /// each one of two rows that may have stayed (their blocks out of order), so none counted as
    /// staying and the list took `x`'s `-` (awesome.md's Resources;
    /// `EditorSessionRegressionTests.aRowThatStayedKeepsItsListsMarker`). A row at another level
    /// than its block's moved.
    @Test func aRowThatStayedKeepsItsMarkerBesideARowOutdented() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        var document = try ListDocument.open(folder.file("list.md", "# A\n\n- x\n- y\n\n# R\n\n* one\n* two\n  * sub\n"))
        let x = document.model.sections[0].rows[0]
        let r = document.model.sections[1].rows
        var sub = r[2]
        sub.level = 0
        document.model.sections[0].rows.replaceSubrange(0..<1, with: [])
        document.model.sections[1].rows.replaceSubrange(0..<3, with: [x, sub, r[1]])
        try document.save()
        #expect(folder.text("list.md") == "# A\n\n- y\n\n# R\n\n* x\n* sub\n* two\n")
    }
}
