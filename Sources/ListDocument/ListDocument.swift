// ListDocument: list files. Owns one reader and writer per format (Markdown, plain text, JSON),
// the file layer (atomic save, stamps, reading, on swift-system), noticing changes on disk, the
// row-level three-way merge, recovery files, and `apply`'s batch scripts. May import TableKit,
// swift-system (SystemPackage), swift-algorithms and the C library; never curses, never the
// editor. Linux only, as the whole package (README, "Requirements").
import TableKit
import ListStorage

/// A list file in memory: the model, the format it is saved in, and what was read, so an
/// untouched file saves byte for byte and a file changed on disk is noticed.
///
///     var doc = try ListDocument.open("groceries.md")
///     doc.model.insertRow("Bread", at: IndexPath(row: 0, section: 0))
///     try doc.save()
public struct ListDocument: Sendable {
    /// The sections and rows being edited.
    public var model: ListModel
    /// The file; nil for a list not saved yet.
    public var path: String?
    /// The format it is saved in.
    public var format: ListFormat
    /// Line ending to write (the one the file used).
    public var lineEnding: String
    /// The bytes and the model as read or last saved: saving an unchanged model writes these bytes.
    var savedBytes: [UInt8]?
    var savedModel: ListModel
    /// What the format kept of the file as read or last saved, which a save writes over (only
    /// what changed is rewritten): a Markdown file's scan, a plain-text file's lines, the keys of
    /// a JSON file listedit does not know (`ListFileFormat.File`). `nil` for a new file. It is of
    /// the format the file was read in, which `retarget(to:)` may leave behind.
    var file: (any FormatFile)?
    /// The Markdown file as read or last saved (its scan): `file` seen as Markdown's, nil when it
    /// is another format's (a cast, O(1)).
    var markdown: MarkdownFormat.File? {
        get { file as? MarkdownFormat.File }
        set { file = newValue }
    }
    /// Whether a Markdown save reads the written file again, so the rows name its blocks for the
    /// next save (an editor); a one-shot save (`listedit apply`) turns it off.
    public var rereadsAfterSave = true
    /// Whether a Markdown save writes the sections the model did not touch without looking at
    /// their rows, and takes the written file's scan and rows from the file's and from what the
    /// writer's check scanned instead of reading it again (`MarkdownFormat.untouchedSections`,
    /// `reread`). Off only in tests, which compare it with the whole-file path.
    var savesInProportion = true
    /// Whether `savedModel` is what a read of `markdown` gives (set where the file is read,
    /// loaded, merged or saved and read back): only then are its sections the file's, for
    /// `MarkdownFormat.untouchedSections`. A save whose bytes did not change keeps the model as
    /// it was (attributes a passage cannot hold, say) and clears it unless no section changed.
    var savedModelIsRead = false
    /// Counts the versions of the file read or saved, so rows of each get identities of their own.
    var generation: UInt64 = 0
    /// The bytes of the Markdown file as it was before the last saves (newest last), which rows
    /// kept by undo across those saves still name (a deleted item with its other lines): the
    /// writer finds their blocks there (`MarkdownFormat.combining`). Kept within
    /// `earlierVersionsBudget`.
    var earlierVersions: [TextBuffer] = []
    /// The budget of `earlierVersions` in bytes, for tests (nil: `earlierVersionsBudget`).
    package var earlierVersionsLimit: Int?
    /// New rows that carry the other lines of the items they copy (a paste of the register),
    /// by identity (`carry(_:to:)`); written under their first lines.
    var carriedLines: [ListModel.RowID: RowLines] = [:]
    /// Per earlier version kept (by its buffer's `idBase`), its sections by what they show, made
    /// when a save kept it while small enough (`MarkdownFormat.restoringBudget`): a section undo
    /// brings back to one of them is written as that version had it.
    var earlierSections: [UInt64: MarkdownFormat.SectionsByContent] = [:]
    /// Per version saved while earlier sections are kept (by its buffer's `idBase`), the
    /// identities its rows had in the list saved (`RowLineage`): a section is put back as an
    /// earlier version had it only when its rows are that version's rows by identity.
    var rowLineages: [UInt64: RowLineage] = [:]
    /// The file's stamp when read, last saved or reloaded (the base of a merge); `nil` for a
    /// file that does not exist yet.
    public internal(set) var stamp: FileAccess.Stamp?
    /// Where the first conflict of the last `merge` is (its first row, in the merged list);
    /// nil when it had none.
    public internal(set) var firstConflict: IndexPath?
    /// The load under way when the file opened progressively (`openProgressively`), else nil.
    package internal(set) var loading: Loading?
    /// A load that stopped early (`stopLoading`): the document holds the file's first `length`
    /// bytes, of the version `stamp` (whose hash is of those bytes). It no longer applies once
    /// the document's stamp is another (a save, a reload).
    var stoppedEarly: (length: Int, stamp: FileAccess.Stamp)?
    /// What the last `checkDisk` saw, so each change on disk is reported once.
    var disk: DiskState = .missing
    /// The last version of the file seen on disk (kept while it is missing, so that a file that
    /// comes back as it was is not a change).
    var lastSeen: FileAccess.Stamp?

    /// A document of `model` with no file yet (saving needs a path).
    public init(model: ListModel, path: String? = nil, format: ListFormat = .markdown) {
        self.model = model
        self.path = path
        self.format = path.map(ListFormat.init(path:)) ?? format
        lineEnding = "\n"
        savedModel = path == nil ? ListModel() : model
        savedBytes = nil
    }

    /// Reads `path`; a missing file is an empty document that is created on the first save.
    public static func open(_ path: String, createIfMissing: Bool = true) throws(DocumentError) -> ListDocument {
        if createIfMissing && !FileAccess.exists(path) {
            var doc = ListDocument(model: ListModel(), path: path)
            doc.savedModel = doc.model
            return doc
        }
        let version = try FileAccess.read(path)
        var doc = ListDocument(model: ListModel(), path: path)
        try doc.adopt(version)
        return doc
    }

    /// Makes `version` what the document holds, as read: model, bytes, line ending, stamp.
    mutating func adopt(_ version: DiskVersion) throws(DocumentError) {
        let read = try Self.parse(version.bytes, format: format, name: path ?? "list", generation: generation + 1)
        generation += 1
        model = read.model
        file = read.file
        lineEnding = read.lineEnding
        savedBytes = version.bytes
        savedModel = model
        savedModelIsRead = true
        stamp = version.stamp
        lastSeen = version.stamp
        disk = .file
    }

    /// The model, line ending and kept file of a file's bytes in `format`
    /// (`ListFileFormat.read`); `name` is used in error messages.
    ///
    /// - Complexity: O(size of the file).
    static func parse(_ bytes: [UInt8], format: ListFormat, name: String, generation: UInt64)
        throws(DocumentError) -> (model: ListModel, lineEnding: String, file: any FormatFile) {
        try format.implementation.readDocument(bytes, name: name, generation: generation)
    }

    /// The contents as a format-neutral list (for recovery files).
    public var contents: ParsedList {
        ParsedList(sections: model.sections.map { .init(title: $0.title, rows: $0.rows.map(\.text)) }, lineEnding: lineEnding)
    }

    /// The link reference definitions of the Markdown file read (for showing `[text][label]`
    /// links as their text); empty for other formats.
    package var linkReferences: [String: MarkdownLinkReference] { markdown?.scan.linkReferences ?? [:] }

    /// `title` as the file holds a section title: trimmed of white space in Markdown (a heading
    /// holds none around its text), as given in other formats. The editor shows what a save will
    /// write: `" Milk"` typed as a title is `"Milk"` in a Markdown list.
    public func heldTitle(_ title: String) -> String {
        format.implementation.heldTitle(title)
    }

    /// `list` (restored or merged edits, made of new rows) with each row and section equal to one
    /// of the file as read taken as that one, so a save changes only what differs, and passages
    /// stay the file's. `assigned`: identities given by flat index (`ListModel.init(items:reusing:assigning:)`).
    public func reusingRows(_ list: ListModel) -> ListModel {
        reusingRows(list, assigning: [:])
    }

    func reusingRows(_ list: ListModel, assigning assigned: [Int: ListModel.RowID?]) -> ListModel {
        ListModel(items: list.items, reusing: savedModel, assigning: assigned).continuingIdentities(of: model)
    }

    /// Whether the model differs from what was read or last saved.
    public var isModified: Bool { model != savedModel }

    /// The bytes a save would write now. Refuses (`.cannotRepresent`) a list the format cannot
    /// hold as it is, as `save` does without `acceptingLosses`.
    public func serialized() throws(DocumentError) -> [UInt8] {
        try refuseLosses(in: format, name: path ?? "list")
        return try serialized(as: format, name: path ?? "list")
    }

    /// Throws `.cannotRepresent` naming what `format` would drop or flatten of the list (the
    /// limitations that a save may accept after asking), or first what prevents saving at all
    /// (a line break a line format cannot hold), naming its place: `cannot hold a line break (in
    /// row 0 of section 0); nothing was written (.md or .json holds it)`.
    func refuseLosses(in format: ListFormat, name: String) throws(DocumentError) {
        let limitations = limitations(savingAs: format)
        if let blocking = limitations.first(where: \.preventsSaving) {
            // (Markdown holds a row's line break as its item's paragraph, not a title's.)
            let holder = format == .plainText ? ".md or .json" : ".json"
            throw DocumentError(.cannotRepresent, file: name, "cannot hold \(blocking.description); nothing was written (\(holder) holds it)")
        }
        let lossy = limitations.filter { !$0.preventsSaving }
        guard !lossy.isEmpty else { return }
        throw DocumentError(.cannotRepresent, file: name, "cannot hold \(lossy.map(\.description).joined(separator: ", ")); "
                            + "nothing was written (\(format.implementation.holdsMore) holds them)")
    }

    func serialized(as format: ListFormat, name: String) throws(DocumentError) -> [UInt8] {
        try serializedKeepingScans(as: format, name: name).bytes
    }

    /// `serialized(as:name:)`, with what `finishSave` needs to take a Markdown file written over
    /// the one read without reading it again (`ListFileFormat.write`).
    func serializedKeepingScans(as format: ListFormat, name: String) throws(DocumentError) -> (bytes: [UInt8], reread: SaveRequest.Reread?) {
        try format.implementation.write(self, name: name)
    }

    /// The bytes as read or last saved when a save as `format` writes them again: the same format
    /// and the same model.
    ///
    /// - Complexity: O(rows) when the models share no storage.
    func unchangedBytes(as format: ListFormat) -> [UInt8]? {
        guard let savedBytes, format == self.format, model == savedModel else { return nil }
        return savedBytes
    }

    /// Whether the file on disk is no longer the one this document read or saved: other bytes,
    /// or gone. A `touch` (other metadata, the same bytes) is not a change.
    ///
    /// - Complexity: one `stat`; O(size of the file) when the metadata differ (it is hashed).
    public var changedOnDisk: Bool {
        path.map { Self.changed($0, since: stamp) } ?? false
    }

    /// Whether the file at `path` is no longer the version `stamp` names (nil: none was there):
    /// other bytes, or gone. What `changedOnDisk` and a save's check (`SaveRequest.write`) ask.
    ///
    /// - Complexity: one `stat`; O(size of the file) when the metadata differ (it is hashed).
    static func changed(_ path: String, since stamp: FileAccess.Stamp?) -> Bool {
        switch FileAccess.compare(path, with: stamp) {
        case .same, .touched: return false
        case .missing: return stamp != nil
        case .changed, .unreadable: return true
        }
    }

    /// Makes `path` the document's file from now on (save as): the format follows its
    /// extension, and whatever is there now counts as what was read.
    public mutating func retarget(to newPath: String) {
        path = newPath
        format = ListFormat(path: newPath)
        savedBytes = nil
        stamp = try? FileAccess.read(newPath).stamp
        lastSeen = stamp
        disk = stamp == nil ? .missing : .file
    }
}
