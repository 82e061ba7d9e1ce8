import Testing
import Demos
import TableHost
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Every demo survives any input: 10^4 seeded random keys (every key the demos bind, their bar
/// button keys, and keys they do not bind), with clicks, drags, wheel, resizes, ticks and
/// pastes mixed in. The table's invariants hold after every event and the frames drawn (before
/// each mouse event, and every 8th event) are whole.
/// A failure names the seed and the event, so it can be replayed.
@MainActor
@Suite struct DemoFuzzTests {
    static let events = 10_000

    static let keys: [Key] = [
        .up, .down, .up, .down, .pageUp, .pageDown, .home, .end, .left, .right, .shiftUp, .shiftDown,
        .char("e"), .char("e"), .char(" "), .char(" "), .enter, .enter, .escape, .escape,
        .char("d"), .char("d"), .char("y"), .char("x"), .char("-"), .delete, .char("+"), .char("i"), .char("v"),
        .char("K"), .char("J"), .char("h"), .char("l"), .char("g"), .char("G"), .char("j"), .char("k"),
        .char("b"), .char("b"), .char("s"), .char("s"), .char("n"), .char("z"), .char("q"), .tab, .backspace,
        .ctrl("r"), .function(1), .char("吾"), .char("B"),
    ]

    @Test(arguments: DemoCatalog.names)
    func randomInputNeverBreaksADemo(_ name: String) throws {
        let host = try #require(DemoCatalog.host(named: name, theme: .unicode, animations: false))
        var g = SplitMix64(seed: 13)
        var size = (w: 44, h: 14)
        host.handle(.resize(width: size.w, height: size.h))
        var rowsSeen = Set<Int>()
        for i in 1...Self.events {
            let roll = Int.random(in: 0..<100, using: &g)
            let event: InputEvent
            if roll < 2 {
                let sizes = [(1, 1), (2, 2), (20, 5), (44, 14), (80, 24), (7, 3), (120, 40)]
                let s = sizes.randomElement(using: &g)!
                size = s
                event = .resize(width: s.0, height: s.1)
            } else if roll < 12 {
                let kinds: [MouseEvent.Kind] = [.press, .press, .drag, .drag, .release, .wheelUp, .wheelDown]
                event = .mouse(MouseEvent(kinds.randomElement(using: &g)!, x: Int.random(in: -1...size.w, using: &g),
                                          y: Int.random(in: -1...size.h, using: &g)))
            } else if roll < 14 {
                event = [.tick, .paste("pasted\nd\nb\n")].randomElement(using: &g)!
            } else {
                event = .key(Self.keys.randomElement(using: &g)!)
            }
            if case .mouse = event {
                // A click lands on what the last frame drew: draw one first, as the program has.
                _ = host.render(width: size.w, height: size.h)
            }
            host.handle(event)
            if let broken = tableInvariantViolation(host.tableView) {
                Issue.record("demo \(name), seed 13: \(broken) after event \(i): \(event)")
                return
            }
            // A frame every few events (drawing is most of the cost; mouse events draw first).
            guard i % 8 == 0 else { continue }
            let grid = host.render(width: size.w, height: size.h)
            guard grid.clustersAreWhole, grid.width == size.w, grid.height == size.h else {
                Issue.record("demo \(name), seed 13: bad frame after event \(i): \(event)")
                return
            }
            rowsSeen.insert(host.tableView.numberOfSections > 0 ? host.tableView.numberOfRows(inSection: 0) : -1)
        }
        // The stream really changed the table (rows were deleted or inserted).
        #expect(rowsSeen.count > 1)
    }

    /// The sequence that crashed `listedit demo states`: swipe Arizona open, swipe it all the
    /// way (deleted), then run the batch on the four rows left.
    @Test func statesRunsTheBatchAfterARowWasDeleted() throws {
        let host = try #require(DemoCatalog.host(named: "states", theme: .unicode, animations: false))
        host.handle(.resize(width: 44, height: 14))
        for key: Key in [.char("d"), .char("d"), .char("b")] {
            host.handle(.key(key))
            _ = host.render(width: 44, height: 14)
        }
        let text = host.render(width: 44, height: 14).text
        #expect(!text.contains("Arizona") && !text.contains("Delaware") && !text.contains("Washington"))
        #expect(text.contains("Alaska") && text.contains("Georgia") && text.contains("Virginia"))
        #expect(tableInvariantViolation(host.tableView) == nil)
        host.handle(.key(.char("b")))
        let back = host.render(width: 44, height: 14).text
        #expect(back.contains("Delaware") && back.contains("Washington") && !back.contains("Alaska"))
    }
}
