import Testing
import TerminalUI
import TestSupport

/// Renaming a row to empty text changes nothing and says which key deletes the row instead.
@MainActor
@Suite struct EmptyRenameTests {
    @Test func anEmptyRenameSaysWhatDeletes() throws {
        let h = try Harness("# T\n- one\n", name: "t.md", width: 60)
        h.press(.char("r"), .ctrl("u"), .enter)
        #expect(h.screen.contains("Empty text: d deletes the row"), "\(h.screen)")
        #expect(h.editor.model.contents[0].rows == ["one"])
        h.press(.char("e"), .char("r"), .ctrl("u"), .enter)
        #expect(h.screen.contains("Empty text: - deletes the row"), "\(h.screen)")
    }
}
