/// Something at a recovery file's path that is not one (`Recovery.scan(for:)`): never offered,
/// never read as edits, never written through or removed; this session's own file takes
/// another number.
///
///     file.message   // "ignored .list.md.listedit-recovery: not a recovery file (a symbolic link)"
public struct IgnoredRecoveryFile: Equatable, Sendable {
    /// The path, as `Recovery.path(for:number:)` gives it.
    public let path: String
    /// The recovery file number its name stands for.
    public let number: Int
    /// What is there instead.
    public let reason: Reason

    /// What is at the path instead of a recovery file of this user.
    public enum Reason: Error, Equatable, Sendable {
        /// A symbolic link (to anything, or nothing): a recovery file is never read or written
        /// through one.
        case symbolicLink
        /// A directory: kept as it is; editing goes on with the next number.
        case directory
        /// This user's regular file with more than one name (a hard link): its other name may be
        /// any of the user's files, never to be offered, replaced or removed as edits.
        case hardLink
        /// A FIFO, socket or device.
        case notRegularFile
        /// A regular file whose owner is not this process's effective user.
        case otherOwner
        /// This user's regular file, which cannot be opened (the reason given).
        case unreadable(String)
        /// This user's regular file, not in listedit's recovery format (docs/file-formats.md,
        /// "Recovery files"): no header, or a damaged or cut-short one, and not a list either.
        case notRecoveryFormat

        /// How the status line says it, after "not a recovery file"; `nil` when that says it all.
        public var detail: String? {
            switch self {
            case .symbolicLink: "a symbolic link"
            case .directory: "a directory"
            case .hardLink: "a hard link"
            case .notRegularFile: "not a regular file"
            case .otherOwner: "owned by another user"
            case .unreadable(let why): "cannot be read: \(why)"
            case .notRecoveryFormat: nil
            }
        }
    }

    /// `reason` found at recovery file `number`'s `path`.
    package init(path: String, number: Int, reason: Reason) {
        self.path = path
        self.number = number
        self.reason = reason
    }

    /// What the editor says on open: `ignored .list.md.listedit-recovery: not a recovery file`,
    /// then the reason in parentheses where it says more (`(owned by another user)`).
    public var message: String {
        "ignored \(FileAccess.fileName(path)): not a recovery file" + (reason.detail.map { " (\($0))" } ?? "")
    }
}
