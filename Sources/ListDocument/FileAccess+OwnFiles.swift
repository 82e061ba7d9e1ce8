internal import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files listedit itself writes next to a list (recovery files, save temporaries), read back
/// or removed later: only a regular file of this user is trusted, never through a symbolic link,
/// and a temporary file is removed only when no process holds it.
extension FileAccess {
    /// A save's temporary file is `.NAME` + `temporaryInfix` + `temporarySuffixLength` of
    /// `temporaryLetters`: `.groceries.md.listedit-Xa81Qz`.
    static let temporaryInfix = ".listedit-"
    static let temporarySuffixLength = 6
    static let temporaryLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    /// The `NAME` of a temporary file's name `.NAME.listedit-XXXXXX`, exactly that form; `nil`
    /// for any other name.
    ///
    ///     temporaryBase(of: ".g.md.listedit-Xa81Qz")     // "g.md"
    ///     temporaryBase(of: ".g.md.listedit-recovery")   // nil: not six letters or digits
    static func temporaryBase(of name: String) -> String? {
        let bytes = Array(name.utf8)
        let infix = Array(temporaryInfix.utf8)
        let suffixStart = bytes.count - temporarySuffixLength
        let infixStart = suffixStart - infix.count
        guard infixStart > 1, bytes[0] == UInt8(ascii: "."), Array(bytes[infixStart..<suffixStart]) == infix,
              bytes[suffixStart...].allSatisfy({ temporaryLetters.utf8.contains($0) }) else { return nil }
        return String(decoding: bytes[1..<infixStart], as: UTF8.self)
    }

    /// Locks a new temporary file for as long as its descriptor stays open (`flock`: seen by a
    /// cleanup in any process, root's included, and dropped by the kernel when the process
    /// ends), and tells whether it can be written: `false` when a cleanup removed it between its
    /// creation and the lock (it has no name left). On a file system without locks it is written
    /// unlocked; a cleanup there cannot lock it either, and keeps it.
    static func lockWhileWriting(_ fd: FileDescriptor) -> Bool {
        while flock(fd.rawValue, LOCK_EX) == -1, errno == EINTR {}
        return ((try? fd.stat())?.linkCount ?? 1) > 0
    }

    /// Removes `path` when it is a regular file of this user (not a symbolic link) that no
    /// process holds locked (`lockWhileWriting`), and still the same file when it goes. Returns
    /// whether it was removed. A hard link goes too: only this name is removed, and a recovery
    /// file's creation killed between its `link` and the temporary's removal leaves one.
    static func removeIfUnused(_ path: String) -> Bool {
        guard let opened = try? openOwnFile(path, otherNames: true) else { return false }
        let (fd, info) = opened
        defer { try? fd.close() }
        guard flock(fd.rawValue, LOCK_EX | LOCK_NB) == 0,
              let now = try? FilePath(path).stat(followTargetSymlink: false),
              now.deviceID == info.deviceID, now.inode == info.inode else { return false }
        return unlink(path) == 0
    }

    /// Opens `path` to read it back as a file listedit wrote: only a regular file owned by this
    /// user (the effective user id: root trusts root's files, not another user's) and, unless
    /// `otherNames` (a removal, which takes away this name only), with no other name (not a hard
    /// link); never through a symbolic link (`O_NOFOLLOW`); checked on the path and again on the
    /// open descriptor. `nil` when nothing is there.
    ///
    /// - Throws: why the path is not such a file.
    static func openOwnFile(_ path: String, otherNames: Bool = false) throws(IgnoredRecoveryFile.Reason) -> (FileDescriptor, Stat)? {
        let file = FilePath(path)
        /// `nil` for a path that is gone, else why it cannot be opened.
        func gone(_ error: Errno) throws(IgnoredRecoveryFile.Reason) -> (FileDescriptor, Stat)? {
            switch error {
            case .noSuchFileOrDirectory, .notDirectory: return nil
            case .tooManySymbolicLinkLevels: throw .symbolicLink      // O_NOFOLLOW met one
            default: throw .unreadable("\(error)")
            }
        }
        let info: Stat
        do throws(Errno) { info = try file.stat(followTargetSymlink: false) } catch { return try gone(error) }
        if let reason = notOwnFile(info, otherNames: otherNames) { throw reason }
        let fd: FileDescriptor
        do throws(Errno) {
            fd = try open(file, .readOnly, options: [.noFollow, .nonBlocking, .closeOnExec])
        } catch {
            return try gone(error)
        }
        let now: Stat
        do throws(Errno) { now = try fd.stat() } catch {
            try? fd.close()
            throw .unreadable("\(error)")
        }
        if let reason = notOwnFile(now, otherNames: otherNames) {
            try? fd.close()
            throw reason
        }
        return (fd, now)
    }

    /// Why a file with metadata `info` is not this user's regular file with one name (any number
    /// of names when `otherNames`); `nil` when it is. A second name (a hard link) could make any
    /// file of the user's look like one of listedit's.
    static func notOwnFile(_ info: Stat, otherNames: Bool = false) -> IgnoredRecoveryFile.Reason? {
        switch info.type {
        case .regular:
            if info.userID.rawValue != geteuid() { return .otherOwner }
            return info.linkCount == 1 || otherNames ? nil : .hardLink
        case .symbolicLink: return .symbolicLink
        case .directory: return .directory
        default: return .notRegularFile
        }
    }

    /// The first `count` bytes at the descriptor's position (all that is left when fewer).
    static func readPrefix(_ fd: FileDescriptor, count: Int) throws(Errno) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n: Int
            do {
                n = try bytes.withUnsafeMutableBytes { try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
            } catch {
                throw (error as? Errno) ?? .ioError
            }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// The names in `folder` (`.` and `..` left out), in the order the system lists them; none
    /// when it cannot be read.
    ///
    /// - Complexity: O(entries of the folder).
    static func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
