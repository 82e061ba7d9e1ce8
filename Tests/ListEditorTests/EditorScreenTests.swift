import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Golden screens of every state of the editor.
@MainActor
@Suite struct EditorScreenTests {
    @Test func normalMode() throws {
        let h = try Harness()
        h.press(.down, .down)
        assertGolden(h.screen, "normal")
    }

    @Test func editMode() throws {
        let h = try Harness()
        h.press(.down, .char("e"))
        assertGolden(h.screen, "edit")
    }

    @Test func draggingARow() throws {
        let h = try Harness()
        h.press(.down, .char("e"), .char(" "), .down, .down, .down)
        assertGolden(h.screen, "dragging-row")
    }

    @Test func draggingASection() throws {
        let h = try Harness()
        h.press(.up, .char("e"), .char(" "), .down)
        assertGolden(h.screen, "dragging-section")
    }

    @Test func confirmingADelete() throws {
        let h = try Harness()
        h.press(.down, .down, .char("e"), .char("-"))
        assertGolden(h.screen, "confirming-delete")
    }

    @Test func swipedRow() throws {
        let h = try Harness()
        h.press(.down, .char("d"))
        assertGolden(h.screen, "swiped")
    }

    @Test func addModal() throws {
        let h = try Harness()
        h.press(.down, .char("a"))
        h.type("Oat milk 🥛")
        assertGolden(h.screen, "add-modal")
    }

    @Test func quitPrompt() throws {
        let h = try Harness()
        h.press(.down, .char("d"), .char("d"), .char("q"))
        assertGolden(h.screen, "quit-prompt")
    }

    @Test func help() throws {
        let h = try Harness()
        h.press(.char("?"))
        assertGolden(h.screen, "help-normal")
        h.press(.escape, .char("e"), .char("?"))
        assertGolden(h.screen, "help-edit")
    }

    /// Help lists only what works for the open file: plain text holds no sections, so `A` (add a
    /// section) is not there; Markdown lists it.
    @Test func helpForPlainTextHasNoAddSection() throws {
        let text = try Harness("Milk\nEggs\n", name: "list.txt", width: 60, height: 24)
        text.press(.char("?"))
        #expect(text.screen.contains("add a row"))
        #expect(!text.screen.contains("add a section"))
        let markdown = try Harness(width: 60, height: 24)
        markdown.press(.char("?"))
        #expect(markdown.screen.contains("A               add a section"))
    }

    @Test func emptyFileAndTinyWindows() throws {
        let h = try Harness("", width: 20, height: 2)
        assertGolden(h.screen, "empty-tiny")
        let one = try Harness(width: 1, height: 1)
        #expect(one.grid.width == 1)
    }
}

/// Small things a newcomer meets first.
@MainActor
@Suite struct FirstMeetingTests {
    @Test func anEmptyListSaysWhatToPress() throws {
        let h = try Harness("", width: 60, height: 10)
        #expect(h.screen.contains("Empty list: a adds a row, A a section"))
        h.press(.char("a")); h.type("Milk"); h.press(.enter)
        #expect(!h.screen.contains("Empty list"))
    }

    @Test func plainTextSaysWhyItHasNoSecondSection() throws {
        let h = try Harness("Milk\nEggs\n", name: "todo.txt", width: 110, height: 10)
        h.press(.char("A"))
        #expect(h.editor.keyMode == .normal)
        #expect(h.screen.contains("todo.txt is plain text, which holds one list: save as .md (S) to add sections"))
        #expect(h.editor.model.sections.count == 1)
    }

    /// An empty .txt refuses `A` at once, not at save (a new one: `aNewPlainTextFileRefusesASectionAtOnce`).
    @Test func anEmptyPlainTextFileRefusesASectionAtOnce() throws {
        let h = try Harness("", name: "todo.txt", width: 110, height: 10)
        #expect(!h.screen.contains("A a section"))
        h.press(.char("A"))
        #expect(h.editor.keyMode == .normal)
        #expect(h.screen.contains("todo.txt is plain text, which holds one list: save as .md (S) to add sections"))
        #expect(h.editor.model.sections.count <= 1 && h.editor.model.sections.allSatisfy(\.title.isEmpty))
    }
}
