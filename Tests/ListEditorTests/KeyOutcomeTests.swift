import Testing
import ListDocument
import ListStorage
@testable import ListEditor
import TableKit
import TerminalUI
import KeyBindings
import TestSupport

/// "Did this key do anything" is what the action returns (`KeyOutcome`), not a comparison of the
/// editor before and after: a key whose action did nothing says so, one that acted says nothing.
@MainActor
@Suite struct KeyOutcomeTests {
    static let markdown = "# Groceries\n\nA note.\n\n- Milk\n- Eggs\n  - free range\n- Bread\n\n# Hardware\n- Screws\n"

    func harness() throws -> Harness { try Harness(Self.markdown, name: "g.md", width: 80, height: 20) }

    @Test func anActionSaysWhatItDid() throws {
        let h = try harness()
        h.press(.home, .down, .down)                                            // Milk, the first item
        #expect(h.editor.perform(.firstItem, in: .normal, from: .normal) == .unchanged)
        #expect(h.editor.perform(.down, in: .normal, from: .normal) == .changed)
        #expect(h.editor.perform(.undo, in: .normal, from: .normal) == .refused("Nothing to undo"))
        #expect(h.editor.perform(.check, in: .normal, from: .normal) == .changed)
        #expect(h.editor.perform(.undo, in: .normal, from: .normal) == .changed)
        h.press(.home, .down)                                                   // the passage
        #expect(h.editor.perform(.toggle, in: .normal, from: .normal) == .refused("A passage has no checkbox"))
        #expect(h.editor.perform(.rename, in: .normal, from: .normal) == .refused("A passage is kept as the file has it: it cannot be renamed"))
    }

    @Test func aKeyThatDidNothingSaysWhyAndOneThatActedSaysNothing() throws {
        let h = try harness()
        h.press(.home, .down, .down)
        h.press(.char("g"))                                                     // already on the first item
        #expect(h.editor.statusMessage == "g does nothing here")
        h.press(.char("j"))                                                     // moves
        #expect(h.editor.statusMessage == nil)
        h.press(.char("u"))                                                     // its own reason
        #expect(h.editor.statusMessage == "Nothing to undo")
        h.press(.char("J"))                                                     // moves Eggs' block: acted
        #expect(h.editor.statusMessage == nil)
        #expect(h.editor.model.contents[0].rows == ["A note.", "Milk", "Bread", "Eggs", "free range"])
        h.press(.char("?"), .char("x"))                                         // help opens, any other key closes it
        #expect(h.editor.statusMessage == nil)
    }

    @Test func anEntryLineEditThatChangesNothingSaysWhere() throws {
        let h = try harness()
        h.press(.char("a"))
        #expect(h.editor.perform(.line(.deleteBackward), in: .entry, from: .entry) == .refused("The line is empty"))
        h.type("x")
        #expect(h.editor.perform(.line(.moveRight), in: .entry, from: .entry) == .refused("At the end of the line"))
        #expect(h.editor.perform(.line(.moveLeft), in: .entry, from: .entry) == .changed)
    }
}

/// Drawing changes nothing: the cursor and the scroll are the update step's (`layOutTable`,
/// `TableRenderer.layOut`), so rendering twice, or at another size, leaves the editor as it was.
@MainActor
@Suite struct RenderChangesNothingTests {
    /// What a frame could change if drawing moved the cursor or scrolled.
    struct Seen: Equatable {
        var focus: TableFocus?
        var topLine: Int
        var interaction: TableInteraction
        var selection: SelectionState
        var model: ListModel
    }

    func seen(_ editor: ListEditor) -> Seen {
        Seen(focus: editor.tableView.focus, topLine: editor.renderer.topLine, interaction: editor.tableView.interaction,
             selection: editor.tableView.selectionState, model: editor.model)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func renderingTwiceDrawsTheSameAndChangesNothing(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let rows = (1...40).map { "- row \($0)" }.joined(separator: "\n")
        let h = try Harness("# A\n\(rows)\n\n# B\n- x\n- y\n", name: "r.md", width: 40, height: 10)
        let keys: [Key] = [.down, .up, .pageDown, .pageUp, .end, .home, .char("e"), .char("J"), .char("K"), .char(" "),
                           .escape, .char("/"), .char("1"), .enter, .char("G"), .char("g"), .char("o"), .char("d")]
        for _ in 0..<200 {
            h.editor.send(.key(keys[Int(random.next() % UInt64(keys.count))]))
            let before = seen(h.editor)
            let first = h.editor.render(width: 40, height: 10)
            #expect(seen(h.editor) == before)
            let second = h.editor.render(width: 40, height: 10)
            #expect(second.screenshot == first.screenshot)
            #expect(seen(h.editor) == before)
            // A frame of another size than the last resize announced moves nothing either.
            _ = h.editor.render(width: 30, height: 5)
            #expect(seen(h.editor) == before)
            // The cursor the update step placed is on screen.
            #expect(first.cursor != nil || h.editor.tableView.focus == nil || h.editor.keyMode == .entry || h.editor.keyMode == .prompt)
        }
    }

    /// What a board's frame could change: the cursor, the sideways scroll, each lane's scroll,
    /// the interaction and the list.
    struct SeenOnBoard: Equatable {
        var focus: TableFocus?
        var firstLane: Int
        var laneTops: [Int]
        var interaction: TableInteraction
        var selection: SelectionState
        var model: ListModel
    }

    func seenOnBoard(_ editor: ListEditor) -> SeenOnBoard {
        SeenOnBoard(focus: editor.tableView.focus, firstLane: editor.board.firstLane,
                    laneTops: (0..<editor.tableView.numberOfSections).map { editor.board.topLine(ofLane: $0) },
                    interaction: editor.tableView.interaction, selection: editor.tableView.selectionState, model: editor.model)
    }

    /// The board as the list: its layout is the update step's (`BoardRenderer.layOut`), at random
    /// sizes (lanes hidden sideways, lanes scrolled), so drawing twice draws the same and moves
    /// no cursor, no lane and no scroll, and a frame of another size moves nothing either.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func renderingABoardTwiceDrawsTheSameAndChangesNothing(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let cards = (1...30).map { "- [ ] card \($0)\n  - note \($0)" }.joined(separator: "\n")
        let text = "---\nkanban-plugin: basic\n---\n\n## To do\n\n\(cards)\n\n## Doing\n\n- [ ] x\n\n## Done\n\n- [x] y\n\n## Later\n\n- [ ] z\n"
        let h = try Harness(text, name: "b.md", width: 80, height: 12)
        h.editor.setView(.board)
        let keys: [Key] = [.down, .up, .pageDown, .pageUp, .end, .home, .left, .right, .char("e"), .char("J"), .char("K"),
                           .char("H"), .char("L"), .char(" "), .escape, .char("G"), .char("g"), .char("u")]
        for _ in 0..<200 {
            if random.next() % 8 == 0 {
                let size = (width: 20 + Int(random.next() % 80), height: 3 + Int(random.next() % 20))
                h.editor.send(.resize(width: size.width, height: size.height))
            }
            h.editor.send(.key(keys[Int(random.next() % UInt64(keys.count))]))
            let (width, height) = h.editor.size
            let before = seenOnBoard(h.editor)
            let first = h.editor.render(width: width, height: height)
            #expect(seenOnBoard(h.editor) == before)
            let second = h.editor.render(width: width, height: height)
            #expect(second.screenshot == first.screenshot)
            #expect(seenOnBoard(h.editor) == before)
            _ = h.editor.render(width: 30, height: 5)
            #expect(seenOnBoard(h.editor) == before)
            // The cursor the update step placed is on screen.
            #expect(first.cursor != nil || h.editor.tableView.focus == nil || height < 5)
        }
    }
}
