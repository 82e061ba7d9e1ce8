/// The recovery file of a document: unsaved changes written next to it, so a closed terminal or
/// a kill loses nothing.
///
///     Recovery.path(for: "/home/me/groceries.md")   // "/home/me/.groceries.md.listedit-recovery"
///
/// It holds the list in Markdown (which holds any list exactly), is written atomically, and is
/// removed by a clean save or quit.
public enum Recovery {
    public static func path(for document: String) -> String {
        let folder = FileAccess.directory(of: document)
        let name = FileAccess.fileName(document)
        return "\(folder)/.\(name).listedit-recovery"
    }

    /// Writes the model's contents to the recovery file of `document`.
    public static func write(_ list: ParsedList, for document: String) throws(DocumentError) {
        try FileAccess.writeAtomically(MarkdownFormat.serialize(list, name: path(for: document)), to: path(for: document))
    }

    /// The recovered contents, when a recovery file exists and is newer than the document (or the
    /// document is gone).
    public static func pending(for document: String) -> ParsedList? {
        let recovery = path(for: document)
        guard let r = FileAccess.stamp(of: recovery) else { return nil }
        if let d = FileAccess.stamp(of: document), (d.seconds, d.nanoseconds) > (r.seconds, r.nanoseconds) { return nil }
        guard let bytes = try? FileAccess.read(recovery).bytes else { return nil }
        return try? MarkdownFormat.parse(bytes, name: recovery)
    }

    public static func remove(for document: String) {
        FileAccess.remove(path(for: document))
    }
}
