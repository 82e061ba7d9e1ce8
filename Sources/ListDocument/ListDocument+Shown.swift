import TableKit
import ListStorage

/// What a row shows besides its text, as the next save writes it: an ordered item's number and
/// whether the item has more lines than its first (`MarkdownWriter.shownMarks`, the writer's own
/// layout: one source of truth for the numbers shown and the numbers saved).
extension ListDocument {
    /// The marks of section `s`'s rows (index space: the model's, as it is now), one per row;
    /// nil when the format shows none (plain text, JSON).
    ///
    ///     // "1. Unpack\n2. Assemble\n   with the short screws\n"
    ///     doc.shownMarks(ofSection: 0)    // [("1.", false), ("2.", true)]
    ///
    /// The section is laid out as the save lays it out (`MarkdownFormat.layout`, the one path):
    /// a section undo brought back to an earlier version shows that version's numbers, and a row
    /// only an earlier version holds (undo across a save) the marks of its block there.
    ///
    /// - Complexity: O(rows of the section × log rows + blocks of the file's sections they come
    ///   from); with rows of earlier versions, plus a scan of the versions they name. The editor
    ///   keeps the result while the section's rows are unchanged.
    package func shownMarks(ofSection s: Int) -> [MarkdownWriter.ShownMark]? {
        // (While a large file loads, its blocks are not scanned yet: marks come once it is read.)
        guard format == .markdown, loading == nil, model.sections.indices.contains(s) else { return nil }
        let laid = MarkdownFormat.layout(model, over: markdown, earlier: earlierVersions, untouched: nil,
                                         restoring: restoringSections, carried: carriedLines, only: s)
        let over = laid.over
        var marks = MarkdownWriter.shownMarks(of: laid.list.sections[0], in: over?.bytes ?? [], over?.scan ?? MarkdownScan())
        if let frontMatter = laid.frontMatter {
            // (Written before the rest, as its version had it: its mark is its block's there.)
            marks.insert(MarkdownWriter.shownMark(ofBlock: 0, in: frontMatter, MarkdownScanner.scan(frontMatter)), at: 0)
        }
        return marks
    }

    /// What `shownMark(ofRow:)` says of one row.
    package enum RowMark: Equatable, Sendable {
        /// The row's marks, as the section's layout gives them (nil: none).
        case shown(MarkdownWriter.ShownMark?)
        /// The row is of an earlier version of the file (undo across a save): its marks are
        /// its block's there, which only the section's layout reads (`shownMarks(ofSection:)`).
        case laidOut
    }

    /// Whether the marks of section `s` can be read row by row (`shownMark(ofRow:)`), each the
    /// one the section's layout (`shownMarks(ofSection:)`) gives, so that an edit shows its
    /// marks without laying out the whole section: the section holds the file's rows untouched
    /// (`showsFileRows(ofSection:)`), or none of its rows can be numbered and it cannot be put
    /// back as an earlier version had it. Then the layout's marks are each row's own:
    ///
    /// * A number is written only in an ordered output list, whose style comes from an ordered
    ///   item of the file (of the list a row lands in, which never crosses a heading), else from
    ///   the item above at its level or its parent (new rows have none of their own): when no
    ///   row of the section has its block in a section of the file that holds an ordered item
    ///   (`ordered`: those sections' byte spans, `orderedSpans(of:)`, which the caller keeps),
    ///   and no other version of the file its rows can come from holds one, every number is nil.
    /// * Whether an item has more lines, and what a passage shows, is of its block alone (its
    ///   geometry, its lines and tails), or for a row without a block its carried lines.
    /// * A section that undo brought back to an earlier version is written as that version had
    ///   it (`MarkdownFormat.restoringEarlierSections`); that needs an earlier section of as
    ///   many rows, and only then is it tried.
    ///
    /// - Complexity: O(sections + earlier versions' sections) when the file holds no ordered
    ///   item, else plus O(rows of the section × log spans); plus `ordered` of each buffer the
    ///   rows can come from, and, where an earlier version has a section of as many rows,
    ///   `restoringEarlierSections` of this one.
    package func marksAreByRow(ofSection s: Int, ordered: (TextBuffer) -> [Range<Int>]) -> Bool {
        guard format == .markdown, loading == nil, let markdown, model.sections.indices.contains(s) else { return false }
        if showsFileRows(ofSection: s) { return true }
        let file = markdown.buffer
        guard markVersions.allSatisfy({ $0 === file || ordered($0).isEmpty }) else { return false }
        let count = model.sections[s].rows.count
        if let restoring = restoringSections, restoring.earlier.contains(where: { $0.keys.contains { $0.rows.count == count } }),
           !MarkdownFormat.restoringEarlierSections(model, restoring, untouched: nil, only: s).sections[s].rows
            .sharesStorage(with: model.sections[s].rows) {
            return false
        }
        let spans = ordered(file)
        guard !spans.isEmpty else { return true }
        var numbered = false
        model.sections[s].rows.forEachRow(undecodedIn: file) { id, _, _ in
            guard !numbered, let offset = file.offset(of: id) else { return }
            let k = spans.partitioningIndex { $0.upperBound > offset }
            numbered = k < spans.count && spans[k].contains(offset)
        }
        return !numbered
    }

    /// The byte spans of `buffer` (the file as read, an earlier version of it) that rows of an
    /// ordered list can come from (`marksAreByRow`), in order: for the file as read, each of its
    /// sections (from a heading, or the start, to the next heading) that holds an ordered item;
    /// for another version, all of it when a digit is followed by `.` or `)` and then a space, a
    /// tab or a line's end anywhere in it (what every ordered marker is, wherever it is scanned),
    /// else none.
    ///
    /// - Complexity: O(blocks) for the file as read, O(bytes) for another version.
    package func orderedSpans(of buffer: TextBuffer) -> [Range<Int>] {
        if let markdown, markdown.buffer === buffer, markdown.scan.length == buffer.bytes.count {
            var spans: [Range<Int>] = []
            var sectionStart = 0, holds = false
            markdown.scan.blocks.withUnsafeBufferPointer { blocks in
                for block in blocks {
                    if block.kind == .heading {
                        if holds { spans.append(sectionStart..<Int(block.start)) }
                        sectionStart = Int(block.start)
                        holds = false
                    } else if !holds, block.kind == .item, case .ordered = block.marker {
                        holds = true
                    }
                }
            }
            if holds { spans.append(sectionStart..<buffer.bytes.count + 1) }
            return spans
        }
        let any = buffer.bytes.withUnsafeBufferPointer { bytes in
            var i = 1
            while i < bytes.count {
                let c = bytes[i]
                if (c == 0x2E || c == 0x29) && bytes[i - 1] &- 0x30 < 10 {
                    if i + 1 == bytes.count { return true }
                    let next = bytes[i + 1]
                    if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { return true }
                }
                i += 1
            }
            return false
        }
        return any ? [0..<buffer.bytes.count + 1] : []
    }

    /// The buffers rows can name blocks of (`marksAreByRow`): the file as read, its earlier
    /// versions kept, and those the sections' rows are held in.
    ///
    /// - Complexity: O(sections + earlier versions).
    package var markVersions: [TextBuffer] {
        var versions: [TextBuffer] = []
        for buffer in [markdown?.buffer].compactMap({ $0 }) + earlierVersions + model.sections.compactMap(\.rows.textBuffer)
        where !versions.contains(where: { $0 === buffer }) {
            versions.append(buffer)
        }
        return versions
    }

    /// The marks of row `id` of a section whose marks are read row by row (`marksAreByRow`):
    /// a row of the file, its block's (`shownMark(ofFileRow:)`); a new row, or one whose bytes
    /// are no row's block, a bullet's with more lines when it carries other lines (`carriedLines`);
    /// a row of an earlier version, or one whose text holds a first paragraph given anew (a
    /// rename of a multi-line item: its `…` depends on the lines typed), `.laidOut`.
    ///
    /// - Complexity: O(log blocks + size of the row's block and of the blocks nested in it).
    package func shownMark(ofRow row: ListModel.Row) -> RowMark {
        let id = row.id
        guard let markdown, !row.text.utf8.contains(UInt8(ascii: "\n")) else { return .laidOut }
        if markdown.buffer.offset(of: id) != nil, let mark = shownMark(ofFileRow: id) { return .shown(mark) }
        guard markdown.buffer.offset(of: id) != nil || id.isNew else { return .laidOut }
        return .shown(MarkdownWriter.ShownMark(number: nil, hasMoreLines: carriedLines[id] != nil))
    }

    /// Whether section `s` holds the file's rows as read or last saved, untouched since: the next
    /// save copies it as the file has it, so each row shows its marks as the file has them
    /// (`shownMark(ofFileRow:)`), and the section need not be laid out (a 10^6-row section
    /// opened shows its first screen without it).
    ///
    /// - Complexity: O(1).
    package func showsFileRows(ofSection s: Int) -> Bool {
        guard format == .markdown, savedModelIsRead, loading == nil, let markdown, markdown.scan.length == markdown.bytes.count,
              model.sections.indices.contains(s), savedModel.sections.indices.contains(s) else { return false }
        return model.sections[s].rows.sharesStorage(with: savedModel.sections[s].rows)
    }

    /// The marks of row `id` as the file has them (see `showsFileRows(ofSection:)`); nil for a
    /// row the file does not hold.
    ///
    /// - Complexity: O(log blocks + size of the row's block and of the blocks nested in it).
    package func shownMark(ofFileRow id: ListModel.RowID) -> MarkdownWriter.ShownMark? {
        guard let markdown, let offset = markdown.buffer.offset(of: id), let b = MarkdownFormat.block(at: offset, in: markdown.scan),
              markdown.scan.blocks[b].isRow else { return nil }
        return MarkdownWriter.shownMark(ofBlock: b, in: markdown.bytes, markdown.scan)
    }
}
