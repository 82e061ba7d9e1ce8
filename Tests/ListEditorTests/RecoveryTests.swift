import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

@MainActor
@Suite struct RecoveryTests {
    @Test func writtenAfterAQuietMomentAndRemovedBySave() throws {
        let h = try Harness()
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        let recovery = Recovery.path(for: h.path)
        h.press(.char("d"), .enter)                      // delete Milk
        clock.now = 101
        h.editor.handle(.tick)
        #expect(!FileManager.default.fileExists(atPath: recovery))
        clock.now = 103
        h.editor.handle(.tick)
        let file = try #require(Recovery.pending(for: h.path).first)
        #expect(file.path == recovery && file.hasEdits)
        #expect(try file.edits().contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
        h.press(.char("s"))
        #expect(!FileManager.default.fileExists(atPath: recovery))
    }

    @Test func terminationWritesItAtOnceAndReopeningOffersIt() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.terminate(signal: SIGTERM)
        let recovery = Recovery.path(for: h.path)
        #expect(FileManager.default.fileExists(atPath: recovery))

        let reopened = ListEditor(document: try ListDocument.open(h.path), animations: false)
        let screen = reopened.render(width: 100, height: 12).text
        #expect(screen.contains("Restore them? (y/n)"))
        reopened.handle(.key(.char("y")))
        #expect(reopened.model.contents.map(\.rows) == [["Eggs", "Bread"], ["Screws", "Wood glue"]])
        #expect(reopened.isModified)
        reopened.handle(.key(.char("s")))
        #expect(h.file == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n")
        #expect(!FileManager.default.fileExists(atPath: recovery))
    }

    /// A JSON list can hold a line break in a row, which Markdown cannot: its recovery file is
    /// JSON then, and gives the list back exactly.
    @Test func aRowWithALineBreakIsRecoveredToo() throws {
        let json = #"{"sections": [{"title": "Notes", "rows": ["two\nlines", "one"]}]}"#
        let h = try Harness(json, name: "notes.json")
        h.press(.down, .down, .down, .char("d"), .enter)   // delete "one"
        h.editor.terminate(signal: SIGTERM)
        let recovered = try #require(Recovery.pending(for: h.path).first).edits()
        #expect(recovered.contents.map(\.title) == ["Notes"])
        #expect(recovered.contents.map(\.rows) == [["two\nlines"]])

        let reopened = ListEditor(document: try ListDocument.open(h.path), animations: false)
        reopened.handle(.key(.char("y")))
        #expect(reopened.model.contents.map(\.rows) == [["two\nlines"]])
    }

    @Test func declinedRecoveryIsRemovedAndAnOlderOneStillOffered() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.terminate(signal: SIGHUP)
        let declined = ListEditor(document: try ListDocument.open(h.path), animations: false)
        declined.handle(.key(.char("n")))
        #expect(!FileManager.default.fileExists(atPath: Recovery.path(for: h.path)))
        #expect(declined.model.contents[0].rows == ["Milk", "Eggs", "Bread"])

        // A recovery file older than the document is still offered: edits are never dropped
        // unasked (its header tells whether the document changed since).
        h.editor.terminate(signal: SIGHUP)
        utimes(Recovery.path(for: h.path), [timeval(tv_sec: 1_000, tv_usec: 0), timeval(tv_sec: 1_000, tv_usec: 0)])
        let fresh = ListEditor(document: try ListDocument.open(h.path), animations: false)
        #expect(fresh.render(width: 100, height: 12).text.contains("Restore"))
    }

    @Test func quittingWithoutChangesLeavesNoRecoveryFile() throws {
        let h = try Harness()
        h.press(.char("d"), .enter)
        h.editor.terminate(signal: SIGTERM)
        h.press(.char("u"), .char("q"))
        #expect(h.editor.wantsQuit)
        #expect(!FileManager.default.fileExists(atPath: Recovery.path(for: h.path)))
    }
}
