import ArgumentParser
import TableHost
import Terminal
import TerminalUI

/// Runs a program full screen, the way `listedit FILE` and `listedit demo NAME` both do, through
/// the library's `FullScreen.run`:
///
///     try runFullScreen(environment: env) { theme in
///         let host = TableHost(controller, theme: theme)
///         return { loop in host.run(on: loop) }
///     }
///
/// `makeProgram` gets the environment's theme (it may adjust it: the terminal starts with the
/// theme it leaves) and returns how to run the program on the terminal's run loop (with the
/// performer of its effects, for a program that has some). A terminal that cannot start is a
/// clear error (exit 1; standard input or output not a terminal adds "use 'listedit apply' in
/// scripts"); a program ended by a signal ends the process by the same signal once the
/// terminal is restored.
func runFullScreen(environment: [String: String],
                   _ makeProgram: @MainActor (inout Theme) throws -> @MainActor (TerminalRunLoop) -> Int32) throws {
    try MainActor.assumeIsolated { () throws in
        var theme = Theme.forEnvironment(environment)
        let run = try makeProgram(&theme)
        do throws(TerminalError) {
            try FullScreen.run(theme: theme, environment: environment) { run($0) }
        } catch {
            // The backend says what is wrong; what to do instead is listedit's to say.
            let advice = error.reason == .notATerminal ? "; use 'listedit apply' in scripts" : ""
            throw ExitCode(fail("\(error)\(advice)"))
        }
    }
}
