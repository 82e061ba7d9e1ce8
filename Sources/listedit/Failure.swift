import SystemPackage

/// Prints `error: message` (and any notes) to standard error, the way every listedit command
/// reports a failure, and returns the exit code to throw.
func fail(_ message: String, notes: [String] = []) -> Int32 {
    var text = "error: \(message)\n"
    for note in notes { text += "note: \(note)\n" }
    writeAll(2, Array(text.utf8))
    return 1
}

/// Writes every byte to a file descriptor (standard output is 1, standard error 2); swift-system
/// writes again after a short write or an interruption. A failure (a closed pipe) is dropped: there
/// is nowhere left to report it.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    _ = try? FileDescriptor(rawValue: fd).writeAll(bytes)
}
