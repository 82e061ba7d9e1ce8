import Testing
import Foundation
import TestSupport

/// Grapheme clusters in a real terminal (tmux 3.3a): drawn whole, at the widths tmux draws them
/// with (measured by the editor with cursor position requests), and edited whole.
@Suite(.serialized) struct GraphemeEndToEndTests {
    static let list = "# Clusters\n- thumbs 👍🏽 up\n- family 👨‍👩‍👧 here\n- flag 🇫🇷 fr\n- heart ❤️ red\n- cafe\u{301} ok\n"
        + "- " + String(repeating: "👍🏽", count: 20) + " many\n"
    static let clusters = ["👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "cafe\u{301}"]

    func editor(_ file: String) async throws -> Tmux {
        let tmux = try Tmux(ListeditProcess.editorCommand(file), width: 60, height: 14)
        await tmux.waitFor("Edit")
        return tmux
    }

    /// Each cluster is on screen with all its code points (before: 👍 without its skin tone, one
    /// person of the family, half a flag), and in edit mode the reorder handles `≡` of the header
    /// and the six rows are in one column, as tmux places them (👍🏽 takes 4 columns there, ❤️ 1):
    /// the row of twenty 👍🏽 is cut with `…` before its handle (at Unicode's widths it would run
    /// 40 columns past it).
    @Test func clustersAreWholeAndHandlesLineUp() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("c.md", Self.list)
        let tmux = try await editor(file)
        try tmux.send("e")
        let screen = await tmux.waitFor { s in s.contains("Done") && Self.clusters.allSatisfy { s.containsBytes(of: $0) } }
        for cluster in Self.clusters {
            #expect(screen.containsBytes(of: cluster), "\(cluster.unicodeScalars.map { String($0.value, radix: 16) }) whole on screen")
        }
        var columns: [Int: Int] = [:]
        let deadline = Date().addingTimeInterval(30)
        repeat {
            columns = try tmux.columns(of: "≡", count: 7)
        } while (columns.count != 7 || Set(columns.values).count != 1) && Date() < deadline
        #expect(columns.count == 7, "handles at \(columns)")
        #expect(Set(columns.values).count == 1, "handles (row: column) \(columns.sorted { $0.key < $1.key })")
        let ellipsis = try tmux.columns(of: "…", count: 1)
        #expect(ellipsis.count == 1 && ellipsis.values.allSatisfy { $0 < (columns.values.first ?? 0) - 1 }, "… at \(ellipsis)")
        try tmux.send("e", "q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A ZWJ family first drawn after a scroll (issue 28: its row's `≡` stood four columns right
    /// of the others under tmux): measured as tmux draws it when it comes on screen, so every
    /// handle of the screen is in one column, the family's too.
    @Test func aFamilyScrolledIntoViewKeepsItsHandleInLine() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let rows = (0..<30).map { $0 == 28 ? "- family 👨‍👩‍👧 here" : "- row \($0)" }
        let file = dir.file("f.md", "# Family\n" + rows.joined(separator: "\n") + "\n")
        let tmux = try await editor(file)
        try tmux.send("G", "e")
        await tmux.waitFor { $0.contains("Done") && $0.containsBytes(of: "👨‍👩‍👧") }
        var columns: [Int: Int] = [:]
        let deadline = Date().addingTimeInterval(30)
        repeat {
            columns = try tmux.columns(of: "≡", count: 10)
        } while (columns.count != 10 || Set(columns.values).count != 1) && Date() < deadline
        #expect(columns.count == 10 && Set(columns.values).count == 1, "handles (row: column) \(columns.sorted { $0.key < $1.key })")
        try tmux.send("e", "q")
        #expect(await poll { !tmux.isAlive })
    }

    /// `e` then U+0301 typed in the add modal make one cluster: the cursor is one column after the
    /// modal's start, Left puts it before the whole cluster (before: between `e` and the accent),
    /// and what is typed there goes before it. 👍🏽 moves the cursor by the 4 columns tmux draws it
    /// with, both ways. The saved row has the bytes as typed.
    @Test func theAddModalEditsByClusters() async throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("c.md", Self.list)
        let tmux = try await editor(file)
        try tmux.send("a")
        await tmux.waitFor("New item")
        let start = try #require(await tmux.waitForCursor { _ in true })
        try tmux.type("e\u{301}")
        #expect(await tmux.waitForCursor { $0 == start + 1 } == start + 1)
        try tmux.send("Left")
        #expect(await tmux.waitForCursor { $0 == start } == start)
        try tmux.type("x")
        #expect(await tmux.waitForCursor { $0 == start + 1 } == start + 1)
        try tmux.send("Right")
        try tmux.type("👍🏽")
        #expect(await tmux.waitForCursor { $0 == start + 6 } == start + 6)     // tmux draws 👍🏽 in 4 columns
        try tmux.send("Left")
        #expect(await tmux.waitForCursor { $0 == start + 2 } == start + 2)
        try tmux.send("Right")
        #expect(await tmux.waitForCursor { $0 == start + 6 } == start + 6)
        try tmux.send("Enter", "s")
        let saved = "# Clusters\n- thumbs 👍🏽 up\n- xe\u{301}👍🏽\n" + Self.list.split(separator: "\n", maxSplits: 2)[2]
        #expect(await poll { dir.bytes("c.md") == Array(saved.utf8) })
        try tmux.send("q")
        #expect(await poll { !tmux.isAlive })
    }

    /// A terminal that does not answer cursor position requests (a pseudo-terminal that `script`
    /// relays to pipes, with no terminal emulator behind it): the editor asks once, about the four
    /// disputed clusters of its first screen, waits a second, then draws with Unicode's widths;
    /// the `q` typed meanwhile is kept and quits it.
    @Test func aTerminalThatDoesNotAnswerIsAskedOnce() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let file = dir.file("c.md", Self.list)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("script is missing: apt-get install bsdutils")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["60", "/usr/bin/script", "-q", "-e", "-c", ListeditProcess.editorCommand(file), "/dev/null"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data("q".utf8))
        try input.fileHandleForWriting.close()
        let screen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "124: the editor did not quit")
        #expect(screen.components(separatedBy: "\u{1B}[6n").count - 1 == 4)
        for cluster in Self.clusters { #expect(screen.containsBytes(of: cluster)) }
    }
}

extension Tmux {
    /// Where the terminal's cursor is (column), polled until `condition` holds or 30 s pass.
    func waitForCursor(_ condition: (Int) -> Bool) async -> Int? {
        var column: Int?
        _ = await poll {
            column = (try? run(["display-message", "-p", "-t", "main", "#{cursor_x}"]))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return column.map(condition) ?? false
        }
        return column
    }

    /// The cell columns of the first `count` occurrences of `text` from the top, by row, as tmux
    /// places them: found with copy mode's search, whose cursor lands on each match.
    func columns(of text: String, count: Int) throws -> [Int: Int] {
        try run(["copy-mode", "-t", "main"])
        defer { _ = try? run(["send-keys", "-t", "main", "-X", "cancel"]) }
        try run(["send-keys", "-t", "main", "-X", "history-top"])
        try run(["send-keys", "-t", "main", "-X", "start-of-line"])
        var found: [Int: Int] = [:]
        for _ in 0..<count {
            try run(["send-keys", "-t", "main", "-X", "search-forward", text])
            let place = try run(["display-message", "-p", "-t", "main", "#{copy_cursor_y} #{copy_cursor_x}"])
                .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if place.count == 2 { found[place[0]] = place[1] }
        }
        return found
    }
}

extension String {
    /// Whether the UTF-8 bytes of `other` occur in this string's (no canonical equivalence:
    /// `e` + U+0301 is not `é`).
    func containsBytes(of other: String) -> Bool {
        let bytes = Array(utf8), needle = Array(other.utf8)
        guard !needle.isEmpty, needle.count <= bytes.count else { return needle.isEmpty }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
