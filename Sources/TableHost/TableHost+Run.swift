import Foundation
import TableKit
import TerminalUI
import Terminal

extension TableHost {
    /// Runs the host full screen until the user quits (`q`), as `UIApplicationMain` runs an app:
    /// the terminal is restored when it returns, on Ctrl-Z (and redrawn on `fg`), and on SIGTERM,
    /// SIGHUP and SIGINT (the process then ends by that signal). The theme is the environment's
    /// (ASCII glyphs unless the locale is UTF-8, no colour under `NO_COLOR`) unless the host was
    /// made with one.
    ///
    ///     TableHost(ShoppingViewController()).run()
    ///
    /// A terminal that cannot start (output to a pipe, `TERM=dumb`) ends the process with exit
    /// status 1 and a message naming why. In debug builds, batches the table refused in the
    /// callbacks the host made (a `commit` that calls `deleteRows` without updating its model, say)
    /// are written to standard error once the terminal is restored, after the program's name, with
    /// the table's message: `FirstApp: refused inside a table callback: attempt to delete row 7
    /// from section 0 …`.
    public func run(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let theme = self.theme ?? Theme.forEnvironment(environment)
        renderer.theme = theme
        board.theme = theme
        do {
            try FullScreen.run(theme: theme, environment: environment) { loop in run(on: loop) }
        } catch {
            FileHandle.standardError.write(Data("\(Self.programName): \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs the host on a run loop a program already started (`FullScreen.run`), as `run()` does
    /// inside its own, and returns the signal that ended it (0: the user quit). The refused batches
    /// are written to standard error when the loop ends; they appear once `FullScreen.run`
    /// restored the terminal (its screen is the alternate one until then).
    ///
    ///     try FullScreen.run(theme: theme, environment: env) { loop in host.run(on: loop) }
    public func run(on loop: TerminalRunLoop) -> Int32 {
        let signal = loop.run(self)
        reportRefusedBatches()
        return signal
    }

    /// Writes the refused batches to standard error, each after the program's name.
    func reportRefusedBatches() {
        for message in refusedBatches {
            FileHandle.standardError.write(Data("\(Self.programName): refused inside a table callback: \(message)\n".utf8))
        }
        refusedBatches = []
    }

    /// The name the process was run by (`FirstApp`, `listedit`), for its messages.
    nonisolated static var programName: String {
        CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "app"
    }
}
