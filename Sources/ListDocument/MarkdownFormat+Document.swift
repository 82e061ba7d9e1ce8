import TableKit
import ListStorage

/// Markdown as a document's format (`ListFileFormat`): a save writes over the file read, only
/// what changed, and reads the bytes written back so the rows name them; the file as it was is
/// kept for rows undo may bring back.
extension MarkdownFormat: ListFileFormat {
    static var extensions: [String] { ["md", "markdown"] }

    static var holdsMore: String { ".json" }

    /// Trimmed of white space: a heading holds none around its text.
    static func heldTitle(_ title: String) -> String { MarkdownText.trimmedTitle(title) }

    /// Written over the Markdown file read (also when saving as another .md file), so its
    /// passages and layout are kept; the sections the model did not touch are copied without
    /// looking at their rows (`untouchedSections`) when the document saves in proportion.
    static func write(_ document: ListDocument, name: String) throws(DocumentError) -> (bytes: [UInt8], reread: ListDocument.SaveRequest.Reread?) {
        let model = document.model, savedModel = document.savedModel, own = document.format == .markdown
        if document.savesInProportion, document.savedModelIsRead, let markdown = document.markdown {
            let untouched = untouchedSections(of: model, saved: savedModel, file: markdown)
            let ranges = untouched.compactMap { $0 }
            if let savedBytes = document.savedBytes, own, ranges.count == untouched.count, ranges.count == savedModel.sections.count,
               zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) {
                return (savedBytes, nil)   // every section untouched: the file as read
            }
            // (Changed and changed back: O(rows of the sections not untouched), the others share rows.)
            if let same = document.unchangedBytes(as: .markdown) { return (same, nil) }
            let (written, list) = try write(model, over: markdown, name: name, earlier: document.earlierVersions, untouched: untouched,
                                            restoring: document.restoringSections, carried: document.carriedLines,
                                            splice: document.rereadsAfterSave)
            return (written.bytes, written.splice.map { .init(splice: $0, list: list, over: markdown) })
        }
        if let same = document.unchangedBytes(as: .markdown) { return (same, nil) }
        let markdown = document.markdown
        var bytes = try write(model, over: markdown, name: name, earlier: document.earlierVersions, restoring: document.restoringSections,
                              carried: document.carriedLines)
        if markdown == nil && document.lineEnding == "\r\n" { bytes = crlf(bytes) }
        return (bytes, nil)
    }

    /// The rows now name blocks of the bytes just written: they are read again (the writer
    /// checked that they read back as the model), or what that read gives is made from the file's
    /// scan and the pieces the writer's check scanned. The file as it was is kept for rows undo
    /// may bring back (`keepEarlierVersion`). Not when the document does not read back
    /// (`rereadsAfterSave`), nor when the bytes are the file's and its model is what they read as.
    static func finishSave(_ request: ListDocument.SaveRequest, in document: inout ListDocument, savedModelWasRead: Bool,
                           undoable: () -> [ListModel.RowID]) {
        let bytes = request.bytes
        // (The same bytes are read again too when the model is not what they read as, new rows
        // redone, say: the next save then knows the file's sections, and the rows undo brings
        // back still find the bytes they name among the earlier versions.)
        guard document.rereadsAfterSave, bytes != document.savedBytes || document.markdown == nil || !document.savedModelIsRead else {
            document.file = document.markdown
            return
        }
        let old = document.markdown?.buffer
        // What the file as it was reads as, for a section undo brings back to it.
        let oldSections = old != nil && savedModelWasRead && (document.savedBytes?.count ?? Int.max) <= restoringBudget
            ? sectionsByContent(document.savedModel) : nil
        let again: (model: ListModel, file: File)?
        if let reread = request.reread, reread.over.buffer === old {
            again = Self.reread(bytes, splice: reread.splice, list: reread.list, model: request.model, over: reread.over,
                                generation: document.generation + 1)
        } else {
            again = nil
        }
        guard let (model, file) = again ?? (try? read(bytes, name: request.path, generation: document.generation + 1)) else {
            document.file = document.markdown
            return
        }
        // (Where the rows read back came from, while a version is kept to put sections back.)
        if oldSections != nil { document.rowLineages[file.buffer.idBase] = RowLineage(saved: request.model, readBack: model) }
        if let old { document.keepEarlierVersion(old, besides: bytes.count, sections: oldSections, undoable: undoable) }
        document.generation += 1
        document.model = model.continuingIdentities(of: document.model)
        document.file = file
        document.savedModelIsRead = true
    }
}

extension MarkdownFormat.File: FormatFile {
    var rowBuffer: TextBuffer? { buffer }

    /// Saved as another format, the other lines of the items (wrapped text, paragraphs or code
    /// inside them) are lost.
    func limitations(of model: ListModel, savingAs format: ListFormat) -> [FormatLimitation] {
        guard format != .markdown else { return [] }
        let n = MarkdownFormat.itemsWithOtherLines(in: model, file: self)
        return n > 0 ? [.itemLines(count: n)] : []
    }
}
