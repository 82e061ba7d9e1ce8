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

    /// The states demo's context menu and leading action through `TableHost` in a real terminal:
    /// `.` opens California's menu under it, Enter moves it to the top; a right-click (an SGR
    /// report of the right button, decoded by the curses backend) opens New Jersey's, a click on
    /// Delete deletes it; `D` shows the green Top at the row's left end, `D` again performs it.
    @Test func statesContextMenuAndLeadingSwipe() async throws {
        let tmux = try Tmux("env LANG=C.UTF-8 TERM=xterm-256color ESCDELAY=300 \(ListeditProcess.binary) demo states --no-animation; echo EXITED $?; sleep 600", width: 70)
        await tmux.waitFor("Run batch")
        try tmux.send("j", ".")
        var screen = await tmux.waitFor { $0.contains("↑ Move to top") && $0.contains("✕ Delete") }
        #expect(screen.contains("┌─ California") && screen.contains("close"), "\(screen)")
        try tmux.send("Enter")
        screen = await tmux.waitFor { s in
            let r = self.rows(s)
            guard let california = r.firstIndex(of: "California"), let arizona = r.firstIndex(of: "Arizona") else { return false }
            return california < arizona
        }
        #expect(!screen.contains("Move to top"), "\(screen)")
        let lines = screen.components(separatedBy: "\n")
        let jersey = try #require(lines.firstIndex { $0.contains("New Jersey") }, "\(screen)")
        try tmux.type("\u{1B}[<2;10;\(jersey + 1)M")
        screen = await tmux.waitFor { $0.contains("New Jersey ─") && $0.contains("✕ Delete") }
        #expect(screen.contains("┌─ New Jersey"), "\(screen)")
        let delete = try #require(screen.components(separatedBy: "\n").firstIndex { $0.contains("✕ Delete") }, "\(screen)")
        try tmux.type("\u{1B}[<0;10;\(delete + 1)M")
        try tmux.type("\u{1B}[<0;10;\(delete + 1)m")
        screen = await tmux.waitFor { !$0.contains("New Jersey") && !$0.contains("Delete") }
        #expect(!screen.contains("New Jersey"), "\(screen)")
        try tmux.send("End", "D")
        screen = await tmux.waitFor(" Top  Washington")
        #expect(screen.contains(" Top  Washington"), "\(screen)")
        try tmux.send("D")
        screen = await tmux.waitFor { s in self.rows(s).firstIndex(of: "Washington").map { self.rows(s)[$0 - 1] == "States" } ?? false }
        #expect(rows(screen).firstIndex(of: "Washington").map { rows(screen)[$0 - 1] } == "States", "\(screen)")
        #expect(!screen.contains("EXITED"))
        try tmux.send("q")
        #expect(await tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    /// A leading action's `backgroundColor` (the demo's green Top) reaches the terminal as the
    /// nearest of its colours, green (SGR 32, reversed into a green button); under `NO_COLOR` the
    /// button keeps its attributes and has no colour at all. (The test shards run with `NO_COLOR`
    /// set, which the colour case takes out.)
    @Test(arguments: [false, true])
    func anActionsColourReachesTheTerminalUnlessNoColor(noColor: Bool) async throws {
        let tmux = try Tmux("env -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color \(noColor ? "NO_COLOR=1" : "") \(ListeditProcess.binary) demo states --no-animation; echo EXITED $?; sleep 600", width: 70)
        await tmux.waitFor("Run batch")
        try tmux.send("End", "D")
        let screen = await tmux.waitFor(" Top  Washington")
        #expect(screen.contains(" Top  Washington"), "\(screen)")
        let styled = try tmux.run(["capture-pane", "-p", "-e", "-t", "main"])
        let line = try #require(styled.components(separatedBy: "\n").first { $0.contains("Washington") }, "\(styled)")
        let top = try #require(line.range(of: " Top "), "\(line)")
        let before = String(line[..<top.lowerBound])
        // The escapes that set the button's colours come before its text: the last foreground set.
        if noColor {
            #expect(foregrounds(before).allSatisfy { $0 == 39 }, "\(String(reflecting: line))")
            #expect(before.contains("\u{1B}[7m"), "reversed, as a button: \(String(reflecting: line))")
        } else {
            #expect(foregrounds(before).last == 32, "\(String(reflecting: line))")
        }
        try tmux.send("q")
        #expect(await tmux.waitFor("EXITED").contains("EXITED 0"))
    }

    /// The foreground colour codes (30…37, 39 the default) that the SGR escapes in `text` set,
    /// in order.
    func foregrounds(_ text: String) -> [Int] {
        text.components(separatedBy: "\u{1B}[").dropFirst().flatMap { part -> [Int] in
            guard let end = part.firstIndex(of: "m") else { return [] }
            return part[..<end].split(separator: ";").compactMap { Int($0) }.filter { (30...39).contains($0) && $0 != 38 }
        }
    }

    /// The screen lines, trimmed.
    func rows(_ screen: String) -> [String] {
        screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
