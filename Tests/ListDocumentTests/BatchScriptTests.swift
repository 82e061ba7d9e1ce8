import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

@Suite struct BatchScriptTests {
    func run(_ model: [(String, [String])], _ ops: String) throws -> [[String]] {
        var m = ListModel(sections: model)
        try BatchScript.decode(Array(ops.utf8), name: "ops").apply(to: &m)
        return m.contents.map { [$0.title] + $0.rows }
    }

    let states: [(String, [String])] = [("", ["Arizona", "California", "Delaware", "New Jersey", "Washington"])]

    @Test func appleListing() throws {
        #expect(try run(states, #"""
            {"insertRows": [{"at": [0, 0], "text": "Alaska"}, {"at": [0, 3], "text": "Georgia"}, {"at": [0, 5], "text": "Virginia"}],
             "deleteRows": [[0, 2], [0, 4]]}
            """#) == [["", "Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"]])
    }

    @Test func everyKindOfOperation() throws {
        let model: [(String, [String])] = [("A", ["a0", "a1"]), ("B", ["b0"]), ("C", ["c0"])]
        #expect(try run(model, #"""
            {"reloadRows": [{"at": [0, 1], "text": "a1*"}],
             "moveRows": [{"from": [0, 0], "to": [1, 1]}],
             "deleteSections": [2],
             "insertSections": [{"at": 0, "title": "New", "rows": ["x", "y"]}],
             "reloadSections": [{"at": 1, "rows": ["fresh"]}]}
            """#) == [["New", "x", "y"], ["A", "a1*", "a0"], ["B", "fresh"]])
        // A row moved into a reloaded section is refused (its rows all come fresh).
        #expect(tableError {
            try run(model, #"{"moveRows": [{"from": [0, 0], "to": [2, 0]}], "reloadSections": [{"at": 1, "rows": ["f"]}], "insertSections": [{"at": 0}]}"#)
        } == .moveIntoInsertedSection(2))
        #expect(try run(model, #"{"moveSections": [{"from": 0, "to": 2}], "reloadSections": [{"at": 1, "title": "B2", "rows": ["f"]}]}"#)
            == [["B2", "f"], ["C", "c0"], ["A", "a0", "a1"]])
    }

    /// Rows inserted into a section reloaded with rows land among them at their final index;
    /// a reload without rows (or title) keeps the section.
    @Test func insertsIntoFreshSectionsAndTitleOnlyReloads() throws {
        let model: [(String, [String])] = [("A", ["a0", "a1"]), ("B", ["b0"])]
        #expect(try run(model, #"{"reloadSections": [{"at": 0, "rows": ["f0", "f1"]}], "insertRows": [{"at": [0, 1], "text": "n"}]}"#)
            == [["A", "f0", "n", "f1"], ["B", "b0"]])
        #expect(try run(model, #"{"reloadSections": [{"at": 1}], "deleteRows": [[1, 0]]}"#) == [["A", "a0", "a1"], ["B"]])
        #expect(throws: DocumentError.self) {
            try BatchScript.decode(Array(#"{"reloadSections": [{"at": 1, "title": "X"}, {"at": 1, "rows": []}]}"#.utf8), name: "ops")
        }
    }

    @Test func arrayIsAllOrNothing() {
        var m = ListModel(sections: states)
        let script = try? BatchScript.decode(Array(#"[{"deleteRows": [[0, 0]]}, {"deleteRows": [[0, 9]]}]"#.utf8), name: "ops")
        #expect(throws: BatchScript.Failure.self) { try script!.apply(to: &m) }
        #expect(m.contents.map(\.rows) == [states[0].1])
    }

    @Test func invalidBatchGivesTheTableMessage() {
        #expect(tableError { try run(states, #"{"deleteRows": [[0, 7]]}"#) }
            == .deleteRowOutOfRange(row: 7, section: 0, rowCount: 5))
    }

    @Test(arguments: [
        (#"{"deleteRow": [[0, 1]]}"#, #"ops:1:15: batch 1: unknown key "deleteRow" (known keys: "deleteRows", "insertRows", "reloadRows", "moveRows", "deleteSections", "insertSections", "reloadSections", "moveSections")"#),
        (#"{"deleteRows": [[0, -1]]}"#, "ops:1:21: batch 1: deleteRows[0] row: index -1 is negative"),
        (#"{"deleteRows": [[0, 1e400]]}"#, "ops:1:21: batch 1: deleteRows[0] row: index 1e400 is not a whole number"),
        (#"{"deleteRows": [[0, 99999999999999999999]]}"#, "ops:1:21: batch 1: deleteRows[0] row: index 99999999999999999999 is too large"),
        (#"{"deleteRows": [0, 1]}"#, "ops:1:17: batch 1: deleteRows[0]: expected [section, row], found a number"),
        (#"{"insertRows": [{"at": [0, 0]}]}"#, #"ops:1:17: batch 1: insertRows[0]: missing "text""#),
        (#"{"insertRows": [{"at": [0, 0], "text": "a"}, {"at": [0, 0], "text": "b"}]}"#, "ops:1:46: batch 1: insertRows[1]: [0, 0] is already inserted with another text"),
        (#"{"reloadRows": [{"at": [0, 1], "text": "a"}, {"at": [0, 1], "text": "b"}]}"#, "ops:1:46: batch 1: reloadRows[1]: [0, 1] is already reloaded with another text"),
        (#"[{"moveSections": [{"from": 0}]}]"#, #"ops:1:20: batch 1: moveSections[0]: missing "to""#),
        (#""hello""#, "ops:1:1: expected a batch object or an array of them, found a string"),
        (#"{"deleteRows": [[0, 1]"#, "ops:1:23: unexpected end of input in array"),
    ])
    func malformedScripts(_ input: (String, String)) {
        #expect(message { _ = try BatchScript.decode(Array(input.0.utf8), name: "ops") } == input.1)
    }
}

/// Scripts over Markdown files: passages are never rewritten or dropped, rows inserted into a new
/// section are written, the untitled first section stays first, new sections take the level of
/// the section before them.
@Suite struct MarkdownBatchScriptTests {
    /// The file after `ops`, or the error's description (a script refusal or the writer's).
    func apply(_ text: String, _ ops: String) throws -> String {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("t.md", text))
        do {
            try doc.apply(BatchScript.decode(Array(ops.utf8), name: "ops"))
            return String(decoding: try doc.serialized(), as: UTF8.self)
        } catch let failure as BatchScript.Failure {
            return "error: \(failure.error)"
        } catch let error as DocumentError {
            return "error: \(error.message)"
        }
    }

    let readme = "# Project\n\nSome *intro* text.\n\n# Install\n- a\n"

    @Test func reloadSectionWithRowsOverAPassageIsAnError() throws {
        #expect(try apply(readme, #"{"reloadSections":[{"at":0,"title":"Renamed","rows":["a"]}]}"#)
            == #"error: attempt to reload section 0 with rows, but its row 0 is a passage ("Some *intro* text.") that they would replace; reload it without "rows" to change only its title"#)
        // Without passages it replaces the rows and keeps the heading's level.
        #expect(try apply("## A\n- x\n- y\n", #"{"reloadSections":[{"at":0,"title":"B","rows":["z"]}]}"#) == "## B\n- z\n")
    }

    @Test func reloadSectionWithoutRowsChangesOnlyTheTitle() throws {
        #expect(try apply(readme, #"{"reloadSections":[{"at":0,"title":"Renamed"}]}"#)
            == "# Renamed\n\nSome *intro* text.\n\n# Install\n- a\n")
        // It follows its section and leaves the batch's row operations in it alone.
        #expect(try apply(readme, #"{"reloadSections":[{"at":1,"title":"Setup"}],"moveSections":[{"from":1,"to":0}],"insertRows":[{"at":[0,1],"text":"b"}]}"#)
            == "# Setup\n- a\n- b\n\n# Project\n\nSome *intro* text.\n")
        #expect(try apply(readme, #"{"reloadSections":[{"at":1,"title":"X"}],"deleteSections":[1]}"#)
            == "error: attempt to delete and reload the same section (1)")
        #expect(try apply(readme, #"{"reloadSections":[{"at":5,"title":"X"}]}"#)
            == "error: attempt to delete section 5, but there are only 2 sections before the update")
    }

    /// A reloaded text without a line break replaces the item's first line and keeps its other
    /// lines; one with line breaks is the item's whole first paragraph, as the editor's rename
    /// writes it (` ⏎ `, issue 28): unchanged lines keep their bytes. An inserted text's line
    /// breaks are its paragraph's lines; plain text cannot hold them: the save refuses, naming
    /// the row.
    @Test func aTextWithLineBreaksIsTheItemsFirstParagraph() throws {
        let entry = "# Changes\n- Fixed the parser\nlazy  \n  on CRLF files\n\n  Details.\n- b\n"
        #expect(try apply(entry, #"{"reloadRows":[{"at":[0,0],"text":"Fixed the reader"}]}"#)
            == "# Changes\n- Fixed the reader\nlazy  \n  on CRLF files\n\n  Details.\n- b\n")
        #expect(try apply(entry, #"{"reloadRows":[{"at":[0,0],"text":"Fixed the parser\nlazy  \non all files"}]}"#)
            == "# Changes\n- Fixed the parser\nlazy  \n  on all files\n\n  Details.\n- b\n")
        #expect(try apply(entry, #"{"insertRows":[{"at":[0,2],"text":"c\nd"}]}"#)
            == "# Changes\n- Fixed the parser\nlazy  \n  on CRLF files\n\n  Details.\n- b\n\n- c\n  d\n")
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("t.txt", "a\nb\n"))
        try doc.apply(BatchScript.decode(Array(#"{"reloadRows":[{"at":[0,1],"text":"b\nc"}]}"#.utf8), name: "ops"))
        #expect(throws: DocumentError.self) { try doc.serialized() }
        #expect(doc.limitations(savingAs: .plainText) == [.lineBreaks(count: 1, first: .row(IndexPath(row: 1, section: 0)))])
    }

    /// (The new heading is followed by a blank line, as the file's first heading is.)
    @Test func rowInsertedIntoAnInsertedSectionIsWritten() throws {
        #expect(try apply(readme, #"{"insertSections":[{"at":1,"title":"New","rows":["x"]}],"insertRows":[{"at":[1,1],"text":"y"},{"at":[1,0],"text":"w","checked":false}]}"#)
            == "# Project\n\nSome *intro* text.\n\n# New\n\n- [ ] w\n- [ ] y\n- x\n\n# Install\n- a\n")
        #expect(try apply(readme, #"{"insertSections":[{"at":1,"title":"New","rows":["x"]}],"insertRows":[{"at":[1,5],"text":"y"}]}"#)
            == "error: attempt to insert row 5 into section 1, but there are only 2 rows in section 1 after the update")
    }

    /// A row inserted without `checked` next to a task in its list is an open task; `checked`
    /// null is no checkbox, false an open one, true a done one.
    @Test func newRowsNextToTasksAreTasks() throws {
        let sink = "- [ ] Fix the sink\n"
        #expect(try apply(sink, #"{"insertRows":[{"at":[0,1],"text":"after fix"}]}"#) == "- [ ] Fix the sink\n- [ ] after fix\n")
        #expect(try apply(sink, #"{"insertRows":[{"at":[0,0],"text":"top"}]}"#) == "- [ ] top\n- [ ] Fix the sink\n")
        #expect(try apply(sink, #"{"insertRows":[{"at":[0,1],"text":"n","checked":null}]}"#) == "- [ ] Fix the sink\n- n\n")
        #expect(try apply(sink, #"{"insertRows":[{"at":[0,1],"text":"n","checked":true}]}"#) == "- [ ] Fix the sink\n- [x] n\n")
        #expect(try apply("- a\n", #"{"insertRows":[{"at":[0,1],"text":"n"}]}"#) == "- a\n- n\n")
        // The neighbour in its own list: a nested row under a task, next to a plain row.
        #expect(try apply("- [ ] a\n  - b\n", #"{"insertRows":[{"at":[0,2],"text":"n","level":1}]}"#) == "- [ ] a\n  - b\n  - n\n")
    }

    /// `reloadRows` without `text` keeps the row's text; a reload with the row's own text
    /// changes only what else it gives (a toggle keeps the hard break's trailing spaces).
    @Test func reloadWithoutTextOrWithTheSameTextKeepsTheLine() throws {
        let milk = "- [x] Buy milk  \n  more\n"
        #expect(try apply(milk, #"{"reloadRows":[{"at":[0,0],"checked":false}]}"#) == "- [ ] Buy milk  \n  more\n")
        #expect(try apply(milk, #"{"reloadRows":[{"at":[0,0],"text":"Buy milk  ","checked":false}]}"#) == "- [ ] Buy milk  \n  more\n")
        #expect(try apply(milk, #"{"reloadRows":[{"at":[0,0],"checked":null}]}"#) == "- Buy milk  \n  more\n")
        #expect(try apply(readme, #"{"reloadRows":[{"at":[0,0],"level":0}]}"#)
            == #"error: attempt to reload row 0 of section 0, which is a passage ("Some *intro* text."); passages are kept byte for byte"#)
    }

    @Test func reloadingAPassageIsAnError() throws {
        #expect(try apply(readme, #"{"reloadRows":[{"at":[0,0],"text":"Other"}]}"#)
            == #"error: attempt to reload row 0 of section 0, which is a passage ("Some *intro* text."); passages are kept byte for byte"#)
    }

    @Test func untitledFirstSectionStaysFirst() throws {
        let notes = "Intro.\n\n# A\n- a\n"
        let message = "error: the untitled first section (the rows before the first heading) must stay first in the file (it would be section 1)"
        #expect(try apply(notes, #"{"moveSections":[{"from":1,"to":0}]}"#) == message)
        #expect(try apply(notes, #"{"insertSections":[{"at":0,"title":"N"}]}"#) == message)
        #expect(try apply(notes, #"{"insertSections":[{"at":1,"title":"N"}]}"#) == "Intro.\n\n# N\n# A\n- a\n")
    }

    /// A title for the untitled first section that opens with front matter is refused up front
    /// with the editor's words, naming the operation and the section (before, the save refused
    /// it as "it would read back as 3 sections, not 2"), in any batch of a script, with the
    /// section moved too; where the save can write it (a paragraph opens the file, or the batch
    /// also deletes the front matter) the title is taken.
    @Test func aTitleForTheSectionOpeningWithFrontMatterIsRefusedUpFront() throws {
        let notes = "---\ntags: [a]\n---\n\n# A\n- a\n"
        let refused = #"error: attempt to reload section 0 with the title "Notes" (reloadSections), but the front matter opens the file: the rows before the first heading cannot have a title"#
        #expect(try apply(notes, #"{"reloadSections":[{"at":0,"title":"Notes"}]}"#) == refused)
        #expect(try apply(notes, #"{"reloadSections":[{"at":0,"title":"Notes"}],"moveSections":[{"from":0,"to":1}]}"#) == refused)
        #expect(try apply(notes, #"[{"insertRows":[{"at":[1,1],"text":"b"}]},{"reloadSections":[{"at":0,"title":"Notes"}]}]"#) == refused)
        let withoutFrontMatter = try apply(notes, #"{"reloadSections":[{"at":0,"title":"Notes"}],"deleteRows":[[0,0]]}"#)
        #expect(withoutFrontMatter.hasPrefix("# Notes\n") && !withoutFrontMatter.contains("---"), "\(withoutFrontMatter)")
        #expect(try apply(notes, #"{"reloadSections":[{"at":1,"title":"B"}]}"#) == "---\ntags: [a]\n---\n\n# B\n- a\n")
        #expect(try apply("Intro.\n\n# A\n- a\n", #"{"reloadSections":[{"at":0,"title":"Notes"}]}"#) == "# Notes\nIntro.\n\n# A\n- a\n")
    }

    @Test func newSectionTakesTheLevelOfTheOneBefore() throws {
        #expect(try apply("# A\n- a\n\n### C\n- c\n", #"{"insertSections":[{"at":2,"title":"N","rows":["n"]},{"at":3,"title":"M"}]}"#)
            == "# A\n- a\n\n### C\n- c\n\n### N\n- n\n\n### M\n")
    }
}

/// The table error inside a script failure.
func tableError(_ body: () throws -> Any) -> TableUpdateError? {
    do { _ = try body(); return nil } catch let failure as BatchScript.Failure {
        if case .table(let e) = failure.error { return e }
        return nil
    } catch { return nil }
}
