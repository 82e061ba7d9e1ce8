import Dispatch
import Synchronization

/// Checks that bytes are valid UTF-8 on a background thread, so that a reader can scan them at
/// the same time (opening a 10^6-row file does both: about 30 ms each on this machine's cores).
/// Files below `concurrentThreshold` bytes are checked at once: a thread costs more than that.
///
///     let validation = UTF8Validation(bytes)
///     let scan = MarkdownScanner.scan(bytes)     // meanwhile
///     guard validation.wait() else { throw … }   // nothing built from `scan` before this
struct UTF8Validation: ~Copyable {
    /// The result, once the background check has stored it.
    private final class Result: Sendable {
        let isValid = Atomic<Bool>(false)
    }

    /// Below this many bytes the check runs on the calling thread.
    static let concurrentThreshold = 1 << 20

    private let result = Result()
    private let group: DispatchGroup?

    /// Starts checking `bytes`.
    init(_ bytes: [UInt8]) {
        let result = self.result
        guard bytes.count >= Self.concurrentThreshold else {
            result.isValid.store(Self.isValid(bytes), ordering: .releasing)
            group = nil
            return
        }
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            result.isValid.store(Self.isValid(bytes), ordering: .releasing)
        }
        self.group = group
    }

    /// Whether the bytes are valid UTF-8, waiting for the check to finish.
    consuming func wait() -> Bool {
        group?.wait()
        return result.isValid.load(ordering: .acquiring)
    }

    /// Validation without building a string (no copy of the file).
    static func isValid(_ bytes: [UInt8]) -> Bool {
        (try? UTF8Span(validating: bytes.span)) != nil
    }
}
