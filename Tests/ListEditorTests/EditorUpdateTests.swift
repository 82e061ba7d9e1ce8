import ListDocument
import ListEditor
import Testing
import TerminalUI
import TestSupport

/// The editor's update step writes no file: a save, a recovery write, removing the recovery file
/// and quitting are effects it returns, which these tests perform (or fail) themselves, sending
/// the result back as a message. No terminal, no run loop.
@MainActor
@Suite struct EditorUpdateTests {
    static let afterDelete = "# Groceries\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    func send(_ editor: ListEditor, _ keys: Key...) -> [EditorEffect] {
        keys.flatMap { editor.update(.input(.key($0))) }
    }

    func saveRequest(in effects: [EditorEffect]) -> ListDocument.SaveRequest? {
        for case .save(let request) in effects { return request }
        return nil
    }

    func recoveryWrites(in effects: [EditorEffect]) -> [Bool] {
        effects.compactMap { if case .writeRecovery(_, _, let hasEdits) = $0 { hasEdits } else { nil } }
    }

    func quits(_ effects: [EditorEffect]) -> Bool {
        effects.contains { if case .quit = $0 { true } else { false } }
    }

    @Test func aSaveIsAnEffectAndItsResultAMessage() throws {
        let h = try Harness(width: 120)
        let original = h.file
        let effects = send(h.editor, .down, .char("d"), .enter, .char("s"))
        #expect(h.file == original)                       // the update step wrote nothing
        let request = try #require(saveRequest(in: effects))
        #expect(h.editor.statusMessage == nil)              // no "does nothing" while the save is out
        #expect(request.path == h.path)
        #expect(String(decoding: request.bytes, as: UTF8.self) == Self.afterDelete)
        #expect(h.editor.isModified)
        let stamp = try request.write()
        let after = h.editor.update(.saved(.success(stamp)))
        #expect(!h.editor.isModified)
        #expect(h.file == Self.afterDelete)
        #expect(h.screen.contains("Saved groceries.md"))
        #expect(recoveryWrites(in: after) == [false])      // the recovery file keeps no edits now
        #expect(!quits(after) && !h.editor.wantsQuit)
    }

    @Test func aFailedSaveShowsTheErrorAndKeepsTheChanges() throws {
        let h = try Harness(width: 120)
        let original = h.file
        _ = try #require(saveRequest(in: send(h.editor, .down, .char("d"), .enter, .char("s"))))
        let after = h.editor.update(.saved(.failure(DocumentError(.io, file: h.path, "cannot save: No space left on device"))))
        #expect(after.isEmpty)
        #expect(h.editor.isModified)
        #expect(h.screen.contains("No space left on device"))
        #expect(h.file == original)
        // The next save asks again, and this one works.
        let request = try #require(saveRequest(in: send(h.editor, .char("s"))))
        h.editor.update(.saved(.success(try request.write())))
        #expect(!h.editor.isModified && h.file == Self.afterDelete)
    }

    /// The update step looks at no disk: `s` asks for the save, the write finds the file changed
    /// on disk and refuses, the editor asks, and `y` asks for a save that overwrites.
    @Test func aSaveTheWriteRefusesAsksThenOverwrites() throws {
        let h = try Harness(width: 120)
        _ = send(h.editor, .down, .char("d"), .enter)
        h.folder.file("groceries.md", "- someone else\n")
        let first = try #require(saveRequest(in: send(h.editor, .char("s"))))
        let refused = Result { () throws(DocumentError) in try first.write() }
        #expect(h.file == "- someone else\n")                     // nothing written
        h.editor.update(.saved(refused))
        #expect(h.screen.contains("changed on disk"))
        let request = try #require(saveRequest(in: send(h.editor, .char("y"))))
        h.editor.update(.saved(.success(try request.write())))
        #expect(h.file == Self.afterDelete)
    }

    @Test func quittingWithoutChangesRemovesTheRecoveryFileThenQuits() throws {
        let h = try Harness()
        let effects = send(h.editor, .char("q"))
        #expect(effects.count == 2)
        guard case .removeRecovery = effects.first, case .quit = effects.last else {
            Issue.record("expected remove recovery, then quit: \(effects)")
            return
        }
        #expect(!h.editor.wantsQuit)                        // the run loop's side performs the quit
        #expect(h.editor.statusMessage == nil)              // asking for effects is not a silent key
    }

    @Test func quitWithYesSavesAndQuitsOnlyOnceTheSaveWorked() throws {
        let h = try Harness(width: 120)
        _ = send(h.editor, .down, .char("d"), .enter, .char("q"))
        let request = try #require(saveRequest(in: send(h.editor, .char("y"))))
        #expect(!h.editor.wantsQuit)
        let failed = h.editor.update(.saved(.failure(DocumentError(.io, file: h.path, "cannot save: disk full"))))
        #expect(!quits(failed))
        #expect(h.editor.isModified)
        _ = try #require(saveRequest(in: send(h.editor, .char("q"), .char("y"))))
        let after = h.editor.update(.saved(.success(try request.write())))
        #expect(quits(after))
    }

    @Test func theRecoveryFileIsWrittenAsAnEffectAfterAQuietMoment() throws {
        let h = try Harness()
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        let recovery = Recovery.path(for: h.path)
        let before = h.folder.bytes(".groceries.md.listedit-recovery")
        _ = send(h.editor, .down, .char("d"), .enter)
        #expect(recoveryWrites(in: h.editor.update(.input(.tick))).isEmpty)
        clock.now += ListEditor.recoveryDelay
        let effects = h.editor.update(.input(.tick))
        #expect(recoveryWrites(in: effects) == [true])
        #expect(h.folder.bytes(".groceries.md.listedit-recovery") == before)   // not written by the update
        #expect(FileAccess.exists(recovery))
    }

    /// Leaves unsaved edits (Milk deleted) in a recovery file, as an ended listedit would, and
    /// opens the file again: the editor offers them.
    func reopenWithLeftEdits(_ h: Harness) throws -> ListEditor {
        h.press(.down, .char("d"), .enter)
        h.editor.end(bySignal: 15)
        let editor = ListEditor.started(document: try ListDocument.open(h.path), animations: false)
        editor.send(.resize(width: 120, height: 12))
        return editor
    }

    @Test func restoringOfferedEditsTakesTheirFileOverAsAnEffect() throws {
        let h = try Harness()
        let editor = try reopenWithLeftEdits(h)
        let offered = Recovery.path(for: h.path)
        let effects = editor.update(.input(.key(.char("r"))))
        #expect(editor.model.contents[0].rows == ["Milk", "Bread"])
        #expect(FileAccess.exists(offered))                  // not removed by the update step
        guard effects.count == 1, case .takeOverRecovery(var session, let document, let file) = effects[0] else {
            Issue.record("expected one take-over: \(effects)")
            return
        }
        #expect(file.path == offered && session.path != offered)
        try session.takeOver(file, with: document)
        #expect(!FileAccess.exists(offered))
        #expect(Recovery.pending(for: h.path).contains { $0.path == session.path && $0.hasEdits })
    }

    @Test func discardingOfferedEditsIsAnEffect() throws {
        let h = try Harness()
        let editor = try reopenWithLeftEdits(h)
        let offered = Recovery.path(for: h.path)
        let effects = editor.update(.input(.key(.char("d"))))
        #expect(FileAccess.exists(offered))
        guard effects.count == 1, case .discardRecovery(let file) = effects[0] else {
            Issue.record("expected one discard: \(effects)")
            return
        }
        #expect(file.path == offered)
        #expect(editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])
    }
}
