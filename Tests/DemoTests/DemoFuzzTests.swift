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

    /// Every key the host binds (`TableHost.defaultKeys`: the table's keys, `.` the context menu,
    /// `D` the leading swipe, `i` the detail button, `B` the board…), so a key added to the table
    /// is pressed here without a list to keep; then the demos' bar-button keys, the keys that
    /// answer a prompt or a menu, and keys nothing binds. Bound keys come twice, as they matter more.
    static let keys: [Key] = {
        let bound = TableHost.defaultKeys.bindings.flatMap(\.keys)
        let buttons = DemoCatalog.buttonKeys.sorted { $0.key < $1.key }.map(\.value)   // in a fixed order: seeds replay
        let others: [Key] = [.char("y"), .char("n"), .char("s"), .char("z"), .char("q"), .tab, .backspace,
                             .ctrl("r"), .function(1), .char("吾")]
        return bound + bound + buttons + buttons + others
    }()

    /// The table's and the host's own keys are all among the fuzzer's.
    @Test func theFuzzerPressesEveryBoundKey() {
        for key: Key in [.char("."), .char("D"), .char("i"), .char("B"), .char("e"), .char(" "), .char("J"), .char("d")] {
            #expect(Self.keys.contains(key), "the fuzzer never presses \(key.label)")
        }
        #expect(Self.keys.filter { $0 == .char(".") }.count >= 2)   // bound, so weighted
    }

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
