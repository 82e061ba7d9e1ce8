import TableKit
import ListStorage

/// Saving, in two halves around the one write, so a program whose update step must not touch
/// files (the editor) can hand the write to its run loop: `prepareSave` checks the list and
/// serializes it (no look at the disk), `SaveRequest.write` checks the file on disk and writes,
/// `finishSave` takes the written file as the document's. `save` does all three, for a caller
/// with no undo history (`listedit apply`).
extension ListDocument {
    /// What a save writes: the bytes, where, and in which format (save as takes the format of the
    /// new name's extension).
    public struct SaveRequest: Sendable {
        /// The file to write: the document's own, or save as's new name.
        public let path: String
        /// The whole new content of the file.
        public let bytes: [UInt8]
        /// The format `bytes` are in.
        public let format: ListFormat
        /// The list `bytes` hold (fitted to the format when the save accepts losses): the
        /// document's model once the save is finished.
        let model: ListModel
        /// How the written Markdown file's scan is made of the file's and of the pieces the
        /// writer's check scanned (nil: `finishSave` reads it whole).
        var reread: Reread?
        /// The file at `path` as the save expects it (`write` checks it just before writing).
        let target: Target

        /// What `write` checks on disk before it writes: save as writes over no file unless
        /// `overwrite`; a save to the document's own file writes over no other version than
        /// the one read (`stamp`) unless `overwrite`.
        struct Target: Sendable {
            var savingAs: Bool
            var overwrite: Bool
            /// The document's file as it was read or last saved (nil: none was there).
            var stamp: FileAccess.Stamp?
        }

        struct Reread: Sendable {
            var splice: MarkdownWriter.Splice
            var list: MarkdownList
            /// The file written over.
            var over: MarkdownFormat.File
        }
    }

    /// Saves atomically to the document's file, or to `newPath` (save as), which then becomes
    /// the document's file, in the format of its extension. Nothing changes in the document when
    /// the save fails. For a caller with no undo history (`listedit apply`): one with undo
    /// (the editor) saves with `prepareSave` and `finishSave`, which asks for the rows undo can
    /// bring back.
    ///
    ///     try doc.save()                                  // .changedOnDisk if someone else wrote
    ///     try doc.save(to: "keep.txt")                    // .fileExists if keep.txt exists
    ///     try doc.save(to: "keep.txt", overwrite: true)
    ///
    /// Refuses, with its own error kind each (before anything is written, see `prepareSave`):
    /// - `.fileExists`: `newPath` names another file that exists (save as never replaces a file
    ///   unasked), unless `overwrite`;
    /// - `.changedOnDisk`: the document's own file changed on disk since it was read (other
    ///   bytes, or gone), unless `overwrite`;
    /// - `.io` "the file is read-only";
    /// - `.cannotRepresent`: the format cannot hold the list (`limitations(savingAs:)` lists why
    ///   before saving). With `acceptingLosses` (the user agreed), what can be dropped or
    ///   flattened is (`ListFormat.fitting`), and the document then holds the list as written;
    ///   a line break in a line format still refuses. A Markdown list whose levels break the
    ///   level rule (which the model leaves to its callers: `ListModel`) is refused too, the row
    ///   named ("row 1 of section 0 is at level 2, but the row above it allows at most 1"): it is
    ///   never written with other levels than it has.
    ///
    /// - Complexity: O(size of the file).
    public mutating func save(to newPath: String? = nil, overwrite: Bool = false, acceptingLosses: Bool = false) throws(DocumentError) {
        let request = try prepareSave(to: newPath, overwrite: overwrite, acceptingLosses: acceptingLosses)
        finishSave(request, stamp: try request.write(), undoable: { [] })
    }

    /// The checks of `save` that need no look at the disk, and the bytes it would write: the
    /// file name, the load, what the format can hold. Reads no file and writes none: the
    /// refusals that depend on the disk (read-only, exists, changed on disk) come from
    /// `SaveRequest.write`, which checks them right before it writes. Call `finishSave` with
    /// what `write` returns before the model changes again.
    ///
    ///     let request = try doc.prepareSave()                        // in the update step
    ///     let stamp = try request.write()                            // where files are written
    ///     doc.finishSave(request, stamp: stamp, undoable: { [] })
    ///
    /// - Complexity: O(size of the file).
    public func prepareSave(to newPath: String? = nil, overwrite: Bool = false, acceptingLosses: Bool = false) throws(DocumentError) -> SaveRequest {
        let target = newPath ?? path
        guard let target else { throw DocumentError(.io, file: "list", "no file name to save to") }
        if let loading {
            // Not an error the user can meet: the editor waits for the load before saving.
            throw DocumentError(.io, file: path ?? target, "cannot save yet: still reading (\(loading.percent)%)")
        }
        let savingAs = target != path
        let newFormat = savingAs ? ListFormat(path: target) : format
        var fitted = self
        if acceptingLosses {
            fitted.model = newFormat.fitting(model)
        } else {
            try refuseLosses(in: newFormat, name: target)
        }
        let (bytes, reread) = try fitted.serializedKeepingScans(as: newFormat, name: target)
        return SaveRequest(path: target, bytes: bytes, format: newFormat, model: fitted.model, reread: reread,
                           target: SaveRequest.Target(savingAs: savingAs, overwrite: overwrite, stamp: stamp))
    }

    /// Takes the file `request` was written to as the document's file, saved: `written` is the
    /// stamp `FileAccess.writeAtomically` returned. The model becomes the list written (changes made
    /// since `prepareSave` are not kept: finish a save before the next change), read back from a
    /// Markdown or plain text file so the rows name the bytes written.
    ///
    /// `undoable` gives the rows that undo or redo may bring back (the editor: those its history
    /// holds, and the list before the save, which a save that read back fewer rows makes an undo
    /// step). It is called only when the save drops earlier versions of the file past their
    /// budget (`earlierVersionsBudget`): the rows it names that are items of a dropped version
    /// keep their other lines (`RowLines`), so a save after undo writes them complete. The budget
    /// thus limits only byte-exact restoring, never text.
    ///
    ///     document.finishSave(request, stamp: stamp, undoable: { history.rowIDs })
    ///
    /// - Complexity: O(size of the file); when versions are dropped, plus O(rows `undoable`
    ///   gives) and O(size) of each dropped version one of them names (scanned once).
    public mutating func finishSave(_ request: SaveRequest, stamp written: FileAccess.Stamp,
                                    undoable: () -> [ListModel.RowID]) {
        let bytes = request.bytes, newFormat = request.format
        let savedModelWasRead = savedModelIsRead
        // (The list as read stays so when no section changed; see `savedModelIsRead`.)
        // (Or changed and changed back, as undo does: the same rows, identities and all, in
        // other storage; O(rows) only then.)
        let unchanged = request.model.sections.count == savedModel.sections.count
            && zip(request.model.sections, savedModel.sections).allSatisfy {
                $0.rows.sharesStorage(with: $1.rows) && $0.title == $1.title && $0.level == $1.level && $0.source == $1.source
            } || (bytes == savedBytes && request.model == savedModel)
        savedModelIsRead = savedModelIsRead && unchanged && newFormat == format
        model = request.model
        path = request.path
        newFormat.implementation.finishSave(request, in: &self, savedModelWasRead: savedModelWasRead, undoable: undoable)
        format = newFormat
        savedBytes = bytes
        savedModel = model
        stamp = written
        lastSeen = written
        disk = .file
    }
}

extension ListDocument {
    /// The most bytes of earlier versions kept (`earlierVersions`): twice the file's size, or
    /// 4 MiB when that is more (`earlierVersionsLimit` when set). Past it the oldest go: undo
    /// across those saves then no longer writes whole sections back byte for byte, but loses no
    /// text: the other lines of the rows undo can bring back from them are carried
    /// (`keepLines(ofDropped:for:)`).
    static func earlierVersionsBudget(fileSize: Int) -> Int { max(2 * fileSize, 4 << 20) }

    /// Keeps `buffer` (the file before a save) for rows undo may bring back, and `sections`
    /// (its sections by content) for sections undo brings back to it. The versions past the
    /// budget go, first giving the rows `undoable` names their other lines
    /// (`keepLines(ofDropped:for:)`; `undoable` is called only then).
    mutating func keepEarlierVersion(_ buffer: TextBuffer, besides fileSize: Int,
                                     sections: MarkdownFormat.SectionsByContent? = nil, undoable: () -> [ListModel.RowID]) {
        earlierVersions.append(buffer)
        if let sections { earlierSections[buffer.idBase] = sections }
        var total = earlierVersions.reduce(0) { $0 + $1.bytes.count }
        var dropped: [TextBuffer] = []
        while total > earlierVersionsLimit ?? Self.earlierVersionsBudget(fileSize: fileSize), !earlierVersions.isEmpty {
            let version = earlierVersions.removeFirst()
            total -= version.bytes.count
            earlierSections[version.idBase] = nil
            dropped.append(version)
        }
        if !dropped.isEmpty { keepLines(ofDropped: dropped, for: undoable()) }
        // Searched while they hold little together (`restoringSections`).
        var searched = 0
        for version in earlierVersions.reversed() {
            searched += version.bytes.count
            if searched > MarkdownFormat.restoringBudget { earlierSections[version.idBase] = nil }
        }
        // Lineages lead back to the oldest version still searched (and to the list saved to
        // make it, which redo brings back); those of older ones go.
        let oldest = earlierSections.keys.min()
        rowLineages = rowLineages.filter { base, _ in oldest.map { base >= $0 } ?? false }
    }

    /// Carries the other lines (`RowLines`) of the rows `ids` (rows that undo or redo may bring
    /// back) that name an item of `dropped` (versions a save drops past the budget), so that a
    /// save after undo writes them complete.
    ///
    /// - Complexity: O(ids × dropped) plus O(size) of each dropped version one of them names
    ///   (scanned once).
    private mutating func keepLines(ofDropped dropped: [TextBuffer], for ids: [ListModel.RowID]) {
        var scans: [Int: MarkdownScan] = [:]
        for id in ids where carriedLines[id] == nil {
            guard let v = dropped.firstIndex(where: { $0.offset(of: id) != nil }),
                  let offset = dropped[v].offset(of: id) else { continue }
            if scans[v] == nil { scans[v] = MarkdownScanner.scan(dropped[v].bytes) }
            guard let scan = scans[v], let b = MarkdownFormat.block(at: offset, in: scan), scan.blocks[b].kind == .item,
                  let lines = MarkdownWriter.otherLines(of: b, in: dropped[v].bytes, scan) else { continue }
            carriedLines[id] = RowLines(markdown: lines)
        }
    }

    /// What a save needs to write a section undo brought back to an earlier version as that
    /// version had it (`MarkdownFormat.restoringEarlierSections`); nil when no version is kept
    /// for that.
    var restoringSections: MarkdownFormat.Restoring? {
        guard savedModelIsRead, !earlierSections.isEmpty else { return nil }
        return .init(current: savedModel,
                     earlier: earlierVersions.compactMap { earlierSections[$0.idBase] },
                     lineages: rowLineages)
    }
}

extension ListDocument.SaveRequest {
    /// Checks the file at `path` as the save expects it, then writes `bytes` there atomically
    /// (`FileAccess.writeAtomically`) and returns the stamp of the file written: the one place a
    /// save looks at the disk, so that the editor's update step (which prepares the request)
    /// reads nothing.
    ///
    /// Refuses, before anything is written: `.io` "the file is read-only"; `.fileExists` when
    /// save as would write over a file, unless `overwrite`; `.changedOnDisk` when the document's
    /// own file is no longer the version read (other bytes, or gone), unless `overwrite`.
    ///
    /// - Complexity: O(size of the file) (a stat, a hash when only the metadata differ, the write).
    public func write() throws(DocumentError) -> FileAccess.Stamp {
        if FileAccess.isReadOnly(path) {
            throw DocumentError(.io, file: path, "cannot save: the file is read-only")
        }
        if target.savingAs, !target.overwrite, FileAccess.exists(path) {
            throw DocumentError(.fileExists, file: path, "exists")
        }
        if !target.savingAs, !target.overwrite, ListDocument.changed(path, since: target.stamp) {
            throw DocumentError(.changedOnDisk, file: path, "changed on disk since it was read")
        }
        return try FileAccess.writeAtomically(bytes, to: path)
    }
}
