import ArgumentParser
import TableRendering
import TerminalUI
import Terminal

/// Runs a program full screen, the way `listedit FILE` and `listedit demo NAME` both do:
///
///     try runFullScreen(environment: env) { theme in DemoHost(demo, theme: theme) }
///
/// `makeProgram` gets the environment's theme (it may adjust it and returns the theme to draw
/// with). A terminal that cannot start is a clear error (exit 1); a program ended by a signal
/// ends the process by the same signal once the terminal is restored.
func runFullScreen(environment: [String: String],
                   _ makeProgram: @MainActor (inout Theme) throws -> any TerminalProgram) throws {
    let signal = try MainActor.assumeIsolated { () throws -> Int32 in
        var theme = Theme.forEnvironment(environment)
        let program = try makeProgram(&theme)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal.start(theme: theme, environment: environment)
        } catch {
            throw ExitCode(fail("\(error)"))
        }
        return TerminalRunLoop(backend: terminal).run(program)
    }
    if signal != 0 { CursesTerminal.exit(bySignal: signal) }
}
