import Foundation
import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// A card entering another lane glides there in the editor's board (issue 29), as a row move
/// slides in the list: the real editor in the real run loop over `TestBackend`, animations on,
/// frames drawn while it moves (the loop waits a frame interval, not for input); a key during the
/// move ends it at its last frame (issue 26's rule).
@MainActor
@Suite struct BoardMoveAnimationTests {
    /// Runs the editor on Kanban fixture `basic.md` in the board (80 × 16) through `script`.
    func run(_ script: [TestBackend.Step]) throws -> TestBackend {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("basic.md", try KanbanFileTests.text("basic.md"))
        let editor = ListEditor(document: try ListDocument.open(path), animations: true)
        let backend = TestBackend(width: 80, height: 16, script: script)
        editor.renderer.clock = backend.clock
        editor.setView(.board)                      // the board follows the list's renderer's clock
        let performer = EditorEffectPerformer()
        TerminalRunLoop(backend: backend, clock: backend.clock).run(editor) { performer.perform($0, for: editor) }
        return backend
    }

    func find(_ text: String, in grid: CellGrid) -> (x: Int, y: Int)? {
        for (y, line) in grid.lines.enumerated() {
            if let r = line.range(of: text) { return (line.distance(from: line.startIndex, to: r.lowerBound), y) }
        }
        return nil
    }

    @Test("L glides the card into the next lane, both lanes' cards sliding; a key ends the glide at its last frame")
    func aCardMovedWithLGlides() throws {
        let backend = try run([.event(.key(.char("L"))), .idle, .idle, .idle, .idle, .event(.key(.down)), .idle])
        let frames = backend.frames
        // The first screen, after L, four frames while it moves, after ↓, after the idle wait.
        #expect(frames.count == 8)
        let start = try #require(find("Write the report", in: frames[0]))
        let end = try #require(find("Write the report", in: frames[6]))
        #expect(end.y == start.y && end.x > start.x + 24)                 // in Doing, at its index
        let xs = try frames[2...5].map { try #require(find("Write", in: $0)).x }
        #expect(xs == xs.sorted() && Set(xs).count == xs.count)           // on its way, right
        #expect(xs.allSatisfy { $0 > start.x && $0 < end.x })
        // Half-way on, Doing's card has stepped down to make room and To do's have moved up.
        // (Before, it waits on its line, under the card passing over it.)
        #expect(frames[2...4].allSatisfy { find("Fix the bike", in: $0)?.y != start.y + 1 })
        #expect(find("Fix the bike", in: frames[5])?.y == start.y + 1)
        #expect(find("Call the", in: frames[5])?.y == start.y)
        // ↓ during the glide: the frame after it shows the board at rest (the cursor moved on).
        #expect(find("Fix the bike", in: frames[6])?.y == start.y + 1)
        #expect(find("Call the plumber", in: frames[6])?.y == start.y)
        #expect(frames[7].lines == frames[6].lines)
        // Frames come at the frame interval while it moves, then the loop waits for input.
        let waits = backend.timeouts.filter { $0 != 0 }
        #expect(waits[1...4].allSatisfy { $0 == 33 })
        #expect(waits[6] == TerminalRunLoop.idleTimeout)
    }

    /// `L` into a `**Complete**` lane is two batches in one key (the move, then the checkbox's
    /// reload): the second joins the first's glide instead of ending it.
    @Test("L into the done lane glides too, though the checkbox changes in a batch of its own")
    func aCardMovedIntoTheDoneLaneGlides() throws {
        let backend = try run([.event(.key(.char("l"))), .event(.key(.char("L"))), .idle, .idle, .idle, .idle, .event(.key(.down))])
        let frames = backend.frames
        #expect(frames.count == 8)
        let start = try #require(find("Fix the bike", in: frames[1]))
        let end = try #require(find("Fix the bike", in: frames[7]))
        #expect(end.x > start.x + 24 && end.y == start.y + 1)           // in Done, under **Complete**
        #expect(frames[7].lines[end.y].contains("☑ Fix the bike"))
        let xs = try frames[3...6].map { try #require(find("the bike", in: $0)).x }
        #expect(xs == xs.sorted() && Set(xs).count == xs.count)
        #expect(xs.allSatisfy { $0 > start.x && $0 < end.x })
    }
}
