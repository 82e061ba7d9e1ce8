internal import SystemPackage

extension FileAccess {
    /// What identifies a file's metadata on disk: if any of it differs, the file may have been
    /// written (confirmed or not by the content hash of a `Stamp`).
    package struct Metadata: Hashable, Sendable {
        /// The device the file is on.
        package var device: UInt64
        /// The file's inode: an atomic save by another program makes a new one.
        package var inode: UInt64
        /// The size in bytes.
        package var size: Int64
        /// Modification time: seconds since 1970 (and `nanoseconds`).
        package var seconds: Int64
        /// Modification time: nanoseconds past `seconds`.
        package var nanoseconds: Int64

        /// Metadata as `stat` reports it.
        package init(device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
            self.device = device
            self.inode = inode
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        init(_ info: Stat) {
            self.init(device: UInt64(info.deviceID.rawValue), inode: UInt64(info.inode.rawValue), size: info.size,
                      seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        }

        var modified: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
    }

    /// One version of a file: its metadata (one `stat` tells whether it is still there) and a
    /// hash of its bytes (which confirms a change, so that a `touch` is not one).
    ///
    ///     let v = try FileAccess.read("list.md")
    ///     v.stamp.metadata == (try FileAccess.metadata(of: "list.md"))   // true until someone writes
    ///
    /// Two stamps are equal when metadata and hash are; when the metadata differ but the hashes
    /// agree, the bytes are the same (`sameContent`).
    public struct Stamp: Sendable, Equatable, CustomStringConvertible {
        /// The file's metadata when it was read.
        package var metadata: Metadata
        /// `ContentHash` of the bytes: the same in every process and on every machine, so it can
        /// be recorded in a recovery file and compared by the next process.
        package var hash: UInt64
        /// Wall-clock time (seconds since 1970) just before the metadata was read. File systems
        /// keep modification times in coarse ticks (milliseconds, or whole seconds): a write in
        /// the same tick as the version read would leave size and time alone. Such a "racy" stamp
        /// is confirmed by reading and hashing on the next check, as git does for its index.
        package var readAt: Double

        /// A stamp of `metadata` and the bytes' `hash`, read at `readAt`.
        package init(_ metadata: Metadata, hash: UInt64, readAt: Double) {
            self.metadata = metadata
            self.hash = hash
            self.readAt = readAt
        }

        /// How close to its modification time a stamp must be read not to be racy, in seconds
        /// (2: FAT keeps times in 2-second ticks; ext4, XFS, APFS in nanoseconds but updated on
        /// the kernel's clock tick).
        package static let racyWindow = 2.0

        /// Whether a later write could have left the same metadata (see `readAt`).
        package var isRacy: Bool { readAt - metadata.modified < Self.racyWindow }

        /// Whether both stamps describe the same bytes.
        package func sameContent(as other: Stamp) -> Bool {
            hash == other.hash && metadata.size == other.metadata.size
        }

        public static func == (a: Stamp, b: Stamp) -> Bool { a.metadata == b.metadata && a.hash == b.hash }

        /// `dev ino size seconds.nanoseconds hash`, the form recovery files record.
        public var description: String {
            let ns = String(metadata.nanoseconds)
            let hex = String(hash, radix: 16)
            return "\(metadata.device) \(metadata.inode) \(metadata.size) \(metadata.seconds)."
                + String(repeating: "0", count: max(0, 9 - ns.count)) + ns + " "
                + String(repeating: "0", count: 16 - hex.count) + hex
        }

        /// Reads `description`'s form back (`nil` if it is not that form); `readAt` is 0, so a
        /// stamp read back is racy: it is always confirmed by its hash.
        package init?(_ text: Substring) {
            let fields = text.split(separator: " ")
            guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                  let size = Int64(fields[2]), let hash = UInt64(fields[4], radix: 16) else { return nil }
            let time = fields[3].split(separator: ".", omittingEmptySubsequences: false)
            guard time.count == 2, let seconds = Int64(time[0]), let ns = Int64(time[1]) else { return nil }
            self.init(Metadata(device: device, inode: inode, size: size, seconds: seconds, nanoseconds: ns),
                      hash: hash, readAt: 0)
        }
    }

    /// The metadata of the file at `path` now (one `stat`, following symbolic links).
    static func metadata(of path: String) throws(Errno) -> Metadata {
        Metadata(try FilePath(path).stat())
    }

    /// Where the file at `path` stands compared with `stamp`: `nil` when it is the same version,
    /// else what is there now. One `stat` when the metadata agree and the stamp is not racy;
    /// otherwise the file is read and hashed.
    ///
    /// - Complexity: O(1), or O(size of the file) when it is read.
    static func compare(_ path: String, with stamp: Stamp?) -> Comparison {
        let now: Metadata
        do throws(Errno) {
            now = try metadata(of: path)
        } catch {
            if error == .noSuchFileOrDirectory || error == .notDirectory { return .missing }
            return .unreadable(DocumentError(.io, file: path, "cannot open: \(error)"))
        }
        if let stamp, stamp.metadata == now, !stamp.isRacy { return .same }
        do throws(DocumentError) {
            let version = try read(path)
            if let stamp, version.stamp.sameContent(as: stamp) { return .touched(version.stamp) }
            return .changed(version)
        } catch {
            if !exists(path) { return .missing }
            return .unreadable(error)
        }
    }

    /// What `compare` found.
    enum Comparison: Equatable {
        /// The metadata agree (and the stamp is not racy).
        case same
        /// Other metadata (or a racy stamp), the same bytes: the stamp of what is there now.
        case touched(Stamp)
        /// Other bytes.
        case changed(DiskVersion)
        case missing
        case unreadable(DocumentError)
    }
}

/// A file's bytes with the stamp of the version they are.
public struct DiskVersion: Equatable, Sendable {
    /// The file's contents.
    public var bytes: [UInt8]
    /// Which version of the file they are.
    public var stamp: FileAccess.Stamp

    /// `bytes` read as the version `stamp`.
    package init(bytes: [UInt8], stamp: FileAccess.Stamp) {
        self.bytes = bytes
        self.stamp = stamp
    }
}
