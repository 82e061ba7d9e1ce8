import TableKit
import ListStorage

/// Rows of an earlier version of the file: a save reads the written file again, so every row then
/// names a block of the new bytes; an undo step taken before the save (a deleted section, with its
/// passages, or deleted items with their other lines) brings back rows that still name blocks of
/// the bytes as they were. A section brought back holds those bytes; the document keeps the
/// versions before its last saves for rows brought back alone (`ListDocument.earlierVersions`).
/// Their blocks are not in the file the writer writes over, and without them a passage would be
/// written as a list item holding its first line, and an item would lose its other lines.
///
///     // "# A\n- a\n\n# B\n- b\n\nA note.\n": section B deleted, saved, then undone
///     let (combined, earlier) = MarkdownFormat.combining(model, over: file)!
///     // combined.bytes: "# A\n- a\n" + "#\n\n" + "# B\n- b\n\nA note.\n"
///     let list = MarkdownFormat.list(model, over: combined, earlier: earlier)   // B's rows by block
///
/// The writer then writes over a combined file: the file's bytes, then, after an empty heading
/// that closes whatever the file left open (and names no section, so it is not written) and the
/// blank lines that stood before it, each earlier section those rows come from, whole (a heading
/// starts a fresh context, so its blocks read as they did). Untouched blocks keep their bytes and
/// the blocks nobody names are dropped, as for any file.
extension MarkdownFormat {
    /// Where the rows of earlier versions are in a combined file.
    struct EarlierRows {
        /// A part of an earlier version copied into the combined file.
        struct Chunk {
            /// The bytes of the earlier version copied.
            var range: Range<Int>
            /// Where they start in the combined file.
            var at: Int
        }

        /// Per earlier version: its bytes, and its sections copied.
        var versions: [(buffer: TextBuffer, chunks: [Chunk])] = []

        /// The offset in the combined file of a row or heading identity of an earlier version.
        ///
        /// - Complexity: O(versions + chunks).
        func offset(of id: ListModel.RowID) -> Int? {
            for version in versions {
                guard let o = version.buffer.offset(of: id) else { continue }
                for chunk in version.chunks where chunk.range.contains(o) { return o - chunk.range.lowerBound + chunk.at }
            }
            return nil
        }
    }

    /// The file to write `model` over when some of its rows or headings name blocks of earlier
    /// versions of `file` (rows kept by undo across a save; `kept`: the versions the document
    /// kept), and where those rows are in it; nil when none do, or when the combined file would
    /// not read each part as it read alone (then such rows are written as new items).
    ///
    /// - Complexity: O(sections) when there is no earlier version (no save since the file was
    ///   read); else O(rows) (no row text is decoded), plus O(size of the file and of each
    ///   earlier version a row names) when some row names one.
    static func combining(_ model: ListModel, over file: File, earlier kept: [TextBuffer] = []) -> (file: File, earlier: EarlierRows)? {
        // Earlier versions: those the document kept, and the buffers of sections whose rows are
        // not the file's.
        var versions: [TextBuffer] = []
        for buffer in kept + markdownBuffers(of: model) {
            guard buffer !== file.buffer, buffer.idBase != file.buffer.idBase,
                  !versions.contains(where: { $0 === buffer || $0.idBase == buffer.idBase }) else { continue }
            versions.append(buffer)
        }
        guard !versions.isEmpty else { return nil }
        // Scanned only when some row needs them.
        var scans = [MarkdownScan?](repeating: nil, count: versions.count)
        func scan(_ v: Int) -> MarkdownScan {
            if let s = scans[v] { return s }
            let s = MarkdownScanner.scan(versions[v].bytes)
            scans[v] = s
            return s
        }
        var earlier = EarlierRows()
        // The sections of each earlier version some row or heading names (first block of each).
        var needed = Array(repeating: Set<Int>(), count: versions.count)
        func note(_ id: ListModel.RowID) {
            guard file.buffer.offset(of: id) == nil else { return }
            for (v, buffer) in versions.enumerated() {
                guard let o = buffer.offset(of: id) else { continue }
                let s = scan(v)
                guard let b = block(at: o, in: s) else { return }
                needed[v].insert(sectionStart(of: b, in: s))
                return
            }
        }
        // Every row: rows of an earlier version also move into the file's sections (as their
        // own text, with their identity).
        for section in model.sections {
            if let source = section.source, source != untitled { note(.init(raw: source)) }
            section.rows.forEachRow(undecodedIn: section.rows.textBuffer) { id, _, _ in note(id) }
        }
        guard needed.contains(where: { !$0.isEmpty }) else { return nil }

        var bytes = file.bytes
        let newline = lineEnding(of: file.bytes)
        if let last = bytes.last, last != 0x0A, last != 0x0D { bytes += newline }
        var expected: [(block: MarkdownBlock, at: Int)] = []
        for (v, buffer) in versions.enumerated() where !needed[v].isEmpty {
            let scan = scan(v)
            var chunks: [EarlierRows.Chunk] = []
            for first in needed[v].sorted() {
                var end = first + 1
                while end < scan.blocks.count && scan.blocks[end].kind != .heading { end += 1 }
                let range = Int(scan.blocks[first].start)..<(end < scan.blocks.count ? Int(scan.blocks[end].start) : scan.length)
                // The empty heading, then the blank lines that stood before the section (they
                // are what the writer puts before its heading).
                bytes += [UInt8(ascii: "#")] + newline
                if first > 0 { bytes += buffer.bytes[MarkdownWriter.split(first - 1, buffer.bytes, scan).trailing] }
                let at = bytes.count
                bytes += buffer.bytes[range]
                if let last = bytes.last, last != 0x0A, last != 0x0D { bytes += newline }
                chunks.append(.init(range: range, at: at))
                for b in first..<end { expected.append((scan.blocks[b], Int(scan.blocks[b].start) - range.lowerBound + at)) }
            }
            earlier.versions.append((buffer, chunks))
        }
        let scan = MarkdownScanner.scan(bytes)
        // Each part reads as it did alone: the file's blocks, then each earlier block, with the
        // same kind and level where they were copied to.
        func same(_ a: MarkdownBlock, _ b: MarkdownBlock) -> Bool { a.kind == b.kind && a.level == b.level && a.checkbox == b.checkbox }
        guard scan.blocks.count >= file.scan.blocks.count,
              zip(file.scan.blocks, scan.blocks).allSatisfy({ $0.start == $1.start && same($0, $1) }) else { return nil }
        for (block, at) in expected {
            guard let b = Self.block(at: at, in: scan), Int(scan.blocks[b].start) == at, same(block, scan.blocks[b]) else { return nil }
        }
        return (File(buffer: file.buffer, scan: scan, bytes: bytes), earlier)
    }

    /// The front matter of an earlier version that `model`'s first row names (undo or redo across
    /// a save brought it back), with the blank lines after it, and `model` without that row; nil
    /// when the first row is not such front matter. Front matter reads as front matter only at
    /// the start of a file, so it cannot be copied after the file as other earlier sections are
    /// (`combining`): the rest is written over the file and these bytes put first. The blank lines
    /// are those of a version (the file or an earlier one) where what now follows the front matter
    /// followed it too; else those of the version the row names.
    ///
    ///     // "---\ntitle: Plan\n---\n\n# Week\n": the front matter deleted, saved, then undone
    ///     let (bytes, rest) = MarkdownFormat.earlierFrontMatter(of: model, over: file, earlier: kept)!
    ///     // bytes: "---\ntitle: Plan\n---\n\n"; rest: model without the front matter row
    ///
    /// - Complexity: O(versions), plus O(size of the version the row names) when one does.
    static func earlierFrontMatter(of model: ListModel, over file: File, earlier kept: [TextBuffer]) -> (bytes: [UInt8], rest: ListModel)? {
        guard let first = model.sections.first, first.source == untitled, !first.rows.isEmpty else { return nil }
        let id = first.rows[0].id
        guard file.buffer.offset(of: id) == nil else { return nil }
        for buffer in kept + markdownBuffers(of: model) where buffer !== file.buffer {
            guard let o = buffer.offset(of: id) else { continue }
            let scan = MarkdownScanner.scan(buffer.bytes)
            guard frontMatter(in: scan) == 0, block(at: o, in: scan) == 0 else { return nil }
            let split = MarkdownWriter.split(0, buffer.bytes, scan)
            var bytes = Array(buffer.bytes[split.content])
            if let last = bytes.last, last != 0x0A, last != 0x0D { bytes += lineEnding(of: buffer.bytes) }
            var rest = model
            rest.sections[0].rows.replaceSubrange(0..<1, with: [])
            bytes += blankLinesAfterFrontMatter(before: rest, versions: [file.buffer] + kept + markdownBuffers(of: model))
                ?? buffer.bytes[split.trailing]
            return (bytes, rest)
        }
        return nil
    }

    /// The blank lines after the front matter in the first of `versions` where the first row or
    /// heading of `model` followed front matter; nil when none.
    ///
    /// - Complexity: O(versions), plus O(size of the version where that row is).
    private static func blankLinesAfterFrontMatter(before model: ListModel, versions: [TextBuffer]) -> ArraySlice<UInt8>? {
        guard let section = model.sections.first(where: { !$0.rows.isEmpty || $0.source != untitled }) else { return nil }
        let id = section.rows.isEmpty || section.source != untitled ? section.source.map { ListModel.RowID(raw: $0) } : section.rows[0].id
        guard let id else { return nil }
        for buffer in versions {
            guard let o = buffer.offset(of: id) else { continue }
            let scan = MarkdownScanner.scan(buffer.bytes)
            guard frontMatter(in: scan) == 0, block(at: o, in: scan) == 1 else { return nil }
            return buffer.bytes[MarkdownWriter.split(0, buffer.bytes, scan).trailing]
        }
        return nil
    }

    /// The buffers `model`'s sections hold rows of that are versions of a Markdown file (rows
    /// undo or redo brought back name their blocks); not those of a file read in another format
    /// (a save as `.txt`, then as `.md`: redo brings back the plain-text file's rows, which name
    /// lines, no Markdown block, and are written as new rows).
    ///
    /// - Complexity: O(sections).
    static func markdownBuffers(of model: ListModel) -> [TextBuffer] {
        model.sections.compactMap { $0.rows.textBuffer.flatMap { $0.isMarkdown ? $0 : nil } }
    }

    /// The block of the front matter (the first block, when it is front matter), or nil.
    private static func frontMatter(in scan: MarkdownScan) -> Int? {
        guard let first = scan.blocks.first, first.kind == .passage, first.passageKind == .frontMatter else { return nil }
        return 0
    }

    /// The first block of the section (from a heading, or the file's start) holding block `b`.
    private static func sectionStart(of b: Int, in scan: MarkdownScan) -> Int {
        var i = b
        while i > 0 && scan.blocks[i].kind != .heading { i -= 1 }
        return i
    }

    /// The file's first line ending (LF when it has none).
    private static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        return bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? [0x0D, 0x0A] : [bytes[i]]
    }
}
