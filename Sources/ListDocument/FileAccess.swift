internal import SystemPackage
import struct Foundation.Date
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and atomically writing files, with errors that name the file and the reason.
///
///     let version = try FileAccess.read("groceries.md")    // bytes + stamp
///     let stamp = try FileAccess.writeAtomically(newBytes, to: "groceries.md")
///
/// Built on swift-system (`FilePath`, `FileDescriptor`, `Stat`, `Errno`, whose calls retry when
/// interrupted); the few calls it does not wrap (`fsync`, `rename`, `fchmod`, `fchown`, `link`)
/// go through `retryingInterrupts`.
public enum FileAccess {
    /// Whether `path` exists (as anything, a dangling symbolic link included).
    public static func exists(_ path: String) -> Bool {
        (try? FilePath(path).stat(followTargetSymlink: false)) != nil
    }

    /// Reads a regular file whole, with the stamp of the version read. Directories, FIFOs and
    /// devices are refused before they are opened (opening a FIFO could block, a device could
    /// act), and checked again on the open descriptor in case the path changed in between.
    ///
    /// The stamp's metadata is taken before reading: a write during the read makes the next
    /// check see different metadata and read again.
    ///
    /// - Complexity: O(size of the file).
    public static func read(_ path: String) throws(DocumentError) -> DiskVersion {
        let file = FilePath(path)
        let info: Stat
        do throws(Errno) { info = try file.stat() } catch { throw DocumentError(.io, file: path, "cannot open: \(error)") }
        try requireRegularFile(info, path)
        let fd: FileDescriptor
        do throws(Errno) {
            fd = try open(file, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw DocumentError(.io, file: path, "cannot open: \(error)")
        }
        defer { try? fd.close() }
        let readAt = wallClock()
        let before: Stat
        do throws(Errno) { before = try fd.stat() } catch { throw DocumentError(.io, file: path, "cannot read: \(error)") }
        try requireRegularFile(before, path)
        do throws(Errno) {
            let bytes = try readAll(fd, expected: Int(before.size))
            return DiskVersion(bytes: bytes, stamp: Stamp(Metadata(before), hash: ContentHash.of(bytes), readAt: readAt))
        } catch {
            throw DocumentError(.io, file: path, "cannot read: \(error)")
        }
    }

    /// The first `count` bytes of a regular file (all of it when it is shorter).
    static func readPrefix(_ path: String, count: Int) throws(DocumentError) -> [UInt8] {
        let file = FilePath(path)
        do throws(Errno) {
            let info = try file.stat()
            guard info.type == .regular else { return [] }
            let fd = try open(file, .readOnly, options: [.nonBlocking, .closeOnExec])
            defer { try? fd.close() }
            return try readPrefix(fd, count: count)
        } catch {
            throw DocumentError(.io, file: path, "cannot read: \(error)")
        }
    }

    /// Refuses what is not a regular file, saying what it is.
    static func requireRegularFile(_ info: Stat, _ path: String) throws(DocumentError) {
        if info.type == .directory { throw DocumentError(.io, file: path, "is a directory, not a list file") }
        guard info.type == .regular else { throw DocumentError(.io, file: path, "is not a regular file") }
    }

    /// Reads until the end of the file; `expected` is the size `fstat` gave, so a regular file
    /// is read straight into an array of the right size (one `read`, and one that returns 0).
    static func readAll(_ fd: FileDescriptor, expected: Int) throws(Errno) -> [UInt8] {
        var result: [UInt8] = []
        var capacity = expected + 1
        while true {
            var failure: Errno?
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                let raw = UnsafeMutableRawBufferPointer(buffer)
                while count < raw.count {
                    do {
                        let n = try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
                        if n == 0 { return }
                        count += n
                    } catch {
                        failure = (error as? Errno) ?? .ioError
                        return
                    }
                }
            }
            if let failure { throw failure }
            if result.isEmpty { result = chunk } else { result += chunk }
            if chunk.count < capacity { return result }
            capacity = 1 << 16
        }
    }

    /// Writes `bytes` to `path` atomically and returns the stamp of what is there now: a
    /// temporary file in the same folder (`.NAME.listedit-XXXXXX`, created owner-only and
    /// exclusively: `createTemporaryFile`), written, given the original's owner and permissions
    /// (`keepOwnerAndPermissions`; 0666 less the umask for a new file), flushed to disk, then
    /// renamed over `path`; the folder is flushed too, so the rename itself survives a power cut.
    /// A reader sees the old file or the new one, never a mix; on any failure the temporary file
    /// is removed and `path` is untouched. A symbolic link is followed, so the link stays a link.
    /// The temporary stays locked (`lockWhileWriting`) until after the rename.
    ///
    /// - Complexity: O(`bytes.count`).
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DocumentError) -> Stamp {
        try writeAtomically(bytes, to: path, as: .document)
    }

    /// What `writeAtomically` flushes, in this order.
    enum FlushTarget: Equatable { case temporaryFile, folder }

    /// Whose file `writeAtomically` writes, which decides whether a symbolic link is followed
    /// and which owner and permissions the file gets.
    enum Placement: Equatable {
        /// The user's file: a symbolic link is followed (the link stays a link); the file
        /// replaced keeps its owner and permissions, a new one gets 0666 less the umask.
        case document
        /// listedit's own file next to `document` (a recovery file): a symbolic link at the path
        /// is replaced, never followed; the file is this user's, with `ownFilePermissions`.
        case beside(document: String)
    }

    /// `writeAtomically` with the placement and the flush given: tests pass a flush that records
    /// what was flushed and what the target held at that moment.
    @discardableResult
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, as placement: Placement,
        flush: (FileDescriptor, FlushTarget) throws(Errno) -> Void = { (fd: FileDescriptor, _: FlushTarget) throws(Errno) in try sync(fd) }
    ) throws(DocumentError) -> Stamp {
        let target = placement == .document ? resolvedTarget(FilePath(path)) : FilePath(path)
        let folder = folder(of: target)
        guard let folderInfo = try? folder.stat(), folderInfo.type == .directory else {
            throw DocumentError(.io, file: path, "cannot save: folder does not exist: \(folder)")
        }
        let (fd, temporary) = try createTemporaryFile(next: target, path: path)
        // Closed (and so unlocked) only after the rename: until then a cleanup in another
        // process (`removeIfUnused`) must not be able to take the temporary's lock and remove it.
        // Declared first, so it runs last: a failed write's temporary goes while still locked.
        defer { try? fd.close() }
        var renamed = false
        defer {
            if !renamed { _ = temporary.withPlatformString { unlink($0) } }
        }
        let stamp: Stamp
        do throws(Errno) {
            let readAt = wallClock()
            do { try fd.writeAll(bytes) } catch { throw (error as? Errno) ?? .ioError }
            switch placement {
            case .document:
                if let existing = try? target.stat() {
                    try keepOwnerAndPermissions(fd, of: existing)
                } else {
                    try retryingInterrupts { fchmod(fd.rawValue, 0o666 & ~creationMask()) }
                }
            case .beside(let document):
                try giveOwnFilePermissions(fd, besides: document)
            }
            try flush(fd, .temporaryFile)
            stamp = Stamp(Metadata(try fd.stat()), hash: ContentHash.of(bytes), readAt: readAt)
        } catch {
            throw DocumentError(.io, file: path, "cannot save: \(error)")
        }
        do throws(Errno) {
            try retryingInterrupts { temporary.withPlatformString { from in target.withPlatformString { rename(from, $0) } } }
            renamed = true
        } catch {
            throw DocumentError(.io, file: path, "cannot save: \(error)")
        }
        // The new name is in the folder's entries: flush them. A failure here (some file systems
        // cannot flush folders) leaves a saved file whose rename may not yet be on disk.
        if let dir = try? open(folder, .readOnly, options: [.directory, .closeOnExec]) {
            try? flush(dir, .folder)
            try? dir.close()
        }
        return stamp
    }

    /// Creates `.NAME.listedit-XXXXXX` next to `target`: owner-only (0600), exclusively
    /// (`O_EXCL`, and `O_NOFOLLOW`: a name that exists, a symbolic link included, is never
    /// opened), trying other random names while one exists. The file is locked (`flock`) until
    /// its descriptor closes, so that `removeLeftoverTemporaries` of another listedit leaves a
    /// write in progress alone; one such cleanup may have taken the lock first and removed the
    /// file (no links left), and another name is tried then. `beforeLock` runs between the
    /// creation and the lock (tests stand in for such a cleanup there).
    static func createTemporaryFile(
        next target: FilePath, path: String, beforeLock: (FilePath) -> Void = { _ in }
    ) throws(DocumentError) -> (FileDescriptor, FilePath) {
        let base = target.lastComponent?.string ?? "list"
        let letters = Array(temporaryLetters)
        var last = Errno.fileExists
        for _ in 0..<100 {
            let suffix = String((0..<temporarySuffixLength).map { _ in letters[Int.random(in: letters.indices)] })
            let temporary = folder(of: target).appending(".\(base)\(temporaryInfix)\(suffix)")
            do throws(Errno) {
                let fd = try open(temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                                  permissions: [.ownerReadWrite])
                beforeLock(temporary)
                if lockWhileWriting(fd) { return (fd, temporary) }
                try? fd.close()
            } catch {
                last = error
                if error != .fileExists { break }
            }
        }
        throw DocumentError(.io, file: path, "cannot save: \(last)")
    }

    /// Creates `path` with `bytes` unless it exists: written to a temporary file, given the
    /// permissions of listedit's own files next to `document` (`ownFilePermissions`), flushed,
    /// then `link`ed to `path` (which fails when the name is taken, even by another process at
    /// the same moment, and never follows a symbolic link there). Returns `false` when `path`
    /// exists.
    static func createExclusively(_ bytes: [UInt8], at path: String, besides document: String) throws(DocumentError) -> Bool {
        let target = FilePath(path)
        let (fd, temporary) = try createTemporaryFile(next: target, path: path)
        // The temporary's name goes while it is still locked (a cleanup never races for it), and
        // right after the link, so `path` has a second link only for that moment.
        defer { try? fd.close() }
        do throws(Errno) {
            defer { _ = temporary.withPlatformString { unlink($0) } }
            do { try fd.writeAll(bytes) } catch { throw (error as? Errno) ?? .ioError }
            try giveOwnFilePermissions(fd, besides: document)
            try sync(fd)
            try retryingInterrupts { temporary.withPlatformString { from in target.withPlatformString { link(from, $0) } } }
        } catch {
            if error == .fileExists { return false }
            throw DocumentError(.io, file: path, "cannot create: \(error)")
        }
        if let dir = try? open(folder(of: target), .readOnly, options: [.directory, .closeOnExec]) {
            try? sync(dir)
            try? dir.close()
        }
        return true
    }

    /// Removes a file if it exists.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether an existing file is read-only: no write permission bits at all (which holds even
    /// for root, who may write anything), or none for this user.
    public static func isReadOnly(_ path: String) -> Bool {
        guard let info = try? FilePath(path).stat() else { return false }
        return info.permissions.rawValue & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// The last component of a path: `fileName("lists/groceries.md")` is `groceries.md`.
    public static func fileName(_ path: String) -> String {
        FilePath(path).lastComponent?.string ?? path
    }

    /// The folder holding `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        folder(of: FilePath(path)).string
    }

    static func folder(of path: FilePath) -> FilePath {
        let folder = path.removingLastComponent()
        return folder.isEmpty ? "." : folder
    }

    /// Follows symbolic links so that saving replaces the file they point to (at most 32, as
    /// the kernel does; a loop then fails where the file is opened, with the kernel's message).
    static func resolvedTarget(_ path: FilePath) -> FilePath {
        var current = path
        for _ in 0..<32 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = current.withPlatformString { readlink($0, &buffer, buffer.count - 1) }
            guard n > 0 else { return current }
            let link = FilePath(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            current = link.isAbsolute ? link : folder(of: current).pushing(link)
        }
        return current
    }

    /// `FileDescriptor.open` throws an untyped error that is always an `Errno`.
    static func open(
        _ path: FilePath, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions,
        permissions: FilePermissions? = nil
    ) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(path, mode, options: options, permissions: permissions)
        } catch {
            throw (error as? Errno) ?? .ioError
        }
    }

    /// Flushes a file's data and metadata to disk.
    static func sync(_ fd: FileDescriptor) throws(Errno) {
        try retryingInterrupts { fsync(fd.rawValue) }
    }

    /// Runs a C call that returns -1 and sets `errno` on failure, again while it is interrupted
    /// (for the calls swift-system does not wrap).
    static func retryingInterrupts(_ call: () -> Int32) throws(Errno) {
        while call() == -1 {
            let error = Errno(rawValue: errno)
            if error != .interrupted { throw error }
        }
    }

    /// Seconds since 1970 on the wall clock: a stamp is compared with file times, which are wall
    /// times too (a monotonic clock would not do).
    static func wallClock() -> Double {
        Date().timeIntervalSince1970
    }
}
