import Testing
@testable import ListEditor
import ListDocument
import TerminalUI
import TestSupport

/// A section undo brings back to an earlier version of the file is written as that version had
/// it only when it holds that version's rows by identity (`RowLineage`): rows that merely read
/// the same (a pasted copy, a row typed again) keep their own lines. The marks the screen shows
/// (numbers, `…`) are those the save writes, also after undo across a save. And a section
/// emptied of its rows keeps the blank lines before the next heading.
@MainActor
@Suite struct RestoredSectionTests {
    /// The marks of every section as the document shows them.
    static func marks(_ document: ListDocument) -> [[MarkdownWriter.ShownMark]] {
        document.model.sections.indices.map { document.shownMarks(ofSection: $0) ?? [] }
    }

    /// A copy pasted under a heading whose earlier version held a row of the same text keeps the
    /// lines it carries (review rev25c, defect 3, reproduction H: "beta details" was in no file).
    @Test func aPastedRowKeepsItsLinesWhereAnEarlierVersionHadARowOfItsText() throws {
        let h = try Harness("# A\n- note\n  alpha details\n\n# B\n- note\n  beta details\n", name: "ab.md", width: 60, height: 24)
        h.press(.char("d"), .enter, .char("s"))
        #expect(h.file == "# A\n\n# B\n- note\n  beta details\n")
        h.press(.char("G"), .char("d"), .enter, .up, .up, .up, .char("p"))
        #expect(h.screen.contains("note …"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.file == "# A\n- note\n  beta details\n\n# B\n")
    }

    /// A row typed again where a deleted one was is a new row: the deleted row's lines stay
    /// deleted (reproduction F: they came back).
    @Test func theLinesOfADeletedRowStayDeletedWhenItsTextIsTypedAgain() throws {
        let h = try Harness("# L\n- a\n  line2\n- b\n", name: "l.md", width: 60, height: 24)
        h.press(.char("d"), .enter, .char("s"))
        #expect(h.file == "# L\n- b\n")
        h.press(.up, .char("a"))
        h.type("a")
        h.press(.enter)
        #expect(h.editor.model.sections[0].rows.map(\.text) == ["a", "b"])
        #expect(!h.screen.contains("a …"), "\(h.screen)")
        h.press(.char("s"))
        #expect(h.file == "# L\n- a\n- b\n")
    }

    /// Moves undone across one save, and across two, still give the file back byte for byte:
    /// the rows read back at each save lead back to the version's rows.
    @Test func movesUndoneAcrossSavesGiveTheFileBack() throws {
        let text = "# L\n- a\n- b\n\n1. one\n2. two\n"
        let h = try Harness(text, name: "m.md", width: 60, height: 24)
        h.press(.char("G"), .char("K"), .char("K"), .char("s"))
        #expect(h.file != text)
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == text)
        h.press(.char("G"), .char("K"), .char("s"), .char("K"), .char("s"))
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == text)
    }

    /// After undo across a save, the numbers and `…` shown are those the save writes (defect 4:
    /// `2. b` shown, `3. b` saved; `Fixed the parser` without `…`, saved with its lines).
    @Test func theMarksShownAfterUndoAcrossASaveAreTheSavedOnes() throws {
        let cases = [("# Steps\n1. a\n3. b\n7. c\n", "3. b"),
                     ("# Log\n- Short\n- Fixed the parser\n  when a line ends in a tab\n  and a third line\n- Last\n", "Fixed the parser …")]
        for (text, mark) in cases {
            let h = try Harness(text, name: "marks.md", width: 60, height: 24)
            h.press(.down, .char("d"), .enter, .char("s"), .char("u"))
            #expect(h.screen.contains(mark), "\(h.screen)")
            let shown = Self.marks(h.editor.document)
            h.press(.char("s"))
            #expect(h.file == text)
            #expect(shown == Self.marks(try ListDocument.open(h.path)))
        }
    }

    /// A section emptied of its rows keeps the blank lines that stood before the next heading
    /// (`# A\n\n# B`, never glued), as many as there were, or none where the file had none.
    @Test func aSectionEmptiedOfItsRowsKeepsTheBlankLinesBeforeTheNextHeading() throws {
        let cases = [("# A\n- note\n  alpha details\n\n# B\n- b\n", "# A\n\n# B\n- b\n"),
                     ("# A\n- x\n\n\n## B\n- b\n", "# A\n\n\n## B\n- b\n"),
                     ("# A\r\n- x\r\n\r\n# B\r\n- b\r\n", "# A\r\n\r\n# B\r\n- b\r\n"),
                     ("# A\n- x\n# B\n- b\n", "# A\n# B\n- b\n"),
                     ("# A\n- x\n\n# B\n- b\n", "# A\n- x\n\n# B\n")]
        for (n, (text, saved)) in cases.enumerated() {
            let h = try Harness(text, name: "e.md", width: 60, height: 24)
            if n == cases.count - 1 { h.press(.char("G")) }
            h.press(.char("d"), .enter, .char("s"))
            #expect(h.file == saved, "case \(n)")
            // Brought back, the file is as it was. (Not where the file had no blank line before
            // its heading: the version saved, `# A\n# B`, no longer tells, and the row brought
            // back gets the blank line a heading after a list gets.)
            guard n != 3 else { continue }
            h.press(.char("u"), .char("s"))
            #expect(h.file == text, "case \(n) \(h.file.debugDescription)")
        }
    }
}
