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
}
