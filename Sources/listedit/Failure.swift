#if canImport(Glibc)
import Glibc
#endif

/// Prints `error: message` (and any notes) to standard error, the way every listedit command
/// reports a failure, and returns the exit code to throw.
func fail(_ message: String, notes: [String] = []) -> Int32 {
    var text = "error: \(message)\n"
    for note in notes { text += "note: \(note)\n" }
    writeAll(2, Array(text.utf8))
    return 1
}

/// Writes every byte to a file descriptor (standard output is 1, standard error 2).
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        done += n
    }
}
