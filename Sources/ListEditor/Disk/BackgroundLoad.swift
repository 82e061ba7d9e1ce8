import ListDocument
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The rest of a progressively opened file, read by a task off the main actor
/// (`ProgressiveLoad.readRest`): its reports wait in a mailbox, and a byte written to a pipe wakes
/// the run loop (`TerminalProgram.wakeDescriptor`), which gives the editor a tick to take them.
/// Nothing polls: the main thread sleeps in its wait for input until a report or a key comes.
public final class BackgroundLoad: Sendable {
    private let reports = Mutex<[LoadReport]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// The pipe's read end (the run loop waits on it) and write end (the task writes to it);
    /// both non-blocking.
    let readEnd: Int32
    private let writeEnd: Int32

    /// Bytes read at a time after the first piece: large reads, few deliveries.
    static let piece = 8 << 20

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Starts reading the rest of `load` from `source`.
    func start(_ load: sending ProgressiveLoad, from source: ProgressiveLoad.Source, piece: Int = piece) {
        let load = load
        let handle = Task.detached(priority: .userInitiated) { [self] in
            ProgressiveLoad.readRest(load, from: source, piece: piece) { post(LoadReport($0)) }
        }
        task.withLock { $0 = handle }
    }

    /// Adds a report to the mailbox and wakes the run loop.
    func post(_ report: LoadReport) {
        reports.withLock { $0.append(report) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)   // a full pipe already wakes the loop
    }

    /// The reports that arrived, oldest first, taken out of the mailbox.
    func take() -> [LoadReport] {
        reports.withLock { reports in
            defer { reports.removeAll() }
            return reports
        }
    }

    /// Stops the reading (quitting while it runs); no report comes after.
    func cancel() {
        task.withLock { $0?.cancel() }
    }

    /// Waits until the reading has ended (tests, and `listedit-bench`).
    func wait() async {
        await task.withLock { $0 }?.value
    }
}
