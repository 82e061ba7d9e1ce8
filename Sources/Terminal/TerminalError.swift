/// Why a full-screen session cannot start.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
