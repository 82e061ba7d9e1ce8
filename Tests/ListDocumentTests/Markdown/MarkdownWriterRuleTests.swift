import Testing
import TestSupport
@testable import ListDocument

/// The writer's rules, one by one, on small files (see docs/file-formats.md).
@Suite struct MarkdownWriterRuleTests {
    /// Writes `source` after `edit` changes its list.
    func write(_ source: String, _ edit: (inout MarkdownList, MarkdownScan) -> Void) throws -> String {
        let bytes = Array(source.utf8)
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        edit(&list, scan)
        return String(decoding: try MarkdownWriter.write(bytes, scan, list, name: "t.md"), as: UTF8.self)
    }

    func differingBytes(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return -1 }
        return zip(x, y).filter { $0 != $1 }.count
    }

    /// An error names the place it is about, also when that is the last row of a section copied
    /// as the file has it (found by the differential test: it said row 0 for every such row).
    /// (Only a passage there can refuse what follows: an item or tail there ends closed.)
    @Test func aRefusalNamesTheLastRowOfAnUntouchedSection() throws {
        #expect {
            try write("Intro\n<!-- never closed\n") { list, _ in
                list.sections.append(.init(heading: .new(title: "New", level: 1), rows: []))
            }
        } throws: { error in
            (error as? DocumentError)?.message == "the heading of section 1 cannot follow the passage at row 1 of section 0: "
                + "that ends inside an HTML block that never closes, which would take it in"
        }
    }

    @Test func aToggleChangesOneByte() throws {
        let source = "# T\n- [ ] a\n- [X] b\n  more  \n"
        let checked = try write(source) { list, _ in list.sections[0].rows[0].checkbox = true }
        #expect(checked == "# T\n- [x] a\n- [X] b\n  more  \n")
        #expect(differingBytes(source, checked) == 1)
        let unchecked = try write(source) { list, _ in list.sections[0].rows[1].checkbox = false }
        #expect(differingBytes(source, unchecked) == 1)
    }

    @Test func toggleAddsAndRemovingRemovesTheCheckbox() throws {
        #expect(try write("- a\n- b\n") { list, _ in list.sections[0].rows[0].checkbox = true } == "- [x] a\n- b\n")
        #expect(try write("- [x] a\n") { list, _ in list.sections[0].rows[0].checkbox = nil } == "- a\n")
        // Without its checkbox, text that would open a list is escaped.
        #expect(try write("- [x] 1. a\n") { list, _ in list.sections[0].rows[0].checkbox = nil } == "- 1\\. a\n")
    }

    @Test func aRenameReplacesTheFirstLineAndKeepsTheOthers() throws {
        let out = try write("* [ ] old\n  more text\n\n  ```\n  code\n  ```\n  - child\n") { list, _ in
            list.sections[0].rows[0].text = "new *text*"
        }
        #expect(out == "* [ ] new *text*\n  more text\n\n  ```\n  code\n  ```\n  - child\n")
    }

    @Test func aNewRowCopiesItsNeighbour() throws {
        #expect(try write("* a\n* b\n") { list, _ in list.sections[0].rows.append(.new("c", level: 0)) } == "* a\n* b\n* c\n")
        #expect(try write("  1. a\n  2. b\n") { list, _ in list.sections[0].rows.append(.new("c", level: 0)) } == "  1. a\n  2. b\n  3. c\n")
        #expect(try write("-   a\n") { list, _ in list.sections[0].rows.append(.new("c", level: 0)) } == "-   a\n-   c\n")
        // An empty section: `- `.
        #expect(try write("# A\n") { list, _ in list.sections[0].rows.append(.new("c", level: 0)) } == "# A\n- c\n")
        // Next to a task, a task: the document gives the new row its open checkbox (as the
        // editor's `a` and `apply` do), and the writer its neighbour's marker.
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("t.md", "* [ ] a\n"))
        try doc.apply(BatchScript.decode(Array(#"{"insertRows":[{"at":[0,1],"text":"c"}]}"#.utf8), name: "ops"))
        #expect(String(decoding: try doc.serialized(), as: UTF8.self) == "* [ ] a\n* [ ] c\n")
    }

    /// New rows nested under a new parent in a tab-indented file (a cut outline pasted back)
    /// nest at the first tab stop from the parent's text, so they are written with tabs as the
    /// file's nested items are: `\t- b`, `\t\t- b.i`, not `  - b`, `\t- b.i`. (Before, the
    /// child went at the parent's content column, 2, which no tab reaches.)
    @Test func newRowsUnderANewParentNestAtTabStops() throws {
        let source = "- x\n\t- x.a\n- y\n"
        let pasted = try write(source) { list, _ in
            list.sections[0].rows.insert(contentsOf: [.new("a", level: 0), .new("b", level: 1), .new("b.i", level: 2)], at: 2)
        }
        #expect(pasted == "- x\n\t- x.a\n- a\n\t- b\n\t\t- b.i\n- y\n")
        // Without tabs, nested at the parent's text, as before.
        let spaces = try write("- x\n  - x.a\n- y\n") { list, _ in
            list.sections[0].rows.insert(contentsOf: [.new("a", level: 0), .new("b", level: 1)], at: 2)
        }
        #expect(spaces == "- x\n  - x.a\n- a\n  - b\n- y\n")
        // Under an ordered parent (text at column 3), the file's nested items indented with
        // tabs elsewhere: the tab stop at 4.
        let ordered = try write("1. x\n\n# B\n\n- q\n\t- q.a\n") { list, _ in
            list.sections[0].rows.append(contentsOf: [.new("y", level: 0), .new("y.a", level: 1)])
        }
        #expect(ordered == "1. x\n2. y\n\t1. y.a\n\n# B\n\n- q\n\t- q.a\n")
    }

    @Test func aMovedRowTakesTheMarkerOfItsNewListAndMovesItsLines() throws {
        let out = try write("- a\n  more\n\n1. x\n2. y\n") { list, _ in
            let a = list.sections[0].rows.removeFirst()
            list.sections[0].rows.append(a)
        }
        #expect(out == "1. x\n2. y\n3. a\n   more\n")
    }

    /// Two neighbouring lists of the file (`1.` then `-`) stay two: reordering one keeps the
    /// other's bytes and the blank lines between them; a row moved or inserted at the boundary
    /// joins the list above it; a row moved into the other list takes its marker.
    @Test func neighbouringListsKeepTheirBoundary() throws {
        func swap(_ list: inout MarkdownList, _ scan: MarkdownScan) { list.sections[0].rows.swapAt(0, 1) }
        #expect(try write("1. a\n2. b\n\n- c\n", swap) == "1. b\n2. a\n\n- c\n")
        #expect(try write("- a\n- b\n\n* c\n", swap) == "- b\n- a\n\n* c\n")
        #expect(try write("- a\n- b\n* c\n", swap) == "- b\n- a\n* c\n")
        #expect(try write("- a\n- b\n\n* c\n") { list, _ in list.sections[0].rows.insert(.new("n", level: 0), at: 2) }
                == "- a\n- b\n- n\n\n* c\n")
        #expect(try write("- a\n- b\n\n* c\n* d\n") { list, _ in
            let c = list.sections[0].rows.remove(at: 2)
            list.sections[0].rows.insert(c, at: 1)
        } == "- a\n- c\n- b\n\n* d\n")
        // The lower list's top item moved above its neighbour: both stay in it.
        #expect(try write("- a\n- b\n\n* c\n* d\n") { list, _ in list.sections[0].rows.swapAt(2, 3) }
                == "- a\n- b\n\n* d\n* c\n")
        // The upper list's first item replaced by a new row with the next item nested under it
        // (`a` deleted, pasted back, `b` indented): the new row stands for `b`'s list, so the
        // lists stay apart and the ordered one keeps its numbers (soak, neighbours.md).
        #expect(try write("- a\n- b\n\n1. c\n2. d\n") { list, _ in
            list.sections[0].rows[0] = .new("a", level: 0)
            list.sections[0].rows[1].level = 1
        } == "- a\n  - b\n\n1. c\n2. d\n")
        // With nothing of the upper list nested under it, a new row at the top joins the list below.
        #expect(try write("- a\n\n1. c\n2. d\n") { list, _ in list.sections[0].rows[0] = .new("n", level: 0) }
                == "1. n\n2. c\n3. d\n")
    }

    /// The editor's moves in a file with a nested ordered list and a bullet list after it: `K`
    /// on `two` (it goes above `one` and its nested rows), `J` on `nested one` (it goes under
    /// `two`). The bullet list keeps its bytes and the blank line before it.
    @Test func movesInTheUpperListKeepTheLowerList() throws {
        let source = "1. one\n   1. nested one\n      - deeper bullet\n2. two\n\n-   four col\n    - nested at four\n"
        let up = try write(source) { list, _ in
            let two = list.sections[0].rows.remove(at: 3)
            list.sections[0].rows.insert(two, at: 0)
        }
        #expect(up == "1. two\n2. one\n   1. nested one\n      - deeper bullet\n\n-   four col\n    - nested at four\n")
        let down = try write(source) { list, _ in
            let moved = Array(list.sections[0].rows[1...2])
            list.sections[0].rows.removeSubrange(1...2)
            list.sections[0].rows.insert(contentsOf: moved, at: 2)
        }
        #expect(down == "1. one\n2. two\n   1. nested one\n      - deeper bullet\n\n-   four col\n    - nested at four\n")
    }

    @Test func levelsBecomeNesting() throws {
        let out = try write("- a\n- b\n- c\n- d\n") { list, _ in
            for (r, level) in [0, 1, 2, 1].enumerated() { list.sections[0].rows[r].level = level }
        }
        #expect(out == "- a\n  - b\n    - c\n  - d\n")
    }

    @Test func orderedListsInSequenceAreRenumbered() throws {
        #expect(try write("7. a\n8. b\n9. c\n") { list, _ in list.sections[0].rows.remove(at: 1) } == "7. a\n8. c\n")
        #expect(try write("1. a\n1. b\n1. c\n") { list, _ in list.sections[0].rows.remove(at: 0) } == "1. b\n1. c\n")
        // Not in sequence: every item keeps its number.
        #expect(try write("1. a\n3. b\n7. c\n") { list, _ in list.sections[0].rows.swapAt(0, 2) } == "7. c\n3. b\n1. a\n")
    }

    @Test func aWiderMarkerMovesTheLinesUnderIt() throws {
        // 9. becomes 10.: the nested list follows to column 4 and stays nested.
        let out = try write("8. x\n9. a\n   - nested\n\n   more\n") { list, _ in
            list.sections[0].rows.insert(.new("new", level: 0), at: 0)
        }
        // (A blank line inside a makes the list loose: the new item is separated like the others.)
        #expect(out == "8. new\n\n9. x\n10. a\n    - nested\n\n    more\n")
    }

    @Test func literalTextIsEscaped() throws {
        for text in ["[x] done", "# h", "1. x", "- y", "> q", " lead", "```", "---", "<div>", "[a]: /u", "\\# not"] {
            let bytes = Array("- a\n".utf8)
            let scan = MarkdownScanner.scan(bytes)
            var list = MarkdownList(scan)
            list.sections[0].rows[0].text = text
            let out = try MarkdownWriter.write(bytes, scan, list, name: "t.md")
            let back = MarkdownScanner.scan(out)
            #expect(back.blocks.count == 1 && back.blocks[0].kind == .item && back.blocks[0].checkbox == nil, "\(text)")
            #expect(MarkdownText.item(source: out[back.blocks[0].textRange]) == text)
        }
        #expect(try write("- a\n") { list, _ in list.sections[0].rows[0].text = "[x] done" } == "- \\[x] done\n")
        #expect(try write("- a\n") { list, _ in list.sections[0].rows[0].text = " lead" } == "- &#32;lead\n")
    }

    @Test func frontMatterStaysFirst() throws {
        let source = "---\ntitle: x\n---\n- a\n"
        #expect(throws: DocumentError.self) {
            try write(source) { list, _ in list.sections[0].rows.swapAt(0, 1) }
        }
        #expect(try write(source) { list, _ in list.sections[0].rows.insert(.new("b", level: 0), at: 1) }
                == "---\ntitle: x\n---\n- b\n- a\n")
    }

    @Test func aNewSectionGetsAHeadingAndABlankLineBeforeIt() throws {
        let out = try write("## A\n- a\n") { list, _ in
            list.sections.append(.init(heading: .new(title: "B", level: 2), rows: [.new("b", level: 0)]))
        }
        #expect(out == "## A\n- a\n\n## B\n- b\n")
    }

    @Test func whatMarkdownCannotHoldIsAnErrorNamingTheRow() {
        #expect(throws: DocumentError(.cannotRepresent, file: "t.md",
                                      "row 0 of section 0 contains a line break, which a Markdown list item's first line cannot hold; save as .json")) {
            try write("- a\n") { list, _ in list.sections[0].rows[0].text = "two\nlines" }
        }
        #expect(throws: DocumentError(.cannotRepresent, file: "t.md", "row 1 of section 0 is at level 2, but the row above it allows at most 1")) {
            try write("- a\n- b\n") { list, _ in list.sections[0].rows[1].level = 2 }
        }
        // A first row has no row above it; after a passage the row above allows 0. The words are
        // the model's (`ListModel.levelViolationMessage`), one for each case.
        #expect(throws: DocumentError(.cannotRepresent, file: "t.md", "row 0 of section 0 is at level 1, but a section's first row is at level 0")) {
            try write("- a\n- b\n") { list, _ in list.sections[0].rows[0].level = 1 }
        }
        #expect(throws: DocumentError(.cannotRepresent, file: "t.md", "row 1 of section 0 is at level 1, but the row above it allows at most 0")) {
            try write("Text.\n\n- b\n") { list, _ in list.sections[0].rows[1].level = 1 }
        }
    }

    @Test func aMissingFinalNewlineStaysMissing() throws {
        #expect(try write("- a\n- b") { list, _ in list.sections[0].rows.swapAt(0, 1) } == "- b\n- a")
    }

    @Test func newLinesUseTheFilesLineEnding() throws {
        #expect(try write("- a\r\n- b\r\n") { list, _ in list.sections[0].rows.append(.new("c", level: 0)) } == "- a\r\n- b\r\n- c\r\n")
    }

    @Test func aRowMovedAloneLeavesItsParentsTailWithTheParent() throws {
        let out = try write("- a\n  - b\n\n  tail of a\n- c\n") { list, _ in
            let b = list.sections[0].rows.remove(at: 1)
            list.sections[0].rows.append(b)
        }
        // (The list is loose: a blank line separates a's blocks.)
        #expect(out == "- a\n\n  tail of a\n- c\n\n  - b\n")
    }

    @Test func aFenceLeftOpenIsClosedWhenRowsFollowIt() throws {
        let out = try write("- a\n\n```\ncode\n") { list, _ in list.sections[0].rows.append(.new("new", level: 0)) }
        #expect(out == "- a\n\n```\ncode\n```\n\n- new\n")
    }

    @Test func listsStayTightOrLoose() throws {
        #expect(try write("- a\n- b\n- c\n\nPara\n") { list, _ in
            let c = list.sections[0].rows.remove(at: 2)
            list.sections[0].rows.insert(c, at: 0)
        } == "- c\n- a\n- b\n\nPara\n")
        #expect(try write("- a\n\n- b\n\n- c\n") { list, _ in
            let c = list.sections[0].rows.remove(at: 2)
            list.sections[0].rows.insert(c, at: 0)
        } == "- c\n\n- a\n\n- b\n")
    }

    @Test func aMovedRowIsNotGluedToAParagraph() throws {
        #expect(try write("- a\n\nPara text\n") { list, _ in list.sections[0].rows.swapAt(0, 1) } == "Para text\n\n- a\n")
    }
}

/// Section headings on save.
@Suite struct MarkdownWriterHeadingTests {
    func write(_ source: String, _ heading: MarkdownList.Heading) throws -> String {
        let bytes = Array(source.utf8)
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        list.sections[0].heading = heading
        return String(decoding: try MarkdownWriter.write(bytes, scan, list, name: "t.md"), as: UTF8.self)
    }

    @Test func aRetitledHeadingKeepsItsStyle() throws {
        #expect(try write("## Old ##\n- a\n", .original(block: 0, title: "New", level: 2)) == "## New\n- a\n")
        #expect(try write("Old\n===\n- a\n", .original(block: 0, title: "New", level: 1)) == "New\n===\n- a\n")
        // A title that would not survive as setext text becomes ATX.
        #expect(try write("Old\n===\n", .original(block: 0, title: "- list?", level: 1)) == "# - list?\n")
    }

    @Test func aNewLevelChangesTheMarkersOnly() throws {
        #expect(try write("## Old ##\n", .original(block: 0, title: nil, level: 4)) == "#### Old ##\n")
        #expect(try write("Old\n===\n", .original(block: 0, title: nil, level: 2)) == "Old\n---\n")
        #expect(try write("Old\n---\n", .original(block: 0, title: nil, level: 3)) == "### Old\n")
    }

    @Test func trailingHashesAreEscaped() throws {
        #expect(try write("# Old\n", .original(block: 0, title: "C #", level: 1)) == "# C \\#\n")
        #expect(try write("# Old\n", .original(block: 0, title: "  spaced  ", level: 1)) == "# spaced\n")
    }
}
