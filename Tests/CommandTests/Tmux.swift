import Foundation

/// The real `listedit` binary in a real terminal: a private tmux server, `send-keys` to type and
/// `capture-pane` to read the screen. Waits poll the screen until a deadline, never sleep blindly.
final class Tmux {
    let socket = "listedit-test-" + UUID().uuidString.prefix(8)
    let width: Int, height: Int

    /// Starts `command` (a shell command line) in a detached session of `width` × `height`.
    init(_ command: String, width: Int = 60, height: Int = 18) throws {
        self.width = width
        self.height = height
        // The server this starts outlives the command: give it no pipe to hold open.
        try run(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", command], capture: false)
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Runs one tmux command and returns what it printed. posix_spawn and waitpid directly:
    /// a server started by `new-session` outlives its client and must not hold our pipe.
    @discardableResult
    func run(_ arguments: [String], capture: Bool = true) throws -> String {
        try Spawn.run(["/usr/bin/env", "-u", "TMUX", "tmux", "-L", socket, "-f", "/dev/null"] + arguments, capture: capture)
    }

    /// Types keys: tmux key names ("Down", "Enter", "Escape", "S-Down") or literal text.
    func send(_ keys: String...) throws { try run(["send-keys", "-t", "main"] + keys) }
    func type(_ text: String) throws { try run(["send-keys", "-t", "main", "-l", text]) }

    /// Pastes `text` as a terminal does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the
    /// program asked for bracketed paste (mode 2004), as plain typing otherwise. Line breaks
    /// arrive as CR, as from a real terminal.
    func paste(_ text: String) throws {
        let file = NSTemporaryDirectory() + "listedit-paste-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try run(["load-buffer", file])
        try run(["paste-buffer", "-p", "-d", "-t", "main"])
    }

    var screen: String { (try? run(["capture-pane", "-p", "-t", "main"])) ?? "" }

    /// Polls the screen until `condition` holds or the deadline passes; returns the last screen.
    @discardableResult
    /// Asynchronous, so that a test waiting for the other process gives its thread back: Swift
    /// Testing runs tests on the cooperative pool (as many threads as cores), and a blocked
    /// wait there holds every other test back.
    func waitFor(timeout: Double = 30, _ condition: (String) -> Bool) async -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen
        while !condition(last) && Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))   // poll interval until the deadline
            last = screen
        }
        return last
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 30) async -> String {
        await waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Whether the session's command is still running.
    var isAlive: Bool {
        let out = (try? run(["list-panes", "-t", "main", "-F", "#{pane_dead}"])) ?? ""
        return out.trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    }

    var panePID: Int32 {
        Int32(((try? run(["list-panes", "-t", "main", "-F", "#{pane_pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
