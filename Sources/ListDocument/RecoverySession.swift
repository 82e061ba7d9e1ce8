import TableKit
import ListStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This listedit's recovery file for the document it has open: created when the document is
/// opened, rewritten with the unsaved edits, emptied of edits by a save, removed by `close`.
///
///     let offers = Recovery.pending(for: path)                    // before: what others left
///     var session = try RecoverySession.begin(for: path, stamp: document.stamp)
///     try session.record(document)                                // after a quiet moment, on SIGTERM
///     try session.restore(offers[0], into: &document)             // the user chose restore
///     session.close()                                             // quit
///
/// Every write is atomic (`FileAccess.writeAtomically`), never through a symbolic link, and the
/// file is readable only by whoever can read the document (owner-only for a new one). The
/// session takes the first free number, so the files of other sessions (running, or left for
/// later) and whatever else is at a recovery path are never overwritten.
public struct RecoverySession: Sendable {
    /// The document.
    public private(set) var document: String
    /// This session's recovery file.
    public private(set) var path: String
    /// Its number: 1 for `.NAME.listedit-recovery`, n for `.NAME.listedit-recovery-n`.
    public private(set) var number: Int
    /// What the file says now.
    var header: RecoveryHeader
    /// The process named in the file (this one; tests stand in for others).
    var owner: RecoveryOwner = .current

    /// Starts a session for `document`, whose stamp as read is `stamp` (`nil` for a file that
    /// does not exist yet): removes what killed writes left (`Recovery.removeLeftoverTemporaries`,
    /// unless another listedit has the document open) and the stale recovery files (owner
    /// ended, no edits, this host), then creates this session's own with no edits, at the first
    /// number where nothing is (what `scan` ignores keeps its number too), owner-only or
    /// readable as the document is (`FileAccess.ownFilePermissions`).
    ///
    /// - Throws: `.io` when the file cannot be created (a read-only folder): the editor then
    ///   runs without a recovery file and says so.
    public static func begin(for document: String, stamp: FileAccess.Stamp?) throws(DocumentError) -> RecoverySession {
        let (files, ignored) = Recovery.scan(for: document)
        // While another listedit has the document open (an earlier version among them, which
        // does not lock its temporaries), what looks left over may be its save in progress: the
        // next open without it removes what is.
        if !files.contains(where: \.isOpenElsewhere) { Recovery.removeLeftoverTemporaries(of: document) }
        var taken = Set(ignored.map(\.number))
        for file in files where !(file.status == .stale && file.ownerRunning == false && removeStale(file)) {
            taken.insert(file.number)
        }
        let header = RecoveryHeader(owner: .current, written: Int64(FileAccess.wallClock()), documentStamp: stamp,
                                    hasEdits: false, content: nil, base: nil)
        var number = 1
        while true {
            while taken.contains(number) { number += 1 }
            let path = Recovery.path(for: document, number: number)
            // Created with `link`, which fails when the name exists (as anything, a dangling
            // symbolic link included): two listedits starting at once cannot take the same number.
            if try FileAccess.createExclusively(header.encoded, at: path, besides: document) {
                return RecoverySession(document: document, path: path, number: number, header: header)
            }
            taken.insert(number)
        }
    }

    /// Removes a stale file unless it changed since it was listed: it is first renamed away (so
    /// no other listedit can take its number meanwhile), checked, then removed, or put back when
    /// another listedit had just written it. Returns whether it was removed.
    static func removeStale(_ file: RecoveryFile) -> Bool {
        let aside = file.path + ".stale-\(RecoveryOwner.current.pid)"
        guard rename(file.path, aside) == 0 else { return false }
        let now = try? RecoveryFile.read(aside)
        if let now, RecoveryHeader.decode(now[...])?.header == file.header {
            FileAccess.remove(aside)
            return true
        }
        _ = link(aside, file.path)
        FileAccess.remove(aside)
        return false
    }

    /// Writes what `document` holds: its edits when it has unsaved ones (`hasEdits`, by default
    /// `document.isModified`), else an empty file that still names this process. Call it after a
    /// quiet moment following edits, after a save (no edits), and on SIGTERM or SIGHUP.
    ///
    /// - Complexity: O(size of the list): the edits and the base (the list as read, for a merge
    ///   later) are both written, the other lines pasted rows carry (`Recovery.encodeCarriedLines`),
    ///   and the rows undo brought back across a save with the bytes of the earlier versions they
    ///   name (`Recovery.encodeEarlierRows`).
    public mutating func record(_ document: ListDocument, hasEdits: Bool? = nil) throws(DocumentError) {
        var header = header
        header.owner = owner
        header.written = Int64(FileAccess.wallClock())
        header.hasEdits = hasEdits ?? document.isModified
        var bytes: [UInt8] = []
        header.content = nil
        header.base = nil
        header.lines = nil
        header.earlier = nil
        header.documentStamp = document.stamp
        header.prefix = nil
        if header.hasEdits {
            // Edits on the file's first bytes only (it loads, or its load stopped early): the
            // stamp and the base are of that part.
            (header.documentStamp, header.prefix) = document.recoveryBase
            let (encoding, content) = Recovery.encode(document.model, lineEnding: document.lineEnding, name: path)
            let (baseEncoding, base) = Recovery.encode(document.savedModel, lineEnding: document.lineEnding, name: path)
            // (The other lines pasted rows carry, after them; then the rows undo brought back
            // across a save, with the bytes of the versions they name.)
            let lines = Recovery.encodeCarriedLines(of: document)
            let earlier = Recovery.encodeEarlierRows(of: document)
            header.content = (encoding, content.count)
            header.base = (baseEncoding, base.count)
            header.lines = lines.isEmpty ? nil : lines.count
            header.earlier = earlier.isEmpty ? nil : earlier.count
            bytes = content + base + lines + earlier
        }
        // Never through a symbolic link put at the path; readable as the document is.
        try FileAccess.writeAtomically(header.encoded + bytes, to: path, as: .beside(document: self.document))
        self.header = header
    }

    /// Restores `file`'s edits into `document` (its model becomes them, unsaved), writes them to
    /// this session's file, and only then removes `file`.
    public mutating func restore(_ file: RecoveryFile, into document: inout ListDocument) throws(DocumentError) {
        document.model = try Self.restored(file, into: document)
        try document.keepLines(recordedIn: file)
        try takeOver(file, with: document)
    }

    /// The list `file`'s edits restore in `document`: its rows, each equal one reusing the
    /// document's (reads `file`, writes nothing).
    ///
    /// Edits made on the file's first bytes only (`RecoveryFile.readPrefix`: written while the
    /// file loaded, or after its load stopped early) are restored with the rest of the file:
    /// when the document still starts with the part they were made on (their base), the result
    /// is the edits followed by the document's rows and sections after that part, as the load
    /// would have appended them; otherwise it is the three-way merge (`merged`), which keeps
    /// the rest too.
    ///
    /// When the document is the version the edits were made on and the file records their
    /// identities (`ListDocument.fileIdentities`), rows of the file that an edit changed
    /// (renamed, indented, toggled) and the sections keep their identity, new rows take none of
    /// the file's, and sections keep their heading levels, so a save writes what the edits' own
    /// save would have; else rows and sections are found by their text.
    ///
    /// - Complexity: O(rows of the file and of the recovery file).
    public static func restored(_ file: RecoveryFile, into document: ListDocument) throws(DocumentError) -> ListModel {
        let mine = try file.edits()
        let known = try document.fileIdentities(recordedIn: file, edits: mine)
        var model: ListModel
        if file.readPrefix != nil, let base = try file.base() {
            let theirs = document.model.items
            let read = base.items
            guard theirs.starts(with: read) else { return try merged(file, into: document).model }
            model = document.reusingRows(ListModel(items: mine.items + theirs[read.count...]), assigning: known?.rows ?? [:])
        } else {
            model = document.reusingRows(mine, assigning: known?.rows ?? [:])
        }
        // Sections keep the heading levels the edits had (the recovery file records them; a
        // section matched by title would take the file's, and a file that has no headings, plain
        // text, has none to give).
        if model.sections.count >= mine.sections.count {
            for (s, section) in mine.sections.enumerated() { model.sections[s].level = section.level }
        }
        if let sources = known?.sources, model.sections.count >= mine.sections.count {
            for s in mine.sections.indices where model.sections[s].source != MarkdownFormat.untitled {
                model.sections[s].source = sources[s]
            }
        }
        return model
    }

    /// The list `file`'s edits merge into in `document` (as `merge`, but reading only), the
    /// number of conflicts, and where the first conflict's first row is (`ListDocument.merge`).
    /// Put it in the document with `ListDocument.adoptMerged(_:)`, which gives a row the merge
    /// changed the other lines (or unknown JSON keys) of that row in the file.
    public static func merged(_ file: RecoveryFile, into document: ListDocument) throws(DocumentError)
        -> (model: ListModel, conflicts: Int, firstConflict: IndexPath?, sources: ListDocument.MergeSources) {
        let mine = try file.edits()
        guard let base = try file.base() else { return (document.reusingRows(mine), 0, nil, .init(rows: [])) }
        let merged = ListDocument.mergedItems(base: base, ours: mine, theirs: document.model, oursFromTheirs: true)
        var model = document.reusingRows(ListModel(items: merged.items)), first = merged.first
        if document.format == .markdown { ListDocument.joiningUntitledSections(&model, &first) }
        return (model, merged.conflicts, first, .init(rows: merged.sources))
    }

    /// The last step of a restore or merge: writes `document`'s edits to this session's file,
    /// and only then removes `file` (which stays when the write fails).
    public mutating func takeOver(_ file: RecoveryFile, with document: ListDocument) throws(DocumentError) {
        try record(document, hasEdits: true)
        FileAccess.remove(file.path)
    }

    /// Merges `file`'s edits into `document`, which holds the file as it is on disk now: base is
    /// the list the edits were made on, theirs is `document`'s model, mine are the edits (mine
    /// first where both changed). Writes the result to this session's file, then removes `file`.
    /// Without a recorded base (an earlier listedit's file) the edits are restored instead.
    ///
    /// - Returns: the number of conflicts.
    @discardableResult
    public mutating func merge(_ file: RecoveryFile, into document: inout ListDocument) throws(DocumentError) -> Int {
        let (model, conflicts, _, sources) = try Self.merged(file, into: document)
        document.adoptMerged(model, sources)
        try document.keepLines(recordedIn: file)
        try takeOver(file, with: document)
        return conflicts
    }

    /// Removes `file` (the user chose discard).
    public func discard(_ file: RecoveryFile) {
        FileAccess.remove(file.path)
    }

    /// The recovery files of the document other than this session's.
    public func others() -> [RecoveryFile] {
        Recovery.pending(for: document).filter { $0.path != path }
    }

    /// Follows the document to `newDocument` (save as): a recovery file there, this one removed.
    public mutating func move(to newDocument: String, stamp: FileAccess.Stamp?) throws(DocumentError) {
        let next = try Self.begin(for: newDocument, stamp: stamp)
        FileAccess.remove(path)
        self = next
    }

    /// Removes this session's file: the document is closed.
    public func close() {
        FileAccess.remove(path)
    }
}
