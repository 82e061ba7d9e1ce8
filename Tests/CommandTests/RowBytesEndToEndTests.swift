import Testing
import Foundation
import TestSupport

/// Issue 25 in a real terminal: what the screen shows is what is saved, and undo across a save
/// gives the file's bytes back (tab indentation, neighbouring lists, a cut multi-line entry, a
/// pasted outline whose first line is nested, a new section's blank line, indenting in a
/// tab-indented list).
@Suite(.serialized) struct RowBytesEndToEndTests {
    /// Runs the editor on `text`, sends `keys` one at a time (each a tmux key, or `paste:` and
    /// text, or `type:` and text), waiting for `wait` (when given) after each, and returns the
    /// screen and the file once it is `expected` (polled until the deadline: the last `s` may
    /// still be on its way).
    func run(_ text: String, name: String, _ steps: [(keys: String, wait: String?)], expected: String) async throws -> (screen: String, file: String?) {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file(name, text)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70, height: 24)
        await tmux.waitFor("Edit")
        for step in steps {
            if step.keys.hasPrefix("paste:") {
                try tmux.paste(String(step.keys.dropFirst(6)))
            } else if step.keys.hasPrefix("type:") {
                try tmux.type(String(step.keys.dropFirst(5)))
            } else {
                try tmux.send(step.keys)
            }
            if let wait = step.wait {
                let screen = await tmux.waitFor(wait)
                #expect(screen.contains(wait), "after \(step.keys): \(screen)")
            }
        }
        // Saved: the file is the expected bytes (or the deadline passed), then the header no longer
        // marks the list changed (` *` after its name): the screen is read after the last save.
        _ = await poll { dir.text(name) == expected }
        let saved = dir.text(name)
        let screen = await tmux.waitFor { $0.contains(" \(name) ") && !$0.contains(" \(name) *") && $0.contains("Saved") }
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        return (screen, saved)
    }

    static let tabs = "# Contents\n\n- Awesome Python\n\t- [Admin Panels](#admin-panels)\n\t- [Cross-Platform](#cross-platform)\n\t- [GUI](#gui)\n\t\t- one.a.i\n\t\t- one.a.ii\n"

    /// Case 2: `K s u s` on tab-indented rows, and `G K K s u u s` on neighbouring lists.
    @Test func moveSaveUndoSaveGivesTheBytesBack() async throws {
        let tabs = try await run(Self.tabs, name: "tabs.md", [
            ("G", nil), ("K", nil), ("s", "Saved"), ("u", nil), ("s", nil),
        ], expected: Self.tabs)
        #expect(tabs.file == Self.tabs, "\(tabs.screen)")
        #expect(tabs.screen.contains("one.a.i"))
        let neighbours = "# Lists\n\n- apple\n- banana\n\n1. one\n2. two\n"
        let lists = try await run(neighbours, name: "lists.md", [
            ("G", nil), ("K", nil), ("K", nil), ("s", "Saved"), ("u", nil), ("u", nil), ("s", nil),
        ], expected: neighbours)
        #expect(lists.file == neighbours, "\(lists.screen)")
        let order = ["apple", "banana", "one", "two"].compactMap { lists.screen.range(of: $0)?.lowerBound }
        #expect(order.count == 4 && order == order.sorted(), "\(lists.screen)")
    }

    static let pasted = "# Changelog\n\n## Added\n\n- Dutch translation (#439).\n- German translation (#445).\n- Improve French translation, fix typos\n  in the main page and in the\n  security section (#350).\n"

    /// Case 3: a three-line changelog entry cut and pasted keeps its lines.
    @Test func cutAndPasteOfAMultiLineEntry() async throws {
        let text = "# Changelog\n\n## Added\n\n- Improve French translation, fix typos\n  in the main page and in the\n  security section (#350).\n- Dutch translation (#439).\n- German translation (#445).\n"
        let result = try await run(text, name: "CHANGELOG.md", [
            ("G", nil), ("k", nil), ("k", nil), ("d", "Delete"), ("d", "2 items"), ("j", nil), ("j", nil), ("p", "Pasted 1 row"), ("s", nil),
        ], expected: Self.pasted)
        #expect(result.file == Self.pasted, "\(result.screen)")
        #expect(result.screen.contains("Improve French translation"))
    }

    /// Case 4: an outline whose first line is nested keeps its shape.
    @Test func pastingAnOutlineWhoseFirstLineIsNested() async throws {
        let result = try await run("# A\n- one\n- two\n", name: "outline.md", [
            ("j", nil), ("paste:  - child A\n- Parent B\n  - child of B\n", "Pasted 3 rows"), ("s", nil),
        ], expected: "# A\n- one\n- two\n  - child A\n- Parent B\n  - child of B\n")
        #expect(result.file == "# A\n- one\n- two\n  - child A\n- Parent B\n  - child of B\n", "\(result.screen)")
        let lines = result.screen.split(separator: "\n").map(String.init)
        let indent = { (text: String) in lines.first { $0.contains(text) }.map { $0.prefix { $0 == " " }.count } ?? -1 }
        #expect(indent("child A") > indent("Parent B") && indent("child of B") == indent("child A"), "\(result.screen)")
    }

    /// Case 5: a new section's heading is followed by a blank line where the file's are.
    @Test func aNewSectionHasTheBlankLineAfterItsHeading() async throws {
        let result = try await run("# A\n\n- one\n", name: "sections.md", [
            ("A", nil), ("type:B", nil), ("Enter", nil), ("a", "New item"), ("type:two", nil), ("Enter", nil), ("s", nil),
        ], expected: "# A\n\n- one\n\n# B\n\n- two\n")
        #expect(result.file == "# A\n\n- one\n\n# B\n\n- two\n", "\(result.screen)")
        #expect(result.screen.contains("two"))
    }

    /// Case 6: Tab in a tab-indented list writes tabs.
    @Test func indentingInATabIndentedList() async throws {
        let result = try await run("# A\n- top\n\t- one\n\t- two\n\t- three\n", name: "indent.md", [
            ("G", nil), ("Tab", nil), ("s", nil),
        ], expected: "# A\n- top\n\t- one\n\t- two\n\t\t- three\n")
        #expect(result.file == "# A\n- top\n\t- one\n\t- two\n\t\t- three\n", "\(result.screen)")
        let lines = result.screen.split(separator: "\n").map(String.init)
        let indent = { (text: String) in lines.first { $0.contains(text) }.map { $0.prefix { $0 == " " }.count } ?? -1 }
        #expect(indent("three") > indent("two"), "\(result.screen)")
    }

    /// Case 2, deeper tabs: `\t\t- one.a.i` moved below its sibling, saved, undone and saved stays
    /// tab-indented (it once came back as eight spaces).
    @Test func aDoublyTabIndentedRowKeepsItsTabsAcrossASave() async throws {
        let moved = "# Contents\n\n- Awesome Python\n\t- [Admin Panels](#admin-panels)\n\t- [Cross-Platform](#cross-platform)\n\t- [GUI](#gui)\n\t\t- one.a.ii\n\t\t- one.a.i\n"
        let result = try await run(Self.tabs, name: "tabs.md", [
            ("G", nil), ("k", nil), ("J", nil), ("s", "Saved"),
        ], expected: moved)
        #expect(result.file == moved, "\(result.screen)")
        let back = try await run(moved, name: "tabs.md", [
            ("G", nil), ("K", nil), ("s", "Saved"), ("u", nil), ("s", nil),
        ], expected: moved)
        #expect(back.file == moved, "\(back.screen)")
    }

    /// Case 2 with no undo: `G K K s J J s` on neighbouring lists moves `two` into the bullet
    /// list and back; the ordered list is written as it was, not as bullets.
    @Test func aRowMovedIntoANeighbouringListAndBackLeavesBothLists() async throws {
        let neighbours = "# Lists\n\n- apple\n- banana\n\n1. one\n2. two\n"
        let between = "# Lists\n\n- apple\n- two\n- banana\n\n1. one\n"
        let result = try await run(neighbours, name: "lists.md", [
            ("G", nil), ("K", nil), ("K", nil), ("s", "Saved"),
        ], expected: between)
        #expect(result.file == between, "\(result.screen)")
        let back = try await run(between, name: "lists.md", [
            ("j", nil), ("J", nil), ("J", nil), ("s", nil),
        ], expected: neighbours)
        #expect(back.file == neighbours, "\(back.screen)")
        let order = ["apple", "banana", "one", "two"].compactMap { back.screen.range(of: $0)?.lowerBound }
        #expect(order.count == 4 && order == order.sorted(), "\(back.screen)")
    }

    /// Case 2, markers: a `- [x]` task moved into a `*` section, saved, and undone comes back as
    /// `- [x]`, and the `*` section's own lines keep their `*`.
    @Test func checkboxMarkersComeBackAcrossASave() async throws {
        let text = "# Home\n\n* [ ] Paint the door\n* [x] Fix the tap\n\n# Work\n\n- [x] Send the report\n- [ ] Book the room\n"
        let moved = "# Home\n\n* [ ] Paint the door\n* [x] Send the report\n* [x] Fix the tap\n\n# Work\n\n- [ ] Book the room\n"
        let there = try await run(text, name: "todo.md", [
            ("j", nil), ("j", nil), ("j", nil), ("K", nil), ("K", nil), ("s", "Saved"),
        ], expected: moved)
        #expect(there.file == moved, "\(there.screen)")
        let result = try await run(text, name: "todo.md", [
            ("j", nil), ("j", nil), ("j", nil), ("K", nil), ("K", nil), ("s", "Saved"), ("u", nil), ("u", nil), ("s", nil),
        ], expected: text)
        #expect(result.file == text, "\(result.screen)")
        #expect(result.screen.contains("Send the report"))
    }

    /// Case 2, lazy continuation: an item whose second line is not indented keeps it, with no
    /// blank line before the next item, across a move, a save, an undo and a save.
    @Test func aLazyContinuationGetsNoBlankLine() async throws {
        let text = "# Notes\n\n- first item\nruns on lazily\n- second\n- third\n"
        let moved = "# Notes\n\n- first item\nruns on lazily\n- third\n- second\n"
        let result = try await run(text, name: "lazy.md", [
            ("G", nil), ("K", nil), ("s", "Saved"),
        ], expected: moved)
        #expect(result.file == moved, "\(result.screen)")
        let back = try await run(text, name: "lazy.md", [
            ("G", nil), ("K", nil), ("s", "Saved"), ("u", nil), ("s", nil),
        ], expected: text)
        #expect(back.file == text, "\(back.screen)")
    }

    /// Case 5 with apply: `insertSections` writes the blank line after the new heading where the
    /// file's headings have one, and the editor shows the new section and its row.
    @Test func anAppliedSectionHasTheBlankLineAfterItsHeading() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("sections.md", "# A\n\n- one\n")
        let r = try ListeditProcess.run(["apply", file, "--ops", #"{"insertSections":[{"at":1,"title":"B","rows":["two"]}]}"#])
        #expect(r.status == 0 && r.stderr == "")
        #expect(dir.text("sections.md") == "# A\n\n- one\n\n# B\n\n- two\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 12)
        let screen = await tmux.waitFor { $0.contains("Edit") && $0.contains("two") }
        #expect(screen.contains("B") && screen.contains("one"))
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
