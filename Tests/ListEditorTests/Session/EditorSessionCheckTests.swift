import ListDocument
import TableKit
import ListStorage
import Testing
import TerminalUI

/// The session test's own checks see what they are for, each on a planted fault: blank lines
/// between untouched sections and after headings, an untouched row rewritten inside an edited
/// list or a blank line put between two (a list turned loose), numbers other than the model's
/// items had, a model breaking the level rule, a table differing from the file, a refusal other
/// than the front matter's, too many skipped batches (also after a failure), a recovery that
/// loses lines (the crash step), an item's other lines or a row's marks written otherwise than
/// the editor held them.
@MainActor
@Suite struct EditorSessionCheckTests {
    func saved(_ text: String) throws -> EditorSession.SavedState {
        let bytes = Array(text.utf8)
        return EditorSession.SavedState(bytes: bytes, model: try MarkdownFormat.read(bytes, name: "t.md").model)
    }

    @Test func untouchedChangeSeesBlankLinesBetweenSectionsAndAfterHeadings() throws {
        let old = try saved("# A\n\n- a\n\n# B\n\n- b\n")
        #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: old.bytes) == nil)
        for changed in ["# A\n\n- a\n# B\n\n- b\n", "# A\n- a\n\n# B\n\n- b\n", "# A\n\n- a\n\n## B\n\n- b\n"] {
            #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: Array(changed.utf8)) != nil, "\(changed.debugDescription)")
        }
        // A file that does not hold the model's headings and rows is reported, not passed.
        #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: Array("# A\n\n- a\n".utf8)) != nil)
    }

    @Test func numbersAreCheckedAsTheItemsHadThem() throws {
        let old = try saved("# S\n\n7. a\n8. b\n9. c\n\n# R\n\n1. x\n1. y\n")
        var shown = old.model
        shown.sections[0].rows.replaceSubrange(1..<2, with: [])   // b deleted
        func check(_ text: String) -> String? { EditorSession.numberingViolation(old: old, shown: shown, new: Array(text.utf8)) }
        #expect(check("# S\n\n7. a\n8. c\n\n# R\n\n1. x\n1. y\n") == nil)
        #expect(check("# S\n\n7. a\n9. c\n\n# R\n\n1. x\n1. y\n") != nil)
        #expect(check("# S\n\n1. a\n2. c\n\n# R\n\n1. x\n1. y\n") != nil)   // in sequence, but not from 7 as the items were
        #expect(check("# S\n\n7. a\n8. c\n\n# R\n\n1. x\n2. y\n") != nil)   // untouched, all alike before
    }

    /// `row` of section `s` of `model` changed by `change`.
    func changing(_ model: ListModel, _ s: Int, _ r: Int, _ change: (inout ListModel.Row) -> Void) -> ListModel {
        var m = model
        var row = m.sections[s].rows[r]
        change(&row)
        m.sections[s].rows.replaceSubrange(r..<r + 1, with: [row])
        return m
    }

    /// A row inside an edited list rewritten (its marker, its tab indentation, its checkbox's
    /// spelling, its continuation line), or a blank line put between two untouched rows (the
    /// list turns loose): the whole-list check passes it, the per-row check does not;
    /// renumbering and reindenting after a wider number pass both.
    @Test func untouchedRowChangeSeesARewrittenSiblingInAnEditedList() throws {
        // a renamed: the list is edited; z, next to it, is not checked; b, c, d, e are.
        let old = try saved("# S\n\n- a\n- z\n- [X] b\n\t- c\n- d\n  more of d\n- e\n* g\n")
        #expect(EditorSession.untouchedRowChange(old: old, shown: old.model, new: old.bytes) == nil)
        let shown = changing(old.model, 0, 0) { $0.text = "A" }
        let written = "# S\n\n- A\n- z\n- [X] b\n\t- c\n- d\n  more of d\n- e\n* g\n"
        #expect(EditorSession.untouchedRowChange(old: old, shown: shown, new: Array(written.utf8)) == nil)
        for planted in ["# S\n\n- A\n- z\n- [x] b\n\t- c\n- d\n  more of d\n- e\n* g\n",    // [X] → [x]
                        "# S\n\n- A\n- z\n- [X] b\n  - c\n- d\n  more of d\n- e\n* g\n",     // tab → spaces
                        "# S\n\n- A\n- z\n- [X] b\n\t- c\n- d\n more of d\n- e\n* g\n",     // continuation re-indented
                        "# S\n\n- A\n- z\n- [X] b\n\t- c\n- d\n  more of d\n+ e\n* g\n",     // marker
                        "# S\n\n- A\n- z\n- [X] b\n\t- c\n- d\n  more of d\n\n- e\n* g\n",   // a blank line: loose
                        "# S\n\n- A\n- z\n- [X] b\n\n\t- c\n- d\n  more of d\n- e\n* g\n",   // and before a nested row
                        "# S\n\n- A\n\n- z\n\n- [X] b\n\n\t- c\n\n- d\n  more of d\n\n- e\n\n* g\n"] {  // all of it loose
            let new = Array(planted.utf8)
            #expect(EditorSession.untouchedChange(old: old, shown: shown, new: new) == nil, "the whole-list check passes \(planted.debugDescription)")
            #expect(EditorSession.untouchedRowChange(old: old, shown: shown, new: new) != nil, "\(planted.debugDescription)")
        }
        // Next to the renamed row: A and z are not both untouched, so a blank line between them passes.
        let nextToTheEdit = "# S\n\n- A\n\n- z\n- [X] b\n\t- c\n- d\n  more of d\n- e\n* g\n"
        #expect(EditorSession.untouchedRowChange(old: old, shown: shown, new: Array(nextToTheEdit.utf8)) == nil)
        // A loose list keeps its blank lines too: taken away, the list turns tight.
        let looseOld = try saved("# S\n\n- a\n\n- z\n\n- b\n\n- c\n")
        let looseShown = changing(looseOld.model, 0, 0) { $0.text = "A" }
        #expect(EditorSession.untouchedRowChange(old: looseOld, shown: looseShown, new: Array("# S\n\n- A\n\n- z\n\n- b\n\n- c\n".utf8)) == nil)
        #expect(EditorSession.untouchedRowChange(old: looseOld, shown: looseShown, new: Array("# S\n\n- A\n\n- z\n\n- b\n- c\n".utf8)) != nil)
        // A touched row (renamed), or one next to it, is not checked: b's spelling may change.
        let renamedB = changing(old.model, 0, 2) { $0.text = "B" }
        #expect(EditorSession.untouchedRowChange(old: old, shown: renamedB,
                                                 new: Array("# S\n\n- a\n- z\n- [x] B\n\t- c\n- d\n  more of d\n- e\n* g\n".utf8)) == nil)

        // Ordered: a renumber, and the indentation a wider number gives the lines under it.
        let ordered = try saved("# S\n\n8. h\n9. i\n   more of i\n   - j\n")
        var inserted = ordered.model
        let g = inserted.makeRow("g")
        inserted.sections[0].rows.replaceSubrange(0..<0, with: [g])
        let renumbered = "# S\n\n8. g\n9. h\n10. i\n    more of i\n    - j\n"
        #expect(EditorSession.untouchedRowChange(old: ordered, shown: inserted, new: Array(renumbered.utf8)) == nil)
        // A renumbered row may get a blank line before it (an item numbered other than 1 cannot
        // interrupt its parent's paragraph).
        let renumberedApart = "# S\n\n8. g\n9. h\n\n10. i\n    more of i\n    - j\n"
        #expect(EditorSession.untouchedRowChange(old: ordered, shown: inserted, new: Array(renumberedApart.utf8)) == nil)
        // The same lines, re-indented without a wider number: a fault.
        let shifted = "# S\n\n7. g\n8. h\n9. i\n    more of i\n   - j\n"
        #expect(EditorSession.untouchedRowChange(old: ordered, shown: inserted, new: Array(shifted.utf8)) != nil)
    }

    /// The numbering check pairs rows and blocks by counting: a count that differs is reported,
    /// not compared as far as the shorter goes; new rows are told by `RowID.isNew`.
    @Test func numberingComparesCountsFirst() throws {
        let old = try saved("# S\n\n1. a\n2. b\n")
        var shown = old.model
        #expect(EditorSession.numberingViolation(old: old, shown: shown, new: old.bytes) == nil)
        let c = shown.makeRow("c")
        shown.sections[0].rows.replaceSubrange(2..<2, with: [c])
        #expect(shown.sections[0].rows[2].id.isNew && !shown.sections[0].rows[0].id.isNew)
        #expect(EditorSession.numberingViolation(old: old, shown: shown, new: Array("# S\n\n1. a\n2. b\n3. c\n".utf8)) == nil)
        #expect(EditorSession.numberingViolation(old: old, shown: shown, new: Array("# S\n\n1. a\n2. b\n3. c\n2. b\n".utf8)) != nil)
        #expect(EditorSession.numberingViolation(old: old, shown: shown, new: old.bytes) != nil)
        // A file read again (a later version) has rows that are not new.
        let again = try MarkdownFormat.read(old.bytes, name: "t.md").model
        #expect(!again.sections[0].rows[0].id.isNew)
    }

    @Test func levelRuleViolationSeesARowTooDeep() {
        func model(_ levels: [Int?]) -> ListModel {
            var m = ListModel(sections: [("S", levels.indices.map { "r\($0)" })])
            for (i, level) in levels.enumerated() {
                m.sections[0].rows.setAttributes(.init(level: level ?? 0, isPassage: level == nil), at: i)
            }
            return m
        }
        for kept in [[0, 1, 2, 1, 0], [0, nil, 0, 1], []] as [[Int?]] {
            #expect(EditorSession.levelRuleViolation(model(kept)) == nil, "\(kept)")
        }
        // Planted: a first row nested, a row two deeper, a row nested under a passage.
        for broken in [[1], [0, 2], [0, 1, 3], [0, nil, 1]] as [[Int?]] {
            #expect(EditorSession.levelRuleViolation(model(broken)) != nil, "\(broken)")
        }
    }

    @Test func tableDifferenceSeesEveryKindOfDifference() throws {
        let file = "Intro.\n\n# A\n\n- a\n  - [ ] b\n\nText.\n\n## B\n\n- [x] c\n"
        let read = try MarkdownFormat.read(Array(file.utf8), name: "t.md").model
        #expect(EditorSession.tableDifference(shown: read, read: read) == nil)
        var planted: [(String, ListModel)] = [
            ("text", changing(read, 1, 0) { $0.text = "a2" }),
            ("level", changing(read, 1, 1) { $0.level = 0 }),
            ("checkbox unchecked → none", changing(read, 1, 1) { $0.checkbox = nil }),
            ("checkbox unchecked → checked", changing(read, 1, 1) { $0.checkbox = true }),
            ("checkbox checked → unchecked", changing(read, 2, 0) { $0.checkbox = false }),
            ("passage", changing(read, 1, 2) { $0.isPassage = false }),
        ]
        var retitled = read
        retitled.sections[2].title = "B2"
        var relevelled = read
        relevelled.sections[2].level = 1
        var fewer = read
        fewer.sections.removeLast()
        var moved = read   // c in section A: the same rows, other sections
        let c = moved.sections[2].rows[0]
        moved.sections[2].rows.replaceSubrange(0..<1, with: [])
        moved.sections[1].rows.replaceSubrange(3..<3, with: [c])
        var missing = read
        missing.sections[1].rows.replaceSubrange(2..<3, with: [])
        planted += [("title", retitled), ("heading level", relevelled), ("a section fewer", fewer),
                    ("a row in another section", moved), ("a row fewer", missing)]
        for (what, shown) in planted {
            #expect(EditorSession.tableDifference(shown: shown, read: read) != nil, "\(what)")
            #expect(EditorSession.tableDifference(shown: read, read: shown) != nil, "\(what), the other way")
        }
    }

    /// The apply sessions skip a save refusal only when it is the front matter's or the untitled
    /// first section's, naming the row or section that moved.
    @Test func onlyTheTwoRefusalsAreSkipped() throws {
        let old = try saved("---\ntitle: x\n---\n# A\n\n- a\n")
        var moved = old.model   // the front matter moved under # A
        let front = moved.sections[0].rows[0]
        moved.sections[0].rows.replaceSubrange(0..<1, with: [])
        moved.sections[1].rows.replaceSubrange(1..<1, with: [front])
        var below = old.model   // the untitled section moved below # A
        below.sections.swapAt(0, 1)
        func refusal(_ message: String, _ kind: DocumentError.Kind = .cannotRepresent) -> DocumentError {
            DocumentError(kind, file: "t.md", message)
        }
        let frontMatter = "the front matter must stay first in the file (it is row 1 of section 1)"
        let untitled = "the untitled first section (the rows before the first heading) must stay first in the file (it would be section 1)"
        #expect(ApplySession.isRefusal(refusal(frontMatter), produced: moved, saved: old))
        #expect(ApplySession.isRefusal(refusal(untitled), produced: below, saved: old))
        for (other, produced) in [(refusal("the front matter must stay first in the file (it is row 0 of section 1)"), moved),   // names a
                                  (refusal(frontMatter, .io), moved),
                                  (refusal(frontMatter), below),   // row 1 of section 1 is not there
                                  (refusal(untitled), moved),      // section 1 is # A
                                  (refusal("the untitled first section (the rows before the first heading) must stay first in the file (it would be section 0)"), below),
                                  (refusal("row 1 of section 1 contains a line break, which a Markdown list item's first line cannot hold; save as .json"), moved)] {
            #expect(!ApplySession.isRefusal(other, produced: produced, saved: old), "\(other)")
        }
    }

    /// A session with more skipped batches than `ApplySessionTests.mostSkipped` allows fails.
    @Test func tooManySkippedBatchesFail() {
        let session = ApplySession(name: "todo.md", original: SessionCorpus.tasks)
        let refused = #"{"deleteRows": [[99, 0]]}"#, valid = #"{"reloadRows": [{"at": [0, 0], "text": "x"}]}"#
        let mostlyRefused = session.run([refused, refused, valid])
        #expect(mostlyRefused.failure == nil && mostlyRefused.refusedOnApply == 2 && mostlyRefused.saved == 1)
        #expect(ApplySessionTests.tooManySkips(mostlyRefused) != nil)
        #expect(ApplySessionTests.tooManySkips(session.run([refused, valid, valid, valid])) == nil)
    }

    /// The crash step sees what a recovery loses, on a planted fault: the recovery file's
    /// recorded identities dropped before the new editor reads it (as recovery was before they
    /// were recorded). An item that undo brought back across a save then loses its other lines,
    /// passages brought back so cannot be written, and an indented item loses its lines; the
    /// sessions pass with them.
    @Test func theCrashStepSeesLinesARecoveryLoses() {
        let log = "# Log\n- Short\n- Fixed the parser\n  when a line ends in a tab\n  and a third line\n- Last\n"
        let cases: [(name: String, text: String, steps: [SessionStep])] = [
            ("log.md", log, [.down(1), .delete, .save, .undo, .crash]),
            ("veg.md", UndoAfterSaveTests.veg, [.down(1), .editDelete, .save, .undo, .crash]),
            ("log.md", log, [.down(1), .indent, .crash]),
        ]
        for c in cases {
            let failure = EditorSession(name: c.name, original: c.text).run(c.steps)
            #expect(failure == nil, "\(c.name) \(c.steps): \(failure.map(String.init(describing:)) ?? "")")
            var faulty = EditorSession(name: c.name, original: c.text)
            faulty.forgetsRowIdentities = true
            #expect(faulty.run(c.steps)?.kind == "restore saves otherwise", "\(c.name) \(c.steps)")
        }
    }

    /// A random apply session goes on after its first failure, so its skipped batches are counted
    /// to the end and the skip cap is checked then too: a fault planted in the first save's bytes
    /// fails batch 0, and the refusals after it still count (a run that stopped there counted
    /// none, and passed the cap).
    @Test func theSkipCapIsCheckedAfterAFailure() {
        var session = ApplySession(name: "todo.md", original: SessionCorpus.tasks)
        session.plant = { batch, bytes in if batch == 0 { bytes += Array("- planted\n".utf8) } }
        let refused = #"{"deleteRows": [[99, 0]]}"#, valid = #"{"reloadRows": [{"at": [0, 0], "text": "x"}]}"#
        let outcome = session.run([valid, refused, refused, valid], goingOn: true)
        #expect(outcome.failure?.step == 0 && outcome.failure?.kind == "file differs from table")
        #expect(outcome.batches.count == 4 && outcome.refusedOnApply == 2)
        #expect(ApplySessionTests.tooManySkips(outcome) != nil)
        // Stopping at the failure (as shrinking does) runs no more.
        #expect(session.run([valid, refused, refused, valid]).batches.count == 1)
        // Without the fault, the same batches pass every check.
        session.plant = nil
        #expect(session.run([valid, refused, refused, valid], goingOn: true).failure == nil)
    }

    /// The read-back against what the editor held (`heldDifference`) sees an item's other lines
    /// dropped or given to another row, a number or `…` written otherwise than shown, a pasted
    /// copy written without the lines it carries, and a deleted row's lines brought back under a
    /// row typed again (review rev25c, defects 3 and 4, as the table check passed them).
    @Test func heldDifferenceSeesOtherLinesAndMarksWrittenOtherwise() throws {
        let text = "# L\n1. a\n2. b\n   more of b\n3. c\n"
        let h = try Harness(text, name: "l.md", width: 60, height: 24)
        let held = EditorSession.held(h.editor)
        #expect(EditorSession.heldDifference(held, new: Array(text.utf8)) == nil)
        for planted in ["# L\n1. a\n2. b\n3. c\n",                      // b's other line dropped
                        "# L\n1. a\n   more of b\n2. b\n3. c\n",       // given to a
                        "# L\n1. a\n3. b\n   more of b\n4. c\n",       // numbered otherwise than shown
                        "# L\n1. a\n2. b\n   more of b\n"] {            // a row missing
            #expect(EditorSession.heldDifference(held, new: Array(planted.utf8)) != nil, "\(planted.debugDescription)")
        }

        // A copy pasted where an earlier version had a row of its text (reproduction H).
        let pasted = try Harness("# A\n- note\n  alpha details\n\n# B\n- note\n  beta details\n", name: "ab.md", width: 60, height: 24)
        pasted.press(.char("d"), .enter, .char("s"), .char("G"), .char("d"), .enter, .up, .up, .up, .char("p"))
        let heldPaste = EditorSession.held(pasted.editor)
        #expect(EditorSession.heldDifference(heldPaste, new: Array("# A\n- note\n  beta details\n\n# B\n".utf8)) == nil)
        #expect(EditorSession.heldDifference(heldPaste, new: Array("# A\n- note\n  alpha details\n\n# B\n".utf8)) != nil)

        // A row typed again where a deleted one was (reproduction F).
        let typed = try Harness("# L\n- a\n  line2\n- b\n", name: "t.md", width: 60, height: 24)
        typed.press(.char("d"), .enter, .char("s"), .up, .char("a"))
        typed.type("a")
        typed.press(.enter)
        let heldTyped = EditorSession.held(typed.editor)
        #expect(EditorSession.heldDifference(heldTyped, new: Array("# L\n- a\n- b\n".utf8)) == nil)
        #expect(EditorSession.heldDifference(heldTyped, new: Array("# L\n- a\n  line2\n- b\n".utf8)) != nil)
    }
}
