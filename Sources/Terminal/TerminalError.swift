/// Why a full-screen session cannot start, in words any program can print: the backend names
/// what is wrong, and the program adds its own advice (listedit points scripts to
/// `listedit apply` when `reason` is `.notATerminal`).
///
///     catch let error as TerminalError where error.reason == .notATerminal {
///         print("error: \(error); use 'listedit apply' in scripts")
///     }
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    /// What kept the terminal from starting.
    public enum Reason: Sendable, Equatable {
        /// Standard input or output is not a terminal (a pipe, a file).
        case notATerminal
        /// `TERM` is unset, `dumb`, or names a terminal curses cannot drive.
        case terminalType
    }

    /// What kept the terminal from starting.
    public var reason: Reason
    /// The message, naming what is wrong (not what to do instead: that is the program's).
    public var description: String
}
