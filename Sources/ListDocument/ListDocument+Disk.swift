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
        let (items, conflicts, first) = Self.mergedItems(base: savedModel, ours: model, theirs: theirs)
        // When the merge is their file exactly, the document is theirs, unmodified.
        model = items == theirs.items ? theirs : ListModel(items: items, reusing: theirs).continuingIdentities(of: model)
        firstConflict = first
        file = theirFile
        lineEnding = theirLineEnding
        savedBytes = version.bytes
        savedModel = theirs
        savedModelIsRead = true
        stamp = version.stamp
        see(version.stamp)
        return conflicts
    }

    /// The list-aware merge of three lists as the editor holds it: conflicts as adjacent rows,
    /// ours first; the place of the first conflict's first row.
    ///
    /// - Complexity: O(n log n) for n rows, typically.
    static func mergedItems(base: ListModel, ours: ListModel, theirs: ListModel) -> (items: [ListItem], conflicts: Int, first: IndexPath?) {
        let (b, o, t) = (ListMerge.Version(base), ListMerge.Version(ours), ListMerge.Version(theirs))
        let result = ListMerge.merge(base: b, ours: o, theirs: t)
        let (items, first) = result.items(ours: o, theirs: t)
        return (items, result.conflicts, first)
    }
}

