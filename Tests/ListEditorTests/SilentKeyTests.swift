import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import KeyBindings
import TestSupport

/// No silent key (issue 13, point 8): every key of the key table, pressed in every state the
/// editor can be in, either changes something (the list, the screen, quitting) or says in the
/// status line why it did nothing.
@MainActor
@Suite struct SilentKeyTests {
    static let markdown = "# Groceries\n\nA note.\n\n- Milk\n- Eggs\n  - free range\n- Bread\n\n# Hardware\n- Screws\n"

    /// An editor brought into a state by keys (and, for read-only, by a recovery file naming a
    /// running listedit); `harness` keeps the temporary folder.
    struct Subject {
        var harness: Harness
        var editor: ListEditor
    }

    static func subject(_ contents: String = markdown, name: String = "g.md", keys: [Key]) throws -> Subject {
        let h = try Harness(contents, name: name, width: 80, height: 20)
        for key in keys { h.editor.send(.key(key)) }
        return Subject(harness: h, editor: h.editor)
    }

    /// A second editor on the file while a recovery file names a running listedit (pid 1), with
    /// read-only chosen.
    static func readOnly() throws -> Subject {
        let h = try Harness(markdown, name: "g.md", width: 80, height: 20)
        h.press(.char("q"))
        let comm = ((try? String(contentsOfFile: "/proc/1/comm", encoding: .utf8)) ?? "init").trimmingCharacters(in: .whitespacesAndNewlines)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        h.folder.file(".g.md.listedit-recovery", "listedit recovery file\npid: 1\nprocess: \(comm)\nhost: \(hostName)\nwritten: 1790000000\nstamp: none\nedits: no\n\n")
        let editor = ListEditor.started(document: try ListDocument.open(h.path), animations: false)
        editor.send(.resize(width: 80, height: 20))
        editor.send(.key(.char("r")))
        return Subject(harness: h, editor: editor)
    }

    /// The editor's states a key can meet (modes, prompts, overlays, special rows, formats).
    nonisolated static let states = [
        "normal, on a row",
        "normal, on the first row",
        "normal, on a section header",
        "normal, on a passage",
        "normal, on the last row",
        "normal, an empty list",
        "normal, plain text",
        "normal, JSON",
        "edit, on a row",
        "edit, on a section header",
        "edit, on a passage",
        "edit, on Add item",
        "edit, an empty list",
        "edit, plain text",
        "dragging a row",
        "dragging a section",
        "a Delete button",
        "a swiped row",
        "a yes/no prompt",
        "the text entry, the cursor mid-line",
        "the text entry, the cursor at the end",
        "the text entry, empty",
        "help",
        "read-only",
    ]

    /// An editor in `state`, by the keys that reach it.
    static func make(_ state: String) throws -> Subject {
        switch state {
        case "normal, on a row": return try subject(keys: [.end, .up, .up])
        case "normal, on the first row": return try subject(keys: [.home, .down, .down])
        case "normal, on a section header": return try subject(keys: [.home])
        case "normal, on a passage": return try subject(keys: [.home, .down])
        case "normal, on the last row": return try subject(keys: [.end])
        case "normal, an empty list": return try subject("", keys: [])
        case "normal, plain text": return try subject("milk\nx eggs\n", name: "t.txt", keys: [])
        case "normal, JSON": return try subject(#"{"sections": [{"rows": ["a", {"text": "b", "level": 1}]}]}"#, name: "t.json", keys: [])
        case "edit, on a row": return try subject(keys: [.char("e"), .home, .down, .down])
        case "edit, on a section header": return try subject(keys: [.char("e"), .home])
        case "edit, on a passage": return try subject(keys: [.char("e"), .home, .down])
        case "edit, on Add item": return try subject(keys: [.char("e"), .end])
        case "edit, an empty list": return try subject("", keys: [.char("e")])
        case "edit, plain text": return try subject("milk\nx eggs\n", name: "t.txt", keys: [.char("e")])
        case "dragging a row": return try subject(keys: [.char("e"), .home, .down, .down, .char(" ")])
        case "dragging a section": return try subject(keys: [.char("e"), .end, .up, .up, .char(" ")])
        case "a Delete button": return try subject(keys: [.char("e"), .home, .down, .down, .char("x")])
        case "a swiped row": return try subject(keys: [.end, .char("d")])
        case "a yes/no prompt": return try subject(keys: [.end, .char("d"), .enter, .char("q")])
        case "the text entry, the cursor mid-line": return try subject(keys: [.char("a"), .char("a"), .char("b"), .left])
        case "the text entry, the cursor at the end": return try subject(keys: [.end, .char("r")])
        case "the text entry, empty": return try subject(keys: [.char("a")])
        case "help": return try subject(keys: [.char("?")])
        case "read-only": return try readOnly()
        default: fatalError("no state \(state)")
        }
    }

    /// Every key the table binds in any mode (but Ctrl-Z: it asks the run loop to suspend, which
    /// no editor test has), and a few it binds nowhere.
    static var keys: [Key] {
        var keys: [Key] = []
        for b in KeyAction.table.bindings {
            for key in b.keys where !keys.contains(key) && key != .ctrl("z") { keys.append(key) }
        }
        return keys + [.tab, .backTab, .char("z"), .function(5), .ctrl("x")]
    }

    @Test(arguments: states)
    func noKeyIsSilent(_ name: String) throws {
        for key in Self.keys {
            let s = try Self.make(name)
            let grid = s.editor.render(width: 80, height: 20)
            // The screen and where the terminal's cursor is parked (in the text entry, on a letter).
            let before = "\(grid.screenshot)\n\(String(describing: grid.cursor))"
            let model = s.editor.model
            #expect(s.editor.statusMessage == nil || name == "read-only", "\(name): the setup left a message: \(s.editor.statusMessage ?? "")")
            s.editor.send(.key(key))
            let next = s.editor.render(width: 80, height: 20)
            let after = "\(next.screenshot)\n\(String(describing: next.cursor))"
            let changed = s.editor.model != model || after != before || s.editor.wantsQuit
            #expect(changed || s.editor.statusMessage != nil, "\(name): \(key.label) is silent\n\(after)")
        }
    }

    /// The lines that say why, for the keys the walk found silent before.
    @Test func theWhyReadsWell() throws {
        func status(_ state: String, _ keys: Key...) throws -> String {
            let s = try Self.make(state)
            for key in keys { s.editor.send(.key(key)) }
            let screen = s.editor.render(width: 80, height: 20).screenshot
            // The line holding the terminal's cursor is marked `>` in a screenshot.
            return String((screen.split(separator: "\n").last ?? "").drop { $0 == ">" }).trimmingCharacters(in: .whitespaces)
        }
        #expect(try status("a yes/no prompt", .char("x")) == "Save changes? (y/n/Esc)  (answer y, n or esc)")
        #expect(try status("the text entry, empty", .up) == "↑ does nothing in the text entry: enter saves, esc cancels")
        #expect(try status("the text entry, empty", .backspace) == "The line is empty")
        #expect(try status("the text entry, the cursor at the end", .right) == "At the end of the line")
        #expect(try status("the text entry, the cursor mid-line", .home, .left) == "At the start of the line")
        #expect(try status("a Delete button", .char("x")) == "Milk shows its Delete button: enter/y deletes, esc keeps it")
        #expect(try status("a swiped row", .left) == "No other button that way: enter presses it, esc closes")
        #expect(try status("dragging a row", .up) == "Milk cannot go further")
        #expect(try status("normal, an empty list", .char("r")) == "Nothing to rename: the list is empty")
        #expect(try status("edit, on Add item", .char("r")) == "Add item is not a row: + adds one")
        #expect(try status("normal, on a row", .char("u")) == "Nothing to undo")
        #expect(try status("normal, on a passage", .char(" ")) == "A passage has no checkbox")
        #expect(try status("normal, on a passage", .char("K")) == "A note. cannot move")
        #expect(try status("edit, on Add item", .char("J")) == "Add item cannot move")
        #expect(try status("edit, on Add item", .char("K")) == "Add item cannot move")
        #expect(try status("normal, plain text", .char("A")).hasPrefix("t.txt is plain text, which holds one list"))
        #expect(try status("read-only", .char("d")).hasPrefix("Read-only: g.md is open in another listedit"))
        // `+` in edit mode on an empty list opens the add modal (there is no Add item row yet).
        let empty = try Self.make("edit, an empty list")
        empty.editor.send(.key(.char("+")))
        #expect(empty.editor.keyMode == .entry)
    }
}
