import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// The editor's modal state as one value (`EditorMode`): each transition the keys, the mouse and
/// the load make, prompts and entries answered by messages (`.answered`, `.entered`) that carry
/// what the answer does as data, and the invariants kept through random key sequences.
@MainActor
@Suite struct EditorModeTests {
    /// The case of `mode`, without its payload.
    func name(_ mode: EditorMode) -> String {
        switch mode {
        case .idle: "idle"
        case .prompt: "prompt"
        case .entry: "entry"
        case .help: "help"
        case .waiting: "waiting"
        case .mouseDrag(let edge): "mouseDrag \(edge)"
        }
    }

    @Test func helpOpensScrollsAndClosesOnAnyOtherKey() throws {
        let h = try Harness(height: 8)
        #expect(name(h.editor.mode) == "idle")
        h.press(.char("?"))
        #expect(h.editor.mode == .help(scroll: 0))
        h.press(.down, .down)
        #expect(h.editor.mode == .help(scroll: 2))
        #expect(h.screen.contains("3-"))
        h.press(.up)
        #expect(h.editor.mode == .help(scroll: 1))
        h.press(.char("x"))
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])   // the key only closed it
    }

    @Test func anAddEntryHoldsWhereTheRowGoesAndEnterSendsItsText() throws {
        let h = try Harness()
        h.press(.down)
        h.type("a")
        #expect(h.editor.mode.entry?.kind == .add(at: IndexPath(row: 2, section: 0), base: 0))
        #expect(h.editor.keyMode == .entry)
        h.type("Tea")
        #expect(h.editor.mode.entry?.text.line.string == "Tea")
        h.press(.enter)
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Tea", "Bread"])
    }

    @Test func escClosesAnEntryAndItsKindDoesNothingWithoutText() throws {
        let h = try Harness()
        h.type("rX")
        #expect(h.editor.mode.entry?.kind == .renameRow(at: IndexPath(row: 0, section: 0), row: h.editor.model[IndexPath(row: 0, section: 0)], old: "Milk"))
        h.press(.escape)
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
        #expect(!h.editor.isModified)
    }

    @Test func theFilterAndTheCommandLineAreLineEntries() throws {
        let h = try Harness()
        h.type("/")
        #expect(h.editor.mode.entry?.kind == .filter && h.editor.mode.entry?.kind.isLine == true)
        h.type("gl")
        #expect(h.screen.contains("Wood glue") && !h.screen.contains("Milk"))   // each edit narrows
        h.press(.escape)
        #expect(name(h.editor.mode) == "idle" && h.screen.contains("Milk"))
        h.type(":")
        #expect(h.editor.mode.entry?.kind == .command)
        h.press(.escape)
        #expect(name(h.editor.mode) == "idle")
    }

    @Test func anEnteredMessageActsWithoutAnEntryShowing() throws {
        let h = try Harness()
        h.editor.update(.entered(.renameSection(0, old: "Groceries"), "Food"))
        #expect(h.editor.model.contents.map(\.title) == ["Food", "Hardware"])
        h.press(.char("u"))
        #expect(h.editor.model.contents.map(\.title) == ["Groceries", "Hardware"])
    }

    @Test func aPromptIsItsKindAndAnAnswerMessageDoesWhatItSays() throws {
        let h = try Harness()
        h.press(.char("e"), .up)
        #expect(h.editor.tableView.focus == .header(0))
        h.press(.char("-"))
        #expect(h.editor.mode.prompt?.kind == .deleteSection(0))
        #expect(h.editor.keyMode == .prompt)
        // An answer to another question leaves this one up, and does what it says.
        h.editor.update(.answered(.deleteSection(1), .no))
        #expect(h.editor.mode.prompt?.kind == .deleteSection(0))
        h.editor.update(.answered(.deleteSection(0), .yes))
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents.map(\.title) == ["Hardware"])
    }

    @Test func aNoLeavesTheListAsItWas() throws {
        let h = try Harness()
        h.press(.char("e"), .up, .char("-"))
        #expect(h.editor.mode.prompt?.kind == .deleteSection(0))
        h.press(.char("n"))
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents.map(\.title) == ["Groceries", "Hardware"])
    }

    @Test func quitWithChangesAnsweredYesSavesThenQuitsOnTheSavedMessage() throws {
        let h = try Harness(width: 120)
        h.press(.down, .char("d"), .enter)
        _ = h.editor.update(.input(.key(.char("q"))))
        #expect(h.editor.mode.prompt?.kind == .quitWithChanges)
        let effects = h.editor.update(.answered(.quitWithChanges, .yes))
        guard effects.count == 1, case .save(let request) = effects[0] else {
            Issue.record("expected one save: \(effects)")
            return
        }
        #expect(name(h.editor.mode) == "idle")
        let after = h.editor.update(.saved(.success(try request.write())))
        #expect(after.contains { if case .quit = $0 { true } else { false } })
        #expect(h.file == "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
    }

    @Test func aPromptOfLettersTakesOnlyItsLettersAndEsc() throws {
        let h = try Harness(width: 120)
        h.press(.down, .char("d"), .enter)
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        h.folder.file("groceries.md", "# Groceries\n- Milk\n- Eggs\n- Bread\n- Tea\n\n# Hardware\n- Screws\n- Wood glue\n")
        h.editor.send(.tick)
        guard case .diskChanged(_, partial: false)? = h.editor.mode.prompt?.kind else {
            Issue.record("expected the disk change question: \(h.editor.mode)")
            return
        }
        #expect(h.editor.mode.prompt?.letters == [.reload, .keep, .merge])
        h.press(.char("y"))                                   // not an answer here
        #expect(h.editor.mode.prompt != nil)
        #expect(h.editor.statusMessage?.hasPrefix("answer") == true)
        h.press(.char("m"))
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.model.contents[0].rows == ["Milk", "Bread", "Tea"])
    }

    @Test func aMouseDragIsAModeWithItsEdge() throws {
        let h = try Harness(height: 8)
        h.press(.char("e"))
        let handle = h.width - 4
        func mouse(_ kind: MouseEvent.Kind, _ y: Int) {
            h.editor.send(.mouse(MouseEvent(kind, x: handle, y: y)))
            _ = h.screen
        }
        let milk = try #require(h.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Milk") })
        mouse(.press, milk)
        #expect(h.editor.mode == .mouseDrag(edge: 0))
        #expect(h.editor.frameInterval == nil)
        mouse(.drag, h.height - 1)                             // past the bottom edge
        #expect(h.editor.mode == .mouseDrag(edge: 1))
        #expect(h.editor.frameInterval == ListEditor.edgeScrollInterval)
        mouse(.drag, 3)                                        // inside the table
        #expect(h.editor.mode == .mouseDrag(edge: 0))
        mouse(.release, 3)
        #expect(name(h.editor.mode) == "idle")
        #expect(h.editor.keyMode == .edit)
    }

    @Test func aKeyWaitsForTheLoadAsAModeAndActsWhenItEnds() throws {
        let l = try LoadingTests.Loading(Array(LoadingTests.list().utf8))
        l.press(.char("G"))
        #expect(l.editor.mode.pendingKey?.action == .lastItem)
        l.deliver()
        #expect(name(l.editor.mode) == "idle")
        #expect(l.editor.tableView.focus == .row(IndexPath(row: 39, section: 3)))
    }

    @Test func escEndsTheWait() throws {
        let l = try LoadingTests.Loading(Array(LoadingTests.list().utf8))
        l.press(.char("G"))
        #expect(l.editor.mode.pendingKey != nil)
        l.press(.escape)
        #expect(name(l.editor.mode) == "idle")
        #expect(l.editor.statusMessage == "Stopped waiting: the file is still being read")
    }

    /// Random keys (seeded) over a small list: after each, the key mode is the mode's (a prompt
    /// or an entry takes the keys), and the invariants hold (`_checkInvariants` also runs on
    /// every change of the mode).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomKeysKeepTheModeConsistent(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let keys: [Key] = [.char("a"), .char("r"), .char("?"), .char("/"), .char(":"), .char("e"), .char("d"), .char("-"),
                           .char("y"), .char("n"), .char("q"), .char("x"), .char("J"), .char(" "), .char("A"), .char("u"),
                           .up, .down, .enter, .escape, .tab]
        let h = try Harness(height: 10)
        var seen: Set<String> = []
        for _ in 0..<400 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            h.editor.send(.key(key))
            if h.editor.wantsQuit { break }
            _ = h.screen
            h.editor._checkInvariants()
            h.editor.tableView._checkInvariants()
            seen.insert(name(h.editor.mode))
            switch h.editor.mode {
            case .prompt: #expect(h.editor.keyMode == .prompt)
            case .entry: #expect(h.editor.keyMode == .entry)
            default: #expect(h.editor.keyMode != .prompt && h.editor.keyMode != .entry)
            }
        }
        #expect(seen.isSuperset(of: ["idle", "entry"]))            // the walk went through the entry, not only the table
    }
}

/// The editor's reads are effects (`.read`): a test performs them itself, or answers them with
/// what it likes, and the update step decides on what comes back. The update step reads nothing.
@MainActor
@Suite struct EditorReadTests {
    func reads(_ effects: [EditorEffect]) -> [EditorRead] {
        effects.compactMap { if case .read(let read) = $0 { read } else { nil } }
    }

    @Test func openingAsksToReadTheRecoveryFilesThenBeginsItsOwn() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("list.md", "- a\n")
        let editor = ListEditor(document: try ListDocument.open(path), animations: false)
        let started = editor.start()
        guard reads(started).count == 1, case .recoveryFiles(let document) = reads(started)[0] else {
            Issue.record("expected one read of the recovery files: \(started)")
            return
        }
        #expect(document == path)
        let after = editor.update(.recoveryScanned(files: [], ignored: []))
        guard after.count == 1, case .beginRecovery(let begun, _) = after[0] else {
            Issue.record("expected this session's recovery file: \(after)")
            return
        }
        #expect(begun == path)
    }

    @Test func theTickAsksToLookAtTheDiskAndTheLookDecides() throws {
        let h = try Harness()
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        h.folder.file("groceries.md", "# Groceries\n- Tea\n")
        let effects = h.editor.update(.input(.tick))
        guard case .disk(let document)? = reads(effects).first else {
            Issue.record("expected a look at the disk: \(effects)")
            return
        }
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])   // nothing read yet
        let look = try #require(document.lookAtDisk())
        h.editor.update(.diskLooked(look))
        #expect(h.editor.model.contents.map(\.rows) == [["Tea"]])               // no edits: reloaded
        #expect(h.editor.statusMessage == "Reloaded: changed on disk")
        // The same look again is stale (the document saw the new version): nothing happens.
        h.editor.update(.diskLooked(look))
        #expect(h.editor.model.contents.map(\.rows) == [["Tea"]] && !h.editor.isModified)
        // No second look within the second.
        #expect(reads(h.editor.update(.input(.tick))).isEmpty)
    }

    @Test func readAgainAsksForTheFileAndShowsWhyItCouldNotBeRead() throws {
        let h = try Harness()
        h.type(":e!")
        let effects = h.editor.update(.input(.key(.enter)))
        guard case .file(let path, for: .readAgain)? = reads(effects).first else {
            Issue.record("expected a read of the file: \(effects)")
            return
        }
        #expect(path == h.path)
        h.editor.update(.fileRead(.readAgain, .failure(DocumentError(.io, file: path, "cannot open: permission denied"))))
        #expect(h.editor.statusMessage == "groceries.md: cannot open: permission denied")
        h.editor.update(.fileRead(.readAgain, .success(try FileAccess.read(path))))
        #expect(h.editor.statusMessage == "Read groceries.md again")
    }
}

/// A save's look at the disk is the `.save` effect's (`SaveRequest.write`), never the update step's.
@MainActor
@Suite struct EditorSaveCheckTests {
    @Test func aSaveOverAFileChangedOnDiskIsAskedForAndRefusedWhereItIsWritten() throws {
        let h = try Harness(width: 120)
        h.press(.down, .char("d"), .enter)
        h.folder.file("groceries.md", "# Groceries\n- Tea\n")
        let effects = h.editor.update(.input(.key(.char("s"))))
        guard effects.count == 1, case .save(let request) = effects[0] else {
            Issue.record("expected the save, unchecked: \(effects)")
            return
        }
        #expect(h.editor.mode.prompt == nil)
        let result = Result { () throws(DocumentError) in try request.write() }
        guard case .failure(let error) = result else {
            Issue.record("expected the write refused")
            return
        }
        #expect(error.kind == .changedOnDisk)
        #expect(h.file == "# Groceries\n- Tea\n")                                  // nothing written
        h.editor.update(.saved(result))
        #expect(h.editor.mode.prompt?.kind == .overwrite(path: nil, acceptingLosses: false, then: .nothing))
        #expect(h.editor.isModified)
    }

    @Test func saveAsOverAFileThatExistsIsRefusedByTheWrite() throws {
        let h = try Harness(width: 120)
        h.folder.file("other.md", "- kept\n")
        let request = try h.editor.document.prepareSave(to: h.folder.path + "/other.md")
        #expect(throws: DocumentError.self) { try request.write() }
        #expect(h.folder.text("other.md") == "- kept\n")
        let overwrite = try h.editor.document.prepareSave(to: h.folder.path + "/other.md", overwrite: true)
        _ = try overwrite.write()
        #expect(h.folder.text("other.md")?.contains("Milk") == true)
    }
}

/// Work off the main actor is an effect too (`.work`): the update step starts and stops no task.
@MainActor
@Suite struct EditorWorkTests {
    /// The index's build as the update step asks for it to be finished (`.joinFilterIndex`).
    func join(_ effects: [EditorEffect]) -> (workers: Int, need: FilterNeed)? {
        for case .work(.joinFilterIndex(_, let workers, let need)) in effects { return (workers, need) }
        return nil
    }

    @Test func theFilterAsksForItsIndexToBeBuiltThenForTheJoinAndFiltersWhenItComes() throws {
        let h = try Harness()
        let effects = h.editor.update(.input(.key(.char("/"))))
        guard effects.count == 1, case .work(.buildFilterIndex(_, let workers)) = effects[0] else {
            Issue.record("expected the index's build: \(effects)")
            return
        }
        #expect(workers >= 1)
        // Not performed: the first character builds nothing itself; it asks for the join.
        let typed = h.editor.update(.input(.key(.char("g"))))
        #expect(join(typed)?.need == .filter("g") && join(typed)?.workers == 0)   // the build `/` asked for
        #expect(h.screen.contains("Milk"))                                       // nothing filtered yet
        EditorEffectPerformer().performAll(typed, for: h.editor)
        #expect(h.screen.contains("Wood glue") && !h.screen.contains("Milk"))
        // The index is kept: the next character narrows without asking for anything.
        #expect(join(h.editor.update(.input(.key(.char("l"))))) == nil)
        #expect(h.screen.contains("Wood glue") && !h.screen.contains("Eggs"))
    }

    @Test func aMatchWithoutAnIndexAsksForOneAndMovesWhenItComes() throws {
        let h = try Harness()
        h.press(.char("/"))
        h.type("e")
        h.press(.enter, .escape)                 // the filter kept `e` as the last search, then cleared
        h.editor.filterIndex = nil               // none kept (as after a reload)
        let asked = h.editor.update(.input(.key(.char("n"))))
        guard let (workers, need) = join(asked) else {
            Issue.record("expected the index's join: \(asked)")
            return
        }
        #expect(need == .match(forward: true) && workers == FilterIndexBuild.cores - 1)
        #expect(h.editor.statusMessage == nil)   // asking is doing something: no "does nothing"
        EditorEffectPerformer().performAll(asked, for: h.editor)
        #expect(h.editor.statusMessage?.hasPrefix("match ") == true)
    }

    @Test func anIndexOfAListThatChangedSinceIsDropped() throws {
        let h = try Harness()
        h.press(.char("/"))
        let typed = h.editor.update(.input(.key(.char("g"))))
        guard case .work(.joinFilterIndex(let build, _, _))? = typed.first(where: { if case .work(.joinFilterIndex) = $0 { true } else { false } }) else {
            Issue.record("expected the index's join: \(typed)")
            return
        }
        let index = build.finish()
        h.press(.escape, .down, .char("d"), .enter)   // the list changes before the index comes
        h.editor.update(.filterIndexBuilt(index, for: .filter("g")))
        #expect(h.editor.filterIndexSize == 0)
    }

    @Test func quittingWhileTheFileLoadsStopsTheLoadFirst() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("big.md", LoadingTests.list(sections: 20, rows: 500))
        let (doc, load, source) = try ListDocument.openProgressively(path, threshold: 0, firstPiece: 256, minimumRows: 3)
        let editor = ListEditor(document: doc, animations: false)
        editor.startLoading(try #require(load), from: try #require(source), piece: 4096)
        let effects = editor.update(.input(.key(.char("q"))))
        guard case .work(.stopLoading)? = effects.first, case .quit? = effects.last else {
            Issue.record("expected the load stopped, then quit: \(effects)")
            return
        }
        EditorEffectPerformer().performAll(effects, for: editor)
        #expect(editor.wantsQuit)
    }
}
