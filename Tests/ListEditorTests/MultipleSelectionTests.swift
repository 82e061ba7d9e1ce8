import Testing
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Multiple selection in edit mode, copy and paste, against plain reference models and the saved
/// file's bytes.
@MainActor
@Suite struct MultipleSelectionTests {
    /// Two sections, four rows and two: the 6-row table of the exhaustive tests.
    static let six = "# A\n- a\n- b\n- c\n- d\n\n# B\n- e\n- f\n"

    /// The rows of each section, as texts.
    static func rows(_ e: ListEditor) -> [[String]] { e.model.sections.map { $0.rows.map(\.text) } }

    /// The file a list of two sections A and B is saved as (the blank line after A's list goes
    /// with its last item).
    static func file(_ rows: [[String]]) -> String {
        // The blank line before `# B` stays when A empties (docs/file-formats.md, "Blank lines").
        "# A\n" + rows[0].map { "- \($0)\n" }.joined() + "\n# B\n" + rows[1].map { "- \($0)\n" }.joined()
    }

    /// Puts the cursor on row `r` of section `s` (from the top: header A, its rows, header B…).
    static func go(_ h: Harness, to p: IndexPath) {
        h.press(.home)
        let line = p.section == 0 ? 1 + p.row : 1 + 4 + 1 + (h.editor.tableView.isEditing ? 1 : 0) + p.row
        for _ in 0..<line { h.press(.down) }
    }

    @Test func vTogglesRowsAndTheMarksShow() throws {
        let h = try Harness()
        h.press(.char("e"), .char("v"), .down, .down, .char("v"))
        #expect(h.editor.tableView.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
        assertGolden(h.screen, "selection")
        h.press(.char("v"))
        #expect(h.editor.tableView.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
        // Esc clears the selection first; the next Esc is Done.
        h.press(.escape)
        #expect(h.editor.tableView.indexPathsForSelectedRows == nil)
        #expect(h.editor.tableView.isEditing)
        h.press(.escape)
        #expect(!h.editor.tableView.isEditing)
    }

    @Test func theMarksAreAsciiWithoutUTF8() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("g.md", "# G\n- Milk\n- Eggs\n")
        let editor = ListEditor(document: try .open(path), theme: .ascii, animations: false)
        for k: Key in [.char("e"), .char("v")] { editor.send(.key(k)) }
        assertGolden(editor.render(width: 40, height: 8).screenshot, "selection-ascii")
    }

    @Test func leavingEditModeClearsTheSelection() throws {
        let h = try Harness()
        h.press(.char("e"), .char("v"), .char("e"))
        #expect(h.editor.tableView.indexPathsForSelectedRows == nil)
        h.press(.char("e"))
        #expect(h.editor.tableView.indexPathsForSelectedRows == nil)
    }

    @Test func headersPlaceholdersAndPassagesCannotBeSelected() throws {
        let h = try Harness("# A\n- a\n\nA note.\n")
        h.press(.char("e"), .up, .char("v"))
        #expect(h.editor.statusMessage == "Not on a row")
        h.press(.down, .down, .char("v"))
        #expect(h.editor.statusMessage?.contains("passage cannot be selected") == true)
        h.press(.down, .char("v"))
        #expect(h.editor.statusMessage == "Add item cannot be selected")
        #expect(h.editor.tableView.indexPathsForSelectedRows == nil)
    }

    /// Every selection of the 6-row table dropped at every place the held row can be shown:
    /// the rows land where the held row is shown, in their order, as the reference says (the list
    /// as shown while dragging, the other moving rows taken out, the held row replaced by all of
    /// them); the save writes exactly that; undo gives the list back, the same rows selected.
    @Test func everySelectionDroppedEverywhereGathersInOrder() throws {
        let original = [["a", "b", "c", "d"], ["e", "f"]]
        let all = [0, 1, 2, 3].map { IndexPath(row: $0, section: 0) } + [0, 1].map { IndexPath(row: $0, section: 1) }
        var checked = 0
        for mask in 1..<(1 << 6) {
            let chosen = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
            let chosenTexts = chosen.map { original[$0.section][$0.row] }
            let h = try Harness(Self.six, width: 40, height: 20)
            h.press(.char("e"))
            for p in chosen { Self.go(h, to: p); h.press(.char("v")) }
            var seen: Set<IndexPath> = []
            // Destinations: the held row stepped up to the top, then down one step at a time.
            for steps in 0..<10 {
                h.press(.char(" "))
                guard let drag = h.editor.tableView.rowDrag else { Issue.record("nothing picked up for \(chosenTexts)"); break }
                #expect(drag.source == chosen[0])
                for _ in 0..<8 { h.press(.up) }
                for _ in 0..<steps { h.press(.down) }
                let shown = h.editor.tableView.rowDrag!.destination
                guard seen.insert(shown).inserted else { h.press(.escape); continue }
                // The reference: the list as shown, the other chosen rows out, the held one as all.
                let lead = chosenTexts[0]
                var display = original
                display[chosen[0].section].remove(at: chosen[0].row)
                display[shown.section].insert(lead, at: shown.row)
                var expected = display.map { $0.filter { !chosenTexts.contains($0) || $0 == lead } }
                let at = expected[shown.section].firstIndex(of: lead)!
                expected[shown.section].replaceSubrange(at...at, with: chosenTexts)
                h.press(.char(" "))
                #expect(Self.rows(h.editor) == expected, "selection \(chosenTexts) dropped at \(shown)")
                func selectedTexts() -> [String] {
                    (h.editor.tableView.indexPathsForSelectedRows ?? []).map { Self.rows(h.editor)[$0.section][$0.row] }.sorted()
                }
                // The moved rows stay selected.
                #expect(selectedTexts() == chosenTexts.sorted())
                h.press(.char("s"))
                #expect(h.file == Self.file(expected))
                h.press(.char("u"))
                #expect(Self.rows(h.editor) == original)
                #expect(selectedTexts() == chosenTexts.sorted())
                checked += 1
            }
            // Every slot: 4 in A and 3 in B for a row of A, 5 in A and 2 in B for a row of B.
            #expect(seen.count == 7, "\(chosenTexts): \(seen.sorted())")
        }
        #expect(checked == 63 * 7)
    }

    @Test func nestedRowsGoWithTheirSelectedParent() throws {
        let h = try Harness("# A\n- a\n  - a1\n  - a2\n- b\n- c\n", width: 40, height: 16)
        h.press(.char("e"), .char("v"), .char(" "), .down, .down, .char(" "))
        #expect(Self.rows(h.editor) == [["b", "c", "a", "a1", "a2"]])
        h.press(.char("s"))
        #expect(h.file == "# A\n- b\n- c\n- a\n  - a1\n  - a2\n")
    }

    @Test func deletingTheSelectionAsksOnceAndIsOneUndoStep() throws {
        let h = try Harness(Self.six, width: 60, height: 20)
        h.press(.char("e"))
        for p in [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0), IndexPath(row: 0, section: 1)] {
            Self.go(h, to: p)
            h.press(.char("v"))
        }
        h.press(.char("x"))
        assertGolden(h.screen, "selection-delete-prompt")
        h.press(.char("n"))
        #expect(Self.rows(h.editor) == [["a", "b", "c", "d"], ["e", "f"]])
        h.press(.char("x"), .char("y"))
        #expect(Self.rows(h.editor) == [["a", "c"], ["f"]])
        #expect(h.editor.tableView.indexPathsForSelectedRows == nil)
        h.press(.char("s"))
        #expect(h.file == "# A\n- a\n- c\n\n# B\n- f\n")
        // The deleted rows are in the register: p puts them back after the cursor.
        Self.go(h, to: IndexPath(row: 0, section: 1))
        h.press(.char("p"))
        #expect(Self.rows(h.editor) == [["a", "c"], ["f", "b", "d", "e"]])
        h.press(.char("u"), .char("u"))
        #expect(Self.rows(h.editor) == [["a", "b", "c", "d"], ["e", "f"]])
    }

    /// Real-shaped Markdown (a passage, rows nested two deep, an item holding a paragraph and a
    /// code block), as `listedit-bench --real` selects in it: `v` refuses the passage, a selected
    /// row takes its nested rows (5 rows go for 2 selected), and undo gives every row back with
    /// its level and the file's bytes, also after a save (the section is then written as the
    /// file had it before the save: docs/file-formats.md, "Saving").
    @Test(arguments: [false, true])
    func deletingASelectionWithNestedRowsUndoesToTheSameFile(savedBetween: Bool) throws {
        let text = "# A\n\nNotes with *emphasis*.\n\n- [ ] a\n  - a1\n    - a2\n- b\n\n  A paragraph inside.\n\n  ```\n  code()\n  ```\n\n- c\n  - c1\n- d\n"
        let h = try Harness(text, width: 60, height: 24)
        func rows() -> [String] { h.editor.model.sections[0].rows.map { "\($0.level) \($0.text)" } }
        let before = rows()
        func at(_ t: String) -> IndexPath {
            IndexPath(row: h.editor.model.sections[0].rows.firstIndex { $0.text.hasPrefix(t) }!, section: 0)
        }
        h.press(.char("e"))
        let passage = IndexPath(row: h.editor.model.sections[0].rows.firstIndex { $0.isPassage }!, section: 0)
        for p in [passage, at("a"), at("c")] {
            h.editor.controller.perform(.moveCursor(.to(.row(p))))
            h.press(.char("v"))
        }
        #expect(h.editor.tableView.indexPathsForSelectedRows == [at("a"), at("c")])
        h.press(.char("x"), .char("y"))
        #expect(h.editor.statusMessage == "Deleted 5 rows")
        #expect(Self.rows(h.editor)[0].filter { !$0.hasPrefix("Notes") } == ["b", "d"])
        if savedBetween { h.press(.char("s")) }
        h.press(.char("u"), .char("s"))
        #expect(rows() == before)
        #expect(h.file == text)
    }

    @Test func kAndJMoveEachSelectedRowOneStep() throws {
        let h = try Harness(Self.six, width: 40, height: 20)
        h.press(.char("e"))
        for p in [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)] { Self.go(h, to: p); h.press(.char("v")) }
        h.press(.char("K"))
        #expect(Self.rows(h.editor) == [["b", "a", "d", "c"], ["e", "f"]])
        h.press(.char("K"))
        #expect(Self.rows(h.editor) == [["b", "d", "a", "c"], ["e", "f"]])
        h.press(.char("J"), .char("J"))
        #expect(Self.rows(h.editor) == [["a", "c", "b", "d"], ["e", "f"]])
        h.press(.char("u"))
        #expect(Self.rows(h.editor) == [["a", "b", "d", "c"], ["e", "f"]])
        // At the section's end the block goes into the next section (as one row does), and on.
        h.press(.char("J"), .char("J"))
        #expect(Self.rows(h.editor) == [["a", "c"], ["b", "d", "e", "f"]])
        h.press(.char("J"), .char("J"))
        #expect(Self.rows(h.editor) == [["a", "c"], ["e", "f", "b", "d"]])
        h.press(.char("J"))
        #expect(h.editor.statusMessage == "The selected rows cannot go further")
        // And back up into the section above, at its end.
        h.press(.char("K"), .char("K"), .char("K"))
        #expect(Self.rows(h.editor) == [["a", "c", "b", "d"], ["e", "f"]])
        h.press(.char("u"))
        #expect(Self.rows(h.editor) == [["a", "c"], ["b", "d", "e", "f"]])
    }

    @Test func cTogglesEverySelectedCheckbox() throws {
        let h = try Harness("# A\n- [ ] a\n- b\n- [x] c\n", width: 40, height: 12)
        h.press(.char("e"), .char("v"), .down, .char("v"), .down, .char("v"), .char("c"))
        h.press(.char("s"))
        #expect(h.file == "# A\n- [x] a\n- [x] b\n- [x] c\n")
        h.press(.char("c"), .char("s"))
        #expect(h.file == "# A\n- [ ] a\n- [ ] b\n- [ ] c\n")
        h.press(.char("u"), .char("u"), .char("s"))
        #expect(h.file == "# A\n- [ ] a\n- b\n- [x] c\n")
    }

    @Test func yCopiesTheRowWithItsNestedRowsAndPPastes() throws {
        let h = try Harness("# A\n- a\n  - [x] a1\n- b\n", width: 40, height: 12)
        h.press(.char("y"))
        #expect(h.editor.statusMessage == "Copied 2 rows")
        h.press(.end, .char("p"))
        h.press(.char("s"))
        #expect(h.file == "# A\n- a\n  - [x] a1\n- b\n- a\n  - [x] a1\n")
        h.press(.home, .down, .down, .down, .char("P"), .char("s"))
        #expect(h.file == "# A\n- a\n  - [x] a1\n- a\n  - [x] a1\n- b\n- a\n  - [x] a1\n")
    }

    @Test func aDeletedRowCanBePastedBack() throws {
        let h = try Harness("# A\n- a\n- b\n- c\n", width: 40, height: 12)
        h.press(.char("d"), .char("y"))
        #expect(Self.rows(h.editor) == [["b", "c"]])
        h.press(.down, .char("p"), .char("s"))
        #expect(h.file == "# A\n- b\n- c\n- a\n")
    }

    @Test func yConfirmsOnlyWhileADeleteButtonOrPromptShows() throws {
        let h = try Harness("# A\n- a\n- b\n", width: 40, height: 12)
        h.press(.char("e"), .char("-"), .char("y"))
        #expect(Self.rows(h.editor) == [["b"]])
        h.press(.char("y"))
        #expect(h.editor.statusMessage == "Copied 1 row")
        #expect(Self.rows(h.editor) == [["b"]])
    }

    @Test func pasteWithAnEmptyRegisterSaysWhy() throws {
        let h = try Harness()
        h.press(.char("p"))
        #expect(h.editor.statusMessage?.hasPrefix("Nothing to paste") == true)
    }

    @Test func deletingASectionAsksAndDropsItsBytes() throws {
        let h = try Harness("# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n", width: 60, height: 20)
        h.press(.char("e"))
        // Apple, Add item, header Veg.
        h.press(.down, .down)
        h.press(.char("-"))
        assertGolden(h.screen, "section-delete-prompt")
        h.press(.char("y"))
        #expect(h.editor.model.sections.map(\.title) == ["Fruit", "Bread"])
        h.press(.char("s"))
        #expect(h.file == "# Fruit\n- Apple\n\n# Bread\n- Rye\n")
        // Undo puts it back (before a save: see docs/keys.md on undo after saving).
        let h2 = try Harness("# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n", width: 60, height: 20)
        h2.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("u"), .char("s"))
        #expect(h2.file == "# Fruit\n- Apple\n\n# Veg\n- Kale\n- Leek\n\nA note.\n\n# Bread\n- Rye\n")
        #expect(h2.editor.model.sections.map(\.title) == ["Fruit", "Veg", "Bread"])
    }

    @Test func aClickOnTheMarkTogglesIt() throws {
        let h = try Harness()
        h.press(.char("e"), .char("v"))
        _ = h.screen
        // The mark of the second row (Eggs), where the renderer drew it.
        let eggs = IndexPath(row: 1, section: 0)
        let spot = (0..<h.width).flatMap { x in (0..<h.height).map { (x, $0) } }
            .first { h.editor.renderer.hit(x: $0.0, y: $0.1) == .selectionControl(eggs) }
        let (x, y) = try #require(spot)
        h.editor.send(.mouse(MouseEvent(.press, x: x, y: y)))
        #expect(h.editor.tableView.indexPathsForSelectedRows?.count == 2)
        _ = h.screen
        h.editor.send(.mouse(MouseEvent(.press, x: x, y: y)))
        #expect(h.editor.tableView.indexPathsForSelectedRows?.count == 1)
    }
}
