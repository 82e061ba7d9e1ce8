import Foundation
import TestSupport

/// Runs the built `listedit` binary as a real process.
struct ListeditProcess {
    /// `.build/<config>/listedit`, next to the test bundle.
    static var binary: String {
        var url = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = url.appendingPathComponent("listedit").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return "listedit"
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The shell command that opens `file` in the editor, in a UTF-8, 256-colour terminal
    /// described as `term`. A lone Esc waits 300 ms for the rest of a sequence (ESCDELAY): on a
    /// loaded machine a mouse report split between reads must not turn into Esc and stray keys.
    static func editorCommand(_ file: String, options: String = "", term: String = "xterm-256color") -> String {
        "env LANG=C.UTF-8 TERM=\(term) ESCDELAY=300 \(binary) \(options) '\(file)'"
    }

    /// The same for `sh -c "…"`: the shell writes its pid to `pidFile`, then becomes the editor
    /// (exec), so the pid is the editor's (for sending it signals).
    static func editorCommand(_ file: String, pidFile: String, options: String = "") -> String {
        "echo \\$\\$ > '\(pidFile)'; exec \(editorCommand(file, options: options))"
    }

    /// The pid written by a command from `editorCommand(_:pidFile:)`, once it is there.
    static func pid(in dir: TempFolder, file name: String) async -> Int32? {
        var pid: Int32?
        _ = await poll { pid = dir.text(name).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }; return pid != nil }
        return pid
    }

    /// Runs `listedit arguments`; behind `launcher` (say `setpriv --reuid=65534 …`) when given,
    /// with `environment` added to the test's own.
    static func run(_ arguments: [String], stdin: String? = nil, launcher: [String] = [],
                    environment: [String: String] = [:]) throws -> Output {
        let p = Process()
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let command = launcher + [binary] + arguments
        p.executableURL = URL(fileURLWithPath: command[0])
        p.arguments = Array(command.dropFirst())
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }
}

