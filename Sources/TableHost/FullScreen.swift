import TerminalUI
import Terminal

/// Runs a program full screen on the curses backend: starts the terminal, runs the program on its
/// run loop, and restores the terminal on every way out (quit, a termination signal, Ctrl-Z and
/// back). `TableHost.run()` and listedit's commands run through it.
///
///     try FullScreen.run(theme: theme, environment: environment) { loop in host.run(on: loop) }
public enum FullScreen {
    /// Starts the terminal with `theme`, runs `body` on its run loop (the loop restores the
    /// terminal before it returns), and, when a signal (SIGTERM, SIGHUP, SIGINT) ended the
    /// program, ends the process by the same signal, so the parent sees "killed by SIGTERM".
    /// Throws, before anything is drawn, when standard input and output are not a terminal curses
    /// can drive (`TERM` unset or `dumb`).
    @MainActor
    public static func run(theme: Theme, environment: [String: String],
                           _ body: (TerminalRunLoop) -> Int32) throws(TerminalError) {
        let terminal = try CursesTerminal.start(theme: theme, environment: environment)
        let signal = body(TerminalRunLoop(backend: terminal))
        if signal != 0 { CursesTerminal.exit(bySignal: signal) }
    }
}
