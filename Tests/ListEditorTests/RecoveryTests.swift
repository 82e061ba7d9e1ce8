import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Recovery files through the editor: the session's file from open to quit, the edits written
/// after a quiet moment, and what is offered on the next open. (A file left by this very process
/// counts as one of an ended listedit, so one test process can play both.)
@MainActor
@Suite struct RecoveryTests {
    let original = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func reopen(_ h: Harness) throws -> ListEditor {
        let editor = ListEditor.started(document: try ListDocument.open(h.path), animations: false)
        editor.send(.resize(width: 120, height: 12))
        return editor
    }

    func screen(_ editor: ListEditor) -> String { editor.render(width: 120, height: 12).text }

    @Test func theSessionsFileExistsWhileOpenAndHoldsEditsAfterAQuietMoment() throws {
        let h = try Harness()
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        let recovery = Recovery.path(for: h.path)
        let opened = try #require(Recovery.pending(for: h.path).first)
        #expect(opened.path == recovery && !opened.hasEdits)
        h.press(.char("d"), .enter)                      // delete Milk
        clock.now = 101
        h.editor.send(.tick)
        #expect(Recovery.pending(for: h.path).first?.hasEdits == false)
        clock.now = 103
        h.editor.send(.tick)
        let file = try #require(Recovery.pending(for: h.path).first)
        #expect(file.path == recovery && file.hasEdits)
        #expect(try file.edits().contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
        // A save leaves it without edits; quitting removes it.
        h.press(.char("s"))
        #expect(Recovery.pending(for: h.path).first?.hasEdits == false)
        h.press(.char("q"))
        #expect(!FileManager.default.fileExists(atPath: recovery))
    }

    @Test func restoreIsOneUndoStepAndTheOfferedFileGoesOnlyThen() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGTERM)
        let recovery = Recovery.path(for: h.path)
        let reopened = try reopen(h)
        #expect(screen(reopened).contains(": r restore · d discard · Esc later"))
        #expect(screen(reopened).contains("Unsaved edits from "))
        #expect(!screen(reopened).contains("m merge"))
        reopened.send(.key(.char("r")))
        #expect(reopened.model.contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
        #expect(reopened.isModified)
        #expect(!FileManager.default.fileExists(atPath: recovery))
        // The edits are in the new session's own file already.
        #expect(Recovery.pending(for: h.path).contains { $0.hasEdits && (try? $0.edits().contents.map(\.rows)) == [["Eggs", "Bread"], ["Screws", "Wood glue"]] })
        reopened.send(.key(.char("u")))
        #expect(reopened.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        #expect(!reopened.isModified)
        reopened.send(.key(.ctrl("r")))
        reopened.send(.key(.char("s")))
        #expect(h.file == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    /// A JSON list can hold a line break in a row, which Markdown cannot: its recovery file is
    /// JSON then, and gives the list back exactly.
    @Test func aRowWithALineBreakIsRecoveredToo() throws {
        let json = #"{"sections": [{"title": "Notes", "rows": ["two\nlines", "one"]}]}"#
        let h = try Harness(json, name: "notes.json")
        h.press(.down, .down, .down, .char("d"), .enter)   // delete "one"
        h.editor.end(bySignal: SIGTERM)
        let recovered = try #require(Recovery.pending(for: h.path).first { $0.hasEdits }).edits()
        #expect(recovered.contents.map(\.title) == ["Notes"])
        #expect(recovered.contents.map(\.rows) == [["two\nlines"]])

        let reopened = try reopen(h)
        reopened.send(.key(.char("r")))
        #expect(reopened.model.contents.map(\.rows) == [["two\nlines"]])
    }

    /// An item that undo brought back across a save names the version before the save, where
    /// its other lines are: a crash then (SIGTERM) and a restore keep them, and the save writes
    /// the file as it was. (The recovery file recorded only pasted rows' lines: the restored row
    /// was a new one, and the two lines under "Fixed the parser" were lost.)
    @Test func anItemUndoBroughtBackAcrossASaveKeepsItsLinesThroughACrash() throws {
        let log = "# Log\n- Short\n- Fixed the parser\n  when a line ends in a tab\n  and a third line\n- Last\n"
        let h = try Harness(log, name: "log.md", width: 80, height: 20)
        h.press(.down, .char("d"), .enter, .char("s"))
        #expect(h.file == "# Log\n- Short\n- Last\n")
        h.press(.char("u"))
        h.editor.end(bySignal: SIGTERM)
        let reopened = try reopen(h)
        reopened.send(.key(.char("r")))
        #expect(reopened.model.contents.map(\.rows) == [["Short", "Fixed the parser", "Last"]])
        reopened.send(.key(.char("s")))
        #expect(h.file == log)
    }

    /// Items of the file that an edit changed keep their other lines through a crash and a
    /// restore: indented, toggled and renamed, each is found by its identity, not by its text
    /// (which no longer matches the file's). A restored new row would have lost them.
    @Test func changedItemsKeepTheirLinesThroughACrash() throws {
        let log = "# Log\n- Short\n- [ ] Fixed the parser\n  when a line ends in a tab\n- Renamed\n  its second line\n- Last\n"
        let h = try Harness(log, name: "log.md", width: 80, height: 20)
        h.press(.down, .tab, .char(" "), .down)
        h.press(.char("r"), .end)
        h.type(" now")
        h.press(.enter)
        let shown = h.editor.model.contents.map(\.rows)
        let wouldSave = try h.editor.document.serialized()
        h.editor.end(bySignal: SIGTERM)
        let reopened = try reopen(h)
        reopened.send(.key(.char("r")))
        #expect(reopened.model.contents.map(\.rows) == shown)
        reopened.send(.key(.char("s")))
        #expect(h.file.map { Array($0.utf8) } == wouldSave)
        // (The rename edits the item's whole first paragraph: " now" ends it. Issue 28.)
        #expect(h.file == "# Log\n- Short\n  - [x] Fixed the parser\n    when a line ends in a tab\n- Renamed\n  its second line now\n- Last\n")
    }

    /// Passages that undo brought back across a save (a section deleted, saved, undone) keep
    /// their bytes through a crash and a restore: never list items holding their first lines.
    /// Then the restoring session's own recovery file keeps them too (a second crash).
    @Test func passagesUndoBroughtBackAcrossASaveKeepTheirBytesThroughACrash() throws {
        let veg = UndoAfterSaveTests.veg
        let h = try Harness(veg, name: "veg.md", width: 60, height: 24)
        h.press(.char("e"), .down, .down, .char("x"), .char("y"), .char("s"))
        #expect(h.file == "# Fruit\n- Apple\n\n# Bread\n- Rye\n")
        h.press(.char("u"))
        h.editor.end(bySignal: SIGTERM)
        let reopened = try reopen(h)
        reopened.send(.key(.char("r")))
        #expect(reopened.model.sections[1].rows.map(\.isPassage) == [false, false, true, true])
        reopened.end(bySignal: SIGTERM)
        let again = try reopen(h)
        again.send(.key(.char("r")))
        again.send(.key(.char("s")))
        #expect(h.file == veg)
    }

    @Test func discardRemovesItAndLaterKeepsIt() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGHUP)
        let offered = Recovery.path(for: h.path)

        // Esc: later. Quitting (with or without edits) leaves the offered file alone; this
        // session's edits went to its own, second file.
        let later = try reopen(h)
        later.send(.key(.escape))
        #expect(screen(later).contains("offered again next time"))
        later.send(.key(.char("q")))
        #expect(later.wantsQuit)
        #expect(FileManager.default.fileExists(atPath: offered))
        let second = try reopen(h)
        second.send(.key(.escape))
        second.send(.key(.char("d")))
        second.send(.key(.enter))                          // delete Eggs: edits in file 2
        second.end(bySignal: SIGTERM)
        #expect(Recovery.pending(for: h.path).filter(\.hasEdits).count == 2)

        // Both are offered next time, one after the other; `d` discards each.
        let third = try reopen(h)
        third.send(.key(.char("d")))
        #expect(screen(third).contains("Unsaved edits from"))
        third.send(.key(.char("d")))
        #expect(Recovery.pending(for: h.path).filter(\.hasEdits).isEmpty)
        #expect(third.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        #expect(!third.isModified)
    }

    /// The file changed since the edits were made: merge is offered and merges row by row.
    @Test func mergeIsOfferedWhenTheFileChangedSince() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)                          // Milk deleted (unsaved)
        h.editor.end(bySignal: SIGTERM)
        h.folder.file("groceries.md", original + "- Nails\n")
        let reopened = try reopen(h)
        #expect(screen(reopened).contains("(file changed since): r restore · d discard · m merge · Esc later"))
        reopened.send(.key(.char("m")))
        #expect(reopened.model.contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue", "Nails"]])
        #expect(screen(reopened).contains("Merged the unsaved edits with the file"))
        #expect(!FileManager.default.fileExists(atPath: Recovery.path(for: h.path)) || Recovery.pending(for: h.path).count == 1)
        reopened.send(.key(.char("u")))
        #expect(reopened.model.contents.map(\.rows) == [["Milk", "Eggs", "Bread"], ["Screws", "Wood glue", "Nails"]])
    }

    /// The recovery merge is the list-aware one with moves: a row moved in the unsaved edits and
    /// ticked in the file since is moved and ticked; a row reworded two ways is kept twice,
    /// the edits' version first, with the cursor on it.
    @Test func theRecoveryMergeKeepsMovesAndCountsConflicts() throws {
        let h = try Harness()
        h.press(.down, .down, .char("K"), .char("K"))        // Bread to the top (unsaved)
        h.press(.down, .down, .char("r"), .ctrl("u")); h.type("Free-range eggs"); h.press(.enter)
        #expect(h.editor.model.contents[0].rows == ["Bread", "Milk", "Free-range eggs"])
        h.editor.end(bySignal: SIGTERM)
        h.folder.file("groceries.md", "# Groceries\n- Milk\n- Brown eggs\n- [x] Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        let reopened = try reopen(h)
        reopened.send(.key(.char("m")))
        #expect(reopened.model.contents.map(\.rows) == [["Bread", "Milk", "Free-range eggs", "Brown eggs"], ["Screws", "Wood glue"]])
        #expect(reopened.model.sections[0].rows[0].checkbox == true)
        #expect(screen(reopened).contains("Merged: 1 conflict (both versions kept, the unsaved edits first)"))
        #expect(reopened.tableView.focus == .row(IndexPath(row: 2, section: 0)))
    }

    /// The recovery merge keeps the other lines (and a JSON row's unknown keys) of rows the
    /// unsaved edits changed: ticked here, another row ticked on disk, the note under the
    /// ticked row is still there after `m` and `s`.
    @Test func theRecoveryMergeKeepsTheLinesOfChangedRows() throws {
        let h = try Harness("# Groceries\n- Milk\n  note under milk\n- Eggs\n- [ ] Bread\n", width: 90)
        h.press(.char("c"))                                   // Milk ticked (unsaved)
        h.editor.end(bySignal: SIGTERM)
        h.folder.file("groceries.md", "# Groceries\n- Milk\n  note under milk\n- Eggs\n- [x] Bread\n")
        let reopened = try reopen(h)
        reopened.send(.key(.char("m")))
        reopened.send(.key(.char("s")))
        #expect(h.file == "# Groceries\n- [x] Milk\n  note under milk\n- Eggs\n- [x] Bread\n")

        let json = try Harness(#"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "mon"}, "B"]}]}"#, name: "j.json", width: 90)
        json.press(.char("c"))
        json.editor.end(bySignal: SIGTERM)
        json.folder.file("j.json", #"{"sections": [{"title": "G", "rows": [{"text": "A", "due": "mon"}, "B2"]}]}"#)
        let again = try reopen(json)
        again.send(.key(.char("m")))
        again.send(.key(.char("s")))
        #expect(json.file?.contains(#"{"text": "A", "checked": true, "due": "mon"}"#) == true)
        #expect(json.file?.contains("B2") == true)
    }

    /// A recovery file naming a listedit that runs: the file is open there; read-only refuses
    /// edits, edit anyway goes on, quit quits.
    @Test func openInAnotherListeditOffersReadOnly() throws {
        let h = try Harness()
        h.press(.char("q"))                                  // closes its own session
        let comm = ((try? String(contentsOfFile: "/proc/1/comm", encoding: .utf8)) ?? "init").trimmingCharacters(in: .whitespacesAndNewlines)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let header = "listedit recovery file\npid: 1\nprocess: \(comm)\nhost: \(hostName)\nwritten: 1790000000\nstamp: none\nedits: no\n\n"
        let other = h.folder.file(".groceries.md.listedit-recovery", header)
        guard case .openElsewhere(pid: 1, _)? = Recovery.pending(for: h.path).first?.status else {
            Issue.record("the hand-written header does not name a running process: \(Recovery.pending(for: h.path))")
            return
        }

        let viewer = try reopen(h)
        #expect(screen(viewer).contains("groceries.md is open in another listedit (pid 1): r read-only · e edit anyway · q quit"))
        viewer.send(.key(.char("r")))
        #expect(viewer.readOnly)
        #expect(screen(viewer).contains("groceries.md (read-only)"))
        viewer.send(.key(.char("d")))
        viewer.send(.paste("x\ny\n"))
        viewer.send(.key(.char("c")))                        // a checkbox is an edit too
        #expect(viewer.model[IndexPath(row: 0, section: 0)].checkbox == nil)
        viewer.send(.key(.char("e")))
        #expect(screen(viewer).contains("Read-only"))
        #expect(viewer.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        #expect(Recovery.pending(for: h.path).count == 1)     // no file of its own
        viewer.send(.key(.char("q")))
        #expect(viewer.wantsQuit)
        #expect(FileManager.default.fileExists(atPath: other))

        let editing = try reopen(h)
        editing.send(.key(.char("e")))
        #expect(!editing.readOnly)
        #expect(Recovery.pending(for: h.path).count == 2)     // its own, the second
        editing.send(.key(.char("d")))
        #expect(screen(editing).contains("Delete"))

        let quitting = try reopen(h)
        quitting.send(.key(.char("q")))
        #expect(quitting.wantsQuit)
    }

    // MARK: Shared machines (docs/reliability.md)

    /// An owner-only list's recovery file is owner-only from its first write (made on open) and
    /// after the edits are written; a list its group may read gives the recovery file to the
    /// same readers.
    @Test(arguments: [(0o600, 0o600), (0o640, 0o640)])
    func theRecoveryFileIsReadableOnlyAsTheListIs(list: Int, recovery: Int) throws {
        let h = try Harness()
        h.press(.char("q"))                                  // closes its own session
        chmod(h.path, mode_t(list))
        let editor = try reopen(h)
        let path = Recovery.path(for: h.path)
        #expect(fileMode(path) == recovery)
        editor.send(.key(.char("d")))
        editor.send(.key(.enter))
        editor.end(bySignal: SIGTERM)
        #expect(Recovery.pending(for: h.path).map(\.hasEdits) == [true])
        #expect(fileMode(path) == recovery)
        #expect(fileMode(h.path) == list)
    }

    /// A symbolic link at the recovery path, to an unrelated text file that reads as a list: the
    /// status line names it, nothing is offered or written through it, and this session's
    /// edits go to the next number.
    @Test func aSymbolicLinkAtTheRecoveryPathIsNamedAndNeverOffered() throws {
        let h = try Harness()
        h.press(.char("q"))
        let notes = h.folder.file("notes.md", "- call the bank\n")
        symlink(notes, Recovery.path(for: h.path))
        let editor = try reopen(h)
        #expect(screen(editor).contains("ignored .groceries.md.listedit-recovery: not a recovery file (a symbolic link)"))
        #expect(!screen(editor).contains("Unsaved edits"))
        editor.send(.key(.char("d")))
        editor.send(.key(.enter))
        #expect(editor.model.contents[0].rows == ["Eggs", "Bread"])
        editor.end(bySignal: SIGTERM)
        #expect(h.folder.text("notes.md") == "- call the bank\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: Recovery.path(for: h.path)) == notes)
        let files = Recovery.pending(for: h.path)
        #expect(files.map(\.number) == [2] && files.map(\.hasEdits) == [true])
        #expect(fileMode(Recovery.path(for: h.path, number: 2)) == 0o644)
    }

    /// A directory, another user's recovery file, a file that does not parse: each named (with
    /// its reason class), none offered, left as it is, and editing and saving go on.
    @Test(arguments: ["directory", "other user", "prose"])
    func otherThingsAtTheRecoveryPathAreNamedAndEditingGoesOn(kind: String) throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGTERM)                      // a recovery file with edits, in the format
        let path = Recovery.path(for: h.path)
        let said: String
        switch kind {
        case "directory":
            unlink(path)
            mkdir(path, 0o755)
            said = "ignored .groceries.md.listedit-recovery: not a recovery file (a directory)"
        case "other user":
            #expect(chown(path, 65534, 65534) == 0, "chown needs root")
            said = "ignored .groceries.md.listedit-recovery: not a recovery file (owned by another user)"
        default:
            h.folder.file(".groceries.md.listedit-recovery", "Dear diary,\nnothing to see here.\n")
            said = "ignored .groceries.md.listedit-recovery: not a recovery file"
        }
        let before = h.folder.bytes(".groceries.md.listedit-recovery")
        let editor = try reopen(h)
        #expect(screen(editor).contains(said))
        #expect(!screen(editor).contains("Unsaved edits"))
        #expect(editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        editor.send(.key(.char("d")))
        editor.send(.key(.enter))
        editor.send(.key(.char("s")))
        #expect(h.file == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        #expect(Recovery.scan(for: h.path).files.map(\.number) == [2])
        #expect(h.folder.bytes(".groceries.md.listedit-recovery") == before)
        editor.send(.key(.char("q")))
        #expect(Recovery.scan(for: h.path).files.isEmpty && Recovery.scan(for: h.path).ignored.map(\.number) == [1])
    }

    /// With an ignored path and an offer: the name shows beside the offer, and with what the
    /// answer got after it.
    @Test func anIgnoredPathIsNamedBesideTheOfferAndAfterIt() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGTERM)
        symlink(h.folder.file("notes.md", "- x\n"), Recovery.path(for: h.path, number: 2))
        let editor = try reopen(h)
        #expect(screen(editor).contains(": r restore · d discard · Esc later  (ignored .groceries.md.listedit-recovery-2: "))
        let wide = editor.render(width: 200, height: 12).text
        #expect(wide.contains("Unsaved edits from "))
        #expect(wide.contains("(ignored .groceries.md.listedit-recovery-2: not a recovery file (a symbolic link))"))
        editor.send(.key(.char("r")))
        #expect(screen(editor).contains("ignored .groceries.md.listedit-recovery-2: not a recovery file (a symbolic link) · Restored the unsaved edits"))
        #expect(editor.model.contents[0].rows == ["Eggs", "Bread"])
        #expect(Recovery.pending(for: h.path).map(\.number) == [3])
    }

    /// What a killed save left (`.NAME.listedit-XXXXXX`) goes when the file is opened again;
    /// names that only look like it stay.
    @Test func aKilledSavesTemporaryGoesOnOpen() throws {
        let h = try Harness()
        h.press(.char("q"))
        h.folder.file(".groceries.md.listedit-Ab12Cd", "# Groceries\n- half")
        h.folder.file(".groceries.md.listedit-Ab12C", "- kept")
        h.folder.file(".groceries.md.listedit-notes", "- kept")
        _ = try reopen(h)
        let names = try FileManager.default.contentsOfDirectory(atPath: h.folder.path).sorted()
        #expect(names == [".groceries.md.listedit-Ab12C", ".groceries.md.listedit-notes", ".groceries.md.listedit-recovery", "groceries.md"])
    }
}
