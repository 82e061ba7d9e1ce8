import Testing
import Foundation
import TestSupport

/// The demos in a real terminal.
@Suite(.serialized) struct DemoEndToEndTests {
    /// `d d b` used to crash `listedit demo states` (array index out of range): the batch now
    /// runs on the rows left after Arizona was swiped away.
    @Test func statesSurvivesABatchAfterADelete() async throws {
        let tmux = try Tmux("env LANG=C.UTF-8 TERM=xterm-256color \(ListeditProcess.binary) demo states --no-animation; echo EXITED $?; sleep 600", width: 70)
        await tmux.waitFor("Run batch")
        try tmux.send("d")
        await tmux.waitFor("Delete")
        try tmux.send("d")
        await tmux.waitFor { !$0.contains("Arizona") }
        try tmux.send("b")
        let screen = await tmux.waitFor { $0.contains("Virginia") && $0.contains("Undo batch") }
        #expect(screen.contains("Alaska") && screen.contains("Georgia") && screen.contains("Virginia"))
        #expect(!screen.contains("EXITED"))
        try tmux.send("b")
        #expect(await tmux.waitFor("Washington").contains("Delaware"))
        try tmux.send("q")
        #expect(await tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    /// `listedit demo board`: a card moves to the next lane with the keys (edit mode, Space, →,
    /// Space), and another by its `≡` with the mouse, dragged across two lanes.
    @Test func boardMovesCardsAcrossLanesWithKeysAndMouse() async throws {
        let tmux = try Tmux("env LANG=C.UTF-8 TERM=xterm-256color \(ListeditProcess.binary) demo board --no-animation; echo EXITED $?; sleep 600",
                            width: 84, height: 16)
        func lines(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        /// The column (characters from the left) where `text` starts, and its line.
        func find(_ text: String, in screen: String) -> (x: Int, y: Int)? {
            for (y, line) in lines(screen).enumerated() {
                if let r = line.range(of: text) { return (line.distance(from: line.startIndex, to: r.lowerBound), y) }
            }
            return nil
        }
        var screen = await tmux.waitFor { $0.contains("To do") && $0.contains("Pack for the trip") }
        let doneX = try #require(find("Done", in: screen)).x
        try tmux.send("e")
        await tmux.waitFor("⊖ Plan")
        // To Doing, down to its last card, picked up, one lane right, dropped.
        try tmux.send("l")
        try tmux.send("Down", "Down", "Down")
        try tmux.send("Space")
        await tmux.waitFor("put back")
        try tmux.send("Right")
        try tmux.send("Space")
        screen = await tmux.waitFor { s in (find("Pack for the trip", in: s)?.x ?? 0) >= doneX - 2 && !s.contains("put back") }
        // The lanes' titles: Done counts 2 now.
        #expect(lines(screen).first { $0.contains("To do") }?.trimmingCharacters(in: .whitespaces).hasSuffix("2") == true)
        // The mouse: "Write the tests" by its handle, across Doing, dropped at the end of Done.
        let card = try #require(find("Write the tests", in: screen))
        let row = lines(screen)[card.y]
        let handle = try #require(row[row.index(row.startIndex, offsetBy: card.x)...].firstIndex(of: "≡"))
        let handleX = row.distance(from: row.startIndex, to: handle)
        func sgr(_ kind: String, _ x: Int, _ y: Int) -> String {
            "\u{1B}[<\(kind == "drag" ? 32 : 0);\(x + 1);\(y + 1)" + (kind == "release" ? "m" : "M")
        }
        try tmux.type(sgr("press", handleX, card.y))
        await tmux.waitFor("put back")
        try tmux.type(sgr("drag", doneX + 4, card.y))
        try tmux.type(sgr("drag", doneX + 4, card.y + 6))
        try tmux.type(sgr("release", doneX + 4, card.y + 6))
        screen = await tmux.waitFor { s in (find("Write the tests", in: s)?.x ?? 0) >= doneX - 2 && !s.contains("put back") }
        #expect(find("Write the tests", in: screen)!.y > find("Pack for the trip", in: screen)!.y)
        #expect(!screen.contains("EXITED"))
        try tmux.send("q")
        #expect(await tmux.waitFor("EXITED").contains("EXITED 0"))
    }
}
