import Testing
import TerminalUI
import TestSupport

/// `Space` toggles tasks only; `c` (config name `check`) checks or unchecks any row, making a
/// plain item a checked task; on a selection `c` checks all if any is unchecked or not a task,
/// else unchecks all.
@MainActor
@Suite struct TaskKeysTests {
    static let text = "# Todo\n- [ ] Call Bob\n- plain note\n- [x] Paid rent\n"

    /// Space on a task toggles only its box; on a plain item it changes nothing and says why.
    @Test func spaceTogglesTasksOnly() throws {
        let h = try Harness(Self.text, name: "todo.md", width: 60)
        h.press(.char(" "))                         // Call Bob (the cursor starts on the first row)
        h.press(.down, .char(" "))                  // plain note: refused
        #expect(h.screen.contains("Not a task: c adds a checkbox"))
        h.press(.down, .char(" "))                  // Paid rent
        h.press(.char("s"))
        #expect(h.file == "# Todo\n- [x] Call Bob\n- plain note\n- [ ] Paid rent\n")
        h.press(.char("u"))
        #expect(h.screen.contains("Paid rent"))
    }

    /// `c` makes a plain item a checked task and toggles tasks, in normal and in edit mode.
    @Test func cChecksAnyRow() throws {
        let h = try Harness(Self.text, name: "todo.md", width: 60)
        h.press(.down, .char("c"))                  // plain note becomes [x]
        h.press(.char("e"), .down, .char("c"), .char("e"))   // Paid rent unchecked in edit mode
        h.press(.char("s"))
        #expect(h.file == "# Todo\n- [ ] Call Bob\n- [x] plain note\n- [ ] Paid rent\n")
    }

    /// On a selection, `c` checks every row if any is unchecked or not a task, else unchecks all.
    @Test func cOnASelection() throws {
        let h = try Harness(Self.text, name: "todo.md", width: 60)
        h.press(.char("e"), .char("v"), .down, .char("v"), .down, .char("v"), .char("c"))
        #expect(h.screen.contains("Checked 3 rows"))
        h.press(.char("c"))
        #expect(h.screen.contains("Unchecked 3 rows"))
        h.press(.char("c"), .char("s"))
        #expect(h.file == "# Todo\n- [x] Call Bob\n- [x] plain note\n- [x] Paid rent\n")
    }

    /// In plain text every row is a task: Space checks a row (`x `) and unchecks it again.
    @Test func spaceInPlainText() throws {
        let h = try Harness("Milk\nEggs\n", name: "list.txt", width: 60)
        h.press(.char(" "), .char("s"))
        #expect(h.file == "x Milk\nEggs\n")
    }
}
