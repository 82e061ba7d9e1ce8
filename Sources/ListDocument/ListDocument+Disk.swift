import TableKit
import ListStorage

/// Noticing changes on disk, reloading and merging them.
extension ListDocument {
    /// Compares the file on disk with what this document last saw there. Call it on a timer
    /// (never on key presses): when nothing changed it costs one `stat`.
    ///
    ///     if case .changed(let version) = document.checkDisk() {
    ///         if document.isModified { /* ask: reload, keep or merge */ }
    ///         else { try document.reload(version) }
    ///     }
    ///
    /// The file is read and hashed only when its metadata (size, modification time to the
    /// nanosecond, inode, device) differ, or when the stamp is racy (read within
    /// `FileAccess.Stamp.racyWindow` of the file's modification time, when a write in the same
    /// clock tick would leave the metadata alone). The same bytes are not a change: the stamp is
    /// updated silently (`.touched`, or `.unchanged` when only a racy stamp was confirmed).
    ///
    /// - Complexity: O(1) when nothing changed; O(size of the file) when it is read.
    public mutating func checkDisk() -> DiskCheck {
        guard let look = lookAtDisk() else { return .unchanged }
        return checkDisk(look)
    }

    /// The reading half of `checkDisk()`, which changes nothing: what is on disk now, compared
    /// with what this document last saw. An editor performs it as an effect and hands the result
    /// back to `checkDisk(_:)`. Nil when the document has no file.
    ///
    ///     let look = document.lookAtDisk()          // in the effect performer: the only read
    ///     let check = look.map { document.checkDisk($0) } ?? .unchanged
    ///
    /// - Complexity: O(1) when nothing changed; O(size of the file) when it is read.
    public func lookAtDisk() -> DiskLook? {
        guard let path else { return nil }
        return DiskLook(path: path, against: lastSeen, comparison: FileAccess.compare(path, with: lastSeen))
    }

    /// The deciding half of `checkDisk()`, which reads nothing: what `look` found, noted. A look
    /// taken before this document saw another version (a save, a reload since) or at another
    /// path is stale: `.unchanged`, and the next check looks again.
    public mutating func checkDisk(_ look: DiskLook) -> DiskCheck {
        guard look.path == path, look.against == lastSeen else { return .unchanged }
        let before = disk
        switch look.comparison {
        case .same:
            disk = .file
            return before == .file ? .unchanged : .touched
        case .touched(let now):
            let onlyConfirmed = before == .file && now.metadata == lastSeen?.metadata
            see(now)
            return onlyConfirmed ? .unchanged : .touched
        case .changed(let version):
            see(version.stamp)
            return .changed(version)
        case .missing:
            disk = .missing
            return before == .missing ? .unchanged : .deleted
        case .unreadable(let error):
            disk = .unreadable(error)
            return before == .unreadable(error) ? .unchanged : .unreadable(error)
        }
    }

    /// Notes a version seen on disk; when it holds the bytes this document read or saved, it
    /// becomes the document's stamp too (so a save does not ask about a mere `touch`).
    mutating func see(_ seen: FileAccess.Stamp) {
        lastSeen = seen
        disk = .file
        if let stamp, stamp.sameContent(as: seen) { self.stamp = seen }
    }

    /// Replaces the document with `version` (as `checkDisk` returned it): the unsaved edits are
    /// dropped, and `version` becomes what was read. The format stays the document's.
    ///
    /// - Throws: the parse error of the new bytes; the document is unchanged then.
    /// - Complexity: O(size of the file).
    public mutating func reload(_ version: DiskVersion) throws(DocumentError) {
        try adopt(version)
    }

    /// Merges `version` (the file as it is on disk now) into the document's edits with the
    /// list-aware three-way merge (`ListMerge`; docs/merging.md): base is the file as this
    /// document read or last saved it, theirs is `version`, ours is the model. Moves, edits and
    /// additions of both sides are made; a conflict keeps both versions as adjacent rows, ours
    /// first (`firstConflict` is where the first is). Afterwards `version` is what was read (the
    /// base of the next merge, what a save compares with) and the merged list is the document's
    /// unsaved edits.
    ///
    ///     let conflicts = try document.merge(version)   // "Merged: 2 conflicts (both kept)"
    ///
    /// - Returns: the number of conflicts.
    /// - Throws: the parse error of the new bytes; the document is unchanged then.
    /// - Complexity: O(n log n) for n rows, typically (see `ListMerge.merge`).
    @discardableResult
    public mutating func merge(_ version: DiskVersion) throws(DocumentError) -> Int {
        let (theirs, theirLineEnding, theirFile) = try Self.parse(version.bytes, format: format, name: path ?? "list",
                                                                  generation: generation + 1)
        generation += 1
        // Rows compare with their other lines (a JSON row's unknown keys) where base's rows are
        // the file's: read from it, or written to a JSON file (whose keys are then the rows'
        // written, by the same identities, even when a save cleared `savedModelIsRead`).
        let files = savedModelIsRead || file is JSONListFormat.Extras ? (file, file, theirFile) : (nil, nil, nil)
        let merged = Self.mergedItems(base: savedModel, ours: model, theirs: theirs, files: files)
        // (A row holding its item's paragraph, a rename, compared as its first line: its rest
        // holds the paragraph's later lines.)
        var paragraphs: [ListModel.RowID: String] = [:]
        if format == .markdown {
            for section in model.sections {
                for row in section.rows where row.text.utf8.contains(0x0A) { paragraphs[row.id] = row.text }
            }
        }
        let oursRests = merged.sources.map { $0.flatMap { $0.side == .ours ? rest(of: $0.id, text: paragraphs[$0.id]) : nil } }
        // When the merge is their file exactly, the document is theirs, unmodified.
        let same = merged.items == theirs.items
        model = same ? theirs : ListModel(items: merged.items, reusing: theirs).continuingIdentities(of: model)
        firstConflict = merged.first
        if format == .markdown && !same { Self.joiningUntitledSections(&model, &firstConflict) }
        file = theirFile
        lineEnding = theirLineEnding
        savedBytes = version.bytes
        savedModel = theirs
        savedModelIsRead = true
        stamp = version.stamp
        see(version.stamp)
        if !same { keepRests(merged.sources, oursRests, theirs: theirs) }
        return merged.conflicts
    }

    /// `model` (a merged Markdown list) with each untitled section after the first (a heading
    /// one side deleted, below sections the other side added above it) joined to the section
    /// above, as the rows under a deleted heading are: an untitled section can only open the
    /// file, and the save refuses one anywhere else. `path` (a row of `model` as given) moves
    /// with its row.
    ///
    /// - Complexity: O(rows of the sections joined).
    static func joiningUntitledSections(_ model: inout ListModel, _ path: inout IndexPath?) {
        var s = 1
        while s < model.sections.count {
            guard model.sections[s].source == MarkdownFormat.untitled else { s += 1; continue }
            let joined = model.sections.remove(at: s)
            let offset = model.sections[s - 1].rows.count
            if let p = path, p.section >= s {
                path = p.section == s ? IndexPath(row: offset + p.row, section: s - 1) : IndexPath(row: p.row, section: p.section - 1)
            }
            model.sections[s - 1].rows.append(contentsOf: joined.rows)
        }
    }

    /// Gives each row of the merged model that is not a row of `theirs` (a row the merge
    /// changed, or ours') what the row it comes from holds besides its text and attributes:
    /// ours' (`oursRests`, taken before the merge) or theirs' (in the file now read).
    ///
    /// - Complexity: O(rows).
    mutating func keepRests(_ sources: [(side: ListMerge.Side, id: ListModel.RowID)?], _ oursRests: [RowRest?], theirs: ListModel) {
        let theirIDs = Set(theirs.sections.lazy.flatMap { $0.rows.map(\.id) })
        var flat = 0
        var paragraphs: [IndexPath] = []
        for (s, section) in model.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                defer { flat += 1 }
                guard flat < sources.count, !theirIDs.contains(row.id), let source = sources[flat] else { continue }
                if let rest = source.side == .ours ? oursRests[flat] : rest(of: source.id) { give(rest, to: row.id) }
                if source.side == .ours, oursRests[flat] != nil, format == .markdown, row.text.utf8.contains(0x0A) {
                    paragraphs.append(IndexPath(row: r, section: s))
                }
            }
        }
        // A row of ours holding its item's paragraph (a rename): its rest (`rest(of:text:)`)
        // holds the paragraph's later lines, so it keeps its first line, as the file will read.
        for p in paragraphs { model[p].text = MarkdownText.firstLine(of: model[p].text) }
    }

    /// Per row of a merged list, the row of the file it comes from (`RecoverySession.merged`).
    public struct MergeSources: Sendable {
        var rows: [(side: ListMerge.Side, id: ListModel.RowID)?]
    }

    /// Makes `merged` (`RecoverySession.merged`, over this document's file) the model, each row
    /// the merge changed keeping the other lines (or unknown JSON keys) of the file's row it
    /// comes from.
    ///
    /// - Complexity: O(rows).
    public mutating func adoptMerged(_ merged: ListModel, _ sources: MergeSources) {
        let before = model
        model = merged
        keepRests(sources.rows, sources.rows.map { _ in nil }, theirs: before)
    }

    /// What a row holds besides its text and attributes: a Markdown item's other lines, a JSON
    /// row's keys listedit does not know.
    enum RowRest {
        case lines(RowLines)
        case keys([(key: String, json: String)])
    }

    /// Row `id`'s other lines or unknown keys, or nil for none; `text`: its text when it holds
    /// its item's first paragraph (see `otherLines(of:text:)`).
    func rest(of id: ListModel.RowID, text: String? = nil) -> RowRest? {
        if let extras = file as? JSONListFormat.Extras { return extras.rows[id].map(RowRest.keys) }
        return otherLines(of: id, text: text).map(RowRest.lines)
    }

    /// Gives new row `id` the other lines or keys of another row (`rest(of:)`).
    mutating func give(_ rest: RowRest, to id: ListModel.RowID) {
        switch rest {
        case .lines(let lines): carry(lines, to: id)
        case .keys(let keys):
            guard var extras = file as? JSONListFormat.Extras else { return }
            extras.rows[id] = keys
            file = extras
        }
    }

    /// The list-aware merge of three lists as the editor holds it: conflicts as adjacent rows,
    /// ours first; the place of the first conflict's first row; per row of the result, the row
    /// of ours or theirs it comes from (`sources`; with `oursFromTheirs`, a row of ours is named
    /// by the row of theirs matching the same base row, nil when there is none: ours' rows
    /// hold nothing but their texts then). `files` give the rows' other lines (Markdown) or
    /// unknown keys (JSON) to compare and merge: base's and ours' rows must be those files'.
    ///
    /// - Complexity: O(n log n) for n rows, typically.
    static func mergedItems(base: ListModel, ours: ListModel, theirs: ListModel,
                            files: ((any FormatFile)?, (any FormatFile)?, (any FormatFile)?) = (nil, nil, nil), oursFromTheirs: Bool = false)
        -> (items: [ListItem], conflicts: Int, first: IndexPath?, sources: [(side: ListMerge.Side, id: ListModel.RowID)?]) {
        let (b, _) = mergeVersion(base, files.0)
        let (o, oursRows) = mergeVersion(ours, files.1)
        let (t, theirsRows) = mergeVersion(theirs, files.2)
        let result = ListMerge.merge(base: b, ours: o, theirs: t, linesOfRows: false)
        let (items, first) = result.items(ours: o, theirs: t)
        var toTheirs: [Int: Int] = [:]
        if oursFromTheirs {
            let (mo, mt) = (ListMerge.match(b, o), ListMerge.match(b, t))
            for (j, base) in mo.baseRowOf.enumerated() { if let base, let k = mt.rowOfBase[base] { toTheirs[j] = k } }
        }
        let sources = result.picks.map { pick -> (side: ListMerge.Side, id: ListModel.RowID)? in
            switch pick {
            case .ours(let j), .combined(.ours, let j, _, _):
                if !oursFromTheirs { return (.ours, oursRows[j].id) }
                return toTheirs[j].map { (.theirs, theirsRows[$0].id) }
            case .theirs(let k), .combined(.theirs, let k, _, _): return (.theirs, theirsRows[k].id)
            }
        }
        return (items, result.conflicts, first, sources)
    }
}
