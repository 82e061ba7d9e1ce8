import Foundation
import Testing
import ListDocument
@testable import ListEditor
import TableKit
import TerminalUI

/// A Kanban board's front matter takes no cards: the untitled first section holding only the
/// YAML is no lane (the plugin reads no card there, so one moved in would vanish from the
/// board), and no path puts a row there: `K` on a first lane's first card says it cannot go
/// further, as at the top of a list; drags stop at the first lane's top; `H` passes it over; a
/// selection's moves, `a`, `O`, `+`, `p`, `P` and a paste there are refused
/// (docs/file-formats.md, "Kanban boards"). Every card of every fixture, every path.
extension KanbanFileTests {
    /// What is wrong with `saved` against `original`: the front matter's section no longer
    /// holds exactly the original's front matter passages.
    static func frontMatterBroken(_ saved: String, _ original: String, name: String) throws -> String? {
        let read = try MarkdownFormat.read(Array(saved.utf8), name: name).model
        let before = try MarkdownFormat.read(Array(original.utf8), name: name).model
        guard !read.isLane(0) else { return "section 0 became a lane: \(read.sections[0].rows.map(\.text))" }
        guard read.sections[0].rows.map(\.text) == before.sections[0].rows.map(\.text) else { return "section 0 changed" }
        return nil
    }

    @Test("No card moved with K, J, H, a drag or a selection's moves, in either view, lands in the front matter's section")
    func noMoveEntersTheFrontMatter() throws {
        var refusals = 0, moves = 0, expectedRefusals = 0
        for name in Self.names {
            let original = try Self.text(name)
            let model = try ListDocument.open(Self.folder + "/" + name).model
            #expect(!model.isLane(0), "\(name)")
            let first = try #require(model.laneSections.first)
            let firstCard = try #require(model.sections[first].rows.indices.first { !model.sections[first].rows[$0].isPassage })
            // `K` on it says it cannot go further (after passages opening the lane: the second `K`).
            expectedRefusals += firstCard == 0 ? 4 : 1
            for s in model.sections.indices {
                let rows = model.sections[s].rows
                for r in 0..<rows.count where !rows[r].isPassage {
                    let pick: [Key] = [.char("B"), .char("e"), .char(" ")]
                    let ways: [(String, [Key])] = [
                        ("board K", [.char("K")]), ("board K K", [.char("K"), .char("K")]), ("list K", [.char("B"), .char("K")]),
                        ("board H", [.char("H")]), ("list H", [.char("B"), .char("H")]),
                        ("drag ↑", pick + [.up, .char(" "), .char("e")]),
                        ("drag ↑×\(r + 3)", pick + Array(repeating: .up, count: r + 3) + [.char(" "), .char("e")]),
                        ("selection K", [.char("B"), .char("e"), .char("v"), .char("K")]),
                        ("selection H", [.char("B"), .char("e"), .char("v"), .char("H")]),
                        ("selection drag ↑×\(r + 3)", [.char("B"), .char("e"), .char("v"), .char(" ")] + Array(repeating: .up, count: r + 3) + [.char(" ")]),
                    ]
                    for (way, keys) in ways {
                        let context = "\(name): \(rows[r].text) \(way)"
                        let h = try Harness(original, name: name, width: 100, height: 40)
                        h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: s)))))
                        for key in keys { h.press(key) }
                        if way.hasSuffix("K"), s == first, r == firstCard, r == 0 || way == "board K K" {
                            // The first lane's first card: as at the top of a list.
                            #expect(h.editor.statusMessage?.hasSuffix("cannot go further") == true, "\(context): \(h.editor.statusMessage ?? "")")
                            #expect(h.editor.model.sections[0].rows.count == model.sections[0].rows.count, "\(context)")
                            refusals += 1
                        }
                        h.press(.escape, .escape, .char("s"))
                        let saved = try #require(h.file, "\(context)")
                        if saved != original { moves += 1 }
                        if let broken = try Self.frontMatterBroken(saved, original, name: name) { Issue.record("\(context): \(broken)\n\(saved)") }
                        #expect(!h.editor.model.isLane(0), "\(context)")
                    }
                }
            }
        }
        #expect(refusals == expectedRefusals && moves > 100, "\(refusals) \(moves)")
    }

    @Test("Nothing is added to the front matter's section: a, O, + in edit mode, p, P and a paste there are refused")
    func nothingIsAddedToTheFrontMatter() throws {
        var refused = 0
        for name in Self.names {
            let original = try Self.text(name)
            let model = try ListDocument.open(Self.folder + "/" + name).model
            let lane = try #require(model.laneSections.first)
            let card = try #require(model.sections[lane].rows.indices.first { !model.sections[lane].rows[$0].isPassage })
            let places: [TableFocus] = [.header(0)] + model.sections[0].rows.indices.map { .row(IndexPath(row: $0, section: 0)) }
            for place in places {
                let ways: [(String, [Key])] = [("a", [.char("a")]), ("O", [.char("O")]), ("+", [.char("+")]),
                                               ("p", [.char("p")]), ("P", [.char("P")]), ("paste", [])]
                for (way, keys) in ways {
                    let context = "\(name): \(place) \(way)"
                    let h = try Harness(original, name: name, width: 100, height: 40)
                    h.press(.char("B"))    // the list view shows the front matter
                    // Something in the register for `p` and `P`: the first lane's first card.
                    h.editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: card, section: lane)))))
                    h.press(.char("y"))
                    if way == "+" { h.press(.char("e")) }    // the `Add item` row of edit mode
                    h.editor.controller.perform(.moveCursor(.to(place)))
                    if way == "paste" {
                        h.editor.send(.paste("Added card\n"))
                    } else {
                        for key in keys { h.press(key) }
                    }
                    if h.editor.mode.entry != nil {
                        Issue.record("\(context): the add modal opened")
                        h.type("Added card")
                        h.press(.enter)
                    }
                    let said = h.editor.statusMessage ?? ""
                    #expect(said == "Nothing goes into the front matter: a board's cards go in its lanes"
                            || said == "Nothing goes above the front matter: it stays first", "\(context): \(said)")
                    if said.hasPrefix("Nothing goes into") { refused += 1 }
                    h.press(.escape)
                    if h.editor.tableView.isEditing { h.press(.char("e")) }
                    h.press(.char("s"))
                    #expect(h.file == original, "\(context)")
                }
            }
        }
        #expect(refused >= 5 * Self.names.count, "\(refused)")
    }

    @Test("apply refuses a row inserted or moved into a Kanban board's front matter, naming it; nothing changes")
    func applyPutsNothingIntoTheFrontMatter() throws {
        for name in Self.names {
            let document = try ListDocument.open(Self.folder + "/" + name)
            let model = document.model
            for slot in 0...model.sections[0].rows.count {
                let insert = #"{"insertRows": [{"at": [0, \#(slot)], "text": "New card"}]}"#
                var copy = document
                #expect(throws: BatchScript.Failure.self, "\(name) \(insert)") { try copy.apply(BatchScript.decode(Array(insert.utf8), name: "ops")) }
                #expect(copy.model.sections.map(\.rows.count) == model.sections.map(\.rows.count))
                do { try copy.apply(BatchScript.decode(Array(insert.utf8), name: "ops")) } catch let failure as BatchScript.Failure {
                    #expect("\(failure.error)" == "attempt to insert row \(slot) into section 0, which holds only the front matter of a Kanban board; nothing goes into the front matter: a board's cards go in its lanes")
                }
                for s in model.sections.indices.dropFirst() {
                    for r in model.sections[s].rows.indices where !model.sections[s].rows[r].isPassage {
                        let move = #"{"moveRows": [{"from": [\#(s), \#(r)], "to": [0, \#(slot)]}]}"#
                        var moved = document
                        do {
                            try moved.apply(BatchScript.decode(Array(move.utf8), name: "ops"))
                            Issue.record("\(name) \(move): taken")
                        } catch let failure as BatchScript.Failure {
                            #expect("\(failure.error)" == "attempt to move row \(r) of section \(s) to row \(slot) of section 0, which holds only the front matter of a Kanban board; nothing goes into the front matter: a board's cards go in its lanes", "\(name) \(move)")
                        }
                    }
                }
            }
            // Into the first lane's top it is taken.
            var taken = document
            let lane = try #require(model.laneSections.first)
            try taken.apply(BatchScript.decode(Array(#"{"insertRows": [{"at": [\#(lane), 0], "text": "New card"}]}"#.utf8), name: "ops"))
            #expect(taken.model.sections[lane].rows[0].text == "New card")
        }
    }
}
