import Testing
import Foundation
import TestSupport

/// What the screen shows of the file in a real terminal (issue 28): ordered items with the number
/// the next save writes (renumbered after a move), a dim `…` after an item with more lines,
/// passages by their first line of content, and a help overlay that fits 80×24 and scrolls.
@Suite(.serialized) struct ScreenShowsFileEndToEndTests {
    @Test func numbersEllipsisAndPassages() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "---\ntitle: Plan\n---\n\n# Steps\n\n1. Unpack\n2. Assemble\n   with the short screws\n3. Paint\n\n```sh\nmake install\nmake test\n```\n"
        let file = dir.file("plan.md", text)
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 70, height: 20)
        let screen = await tmux.waitFor { $0.contains("Edit") && $0.contains("3. Paint") }
        #expect(screen.contains("title: Plan · 3 lines"), "\(screen)")
        #expect(screen.contains("1. Unpack") && screen.contains("2. Assemble …"), "\(screen)")
        #expect(screen.contains("make install · sh …"), "\(screen)")
        try tmux.send("g", "J")                                       // Unpack one step down
        let moved = await tmux.waitFor { $0.contains("1. Assemble …") && $0.contains("2. Unpack") }
        #expect(moved.contains("1. Assemble …") && moved.contains("2. Unpack") && moved.contains("3. Paint"), "\(moved)")
        try tmux.send("s", "q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("plan.md") == "---\ntitle: Plan\n---\n\n# Steps\n\n1. Assemble\n   with the short screws\n2. Unpack\n3. Paint\n\n```sh\nmake install\nmake test\n```\n")
    }

    @Test func helpFitsAt80x24AndScrolls() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("g.md", "# Groceries\n- Milk\n- Eggs\n")
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 80, height: 24)
        await tmux.waitFor { $0.contains("Edit") && $0.contains("Milk") }
        try tmux.send("?")
        let top = await tmux.waitFor("Normal mode")
        #expect(top.contains("1-21 of"), "\(top)")
        #expect(top.contains("PgUp PgDn ^B ^F page"), "\(top)")
        try tmux.send("PageDown")
        let bottom = await tmux.waitFor("suspend")
        #expect(bottom.contains("of 25"), "\(bottom)")
        // The words start in one column on every line of the overlay.
        let starts = Set(bottom.split(separator: "\n").compactMap { line -> Int? in
            let chars = Array(line)
            guard let bar = chars.firstIndex(of: "│"), bar + 2 < chars.count, chars[bar + 1] == " " else { return nil }
            var x = bar + 2
            while x + 1 < chars.count, !(chars[x] == " " && chars[x + 1] == " ") { x += 1 }
            while x < chars.count, chars[x] == " " { x += 1 }
            return x < chars.count && chars[x] != "│" ? x : nil
        })
        #expect(starts.count == 1, "\(bottom)")
        try tmux.send("x")
        await tmux.waitFor { !$0.contains("Normal mode") }
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }
}
