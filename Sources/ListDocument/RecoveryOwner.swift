#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process that owns a recovery file: its id, its name and its host, so that another
/// listedit can tell whether it still runs.
///
///     RecoveryOwner.current          // pid 4242, process "listedit", host "box"
///     owner.isRunning                // true, false, or nil (another host: cannot tell)
public struct RecoveryOwner: Equatable, Sendable {
    /// The owner's process id.
    public var pid: Int32
    /// The process's name as the system knows it (`/proc/PID/comm` on Linux, 15 bytes at most),
    /// so that a reused pid held by another program does not count as the owner.
    public var process: String
    /// The host it runs on: a process of another host cannot be checked.
    public var host: String

    /// The owner `pid`, named `process`, on `host`.
    package init(pid: Int32, process: String, host: String) {
        self.pid = pid
        self.process = process
        self.host = host
    }

    /// This process.
    public static var current: RecoveryOwner {
        let pid = getpid()
        return RecoveryOwner(pid: pid, process: processName(pid) ?? "listedit", host: hostName())
    }

    /// Whether the owner still runs: `kill(pid, 0)` finds the process, and its name (where the
    /// system tells it: `/proc` on Linux) is the one recorded. `nil` for another host, whose
    /// processes cannot be seen from here.
    public var isRunning: Bool? {
        guard host == Self.hostName() else { return nil }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let name = Self.processName(pid) else { return true }
        return name == process
    }

    /// The name of process `pid`, where the system tells it.
    static func processName(_ pid: Int32) -> String? {
        #if os(Linux)
        guard let bytes = try? FileAccess.read("/proc/\(pid)/comm").bytes else { return nil }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        #else
        return pid == getpid() ? String(cString: getprogname()) : nil
        #endif
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
