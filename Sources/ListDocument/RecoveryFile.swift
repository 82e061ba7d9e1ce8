internal import SystemPackage
import TableKit
import ListStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One recovery file found next to a document (`Recovery.pending(for:)`), with what its header
/// says and what that means now.
///
///     file.status            // .unsavedEdits
///     file.writtenTimeOfDay  // "14:02": "Unsaved edits from 14:02 found"
///     file.documentChanged   // true: also offer "m merge"
public struct RecoveryFile: Equatable, Sendable {
    /// The document it belongs to.
    public let document: String
    /// The recovery file's own path.
    public let path: String
    /// 1 for `.NAME.listedit-recovery`, n for `.NAME.listedit-recovery-n`.
    public let number: Int
    /// Who wrote it; `nil` for a recovery file of an earlier listedit, which had no header.
    public let owner: RecoveryOwner?
    /// Whether the owner still runs (`RecoveryOwner.isRunning`): `nil` when it cannot be told.
    public let ownerRunning: Bool?
    /// When it was last written, in seconds since 1970.
    public let written: Int64
    /// Whether it holds unsaved edits (a session with none keeps an empty file).
    public let hasEdits: Bool
    /// Whether the document on disk is no longer the version the edits were made on (other bytes
    /// by content hash, gone, or created since): the editor offers a merge besides restore.
    public let documentChanged: Bool
    /// When the edits were made on the document's first bytes only (the file was still loading,
    /// or its load stopped early): how many. Restoring them keeps the rest of the file
    /// (`RecoverySession.restored`); the document counts as changed when those bytes did.
    public let readPrefix: Int?
    let header: RecoveryHeader?
    let contentStart: Int

    /// What to offer for it.
    public enum Status: Equatable, Sendable {
        /// A listedit that still runs (or runs on another host, `host` then differs from this
        /// one) has the document open: offer read-only.
        case openElsewhere(pid: Int32, host: String)
        /// Edits of a listedit that ended: offer restore, discard or later (and merge when
        /// `documentChanged`).
        case unsavedEdits
        /// Its listedit ended and it holds no edits: nothing to offer; `RecoverySession.begin`
        /// removes it.
        case stale
    }

    /// What to do with it: nothing while its owner runs, offer its edits, or remove it.
    public var status: Status {
        if let owner, ownerRunning != false { return .openElsewhere(pid: owner.pid, host: owner.host) }
        return hasEdits ? .unsavedEdits : .stale
    }

    /// Whether it belongs to another listedit that runs, or may (on another host): its status
    /// is `.openElsewhere` and it does not name this very process (which left it earlier: a
    /// test, or a pid reused after a crash).
    public var isOpenElsewhere: Bool {
        guard case .openElsewhere(let pid, let host) = status else { return false }
        return !(pid == getpid() && host == RecoveryOwner.current.host)
    }

    /// The local time of the last write, `HH:MM`.
    public var writtenTimeOfDay: String {
        var seconds = time_t(written)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// Reads the header of recovery file `number` of `document`; `nil` if nothing is there.
    ///
    /// - Throws: what is there instead of a recovery file of this user: not this user's regular
    ///   file (`FileAccess.openOwnFile`), or `.notRecoveryFormat`: a damaged header, content
    ///   shorter than the header announces, or a file without a header that is not a list.
    init?(document: String, number: Int) throws(IgnoredRecoveryFile.Reason) {
        let path = Recovery.path(for: document, number: number)
        guard let opened = try FileAccess.openOwnFile(path) else { return nil }
        let (fd, info) = opened
        defer { try? fd.close() }
        let prefix: [UInt8]
        do throws(Errno) { prefix = try FileAccess.readPrefix(fd, count: 4096) } catch { throw .unreadable("\(error)") }
        self.document = document
        self.path = path
        self.number = number
        if let (header, start) = RecoveryHeader.decode(prefix[...]) {
            guard Int(info.size) >= start + (header.content?.length ?? 0) + (header.base?.length ?? 0) + (header.lines ?? 0)
                    + (header.earlier ?? 0) else {
                throw .notRecoveryFormat
            }
            self.header = header
            contentStart = start
            owner = header.owner
            ownerRunning = header.owner.isRunning
            written = header.written
            hasEdits = header.hasEdits
            readPrefix = header.prefix
            switch FileAccess.compare(document, with: header.documentStamp) {
            case .same, .touched: documentChanged = false
            case .missing: documentChanged = header.documentStamp != nil
            case .changed, .unreadable:
                if let prefix = header.prefix, let stamp = header.documentStamp {
                    // Edits on the first bytes: the document changed when those did.
                    let now = try? FileAccess.readPrefix(document, count: prefix)
                    documentChanged = now.map { $0.count != prefix || ContentHash.of($0) != stamp.hash } ?? true
                } else {
                    documentChanged = true
                }
            }
        } else {
            // An earlier listedit's file: all content, a list (anything else, a damaged header
            // included, is not taken for edits); no owner; the document changed when it is newer
            // than the recovery file.
            guard !prefix.starts(with: RecoveryHeader.magic.utf8) else { throw .notRecoveryFormat }
            let bytes: [UInt8]
            do throws(Errno) {
                bytes = prefix.count < 4096 ? prefix : prefix + (try FileAccess.readAll(fd, expected: max(0, Int(info.size) - prefix.count)))
            } catch {
                throw .unreadable("\(error)")
            }
            // The lists earlier listedits wrote held no passages (text that is not a list item):
            // a text file put at the path is not taken for one.
            guard let list = try? Recovery.decodeWithoutHeader(bytes, name: path),
                  list.sections.allSatisfy({ $0.rows.passageCount == 0 }) else { throw .notRecoveryFormat }
            header = nil
            readPrefix = nil
            contentStart = 0
            owner = nil
            ownerRunning = nil
            let theirs = try? FileAccess.metadata(of: document)
            let mine = FileAccess.Metadata(info)
            written = mine.seconds
            hasEdits = !prefix.isEmpty
            documentChanged = theirs.map { $0.modified > mine.modified } ?? false
        }
    }

    /// The list as edited.
    ///
    /// - Complexity: O(size of the recovery file).
    public func edits() throws(DocumentError) -> ListModel {
        try part(0)
    }

    /// The list as it was read when the edits began (the base of a merge); `nil` when the file
    /// does not hold it (no edits, or written by an earlier listedit).
    public func base() throws(DocumentError) -> ListModel? {
        guard header?.base != nil else { return nil }
        return try part(1)
    }

    /// The other lines the edits' pasted rows carry (`Recovery.encodeCarriedLines`); empty when
    /// the file records none (written by an earlier listedit, or nothing pasted).
    func carriedLines() throws(DocumentError) -> [Recovery.CarriedLine] {
        guard let header, let length = header.lines, let content = header.content else { return [] }
        let bytes = try Self.read(path)
        let start = contentStart + content.length + (header.base?.length ?? 0)
        guard start + length <= bytes.count else {
            throw DocumentError(.io, file: path, "is cut short: \(bytes.count) bytes, the header announces \(start + length)")
        }
        guard let lines = Recovery.decodeCarriedLines(bytes[start..<start + length]) else {
            throw DocumentError(.io, file: path, "holds carried lines that are not in the recovery format")
        }
        return lines
    }

    /// The rows of the edits that name an earlier version of the document, with the versions'
    /// bytes (`Recovery.encodeEarlierRows`); nil when the file records none (written by an
    /// earlier listedit, or no row undo brought back across a save).
    func earlierRows() throws(DocumentError) -> Recovery.EarlierRows? {
        guard let header, let length = header.earlier, let content = header.content else { return nil }
        let bytes = try Self.read(path)
        let start = contentStart + content.length + (header.base?.length ?? 0) + (header.lines ?? 0)
        guard start + length <= bytes.count else {
            throw DocumentError(.io, file: path, "is cut short: \(bytes.count) bytes, the header announces \(start + length)")
        }
        guard let rows = Recovery.decodeEarlierRows(bytes[start..<start + length]) else {
            throw DocumentError(.io, file: path, "holds earlier rows that are not in the recovery format")
        }
        return rows
    }

    /// Part 0 (the edits) or 1 (the base) of the content.
    func part(_ index: Int) throws(DocumentError) -> ListModel {
        let bytes = try Self.read(path)
        guard let header else {
            return try Recovery.decodeWithoutHeader(bytes, name: path)
        }
        guard let content = header.content else { return ListModel() }
        var start = contentStart
        var part = content
        if index == 1, let base = header.base {
            start += content.length
            part = base
        }
        guard start + part.length <= bytes.count else {
            throw DocumentError(.io, file: path, "is cut short: \(bytes.count) bytes, the header announces \(start + part.length)")
        }
        return try Recovery.decode(Array(bytes[start..<start + part.length]), part.encoding, name: path)
    }

    /// The bytes of the recovery file at `path`, read only as `Recovery.scan` trusts it: this
    /// user's regular file, not through a symbolic link (it may have been replaced since).
    ///
    /// - Complexity: O(size of the file).
    static func read(_ path: String) throws(DocumentError) -> [UInt8] {
        let opened: (FileDescriptor, Stat)?
        do throws(IgnoredRecoveryFile.Reason) { opened = try FileAccess.openOwnFile(path) } catch {
            throw DocumentError(.io, file: path, "is not a recovery file" + (error.detail.map { " (\($0))" } ?? ""))
        }
        guard let (fd, info) = opened else { throw DocumentError(.io, file: path, "cannot open: \(Errno.noSuchFileOrDirectory)") }
        defer { try? fd.close() }
        do throws(Errno) {
            return try FileAccess.readAll(fd, expected: Int(info.size))
        } catch {
            throw DocumentError(.io, file: path, "cannot read: \(error)")
        }
    }

    public static func == (a: RecoveryFile, b: RecoveryFile) -> Bool {
        a.path == b.path && a.header == b.header && a.ownerRunning == b.ownerRunning
            && a.documentChanged == b.documentChanged && a.written == b.written && a.hasEdits == b.hasEdits
    }
}
