import Testing
import Foundation
import TestSupport

/// The open file changed by another program while listedit runs.
@Suite(.serialized) struct DiskChangeEndToEndTests {
    let groceries = "# Groceries\n- Milk\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n"

    /// No key pressed: the change is noticed on a timer and reloaded; then, with unsaved edits,
    /// the editor asks and merges; the merged list saves without asking again.
    @Test func reloadsWhenCleanAndMergesWhenEdited() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", groceries)
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: "--no-animation"), width: 90)
        await tmux.waitFor("Edit")
        dir.file("g.md", groceries + "- Nails\n")
        let reloaded = await tmux.waitFor(timeout: 10) { $0.contains("Reloaded: changed on disk") && $0.contains("Nails") }
        #expect(reloaded.contains("Reloaded: changed on disk") && reloaded.contains("Nails"))
        #expect(!reloaded.contains("g.md *"))

        try tmux.send("d", "d")                                   // delete Milk (unsaved)
        await tmux.waitFor("g.md *")
        dir.file("g.md", groceries + "- Nails\n- Glue sticks\n")
        let asked = await tmux.waitFor(timeout: 10) { $0.contains("changed on disk: r reload") }
        #expect(asked.contains("g.md changed on disk: r reload (drop my edits) · k keep mine · m merge"))
        try tmux.send("m")
        #expect(await tmux.waitFor("Merged").contains("Glue sticks"))
        try tmux.send("s")
        #expect(await poll { dir.text("g.md") == "# Groceries\n- Eggs\n- Bread\n\n# Hardware\n- Screws\n- Wood glue\n- Nails\n- Glue sticks\n" })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
