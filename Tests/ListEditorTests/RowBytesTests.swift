import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// Row bytes travel with the row (docs/file-formats.md, "Saving"): after edits, a
/// save and undos, the next save writes the file's bytes back; lists no edit touched keep every
/// byte; tab-indented lists stay tab-indented.
@MainActor
@Suite struct RowBytesTests {
    nonisolated static let tabs = "# Contents\n\n- Awesome Python\n\t- [Admin Panels](#admin-panels)\n\t- [Cross-Platform](#cross-platform)\n\t- [GUI](#gui)\n\t\t- one.a.i\n\t\t- one.a.ii\n"

    @Test func tabIndentedRowsStayTabIndentedAfterMoveSaveUndo() throws {
        let h = try Harness(Self.tabs, name: "tabs.md", width: 60, height: 24)
        h.press(.char("j"), .char("j"), .char("K"), .char("s"))
        h.press(.char("u"), .char("s"))
        #expect(h.file == Self.tabs)
        h.press(.end, .char("K"), .char("s"), .char("u"), .char("s"))
        #expect(h.file == Self.tabs)
    }

    nonisolated static let neighbours = "# Lists\n\n- apple\n- banana\n\n1. one\n2. two\n"

    @Test func neighbouringListsComeBackAfterMovesSaveUndo() throws {
        let h = try Harness(Self.neighbours, name: "n.md", width: 60, height: 24)
        h.press(.end, .char("K"), .char("K"), .char("s"), .char("u"), .char("u"), .char("s"))
        #expect(h.file == Self.neighbours)
    }

    @Test func anUntouchedOrderedListKeepsItsBytes() throws {
        let h = try Harness(Self.neighbours, name: "n.md", width: 60, height: 24)
        h.press(.end, .char("K"), .char("K"), .char("s"), .char("J"), .char("J"), .char("s"))
        let file = h.file ?? ""
        #expect(file.hasSuffix("\n1. one\n2. two\n"), "\(file)")
    }

    static let changelog = """
        # Changelog

        ## [1.1.0] - 2019-02-15

        ### Added

        - Arabic translation (#444).
        - Improve French translation, fix typos
          in the main page and in the
          security section (#350).
        - Dutch translation (#439).
        - German translation (#445).

        """

    /// Moves the cursor to the row showing `text`.
    static func goTo(_ text: String, in h: Harness) {
        for (s, section) in h.editor.model.sections.enumerated() {
            if let r = section.rows.firstIndex(where: { $0.text == text }) {
                h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: s)))))
                return
            }
        }
        Issue.record("no row \(text)")
    }

    @Test func cutAndPasteKeepsAMultiLineEntry() throws {
        let h = try Harness(Self.changelog, name: "CHANGELOG.md", width: 60, height: 24)
        Self.goTo("Improve French translation, fix typos", in: h)
        h.press(.char("d"), .char("d"), .char("j"), .char("j"), .char("p"), .char("s"))
        #expect(h.file == """
            # Changelog

            ## [1.1.0] - 2019-02-15

            ### Added

            - Arabic translation (#444).
            - Dutch translation (#439).
            - German translation (#445).
            - Improve French translation, fix typos
              in the main page and in the
              security section (#350).

            """)
        // Undo the paste and the cut: the file as it was.
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == Self.changelog)
    }

    @Test func copyAndPasteKeepsParagraphsAndNestedRows() throws {
        let text = "# A\n- a\n\n  more of a\n  - a1\n    with a line\n- b\n"
        let h = try Harness(text, name: "copy.md", width: 60, height: 24)
        Self.goTo("a", in: h)
        h.press(.char("y"))
        Self.goTo("b", in: h)
        h.press(.char("p"), .char("s"))
        // (The list is loose: the new items are written apart, as new items of a loose list are.)
        #expect(h.file == "# A\n- a\n\n  more of a\n  - a1\n    with a line\n- b\n\n- a\n\n  more of a\n\n  - a1\n    with a line\n")
    }

    @Test func aPastedOutlineWhoseFirstLineIsNestedKeepsItsShape() throws {
        let h = try Harness("# A\n- one\n- two\n", name: "outline.md", width: 60, height: 24)
        Self.goTo("two", in: h)
        h.editor.send(.paste("  - child A\n- Parent B\n  - child of B\n"))
        #expect(h.editor.model.sections[0].rows.map(\.level) == [0, 0, 1, 0, 1])
        h.press(.char("s"))
        #expect(h.file == "# A\n- one\n- two\n  - child A\n- Parent B\n  - child of B\n")
    }

    @Test func aNewSectionHasABlankLineAfterItsHeadingWhereTheFileHas() throws {
        let h = try Harness("# A\n\n- one\n", name: "sections.md", width: 60, height: 24)
        Self.goTo("one", in: h)
        h.press(.char("A"))
        h.type("B")
        h.press(.enter)
        h.press(.char("a"))
        h.type("two")
        h.press(.enter, .char("s"))
        #expect(h.file == "# A\n\n- one\n\n# B\n\n- two\n")
    }

    @Test func indentingInATabIndentedListWritesTabs() throws {
        let text = "# A\n- top\n\t- one\n\t- two\n\t- three\n"
        let h = try Harness(text, name: "indent.md", width: 60, height: 24)
        Self.goTo("three", in: h)
        h.press(.tab, .char("s"))
        #expect(h.file == "# A\n- top\n\t- one\n\t- two\n\t\t- three\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == text)
    }

    /// Files shaped like those of issue 25: tab-indented link lists, neighbouring lists of other
    /// markers, task lists spelled `[X]`, lazy continuation lines, multi-line entries.
    nonisolated static let corpus = [
        tabs,
        neighbours,
        "# Tasks\n\n* [ ] one\n* [X] two\n- [x] three\n- [x] four\n\n# Done\n\n- [x] five\n",
        "# Notes\n\n- a lazy\ncontinuation\n- b\n  - b1\nlazy too\n- c\n",
        "# Plan\n\n1. one\n2. two\n   more of two\n\n   - two.a\n3. three\n\n- x\n- y\n",
        "- top\n\t- a\n\t\t- a.i\n\t\t- a.ii\n\t- b\n+ other\n+ list\n",
    ]

    /// Every one-step move (`K`, `J`) of every row of each file, then save, undo, save: the file
    /// as it was. And the move saved reads back as the screen showed it.
    @Test(arguments: corpus.indices)
    func everyOneStepMoveSavedAndUndoneGivesTheFileBack(_ f: Int) throws {
        let text = Self.corpus[f]
        let folder = TempFolder()
        defer { folder.remove() }
        let rows = try ListDocument.open(folder.file("probe.md", text)).model.sections.enumerated().flatMap { s, section in
            section.rows.indices.map { IndexPath(row: $0, section: s) }
        }
        for p in rows {
            for key in ["K", "J"] {
                let h = try Harness(text, name: "moves.md", width: 60, height: 30)
                h.editor.controller.perform(.moveCursor(.to(.row(p))))
                h.press(.char(Character(key)))
                let shown = h.editor.model.sections.map { $0.rows.map { [$0.text, "\($0.level)", "\(String(describing: $0.checkbox))"] } }
                h.press(.char("s"))
                let saved = h.file ?? ""
                let back = try ListDocument.open(folder.file("back.md", saved)).model
                #expect(back.sections.map { $0.rows.map { [$0.text, "\($0.level)", "\(String(describing: $0.checkbox))"] } } == shown,
                        "file \(f), \(key) on \(p): \(saved)")
                h.press(.char("u"), .char("s"))
                #expect(h.file == text, "file \(f), \(key) on \(p), saved \(saved)")
            }
        }
    }
}

extension RowBytesTests {
    /// A nested row moved up to the top of its list joins the top list as it is written there
    /// (its indentation is not the nested list's).
    @Test func aNestedRowMovedToTheTopTakesTheTopListsIndentation() throws {
        let h = try Harness(Self.tabs, name: "top.md", width: 60, height: 24)
        Self.goTo("[Admin Panels](#admin-panels)", in: h)
        h.press(.char("K"), .char("s"))
        #expect(h.file == "# Contents\n\n- [Admin Panels](#admin-panels)\n- Awesome Python\n\t- [Cross-Platform](#cross-platform)\n\t- [GUI](#gui)\n\t\t- one.a.i\n\t\t- one.a.ii\n")
    }
}
