import Testing
@testable import ListEditor
import ListDocument
import TableKit
import TerminalUI
import TestSupport

/// Undo after a save brings back rows of the file as it was before the save (a deleted section
/// with its passages, items with their continuation lines): the save after writes their bytes
/// back as they were, never a passage as a list item.
@MainActor
@Suite struct UndoAfterSaveTests {
    static let veg = "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note\nover two lines.\n\n```\ncode\n```\n\n# Bread\n- Rye\n"

    @Test func undoingASectionDeleteAfterASaveKeepsItsPassages() throws {
        let h = try Harness(Self.veg, name: "veg.md", width: 60, height: 24)
        h.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("s"))
        #expect(h.file == "# Fruit\n- Apple\n\n# Bread\n- Rye\n")
        h.press(.char("u"))
        let veg = h.editor.model.sections[1]
        #expect(veg.rows.map(\.isPassage) == [false, false, true, true])
        h.press(.char("s"))
        #expect(h.file == Self.veg)
        // Read back, the passages are passages again.
        #expect(h.editor.model.sections[1].rows.map(\.isPassage) == [false, false, true, true])
        // Redo and undo again over the second save.
        h.press(.ctrl("r"), .char("s"))
        #expect(h.file == "# Fruit\n- Apple\n\n# Bread\n- Rye\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == Self.veg)
    }

    @Test func undoingTheDeleteOfTheLastSectionAfterASave() throws {
        let text = "# Fruit\n- Apple\n\n# Veg\n- Kale\n  with a second line\n\n> quoted\n"
        let h = try Harness(text, name: "last.md", width: 60, height: 24)
        h.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("s"))
        #expect(h.file == "# Fruit\n- Apple\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == text)
    }

    @Test func aFileWithoutAFinalNewlineKeepsItsEnd() throws {
        let text = "# Fruit\n- Apple\n\n# Veg\n- Kale\n\nA note.\n\n# Bread\n- Rye"
        let h = try Harness(text, name: "end.md", width: 60, height: 24)
        h.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("s"))
        #expect(h.file == "# Fruit\n- Apple\n\n# Bread\n- Rye")
        h.press(.char("u"), .char("s"))
        #expect(h.file == text)
    }
}

extension UndoAfterSaveTests {
    /// Past the budget of earlier versions (`ListDocument.earlierVersionsBudget`; here none is
    /// kept at all) the version a deleted item came from is dropped at the save, yet undo and a
    /// save write the item with all its lines (continuation, paragraph, nested rows and the text
    /// under them): the editor carried them when the version went. Not byte for byte (that is
    /// what the budget limits): an item written anew has its other lines under its first line,
    /// before its nested rows. Read back, the file is the table shown.
    @Test func undoPastTheBudgetOfEarlierVersionsKeepsTheItemsLines() throws {
        let cases = [
            ("# Veg\n- Kale\n  with a second line\n\n  and a paragraph.\n- Leek\n",
             "# Veg\n- Kale\n  with a second line\n\n  and a paragraph.\n- Leek\n"),
            ("# Veg\n- Kale\n  with a second line\n  - baby kale\n    its own line\n\n  after the nested row.\n- Leek\n",
             "# Veg\n- Kale\n  with a second line\n\n  after the nested row.\n  - baby kale\n    its own line\n- Leek\n"),
        ]
        for (text, expected) in cases {
            let h = try Harness(text, name: "budget.md", width: 60, height: 24)
            h.editor.document.earlierVersionsLimit = 0
            h.press(.char("d"), .char("y"), .char("s"))   // on Kale
            #expect(h.file == "# Veg\n- Leek\n")
            // Another save past the one that deleted it.
            h.press(.char("a"))
            h.type("Okra")
            h.press(.enter, .char("s"))
            #expect(h.file == "# Veg\n- Leek\n- Okra\n")
            h.press(.char("u"), .char("u"), .char("s"))
            #expect(h.file == expected)
            let shown = h.editor.model.contents
            let read = try ListDocument.open(h.path).model.contents
            #expect(read.map(\.title) == shown.map(\.title) && read.map(\.rows) == shown.map(\.rows))
        }
    }

    /// A row of a section brought back across a save, moved into a section read since (their
    /// rows point into different versions of the file), keeps its text and its other lines.
    @Test func aRowMovedOutOfASectionBroughtBackKeepsItsText() throws {
        let text = "# Fruit\n- Apple\n\n# Veg\n- Kale\n  with a second line\n- Leek\n"
        let h = try Harness(text, name: "move.md", width: 60, height: 24)
        h.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("s"))
        h.press(.char("u"), .char("e"))
        // Kale up into Fruit, then Apple down into Veg.
        h.press(.home, .down, .down, .down, .char("K"))
        #expect(h.editor.model.sections.map { $0.rows.map(\.text) } == [["Apple", "Kale"], ["Leek"]])
        h.press(.home, .down, .char("J"), .char("J"))
        #expect(h.editor.model.sections.map { $0.rows.map(\.text) } == [["Kale"], ["Apple", "Leek"]])
        h.press(.char("s"))
        #expect(h.file == "# Fruit\n- Kale\n  with a second line\n\n# Veg\n- Apple\n- Leek\n")
    }
}

extension UndoAfterSaveTests {
    /// Deleted items brought back across saves keep their other lines (the document keeps the
    /// file as it was before its last saves).
    @Test func deletedItemsBroughtBackAcrossSavesKeepTheirLines() throws {
        let text = "# A\n- a\n- b\n  with a second line\n- c\n  > quoted\n  > twice\n- d\n"
        let h = try Harness(text, name: "items.md", width: 60, height: 24)
        h.press(.home, .down, .down, .char("d"), .char("y"), .char("s"))
        #expect(h.file == "# A\n- a\n- c\n  > quoted\n  > twice\n- d\n")
        h.press(.char("d"), .char("y"), .char("s"))
        #expect(h.file == "# A\n- a\n- d\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == "# A\n- a\n- c\n  > quoted\n  > twice\n- d\n")
        h.press(.char("u"), .char("s"))
        #expect(h.file == text)
    }
}
