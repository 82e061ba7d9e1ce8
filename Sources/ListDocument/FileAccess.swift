#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and atomically writing files, with errors that name the file and the reason.
public enum FileAccess {
    /// What identifies one version of a file on disk: if any of it changes, someone else wrote.
    public struct Stamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// The stamp of the file now, or `nil` if it does not exist.
    public static func stamp(of path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Stamp(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                     seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
    }

    static func reason() -> String { String(cString: strerror(errno)) }

    /// Whether `path` exists (as anything).
    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Reads a regular file whole. Directories, FIFOs and devices are refused (reading a FIFO
    /// would block).
    public static func read(_ path: String) throws(DocumentError) -> (bytes: [UInt8], stamp: Stamp) {
        var st = stat()
        guard stat(path, &st) == 0 else { throw DocumentError(.io, file: path, "cannot open: \(reason())") }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { throw DocumentError(.io, file: path, "is a directory, not a list file") }
        guard type == S_IFREG else { throw DocumentError(.io, file: path, "is not a regular file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DocumentError(.io, file: path, "cannot open: \(reason())") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DocumentError(.io, file: path, "cannot read: \(reason())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return (bytes, stamp(of: path) ?? Stamp(device: 0, inode: 0, size: 0, seconds: 0, nanoseconds: 0))
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, written, flushed
    /// to disk, given the original's permissions (or the umask's for a new file), then renamed
    /// over `path`; the folder is flushed too. A reader sees the old file or the new one, never a
    /// mix; on any failure the temporary file is removed and `path` is untouched. A symbolic link
    /// is followed, so the link stays a link.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DocumentError) {
        let target = resolvedTarget(path)
        let folder = directory(of: target)
        var folderStat = stat()
        guard stat(folder, &folderStat) == 0, folderStat.st_mode & S_IFMT == S_IFDIR else {
            throw DocumentError(.io, file: path, "cannot save: folder does not exist: \(folder)")
        }
        let base = fileName(target)
        var template = Array("\(folder)/.\(base).listedit-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw DocumentError(.io, file: path, "cannot save: \(reason())") }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var done = false
        defer { if !done { close(fd); unlink(tempPath) } }

        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DocumentError(.io, file: path, "cannot save: \(reason())")
            }
            written += n
        }
        var existing = stat()
        let mode: mode_t
        if stat(target, &existing) == 0 {
            mode = existing.st_mode & 0o7777
            _ = fchown(fd, existing.st_uid, existing.st_gid)
        } else {
            let mask = umask(0o022)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard fchmod(fd, mode) == 0 else { throw DocumentError(.io, file: path, "cannot save: \(reason())") }
        guard fsync(fd) == 0 else { throw DocumentError(.io, file: path, "cannot save: \(reason())") }
        guard close(fd) == 0 else {
            done = true
            unlink(tempPath)
            throw DocumentError(.io, file: path, "cannot save: \(reason())")
        }
        guard rename(tempPath, target) == 0 else {
            done = true
            let why = reason()
            unlink(tempPath)
            throw DocumentError(.io, file: path, "cannot save: \(why)")
        }
        done = true
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// Removes a file if it exists.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether an existing file is read-only: no write permission bits at all (which holds even
    /// for root, who may write anything), or none for this user.
    public static func isReadOnly(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return st.st_mode & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// The last component of a path: `fileName("lists/groceries.md")` is `groceries.md`.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Follows symbolic links so that saving replaces the file they point to.
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return current
    }
}
