internal import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may read what listedit writes: a save keeps the file's owner and permissions; the files
/// listedit keeps next to a list (recovery files) are readable by whoever can read the list and
/// by nobody else. Every file starts owner-only (`createTemporaryFile`) and is given these
/// permissions before it takes its name.
extension FileAccess {
    /// Gives the replacement of `existing` (a save's temporary file, open as `fd`) the original's
    /// owner, group and permissions, as far as this user may (`keptPermissions`).
    static func keepOwnerAndPermissions(_ fd: FileDescriptor, of existing: Stat) throws(Errno) {
        // Owner first: changing the owner clears set-user-ID bits that fchmod then restores.
        // Only root may give a file away; a member of the file's group may still keep its group.
        if fchown(fd.rawValue, existing.userID.rawValue, existing.groupID.rawValue) != 0 {
            _ = fchown(fd.rawValue, uid_t.max, existing.groupID.rawValue)      // -1: the owner stays
        }
        let mode = keptPermissions(existing.permissions.rawValue, sameGroup: try fd.stat().groupID == existing.groupID)
        try retryingInterrupts { fchmod(fd.rawValue, mode) }
    }

    /// The original's permissions `mode` for its replacement. When the replacement cannot have
    /// the original's group (this user is not in it), that other group gets the access the
    /// original gives everyone, not the original group's (and no set-group-ID): nobody gains
    /// access, as vim does for its backup files.
    ///
    ///     keptPermissions(0o2640, sameGroup: true)    // 0o2640
    ///     keptPermissions(0o0640, sameGroup: false)   // 0o0600
    static func keptPermissions(_ mode: mode_t, sameGroup: Bool) -> mode_t {
        sameGroup ? mode : (mode & ~0o2070) | ((mode & 0o007) << 3)
    }

    /// Gives a file listedit keeps next to `document` (a recovery file, open as `fd`) the
    /// document's group where this user may, and `ownFilePermissions`.
    static func giveOwnFilePermissions(_ fd: FileDescriptor, besides document: String) throws(Errno) {
        // The list's own permissions: a symbolic link is followed to the file it names.
        let original = try? FilePath(document).stat()
        var sameGroup = false
        if let original {
            _ = fchown(fd.rawValue, uid_t.max, original.groupID.rawValue)
            sameGroup = try fd.stat().groupID == original.groupID
        }
        let mode = ownFilePermissions(documentMode: original?.permissions.rawValue, sameGroup: sameGroup)
        try retryingInterrupts { fchmod(fd.rawValue, mode) }
    }

    /// The permissions of a file listedit keeps next to a list whose permissions are
    /// `documentMode` (`nil`: no file yet): read and write for its owner, and read for the
    /// document's group and for others only where the document lets them read; never write,
    /// execute or special bits for anyone else. `sameGroup`: whether the file has the
    /// document's group; when not, its group may read only when everyone may.
    ///
    ///     ownFilePermissions(documentMode: 0o600, sameGroup: true)    // 0o600
    ///     ownFilePermissions(documentMode: 0o664, sameGroup: true)    // 0o644
    ///     ownFilePermissions(documentMode: 0o640, sameGroup: false)   // 0o600
    ///     ownFilePermissions(documentMode: nil, sameGroup: false)     // 0o600
    static func ownFilePermissions(documentMode: mode_t?, sameGroup: Bool) -> mode_t {
        guard let mode = documentMode else { return 0o600 }
        let others = mode & 0o004
        return 0o600 | (sameGroup ? mode & 0o040 : others << 3) | others
    }

    /// The process's umask, which a new file's permissions (0666 less it) follow. Read where the
    /// system tells it without a change (`/proc/self/status`, Linux 4.7 and later); elsewhere set
    /// to 077 and back at once (a file another thread creates meanwhile is only more private).
    static func creationMask() -> mode_t {
        #if os(Linux)
        if let bytes = try? read("/proc/self/status").bytes,
           let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).drop(while: { $0 == " " || $0 == "\t" }), radix: 8) {
            return mask & 0o777
        }
        #endif
        let mask = umask(0o077)
        umask(mask)
        return mask & 0o777
    }
}
