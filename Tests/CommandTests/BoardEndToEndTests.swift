import Foundation
import Testing
import TestSupport

/// The board view in the real binary (docs/keys.md, "The board view"): an Obsidian Kanban file
/// (the fixture Tests/ListEditorTests/Kanban/basic.md) opens as a board in tmux; a card moved to
/// another lane with Shift+→ and `L`, and dragged by its `≡` with the mouse, lands in the saved
/// file; undo gives the bytes back; `B` switches to the list and back; a resize keeps the
/// cursor's lane in view. Every wait polls the screen with a deadline.
@Suite(.serialized) struct BoardEndToEndTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ListEditorTests/Kanban/basic.md").path

    static func board() throws -> String { try String(contentsOfFile: fixture, encoding: .utf8) }

    /// The screen's lines.
    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether a line of the screen shows `left`, then a lane border, then `right`.
    static func side(_ screen: String, _ left: String, _ right: String) -> Bool {
        lines(screen).contains { line in
            guard let l = line.range(of: left), let r = line.range(of: right, range: l.upperBound..<line.endIndex) else { return false }
            return line[l.upperBound..<r.lowerBound].contains("│")
        }
    }

    /// The board's first screen: three lanes side by side, the front matter and settings kept out
    /// of the lane titles.
    static func isBoard(_ screen: String) -> Bool {
        side(screen, "To do", "Doing") && side(screen, "Doing", "Done") && side(screen, "Write the report", "Fix the bike")
    }

    /// The fixture with the card `Write the report` moved to the top of the Doing lane.
    static func movedToDoing() throws -> String {
        try board().replacingOccurrences(of: "- [ ] Write the report\n", with: "")
            .replacingOccurrences(of: "- [ ] Fix the bike\n", with: "- [ ] Write the report\n- [ ] Fix the bike\n")
    }

    func open(_ dir: TempFolder, width: Int = 84, height: Int = 16, term: String = "xterm-256color") async throws -> (Tmux, String) {
        let file = dir.file("basic.md", try Self.board())
        let tmux = try Tmux(ListeditProcess.editorCommand(file, options: "--no-animation", term: term), width: width, height: height)
        let screen = await tmux.waitFor(Self.isBoard)
        #expect(Self.isBoard(screen), "\(screen)")
        return (tmux, file)
    }

    @Test func shiftRightAndLMoveACardAcrossLanesSavedAndUndone() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let (tmux, _) = try await open(dir)
        // The cursor starts on the first card of To do; Shift+→ takes it to Doing, above Fix the bike.
        try tmux.send("S-Right")
        var screen = await tmux.waitFor { Self.side($0, "Call the plumber", "Write the report") && $0.contains("basic.md *") }
        #expect(Self.side(screen, "Call the plumber", "Write the report") && Self.side(screen, "Plan the trip", "Fix the bike"), "\(screen)")
        try tmux.send("s")
        let moved = try Self.movedToDoing()
        #expect(await poll { dir.text("basic.md") == moved }, "\(dir.text("basic.md") ?? "")")
        // L takes it on into Done, after **Complete**, checked.
        try tmux.send("L")
        screen = await tmux.waitFor { $0.contains("☑ Write the report") }
        #expect(Self.side(screen, "Fix the bike", "**Complete**") && Self.side(screen, "│", "☑ Write the report"), "\(screen)")
        try tmux.send("s")
        #expect(await poll { dir.text("basic.md")?.contains("**Complete**\n- [x] Write the report\n- [x] Buy paint\n") == true },
                "\(dir.text("basic.md") ?? "")")
        // Two undos give the file back byte for byte.
        try tmux.send("u", "u")
        screen = await tmux.waitFor { Self.isBoard($0) && $0.contains("☐ Write the report") && $0.contains("basic.md *") }
        try tmux.send("s")
        let original = try Self.board()
        #expect(await poll { dir.text("basic.md") == original }, "\(screen)\n\(dir.text("basic.md") ?? "")")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// An SGR mouse report (mode 1006) for 0-based cell `x`, `y`: button 0 pressed, moved with
    /// it held, or released.
    func sgr(_ kind: String, _ x: Int, _ y: Int) -> String {
        let code = kind == "drag" ? 32 : 0
        return "\u{1B}[<\(code);\(x + 1);\(y + 1)" + (kind == "release" ? "m" : "M")
    }

    /// The cell where `text` starts on the first line holding `line` (every character on the
    /// board's lines is one cell wide).
    static func cell(of text: String, onLineOf line: String? = nil, in screen: String) -> (x: Int, y: Int)? {
        for (y, l) in lines(screen).enumerated() where l.contains(line ?? text) {
            guard let range = l.range(of: text) else { continue }
            return (l.distance(from: l.startIndex, to: range.lowerBound), y)
        }
        return nil
    }

    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func aMouseDragByTheHandleMovesACardAcrossLanes(term: String) async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let (tmux, _) = try await open(dir, term: term)
        try tmux.send("e")
        let screen = await tmux.waitFor { $0.contains("Done") && $0.contains("≡") && $0.contains("⊖ ☐ Write the report") }
        let handle = try #require(Self.cell(of: "≡", onLineOf: "Write the report", in: screen), "\(screen)")
        let target = try #require(Self.cell(of: "Fix the bike", in: screen), "\(screen)")
        try tmux.type(sgr("press", handle.x, handle.y))
        await tmux.waitFor("put back")                              // picked up: the dragging hints show
        // Held below Fix the bike in Doing, then released there.
        try tmux.type(sgr("drag", target.x, target.y + 1))
        let held = await tmux.waitFor { Self.side($0, "│", "Write the report") && Self.cell(of: "Write the report", in: $0)?.y == target.y + 1 }
        try tmux.type(sgr("release", target.x, target.y + 1))
        let dropped = await tmux.waitFor { $0.contains("basic.md *") && !$0.contains("put back") }
        try tmux.send("s")
        let expected = try Self.board().replacingOccurrences(of: "- [ ] Write the report\n", with: "")
            .replacingOccurrences(of: "- [ ] Fix the bike\n", with: "- [ ] Fix the bike\n- [ ] Write the report\n")
        #expect(await poll { dir.text("basic.md") == expected }, "\(held)\n\(dropped)\n\(dir.text("basic.md") ?? "")")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    @Test func bSwitchesToTheListAndBackAndAResizeKeepsTheCursorsLane() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let (tmux, _) = try await open(dir)
        try tmux.send("B")
        // The list: one column of sections, no lane borders.
        var screen = await tmux.waitFor { $0.contains("List view") && !$0.contains("│") }
        let order = ["To do", "Write the report", "Plan the trip", "Doing", "Fix the bike"].map { Self.cell(of: $0, in: screen)?.y ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1), "\(screen)")
        try tmux.send("B")
        screen = await tmux.waitFor { $0.contains("Board view") && Self.isBoard($0) }
        #expect(Self.isBoard(screen), "\(screen)")
        // To the Done lane, then narrower than three lanes: Done stays in view, the lanes to its
        // left counted (‹ 2).
        try tmux.send("Right", "Right")
        try tmux.run(["resize-window", "-t", "main", "-x", "40", "-y", "14"])
        screen = await tmux.waitFor { $0.contains("Buy paint") && $0.contains("‹") && !$0.contains("Fix the bike") && Self.lines($0).allSatisfy { $0.count <= 40 } }
        #expect(screen.contains("Buy paint") && screen.contains("‹ 2"), "\(screen)")
        // Wide again: every lane back, nothing changed.
        try tmux.run(["resize-window", "-t", "main", "-x", "100", "-y", "16"])
        screen = await tmux.waitFor(Self.isBoard)
        #expect(Self.isBoard(screen) && !screen.contains("basic.md *"), "\(screen)")
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
        #expect(dir.text("basic.md") == (try Self.board()))
    }
}
