import Foundation
import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI

/// The passages that end a lane stay after its cards in the plugin's own files: no card moved
/// with `K` `J` (both views) or dragged in edit mode lands inside the `%% kanban:settings` block
/// or below the `***` before the archive (docs/file-formats.md, "Kanban boards").
extension KanbanFileTests {
    /// What is wrong with `saved` as a board of the plugin: a card after the settings block's
    /// first line, or a line other than the archive's heading first after `***`.
    static func endingPassagesBroken(_ saved: String) -> String? {
        let lines = Self.lines(saved).map { $0.trimmingCharacters(in: .newlines) }
        if let settings = lines.firstIndex(of: "%% kanban:settings"),
           let card = lines[settings...].first(where: { $0.hasPrefix("- [") || $0.hasPrefix("\t") }) {
            return "\(card) inside the settings block"
        }
        if let rule = lines.firstIndex(of: "***"), let next = lines[(rule + 1)...].first(where: { !$0.isEmpty }), next != "## Archive" {
            return "\(next) after ***"
        }
        return nil
    }

    @Test("No card moved with K or J, in either view, or dragged, lands in the settings block or below ***")
    func cardsStayAboveTheEndingPassages() throws {
        var moves = 0
        for name in Self.names {
            let original = try Self.text(name)
            let model = try ListDocument.open(Self.folder + "/" + name).model
            #expect(Self.endingPassagesBroken(original) == nil, "\(name)")
            for s in model.sections.indices {
                let rows = model.sections[s].rows
                for r in 0..<rows.count where !rows[r].isPassage && rows[r].level == 0 {
                    let drag: [Key] = [.char("B"), .char("e"), .char(" ")]
                    let ways: [(String, [Key])] = [
                        ("board K", [.char("K")]), ("board J", [.char("J")]), ("list J", [.char("B"), .char("J")]),
                        ("drag ↓", drag + [.down, .char(" "), .char("e")]), ("drag ↓↓", drag + [.down, .down, .char(" "), .char("e")]),
                        ("drag ↑", drag + [.up, .char(" "), .char("e")]),
                    ]
                    for (way, keys) in ways {
                        let context = "\(name): \(rows[r].text) \(way)"
                        let h = try Harness(original, name: name, width: 100, height: 40)
                        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: s)))))
                        for key in keys { h.press(key) }
                        h.press(.char("s"))
                        let saved = try #require(h.file, "\(context)")
                        if saved != original { moves += 1 }
                        if let broken = Self.endingPassagesBroken(saved) { Issue.record("\(context): \(broken)\n\(saved)") }
                        let reread = try ListDocument.open(h.path).model
                        #expect(reread.sections.indices.filter(reread.isArchive) == model.sections.indices.filter(model.isArchive), "\(context)")
                        #expect(reread.sections.map { $0.rows.map(\.text) } == h.editor.model.sections.map { $0.rows.map(\.text) }, "\(context)")
                        h.press(.char("u"), .char("s"))
                        #expect(h.file == original, "\(context): after undo")
                    }
                }
            }
        }
        #expect(moves > 100, "\(moves)")
    }

    /// Where a line ending with `added` landed in `saved`, as a fault: after the settings block's
    /// first line, or between `***` and the archive's heading.
    static func addedAfterTheEndingPassages(_ saved: String, _ added: String) -> String? {
        let lines = Self.lines(saved).map { $0.trimmingCharacters(in: .newlines) }
        guard lines.contains(where: { $0.hasSuffix(added) }) else { return "\(added) not saved" }
        for at in lines.indices where lines[at].hasSuffix(added) {
            if let settings = lines.firstIndex(of: "%% kanban:settings"), at > settings { return "\(added) inside the settings block" }
            if let rule = lines.firstIndex(of: "***"), let archive = lines.firstIndex(of: "## Archive"), at > rule, at < archive {
                return "\(added) between *** and the archive"
            }
        }
        return nil
    }

    @Test("A card added anywhere (a, O, + in edit mode, a paste, p and P) stays above the settings block and ***")
    func addedCardsStayAboveTheEndingPassages() throws {
        var adds = 0
        for name in Self.names {
            let original = try Self.text(name)
            let model = try ListDocument.open(Self.folder + "/" + name).model
            for s in model.sections.indices {
                let places: [TableFocus] = [.header(s)] + model.sections[s].rows.indices.map { .row(IndexPath(row: $0, section: s)) }
                for place in places {
                    let ways: [(String, [Key])] = [("a", [.char("a")]), ("O", [.char("O")]), ("+", [.char("e"), .char("+")]), ("paste", []),
                                                   ("p", [.char("p")]), ("P", [.char("P")])]
                    for (way, keys) in ways {
                        let context = "\(name): \(place) \(way)"
                        let h = try Harness(original, name: name, width: 100, height: 40)
                        if way == "p" || way == "P" {
                            // The register holds the first lane's first card, copied (`y`).
                            let lane = try #require(model.laneSections.first), card = try #require(model.sections[lane].rows.firstIndex { !$0.isPassage })
                            h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: card, section: lane)))))
                            h.press(.char("y"))
                            h.editor.controller.perform(.moveCursor(.to(place)))
                            h.press(keys[0])
                            if h.editor.statusMessage?.hasPrefix("Nothing goes into the front matter") == true { continue }
                            h.press(.char("s"))
                            let saved = try #require(h.file, "\(context)")
                            adds += 1
                            if let broken = Self.addedAfterTheEndingPassages(saved, model.sections[lane].rows[card].text) {
                                Issue.record("\(context): \(broken)\n\(saved)")
                            }
                            continue
                        }
                        h.editor.controller.perform(.moveCursor(.to(place)))
                        if way == "paste" {
                            h.editor.send(.paste("Added card\n"))    // a terminal's bracketed paste, in normal mode
                            // Refused into the front matter's section (KanbanFileTests+FrontMatter).
                            if h.editor.statusMessage?.hasPrefix("Nothing goes into the front matter") == true { continue }
                        } else {
                            for key in keys { h.press(key) }
                            guard h.editor.mode.entry != nil else { continue }   // refused (above front matter or **Complete**)
                            h.type("Added card")
                            h.press(.enter)
                        }
                        h.press(.char("s"))
                        let saved = try #require(h.file, "\(context)")
                        adds += 1
                        if let broken = Self.addedAfterTheEndingPassages(saved, "Added card") { Issue.record("\(context): \(broken)\n\(saved)") }
                        let reread = try ListDocument.open(h.path).model
                        #expect(reread.sections.map { $0.rows.map(\.text) } == h.editor.model.sections.map { $0.rows.map(\.text) }, "\(context)")
                    }
                }
            }
        }
        #expect(adds > 100, "\(adds)")
    }
}
