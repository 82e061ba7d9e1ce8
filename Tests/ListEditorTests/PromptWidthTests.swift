import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Every question the editor can ask shows its answers whole at 80 and at 60 columns: when the
/// status line is too narrow, the explanatory part is cut (with …), never the choices, and what
/// the last key got ("answer d, m, r or esc") never pushes them out.
@MainActor
@Suite struct PromptWidthTests {
    static let original = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// The status line (the last line) of `editor` at `width` columns.
    func status(_ editor: ListEditor, width: Int) -> String {
        editor.render(width: width, height: 12).text.split(separator: "\n", omittingEmptySubsequences: false)
            .last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }).map(String.init) ?? ""
    }

    /// Checks `labels` at 80 and 60 columns, before and after a key that is no answer.
    func expectWhole(_ editor: ListEditor, _ labels: [String], noAnswer: Character? = "x",
                     sourceLocation: SourceLocation = #_sourceLocation) {
        for width in [80, 60] {
            editor.send(.resize(width: width, height: 12))
            for label in labels {
                #expect(status(editor, width: width).contains(label), "\(width): \(status(editor, width: width))", sourceLocation: sourceLocation)
            }
        }
        guard let noAnswer else { return }
        editor.send(.key(.char(noAnswer)))
        for width in [80, 60] {
            editor.send(.resize(width: width, height: 12))
            let line = status(editor, width: width)
            for label in labels { #expect(line.contains(label), "\(width) after \(noAnswer): \(line)", sourceLocation: sourceLocation) }
        }
    }

    func reopen(_ h: Harness, name: String = "groceries-with-a-rather-long-name.md") throws -> ListEditor {
        let editor = ListEditor.started(document: try ListDocument.open(h.path), animations: false)
        editor.send(.resize(width: 80, height: 12))
        return editor
    }

    @Test func theRecoveryOfferWithMerge() throws {
        let h = try Harness(Self.original, name: "groceries-with-a-rather-long-name.md", width: 80)
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGTERM)
        h.folder.file("groceries-with-a-rather-long-name.md", Self.original + "- Nails\n")
        expectWhole(try reopen(h), ["r restore", "d discard", "m merge", "Esc later"])
    }

    @Test func theRecoveryOfferWithoutMerge() throws {
        let h = try Harness(Self.original, name: "groceries-with-a-rather-long-name.md", width: 80)
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGTERM)
        expectWhole(try reopen(h), ["r restore", "d discard", "Esc later"])
    }

    @Test func theSecondListeditOffer() throws {
        let h = try Harness(Self.original, name: "groceries-with-a-rather-long-name.md", width: 80)
        h.press(.char("q"))
        let comm = ((try? String(contentsOfFile: "/proc/1/comm", encoding: .utf8)) ?? "init").trimmingCharacters(in: .whitespacesAndNewlines)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        h.folder.file(".groceries-with-a-rather-long-name.md.listedit-recovery",
                      "listedit recovery file\npid: 1\nprocess: \(comm)\nhost: \(hostName)\nwritten: 1790000000\nstamp: none\nedits: no\n\n")
        guard case .openElsewhere? = Recovery.pending(for: h.path).first?.status else {
            Issue.record("the hand-written header does not name a running process")
            return
        }
        expectWhole(try reopen(h), ["r read-only", "e edit anyway", "q quit"])
    }

    @Test func theDiskChangeQuestionAndTheOverwriteQuestion() throws {
        let h = try Harness(Self.original, name: "groceries-with-a-rather-long-name.md", width: 80)
        let clock = ManualClock(100)
        h.editor.renderer.clock = clock
        h.press(.char("d"), .enter)
        h.folder.file("groceries-with-a-rather-long-name.md", Self.original + "- Nails\n")
        clock.now += ListEditor.diskCheckInterval
        h.editor.send(.tick)
        expectWhole(h.editor, ["r reload (drop my edits)", "k keep mine", "m merge"])
        h.press(.char("k"))
        h.press(.char("s"))
        expectWhole(h.editor, ["overwrite? (y/n)"], noAnswer: nil)
    }

    @Test func theQuitQuestion() throws {
        let h = try Harness(Self.original, name: "groceries-with-a-rather-long-name.md", width: 80)
        h.press(.char("d"), .enter)
        h.press(.char("q"))
        expectWhole(h.editor, ["Save changes? (y/n/Esc)"], noAnswer: nil)
    }

    @Test func theLossQuestion() throws {
        let h = try Harness(SaveAsLossTests.plan, name: "a-plan-with-a-rather-long-file-name.md", width: 80)
        h.press(.char("S"), .ctrl("u"))
        h.type(h.folder.path + "/a-plan-with-a-rather-long-file-name.txt")
        h.press(.enter)
        expectWhole(h.editor, ["save anyway? (y/n)"], noAnswer: nil)
    }

    /// Two offers one after the other: what the first answer got stays visible.
    @Test func theFirstResultStaysVisibleAfterTheLastOffer() throws {
        let h = try Harness(Self.original, width: 80)
        h.press(.char("d"), .enter)
        h.editor.end(bySignal: SIGHUP)
        let later = try reopen(h)
        later.send(.key(.escape))                          // later: the first file stays
        later.send(.key(.char("d")))
        later.send(.key(.enter))                           // edits in file 2
        later.end(bySignal: SIGTERM)
        h.folder.file("groceries.md", Self.original + "- Nails\n")
        let third = try reopen(h)
        third.send(.key(.char("m")))
        #expect(status(third, width: 120).contains("Unsaved edits from"))
        third.send(.key(.char("d")))
        let line = status(third, width: 120)
        #expect(line.contains("Merged") && line.contains("Discarded"), "\(line)")
    }
}
