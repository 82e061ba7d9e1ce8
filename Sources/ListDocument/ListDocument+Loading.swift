import TableKit
import ListStorage

/// Opening a large Markdown file without waiting for all of it (docs/file-formats.md, "While a
/// file loads"): the document holds the rows of the first piece; the rest arrives as appends
/// (`appendLoaded`) while a task reads it (`ProgressiveLoad.readRest`), and the document becomes
/// what `open` would have read when it ends (`finishLoading`), or what was read so far when it
/// stops early (`stopLoading`).
extension ListDocument {
    /// A load under way: how far it got, and the section the next rows go to.
    package struct Loading: Sendable, Equatable {
        /// Bytes read and scanned, of `size`.
        package var bytesLoaded: Int
        package var size: Int
        /// The `source` of the last section the file handed over: later rows go to it.
        var lastSource: UInt64?
        /// The file's metadata when it was opened, and when they were read (`Stamp.readAt`):
        /// with a hash of the bytes read so far, the stamp of the part read (`recoveryBase`).
        var metadata: FileAccess.Metadata?
        var readAt = 0.0

        /// How far the load got, 0 to 100 (rounded down).
        package var percent: Int { size == 0 ? 100 : Int(Int64(bytesLoaded) * 100 / Int64(size)) }
    }

    /// Files at least this large (bytes) open progressively (`openProgressively`).
    package static let progressiveThreshold = 1 << 20

    /// Opens `path` as `open` does; a Markdown file of `threshold` bytes or more is read only as
    /// far as its first `minimumRows` rows (at least `firstPiece` bytes), and the rest is left to
    /// `ProgressiveLoad.readRest` with the returned source (nil: the document is complete).
    package static func openProgressively(_ path: String, threshold: Int = progressiveThreshold, firstPiece: Int = 256 << 10,
                                          minimumRows: Int = 400) throws(DocumentError) -> (ListDocument, ProgressiveLoad?, ProgressiveLoad.Source?) {
        guard ListFormat(path: path) == .markdown, FileAccess.exists(path),
              let size = try? FileAccess.metadata(of: path).size, size >= threshold else {
            return (try open(path), nil, nil)
        }
        var doc = ListDocument(model: ListModel(), path: path)
        doc.generation += 1
        let (load, first, rest) = try ProgressiveLoad.open(path, generation: doc.generation, firstPiece: firstPiece, minimumRows: minimumRows)
        doc.model = ListModel()
        doc.model.sections = first.sections
        doc.savedModel = doc.model
        doc.savedModelIsRead = true
        var scan = MarkdownScan()
        scan.linkReferences = first.linkReferences ?? [:]
        doc.markdown = MarkdownFormat.File(buffer: load.buffer, scan: scan, bytes: [])
        doc.lineEnding = Self.lineEnding(of: load.buffer.bytes, upTo: first.bytesLoaded)
        doc.loading = Loading(bytesLoaded: first.bytesLoaded, size: load.size, lastSource: first.sections.last?.source,
                              metadata: rest?.metadata, readAt: rest?.readAt ?? 0)
        guard let rest else {
            doc.finishLoading(.init(), file: load.file, stamp: try FileAccess.read(path).stamp)
            return (doc, nil, nil)
        }
        return (doc, load, rest)
    }

    /// `\r\n` when the first line of the first `count` bytes ends so, else `\n`.
    static func lineEnding(of bytes: [UInt8], upTo count: Int) -> String {
        bytes.withUnsafeBufferPointer { b in
            guard let lf = b[0..<count].firstIndex(of: 0x0A) else { return "\n" }
            return lf > 0 && b[lf - 1] == 0x0D ? "\r\n" : "\n"
        }
    }

    /// Whether the file is still being read.
    package var isLoading: Bool { loading != nil }

    /// While the file loads, the section (current space) the rows handed over next go to: the
    /// last section the file handed over, wherever it was moved (the last section when it has no
    /// source); its count is still growing. Nil when the file is read (or no section is left).
    ///
    /// - Complexity: O(sections).
    package var growingSection: Int? {
        guard let loading, !model.sections.isEmpty else { return nil }
        return model.sections.lastIndex { $0.source == loading.lastSource && $0.source != nil } ?? model.sections.count - 1
    }

    /// Appends what the load handed over to the list (and to the list as read): rows at the end
    /// of the section they belong to, wherever the user moved it, and new sections at the end.
    /// Returns where rows went (final space: the section and the first new row) and how many,
    /// and the indexes of the new sections.
    @discardableResult
    package mutating func appendLoaded(_ delivery: ProgressiveLoad.Delivery) -> (rows: (at: IndexPath, count: Int)?, sections: Range<Int>) {
        guard var loading else { return (nil, model.sections.count..<model.sections.count) }
        var placed: (at: IndexPath, count: Int)?
        if let rows = delivery.rows, !rows.isEmpty {
            // (A section the user has not touched keeps sharing its rows with the list as read,
            // so a save knows it untouched: `MarkdownFormat.untouchedSections`.)
            let last = savedModel.sections.count - 1
            let s = growingSection
            var shared = false
            if let s, last >= 0 { shared = model.sections[s].rows.sharesStorage(with: savedModel.sections[last].rows) }
            if let s {
                placed = (IndexPath(row: model.sections[s].rows.count, section: s), rows.count)
                model.sections[s].rows.append(contentsOf: rows)
            }
            if shared, let s {
                savedModel.sections[last].rows = model.sections[s].rows
            } else if last >= 0 {
                savedModel.sections[last].rows.append(contentsOf: rows)
            }
        }
        let start = model.sections.count
        model.sections += delivery.sections
        savedModel.sections += delivery.sections
        if let links = delivery.linkReferences { markdown?.scan.linkReferences = links }
        if let last = delivery.sections.last { loading.lastSource = last.source }
        loading.bytesLoaded = delivery.bytesLoaded
        if let metadata = delivery.metadata { loading.metadata = metadata }   // touched: same bytes
        self.loading = loading
        return (placed, start..<model.sections.count)
    }

    /// The load ended with the whole file read: `file` is what saves write over, `stamp` the
    /// version read. The document is now what `open` would have read (and the user's edits).
    package mutating func finishLoading(_ last: ProgressiveLoad.Delivery, file: MarkdownFormat.File, stamp: FileAccess.Stamp) {
        appendLoaded(last)
        settle(file, stamp: stamp)
    }

    /// The load stopped early (the file changed on disk, a line is not UTF-8, a read failed):
    /// what was handed over becomes the file as read (`file`, from `stamp`'s version), the base
    /// of a reload, keep or merge.
    package mutating func stopLoading(file: MarkdownFormat.File, stamp: FileAccess.Stamp) {
        settle(file, stamp: stamp)
        stoppedEarly = (file.bytes.count, stamp)
    }

    /// Whether the document holds only the first part of its file: the load stopped early
    /// (`stopLoading`) and nothing replaced what it read since (a reload, a merge, a save). A
    /// save over the file would then cut it to that part: the editor refuses it and offers a
    /// merge or a reload instead (docs/file-formats.md, "While a file loads").
    ///
    /// - Complexity: O(1).
    package var holdsPartOfFile: Bool {
        guard let stoppedEarly else { return false }
        return stoppedEarly.stamp == stamp
    }

    /// What a recovery file records as the version its edits were made on: the document's
    /// stamp, and `prefix`, the number of the file's first bytes the document holds when it holds
    /// only those (nil: the whole file). While the file loads, that is the part read so far
    /// (the stamp: the file's metadata at open and a hash of those bytes); after a load stopped
    /// early, the part handed over (`stopLoading`'s stamp is of those bytes). A recovery file
    /// with a prefix is restored over the whole file as its edits followed by the rest of the
    /// file (`RecoverySession.restored`), so nothing past the part read is lost.
    ///
    ///     doc.recoveryBase   // (stamp of the first 262,144 bytes, 262144) while loading
    ///
    /// - Complexity: O(bytes read so far) while loading (they are hashed), else O(1).
    package var recoveryBase: (stamp: FileAccess.Stamp?, prefix: Int?) {
        if let loading, let metadata = loading.metadata, let buffer = markdown?.buffer {
            let count = min(loading.bytesLoaded, buffer.bytes.count)
            // The first `bytesLoaded` bytes were handed over: the reading task writes only past them.
            let hash = buffer.bytes.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return (FileAccess.Stamp(metadata, hash: hash, readAt: loading.readAt), count)
        }
        if let stoppedEarly, stoppedEarly.stamp == stamp { return (stamp, stoppedEarly.length) }
        return (stamp, nil)
    }

    private mutating func settle(_ file: MarkdownFormat.File, stamp: FileAccess.Stamp) {
        var file = file
        if let links = markdown?.scan.linkReferences, file.scan.linkReferences.isEmpty { file.scan.linkReferences = links }
        markdown = file
        savedBytes = file.bytes
        self.stamp = stamp
        lastSeen = stamp
        disk = .file
        loading = nil
    }
}
