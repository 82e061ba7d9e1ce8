import TableKit

/// The recovery file of a document: unsaved changes written next to it, so a closed terminal or
/// a kill loses nothing.
///
///     Recovery.path(for: "/home/me/groceries.md")   // "/home/me/.groceries.md.listedit-recovery"
///
/// It holds the list in Markdown, written straight from the model, or in JSON when a text holds a
/// line break (which Markdown cannot), so any list comes back exactly. It is written atomically
/// and removed by a clean save or quit.
public enum Recovery {
    public static func path(for document: String) -> String {
        let folder = FileAccess.directory(of: document)
        let name = FileAccess.fileName(document)
        return "\(folder)/.\(name).listedit-recovery"
    }

    /// Writes `model` to the recovery file of `document`.
    public static func write(_ model: ListModel, lineEnding: String, for document: String) throws(DocumentError) {
        let recovery = path(for: document)
        let bytes: [UInt8]
        do throws(DocumentError) {
            bytes = try MarkdownFormat.serialize(model, lineEnding: lineEnding, name: recovery)
        } catch {
            let sections = model.contents.map { ParsedList.Section(title: $0.title, rows: $0.rows) }
            bytes = JSONListFormat.serialize(ParsedList(sections: sections, lineEnding: lineEnding))
        }
        try FileAccess.writeAtomically(bytes, to: recovery)
    }

    /// The recovered contents, when a recovery file exists and is newer than the document (or the
    /// document is gone).
    public static func pending(for document: String) -> ParsedList? {
        let recovery = path(for: document)
        guard let r = FileAccess.stamp(of: recovery) else { return nil }
        if let d = FileAccess.stamp(of: document), (d.seconds, d.nanoseconds) > (r.seconds, r.nanoseconds) { return nil }
        guard let bytes = try? FileAccess.read(recovery).bytes else { return nil }
        // A Markdown list cannot start with `{`; the JSON writer always does.
        return bytes.first == UInt8(ascii: "{") ? try? JSONListFormat.parse(bytes, name: recovery)
                                                : try? MarkdownFormat.parse(bytes, name: recovery)
    }

    public static func remove(for document: String) {
        FileAccess.remove(path(for: document))
    }
}
