import Foundation
import Testing
import ListDocument
import ListEditor
import TerminalUI
import TestSupport

/// The real editor in the real run loop, over `TestBackend` instead of a terminal: keys, resizes
/// and signals come from a script, every frame is kept, and every effect the editor's update step
/// returns goes through a performer these tests watch (`Watcher`: it records each effect, then
/// performs it with `EditorEffectPerformer` or fails a save). What tmux tests check end to end,
/// without a terminal.
@MainActor
@Suite struct EditorRunLoopTests {
    /// Records what the run loop hands to the performer, and performs it (or fails saves).
    @MainActor
    final class Watcher {
        var effects: [String] = []
        var failSaves = false
        let performer = EditorEffectPerformer()

        func perform(_ effect: EditorEffect, for editor: ListEditor) -> [EditorEffect] {
            switch effect {
            case .save(let request):
                effects.append("save \(FileAccess.fileName(request.path))")
                if failSaves {
                    return editor.update(.saved(.failure(DocumentError(.io, file: request.path, "cannot save: disk full"))))
                }
            case .writeRecovery(_, _, let hasEdits): effects.append(hasEdits ? "recovery with edits" : "recovery without edits")
            case .removeRecovery: effects.append("remove recovery")
            case .beginRecovery: effects.append("begin recovery")
            case .takeOverRecovery: effects.append("take over recovery")
            case .discardRecovery: effects.append("discard recovery")
            case .quit: effects.append("quit")
            case .read, .work: break                // reads and background work are not what these tests watch
            }
            return performer.perform(effect, for: editor)
        }
    }

    static let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// Runs an editor on a fresh `groceries.md` through `script`; returns what the loop returned,
    /// the backend, the watcher, and the file's text afterwards.
    func run(_ script: [TestBackend.Step], width: Int = 60, height: Int = 12, failSaves: Bool = false)
        throws -> (signal: Int32, backend: TestBackend, watcher: Watcher, file: String?, folder: TempFolder) {
        let folder = TempFolder()
        let path = folder.file("groceries.md", Self.groceries)
        let editor = ListEditor(document: try ListDocument.open(path), animations: false)
        let backend = TestBackend(width: width, height: height, script: script)
        let watcher = Watcher()
        watcher.failSaves = failSaves
        let signal = TerminalRunLoop(backend: backend, clock: backend.clock).run(editor) { watcher.perform($0, for: editor) }
        return (signal, backend, watcher, folder.text("groceries.md"), folder)
    }

    static func keys(_ keys: Key...) -> [TestBackend.Step] { keys.map { .event(.key($0)) } }

    @Test func openEditMoveSaveQuit() throws {
        let r = try run(Self.keys(.char("e"), .char(" "), .down, .char(" "), .char("e"), .char("s"), .char("q")))
        defer { r.folder.remove() }
        #expect(r.signal == 0 && r.backend.stopped && !r.backend.ranOut)
        #expect(r.watcher.effects == ["begin recovery", "save groceries.md", "recovery without edits", "remove recovery", "quit"])
        #expect(r.file == "# Groceries\n- Eggs\n- Milk\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        #expect(!FileAccess.exists(Recovery.path(for: r.folder.file("groceries.md"))))
        // Frames: the first screen, then one after each key but the last (`q` quits at once).
        let frames = r.backend.frames.map(\.text)
        #expect(frames.count == 7)
        let bars = frames.map { $0.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces) }
        #expect(bars[0].hasPrefix("groceries.md") && bars[0].hasSuffix("Edit"))
        #expect(bars[1].hasSuffix("Done"))                              // `e`
        #expect(frames[4].contains("groceries.md *"))                   // moved, not saved
        #expect(frames[6].contains("Saved groceries.md") && !frames[6].contains("groceries.md *"))
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let r = try run([.event(.resize(width: 40, height: 8))] + Self.keys(.char("q")))
        defer { r.folder.remove() }
        #expect(r.backend.frames.map(\.width) == [60, 40])
        #expect(r.backend.frames[1].height == 8 && r.backend.frames[1].text.contains("Milk"))
    }

    /// A held `↓` that outran the screen (300 drag steps queued, animations on) draws one frame
    /// for all of them, with the row where the last step left it, and starts no glide after it:
    /// the loop waits for the next key, not for a frame (docs/keys.md: a held key never runs
    /// ahead of the screen). The drop then lands the row there.
    @Test func aBurstOfDragStepsDrawsOneFrameWhereTheRowStops() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let rows = (0..<2_000).map { "- row " + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        let path = folder.file("long.md", "# Long\n" + rows.joined(separator: "\n") + "\n")
        let editor = ListEditor(document: try ListDocument.open(path), animations: true)
        let burst: [TestBackend.Step] = [.event(.key(.down))] + Array(repeating: .typeahead(.key(.down)), count: 299)
        let backend = TestBackend(width: 40, height: 12, script: Self.keys(.char("e"), .char(" ")) + burst + [.idle]
                                  + Self.keys(.char(" "), .char("s"), .char("q")))
        editor.renderer.clock = backend.clock
        let watcher = Watcher()
        TerminalRunLoop(backend: backend, clock: backend.clock).run(editor) { watcher.perform($0, for: editor) }
        #expect(!backend.ranOut)
        // Frames: the first, after `e`, after Space, one for the 300 steps, the tick, the drop, `s`.
        #expect(backend.frames.count == 7)
        let lines = backend.frames[3].lines
        let held = try #require(lines.firstIndex { $0.contains("row 0000") })
        #expect(lines[held - 1].contains("row 0300") && lines[held + 1].contains("row 0301"))
        #expect(backend.frames[4].lines == lines)                       // nothing glides after the burst
        // The wait after the burst's frame is for input (a second), not for an animation frame.
        let waits = backend.timeouts.filter { $0 != 0 }
        #expect(waits[3] == TerminalRunLoop.idleTimeout)
        let saved = try #require(folder.text("long.md")).split(separator: "\n")
        #expect(saved[1] == "- row 0001" && saved[300] == "- row 0300" && saved[301] == "- row 0000")
    }

    @Test func aFailedSaveKeepsTheChangesAndTheQuitAsks() throws {
        let r = try run(Self.keys(.char("d"), .enter, .char("s"), .char("q")), failSaves: true)
        defer { r.folder.remove() }
        #expect(r.watcher.effects == ["begin recovery", "save groceries.md", "recovery with edits"])   // the last: SIGHUP when the script ran out
        #expect(r.file == Self.groceries)
        let last = try #require(r.backend.frames.last?.text)
        #expect(last.contains("groceries.md *"))
        #expect(last.contains("Save changes?"))                          // `q` asks: changes unsaved
        #expect(r.backend.ranOut)                                        // so the loop went on
    }

    @Test func aSignalKeepsTheUnsavedEditsThroughTheLoopsPerformer() throws {
        let r = try run(Self.keys(.char("d"), .enter) + [.signal(15)])
        defer { r.folder.remove() }
        #expect(r.signal == 15 && r.backend.stopped)
        #expect(r.watcher.effects == ["begin recovery", "recovery with edits"])
        let left = try #require(Recovery.pending(for: r.folder.file("groceries.md")).first)
        #expect(left.hasEdits)
        #expect(try left.edits().contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
    }
}
