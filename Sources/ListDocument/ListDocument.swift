import TableKit

/// A list file in memory: the model, the format it is saved in, and what was read, so an
/// untouched file saves byte for byte and a file changed on disk is noticed.
///
///     var doc = try ListDocument.open("groceries.md")
///     doc.model.insertRow("Bread", at: IndexPath(row: 0, section: 0))
///     try doc.save()
public struct ListDocument: Sendable {
    public var model: ListModel
    public var path: String?
    public var format: ListFormat
    /// Line ending to write (the one the file used).
    public var lineEnding: String
    /// The bytes and the model as read or last saved: saving an unchanged model writes these bytes.
    var savedBytes: [UInt8]?
    var savedModel: ListModel
    /// The file's stamp when read or last saved; `nil` for a file that does not exist yet.
    public private(set) var stamp: FileAccess.Stamp?

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
        let format = ListFormat(path: path)
        if createIfMissing && !FileAccess.exists(path) {
            var doc = ListDocument(model: ListModel(), path: path)
            doc.savedModel = doc.model
            return doc
        }
        let (bytes, stamp) = try FileAccess.read(path)
        let model: ListModel
        let lineEnding: String
        if format == .markdown {
            let (m, crlf) = try MarkdownFormat.parseModel(bytes, name: path)
            model = m
            lineEnding = crlf ? "\r\n" : "\n"
        } else {
            let parsed = try format.parse(bytes, name: path)
            model = ListModel(sections: parsed.sections.map { ($0.title, $0.rows) })
            lineEnding = parsed.lineEnding
        }
        var doc = ListDocument(model: model, path: path)
        doc.lineEnding = lineEnding
        doc.savedBytes = bytes
        doc.savedModel = model
        doc.stamp = stamp
        return doc
    }

    /// The contents as a format-neutral list (for recovery files).
    public var contents: ParsedList {
        ParsedList(sections: model.sections.map { .init(title: $0.title, rows: $0.rows.map(\.text)) }, lineEnding: lineEnding)
    }

    /// Whether the model differs from what was read or last saved.
    public var isModified: Bool { model != savedModel }

    /// The bytes a save would write now.
    public func serialized() throws(DocumentError) -> [UInt8] {
        if let savedBytes, model == savedModel { return savedBytes }
        if format == .markdown { return try MarkdownFormat.serialize(model, lineEnding: lineEnding, name: path ?? "list") }
        return try format.serialize(contents, name: path ?? "list")
    }

    /// Whether the file on disk is no longer the one this document read or saved.
    public var changedOnDisk: Bool {
        guard let path else { return false }
        return FileAccess.stamp(of: path) != stamp
    }

    /// Makes `path` the document's file from now on (save as): the format follows its
    /// extension, and whatever is there now counts as what was read.
    public mutating func retarget(to newPath: String) {
        path = newPath
        format = ListFormat(path: newPath)
        savedBytes = nil
        stamp = FileAccess.stamp(of: newPath)
    }

    /// Saves atomically to `path` (or to `newPath`, which becomes the document's path). Refuses
    /// when the file changed on disk since it was read, unless `overwrite` is set.
    public mutating func save(to newPath: String? = nil, overwrite: Bool = false) throws(DocumentError) {
        let target = newPath ?? path
        guard let target else { throw DocumentError(.io, file: "list", "no file name to save to") }
        if FileAccess.isReadOnly(target) {
            throw DocumentError(.io, file: target, "cannot save: the file is read-only")
        }
        if target == path, !overwrite, changedOnDisk {
            throw DocumentError(.changedOnDisk, file: target, "changed on disk since it was read")
        }
        if target != path {
            format = ListFormat(path: target)
            savedBytes = nil
        }
        let bytes = try serialized()
        try FileAccess.writeAtomically(bytes, to: target)
        path = target
        savedBytes = bytes
        savedModel = model
        stamp = FileAccess.stamp(of: target)
    }
}
