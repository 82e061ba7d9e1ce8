import TerminalUI

/// The state of measuring cluster widths on the terminal (see `CursesTerminal+Widths`): what was
/// asked and not yet answered, the reader that picks the answers out of the input, and the events
/// read while waiting, to be handed out before new ones.
struct WidthProbe {
    /// Clusters drawn and asked about, in the order their answers come.
    var asked: [Character] = []
    var reader = CursorReport.Reader()
    var queued: [InputEvent] = []
    /// The terminal answered at least once.
    var hasAnswered = false
    /// The terminal did not answer the first request in time: it is taken never to answer.
    var isSilent = false

    /// Answers are still owed.
    var isWaiting: Bool { !asked.isEmpty }

    mutating func takeQueued() -> InputEvent? {
        queued.isEmpty ? nil : queued.removeFirst()
    }
}
