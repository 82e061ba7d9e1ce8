import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// Saving under a format that cannot hold the whole list (issue 13, point 8): what it cannot hold
/// is said in one line and written only after `y`; `n` goes back to the name prompt; nothing is
/// written before the answer; afterwards the editor holds the list as written, and `u` gives
/// back what was dropped.
@MainActor
@Suite struct SaveAsLossTests {
    static let plan = "# Tasks\n\nA note.\n\n- [ ] one\n  - [x] two\n- three\n\n## Later\n- four\n"

    @Test func asksWithWhatItCannotHoldAndNGoesBackToTheName() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 120, height: 20)
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/plan.txt")
        h.press(.enter)
        #expect(h.screen.contains("plan.txt cannot hold 2 sections, 2 section titles, 1 nested row, 1 open checkbox, 1 passage: save anyway? (y/n)"))
        #expect(!FileAccess.exists(h.folder.path + "/plan.txt"))
        h.press(.char("n"))
        #expect(h.editor.keyMode == .entry && h.screen.contains("Save as") && h.screen.contains("plan.txt"))
        #expect(!FileAccess.exists(h.folder.path + "/plan.txt"))
        h.press(.enter, .char("y"))
        #expect(h.folder.text("plan.txt") == "one\nx two\nthree\nfour\n")
        #expect(h.file == Self.plan)
        #expect(h.screen.contains("Saved plan.txt without what it cannot hold (u brings it back)"))
        #expect(h.editor.model.contents.map(\.rows) == [["one", "two", "three", "four"]])
        #expect(!h.editor.isModified && h.editor.document.format == .plainText)
        // Undo gives back the sections, nesting and passage, unsaved; saving asks again.
        h.press(.char("u"))
        #expect(h.editor.model.sections.count == 2 && h.editor.isModified)
        h.press(.char("s"))
        #expect(h.screen.contains("plan.txt cannot hold 2 sections"))
        h.press(.escape)
        #expect(h.screen.contains("Not saved"))
        #expect(h.folder.text("plan.txt") == "one\nx two\nthree\nfour\n")
        h.press(.ctrl("r"))
        #expect(h.editor.model.contents.map(\.rows) == [["one", "two", "three", "four"]] && !h.editor.isModified)
    }

    /// Losses are asked first, then the overwrite of a file that exists; `y` to both writes.
    @Test func thenAsksBeforeOverwriting() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 100, height: 20)
        h.folder.file("keep.json", "{}")
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/keep.json")
        h.press(.enter)
        #expect(h.screen.contains("keep.json cannot hold 1 passage, 2 heading levels: save anyway? (y/n)"))
        h.press(.char("y"))
        #expect(h.screen.contains("keep.json exists: overwrite? (y/n)"))
        #expect(h.folder.text("keep.json") == "{}")
        h.press(.char("y"))
        #expect(h.folder.text("keep.json")?.contains(#""title": "Later""#) == true)
        #expect(h.folder.text("keep.json")?.contains("A note.") == false)
    }

    /// A narrow window: the list is cut with `…`, the question always shows.
    @Test func theQuestionAlwaysShows() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 60, height: 20)
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/p.txt")
        h.press(.enter)
        #expect(h.screen.contains("p.txt cannot hold 2 sections, …: save anyway? (y/n)"))
    }

    /// A row's line break cannot be written to plain text at all: the format's reason naming
    /// the row, no question, nothing written. (Markdown holds it as the lines of the item's
    /// first paragraph, issue 28; a title's line break it cannot hold.)
    @Test func aLineBreakRefusesWithoutAsking() throws {
        let h = try Harness(#"{"sections": [{"title": "T", "rows": ["two\nlines", {"text": "x", "level": 1}]}]}"#, name: "t.json", width: 100)
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/t.txt")
        h.press(.enter)
        #expect(!h.screen.contains("save anyway"))
        #expect(h.screen.contains("line break (in row 0 of section 0)"), "\(h.screen)")
        #expect(!FileAccess.exists(h.folder.path + "/t.txt"))
        #expect(h.editor.document.format == .json)
        // A title's line break: Markdown refuses too.
        let titled = try Harness(#"{"sections": [{"title": "Two\nlines", "rows": ["x"]}]}"#, name: "t.json", width: 100)
        titled.press(.char("S"), .ctrl("u"))
        titled.type(titled.folder.path + "/t.md")
        titled.press(.enter)
        #expect(titled.screen.contains("line break"), "\(titled.screen)")
        #expect(!FileAccess.exists(titled.folder.path + "/t.md"))
        // Into Markdown the row's lines are its item's paragraph.
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/t.md")
        h.press(.enter)
        #expect(h.folder.text("t.md")?.contains("- two\n  lines\n  - x\n") == true, "\(h.screen)")
    }

    /// Saving into the same format asks nothing.
    @Test func theSameFormatAsksNothing() throws {
        let h = try Harness(Self.plan, name: "plan.md", width: 100, height: 20)
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/copy.md")
        h.press(.enter)
        #expect(h.folder.text("copy.md") == Self.plan)
    }
}
