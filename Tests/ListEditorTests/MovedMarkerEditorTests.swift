import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI

/// In the editor, rows moved with `K` (alone or selected) into a list of another marker take its
/// marker, and the list's own rows keep theirs (docs/file-formats.md, "Saving"); the marks shown
/// are those saved.
@MainActor
struct MovedMarkerEditorTests {
    func cursor(_ h: Harness, on text: String) {
        for (s, section) in h.editor.model.sections.enumerated() {
            for r in 0..<section.rows.count where section.rows[r].text == text {
                h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: s)))))
                return
            }
        }
        Issue.record("no row \(text)")
    }

    @Test("K K moves x into a one-item bullet list: the file reads * x, * one")
    func intoAOneItemList() throws {
        let text = "# A\n\n* one\n\n# B\n\n1. x\n2. y\n"
        let h = try Harness(text, name: "m.md", width: 100, height: 30)
        cursor(h, on: "x")
        h.press(.char("K"), .char("K"), .char("s"))
        #expect(h.file == "# A\n\n* x\n* one\n\n# B\n\n1. y\n")
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == text)
    }

    @Test("A selection of two moved between a list's two items takes its marker")
    func aSelectionBetweenTwoItems() throws {
        let text = "# A\n\n* one\n* two\n\n# B\n\n1. x\n2. y\n3. z\n"
        let h = try Harness(text, name: "m.md", width: 100, height: 30)
        cursor(h, on: "x")
        h.press(.char("e"), .char("v"), .down, .char("v"), .char("K"), .char("K"), .char("e"), .char("s"))
        #expect(h.file == "# A\n\n* one\n* x\n* y\n* two\n\n# B\n\n1. z\n")
    }
}
