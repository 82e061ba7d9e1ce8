import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary folder for one test; call `remove()` when done.
public struct TempFolder: Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "listedit-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder, written with `contents` when given.
    @discardableResult
    public func file(_ name: String, _ contents: String? = nil) -> String {
        let p = path + "/" + name
        if let contents { _ = FileManager.default.createFile(atPath: p, contents: Data(contents.utf8)) }
        return p
    }

    public func bytes(_ name: String) -> [UInt8] { read(name) ?? [] }

    public func text(_ name: String) -> String? { read(name).map { String(decoding: $0, as: UTF8.self) } }

    /// The file's bytes, or nil if it cannot be opened. POSIX reads: Foundation's
    /// `FileManager.contents(atPath:)` leaks its buffer for an empty file (seen with
    /// LeakSanitizer), which would fail `make test-sanitize` on test code.
    func read(_ name: String) -> [UInt8]? {
        let fd = open(path + "/" + name, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return out }
            out += chunk[0..<n]
        }
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
