import Testing
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Seeded random keys, mouse events and resizes through the whole editor, in every mode, with
/// the invariants checked after every event; every 500 events, undoing everything must give back
/// the original document exactly.
@MainActor
@Suite struct InteractionFuzzTests {
    static let events = 100_000
    static let segment = 500

    static let keys: [Key] = [
        .up, .down, .up, .down, .pageUp, .pageDown, .home, .end, .left, .right,
        .char("e"), .char("e"), .char(" "), .char(" "), .enter, .enter, .escape, .escape,
        .shiftUp, .shiftDown, .char("K"), .char("J"), .char("-"), .char("x"), .delete, .char("+"), .char("i"),
        .char("a"), .char("A"), .char("r"), .char("d"), .char("y"), .char("n"), .char("u"), .ctrl("r"),
        .char("j"), .char("k"), .char("g"), .char("G"), .char("?"), .backspace, .ctrl("u"),
        .char("z"), .char("吾"), .char("🧑‍🚀"), .char("e\u{301}"), .tab,
        .backTab, .char("/"), .char("m"), .char("h"), .char("l"),
    ]

    func checkInvariants(_ editor: ListEditor, _ context: @autoclosure () -> String) -> Bool {
        guard let broken = tableInvariantViolation(editor.tableView) else { return true }
        Issue.record("\(broken) after \(context())")
        return false
    }

    @Test func randomEventsKeepEveryInvariantAndUndoRestoresTheDocument() throws {
        let original = "# Groceries\n- Milk\n- Eggs\n- 吾輩は猫である\n\n# Hardware\n- Screws\n- 🧑‍🚀 astronaut\n\n#\n- e\u{301}te\u{301}\n"
        let h = try Harness(original, width: 40, height: 14)
        let editor = h.editor
        let start = editor.model.contents.map { [$0.title] + $0.rows }
        var g = SplitMix64(seed: 2026)
        var size = (w: 40, h: 14)
        var changedSegments = 0, drags = 0
        for i in 1...Self.events {
            let roll = Int.random(in: 0..<100, using: &g)
            let event: InputEvent
            // A 500×200 frame is 100,000 cells: the window leaves that size again soon (half the
            // time at the next event), so drawing after every event stays affordable.
            if roll < 3 || (size.w == 500 && roll < 50) {
                let sizes = [(1, 1), (2, 2), (20, 5), (40, 14), (80, 24), (500, 200), (7, 3)]
                let s = sizes.randomElement(using: &g)!
                size = s
                event = .resize(width: s.0, height: s.1)
            } else if roll < 10 {
                let kinds: [MouseEvent.Kind] = [.press, .drag, .release, .wheelUp, .wheelDown]
                event = .mouse(MouseEvent(kinds.randomElement(using: &g)!, x: Int.random(in: 0..<max(1, size.w), using: &g),
                                          y: Int.random(in: 0..<max(1, size.h), using: &g)))
            } else if roll < 12 {
                // Pastes (several lines, one line, blank) and ticks (edge scrolling of a mouse drag).
                event = [.tick, .paste("Zucchini\nd\nq\n"), .paste("- [ ] one"), .paste("\n")].randomElement(using: &g)!
            } else {
                event = .key(Self.keys.randomElement(using: &g)!)
            }
            editor.handle(event)
            if editor.tableView.rowDrag != nil { drags += 1 }
            guard checkInvariants(editor, "event \(i): \(event)") else { return }
            // Drawn after every event, as the program does.
            let grid = editor.render(width: size.w, height: size.h)
            guard grid.clustersAreWhole, grid.width == size.w, grid.height == size.h else {
                Issue.record("bad frame after event \(i)")
                return
            }
            guard checkInvariants(editor, "render after event \(i)") else { return }
            if i % Self.segment == 0 {
                // Close whatever is open, leave edit mode, undo everything.
                for _ in 0..<4 { editor.handle(.key(.escape)) }
                if editor.model.contents.map({ [$0.title] + $0.rows }) != start { changedSegments += 1 }
                if editor.tableView.isEditing { editor.handle(.key(.char("e"))) }
                for _ in 0..<(Self.segment + 10) { editor.handle(.key(.char("u"))) }
                let now = editor.model.contents.map { [$0.title] + $0.rows }
                guard now == start else {
                    Issue.record("undoing everything after event \(i) gave \(now), not \(start)")
                    return
                }
            }
        }
        // The stream really edited: most segments changed the list, and rows were dragged.
        #expect(changedSegments > Self.events / Self.segment / 2)
        #expect(drags > 1_000)
    }
}
