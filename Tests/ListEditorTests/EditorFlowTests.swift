import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TableRendering
import TestSupport

/// What the editor does to the file: edits, undo and redo, saving and quitting.
@MainActor
@Suite struct EditorFlowTests {
    let original = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    @Test func reorderAcrossSectionsAndSave() throws {
        let h = try Harness()
        // Eggs down past Bread and the placeholder into Hardware, between Screws and Wood glue.
        h.press(.down, .char("e"), .char(" "), .down, .down, .down, .down, .enter, .char("e"), .char("s"))
        #expect(h.file == "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Eggs\n- Wood glue\n")
        #expect(!h.editor.isModified)
    }

    @Test func dropBelowTheLastRowLandsAboveThePlaceholder() throws {
        let h = try Harness()
        h.press(.char("e"), .char(" "))       // Milk
        for _ in 0..<3 { h.press(.down) }     // past Eggs and Bread, onto the placeholder
        #expect(h.editor.tableView.rowDrag?.destination == IndexPath(row: 2, section: 0))
        h.press(.enter, .char("e"), .char("s"))
        #expect(h.file == "# Groceries\n- Eggs\n- Bread\n- Milk\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func moveASection() throws {
        let h = try Harness()
        h.press(.up, .char("e"), .enter, .down, .enter, .char("s"))
        #expect(h.file == "# Hardware\n- Screws\n- Wood glue\n\n# Groceries\n- Milk\n- Eggs\n- Bread\n")
    }

    @Test func deleteAddRenameInBothModes() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)                            // swipe-delete Milk
        h.press(.char("a")); h.type("Tea"); h.press(.enter)   // after the cursor (Eggs)
        h.press(.char("r"), .ctrl("u")); h.type("Green tea"); h.press(.enter)
        h.press(.char("e"), .down, .down, .char("+")); h.type("Rice"); h.press(.enter)
        h.press(.down, .down, .char("x"), .char("y"))         // delete Screws
        h.press(.escape)
        h.press(.char("A")); h.type("Books"); h.press(.enter)
        h.press(.char("s"))
        #expect(h.file == "# Groceries\n- Eggs\n- Green tea\n- Bread\n- Rice\n\n# Hardware\n- Wood glue\n\n# Books\n")
    }

    @Test func undoEverythingGivesBackTheFileByteForByte() throws {
        let odd = "# Groceries\r\n- Milk\r\n- Eggs\r\n\r\n\r\n# Hardware\r\n- Screws\r\n"
        let h = try Harness(odd)
        h.press(.down, .char("d"), .enter)
        h.press(.char("a")); h.type("Tea"); h.press(.enter)
        h.press(.char("e"), .char("J"), .up, .up, .up, .enter, .down, .enter, .escape)
        h.press(.char("A")); h.type("New"); h.press(.enter)
        #expect(h.editor.isModified)
        for _ in 0..<20 { h.press(.char("u")) }
        #expect(!h.editor.isModified)
        h.press(.char("s"))
        #expect(h.file == odd)
        for _ in 0..<20 { h.press(.ctrl("r")) }
        #expect(h.editor.isModified)
        for _ in 0..<20 { h.press(.char("u")) }
        #expect(!h.editor.isModified)
    }

    @Test func undoPutsTheCursorOnTheChangedRow() throws {
        let h = try Harness()
        h.press(.down, .down, .char("d"), .enter, .home)
        h.press(.char("u"))
        #expect(h.editor.tableView.focus == .row(IndexPath(row: 2, section: 0)))
        #expect(h.grid.cursor?.y == 4)
    }

    @Test func quitWithAndWithoutSaving() throws {
        let a = try Harness()
        a.press(.down, .char("d"), .enter, .char("q"))
        #expect(!a.editor.wantsQuit)
        a.press(.escape)
        #expect(!a.editor.wantsQuit)
        a.press(.char("q"), .char("n"))
        #expect(a.editor.wantsQuit)
        #expect(a.file == original)

        let b = try Harness()
        b.press(.down, .char("d"), .enter, .char("q"), .char("y"))
        #expect(b.editor.wantsQuit)
        #expect(b.file == "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")

        let c = try Harness()
        c.press(.char("q"))
        #expect(c.editor.wantsQuit)
    }

    @Test func saveRefusedOnAReadOnlyFolderKeepsEverything() throws {
        let h = try Harness()
        h.press(.down, .char("d"), .enter)
        chmod(h.folder.path, 0o500)
        defer { chmod(h.folder.path, 0o700) }
        h.press(.char("s"))
        if getuid() != 0 {
            #expect(h.editor.isModified)
            #expect(h.screen.contains("cannot save"))
            #expect(h.file == original)
        }
        #expect(h.editor.model.contents.map(\.rows) == [["Milk", "Bread"], ["Screws", "Wood glue"]])
    }

    @Test func saveToAMissingFolderShowsTheErrorAndKeepsTheDocument() throws {
        let h = try Harness(width: 120)
        h.press(.down, .char("d"), .enter)
        h.editor.setPath(h.folder.path + "/gone/list.md")
        h.press(.char("s"))
        #expect(h.screen.contains("does not exist"))
        #expect(h.editor.isModified)
    }

    @Test func fileChangedOnDiskAsksBeforeOverwriting() throws {
        let h = try Harness()
        h.press(.down, .char("d"), .enter)
        h.folder.file("groceries.md", "- someone else\n")
        h.press(.char("s"))
        // 44 columns: the question is cut, its answers are not.
        #expect(h.screen.contains("groceries.md changed on…: overwrite? (y/n)"), "\(h.screen)")
        h.press(.char("n"))
        #expect(h.file == "- someone else\n")
        h.press(.char("s"), .char("y"))
        #expect(h.file == "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    /// Save as onto a file that exists asks first; `n` leaves that file alone, `y` replaces it.
    @Test func saveAsOntoAnExistingFileAsks() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let keep = folder.file("keep.md", "- precious\n")
        let editor = ListEditor.started(document: ListDocument(model: ListModel(sections: [("", ["milk"])])), animations: false)
        editor.send(.resize(width: 60, height: 10))
        func type(_ text: String) { for c in text { editor.send(.key(.char(c))) } }
        editor.send(.key(.char("s")))
        type(keep)
        editor.send(.key(.enter))
        #expect(editor.render(width: 60, height: 10).screenshot.contains("keep.md exists: overwrite? (y/n)"))
        // `n`: back to the name prompt, the name prefilled; another name saves there.
        editor.send(.key(.char("n")))
        #expect(folder.text("keep.md") == "- precious\n")
        #expect(editor.keyMode == .entry)
        #expect(editor.render(width: 60, height: 10).screenshot.contains("Save as"))
        editor.send(.key(.ctrl("u")))
        type(folder.path + "/other.md")
        editor.send(.key(.enter))
        #expect(folder.text("other.md") == "- milk\n")
        #expect(editor.displayName == "other.md")
        // Save as (`S`) from a named list, onto keep.md: `y` replaces it.
        editor.send(.key(.char("S")))
        #expect(editor.keyMode == .entry)
        editor.send(.key(.ctrl("u")))
        type(keep)
        editor.send(.key(.enter))
        editor.send(.key(.char("y")))
        #expect(folder.text("keep.md") == "- milk\n")
        #expect(editor.displayName == "keep.md")
        #expect(!editor.isModified)
    }

    /// `S` on a named list writes a new file, which the editor edits from then on; the old one
    /// stays as it was.
    @Test func saveAsFromANamedList() throws {
        let h = try Harness()
        h.press(.down, .char("d"), .enter, .char("S"))
        #expect(h.screen.contains("Save as"))
        h.press(.ctrl("u"))
        h.type(h.folder.path + "/copy.md")
        h.press(.enter)
        #expect(h.folder.text("copy.md") == "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        #expect(h.file == original)
        #expect(h.screen.contains("Saved copy.md"))
        h.press(.char("a")); h.type("Tea"); h.press(.enter, .char("s"))
        #expect(h.folder.text("copy.md")?.contains("- Tea\n") == true)
        #expect(h.file == original)
    }

    /// Esc at the name prompt saves nothing and says so.
    @Test func saveAsCancelled() throws {
        let h = try Harness()
        h.press(.char("S"), .escape)
        #expect(h.screen.contains("Not saved"))
        #expect(h.editor.keyMode == .normal)
    }

    @Test func headerMarkFollowsTheModifiedState() throws {
        let h = try Harness()
        #expect(h.screen.split(separator: "\n")[0].contains("groceries.md") && !h.screen.split(separator: "\n")[0].contains("*"))
        h.press(.down, .char("d"), .enter)
        #expect(h.screen.split(separator: "\n")[0].contains("groceries.md *"))
        h.press(.char("u"))
        #expect(!h.screen.split(separator: "\n")[0].contains("*"))
    }

    @Test func mouseClickEditDeleteAndDrag() throws {
        let h = try Harness()
        let lines = h.screen.split(separator: "\n", omittingEmptySubsequences: false)
        let editX = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "Edit")!.lowerBound) - 1
        // Each click lands on what the last frame drew (the run loop draws after every event).
        func click(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) {
            h.editor.send(.mouse(MouseEvent(kind, x: x, y: y)))
            _ = h.screen
        }
        click(.press, editX, 0)
        #expect(h.editor.tableView.isEditing)
        // Press the handle of Milk (screen row 2) and drag it two rows down.
        click(.press, h.width - 4, 2)
        #expect(h.editor.tableView.rowDrag != nil)
        click(.drag, h.width - 4, 4)
        click(.release, h.width - 4, 4)
        #expect(h.editor.model.contents[0].rows == ["Eggs", "Bread", "Milk"])
        // The delete control, then the Delete button.
        click(.press, 3, 2)
        #expect(h.editor.tableView.deleteConfirmation == IndexPath(row: 0, section: 0))
        click(.press, h.width - 5, 2)
        #expect(h.editor.model.contents[0].rows == ["Bread", "Milk"])
    }
}
