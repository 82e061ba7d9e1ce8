import TableKit
import ListStorage

/// Saving in proportion to what changed: which sections of the model are the file's sections as
/// read or last saved (found in O(sections) plus one pass over the scan's blocks, never a row),
/// and, after the write, the written file's scan and model made from the file's and from the
/// pieces the writer's check scanned, instead of reading the whole file again.
/// `docs/file-formats.md`, "Saving", says why the result is what a read would give.
extension MarkdownFormat {
    /// One section of a file's scan: its heading (nil: the untitled first section), its blocks
    /// as `MarkdownWriter.unchanged` names them, and how many rows it holds.
    struct FileSection {
        var heading: Int?
        var blocks: ClosedRange<Int>
        var rows: Int
        var firstRow: Int?
        var lastRow: Int?
    }

    /// The sections of `scan`, as `MarkdownScan.forEachSection` groups them.
    ///
    ///     MarkdownFormat.fileSections(MarkdownScanner.scan(Array("# A\n- x\n# B\n".utf8))).map(\.blocks)   // [0...1, 2...2]
    ///
    /// - Complexity: O(blocks), reading only each block's kind.
    static func fileSections(_ scan: MarkdownScan) -> [FileSection] {
        var result: [FileSection] = []
        scan.blocks.withUnsafeBufferPointer { blocks in
            for i in blocks.indices {
                switch blocks[i].kind {
                case .heading:
                    if !result.isEmpty { result[result.count - 1].blocks = result[result.count - 1].blocks.lowerBound...(i - 1) }
                    result.append(FileSection(heading: i, blocks: i...i, rows: 0))
                case .item, .passage:
                    if result.isEmpty { result.append(FileSection(heading: nil, blocks: i...i, rows: 0)) }
                    result[result.count - 1].rows += 1
                    if result[result.count - 1].firstRow == nil { result[result.count - 1].firstRow = i }
                    result[result.count - 1].lastRow = i
                case .tail, .blank:
                    break
                }
            }
        }
        if !result.isEmpty { result[result.count - 1].blocks = result[result.count - 1].blocks.lowerBound...(scan.blocks.count - 1) }
        return result
    }

    /// Per section of `model`: the blocks of `file` it is, untouched, or nil. A section is
    /// untouched when its rows are still the very storage of a section of `saved` (the model as
    /// `file` was read or saved: `RowList.sharesStorage`, which any change to the rows breaks)
    /// with the same title, level and source, and `saved` is `file`'s sections in order (counts
    /// and the first and last rows' blocks checked). Every way of changing a model (the editor's
    /// steps, the batch API, `apply`, undo, a reload or merge) copies the rows it changes, so
    /// none is missed; a section changed and changed back counts as changed, which only costs
    /// time.
    ///
    ///     doc.model.sections[2].rows[0].checkbox = true
    ///     MarkdownFormat.untouchedSections(of: doc.model, saved: doc.savedModel, file: doc.markdown!)
    ///     // [0...3, 4...9, nil, 17...30]: section 2 is written row by row, the others copied
    ///
    /// Returns ranges of block indices of `file.scan`, one per section of `model` (current
    /// order).
    ///
    /// - Complexity: O(blocks of the file) for its sections, O(sections) for the rest.
    static func untouchedSections(of model: ListModel, saved: ListModel, file: File) -> [ClosedRange<Int>?] {
        var result = [ClosedRange<Int>?](repeating: nil, count: model.sections.count)
        guard file.scan.length == file.bytes.count, !saved.sections.isEmpty else { return result }
        let sections = fileSections(file.scan)
        guard sections.count == saved.sections.count else { return result }
        let buffer = file.buffer
        func rowBlock(_ row: ListModel.Row) -> Int? {
            buffer.offset(of: row.id).flatMap { block(at: $0, in: file.scan) }
        }
        // The saved sections that are the file's, by their rows' storage.
        var candidates: [Int] = []
        for (j, (section, fileSection)) in zip(saved.sections, sections).enumerated() {
            if let h = fileSection.heading {
                guard section.source == buffer.idBase + UInt64(file.scan.blocks[h].start),
                      section.level == Int(file.scan.blocks[h].level) else { continue }
            } else {
                guard j == 0, section.source == untitled, section.title.isEmpty else { continue }
            }
            guard section.rows.count == fileSection.rows else { continue }
            if let first = fileSection.firstRow, let last = fileSection.lastRow {
                guard rowBlock(section.rows[0]) == first,
                      rowBlock(section.rows[section.rows.count - 1]) == last else { continue }
            }
            // (A range must start at a heading or a row, as `unchanged` makes it.)
            guard file.scan.blocks[fileSection.blocks.lowerBound].kind != .blank else { continue }
            candidates.append(j)
        }
        var taken = Set<Int>()
        for (s, section) in model.sections.enumerated() {
            for j in candidates where !taken.contains(j) {
                let original = saved.sections[j]
                guard section.rows.sharesStorage(with: original.rows), section.title == original.title,
                      section.level == original.level, section.source == original.source,
                      sections[j].heading != nil || s == 0 else { continue }
                // A heading with no rows is its blank lines up to the next heading: untouched only
                // while the same heading follows it (else it may be put back as an earlier version
                // had it, `restoringEarlierSections`: `# Section 8` glued to `# Fruit` again).
                if section.rows.isEmpty, sections[j].heading != nil,
                   (s + 1 < model.sections.count ? model.sections[s + 1].source : nil)
                    != (j + 1 < saved.sections.count ? saved.sections[j + 1].source : nil) { continue }
                result[s] = sections[j].blocks
                taken.insert(j)
                break
            }
        }
        return result
    }

    /// The model and file a read of `written` (the bytes `MarkdownWriter` wrote over `file` for
    /// `model`) gives, made from `splice`: copied sections keep their rows and blocks, moved by
    /// the bytes and blocks the save added or removed before them (rows of a section untouched
    /// in the model are moved as they are, no text read); sections scanned alone take the blocks
    /// of that scan and rows built from them as `read` builds them. Returns nil where the parts
    /// cannot be shown to be what a whole read gives (link reference definitions or fences left
    /// open anywhere, a copied section the file had before a heading that is not `#` at column
    /// 0): the caller then reads `written` whole.
    ///
    ///     let (written, list) = try MarkdownFormat.write(model, over: file, name: name, untouched: untouched)
    ///     let again = written.splice.flatMap {
    ///         MarkdownFormat.reread(written.bytes, splice: $0, list: list, model: model, over: file, generation: 2)
    ///     }   // == try MarkdownFormat.read(written.bytes, name: name, generation: 2)
    ///
    /// - Complexity: O(blocks and rows of the file), a copy of each; O(bytes) only of the
    ///   sections scanned (already scanned by the writer's check).
    static func reread(_ written: [UInt8], splice: MarkdownWriter.Splice, list: MarkdownList, model: ListModel,
                       over file: File, generation: UInt64) -> (model: ListModel, file: File)? {
        let old = file.scan
        guard old.linkReferences.isEmpty, old.unclosedFences.isEmpty else { return nil }
        var count = 0
        for part in splice.parts {
            switch part {
            case .copied(_, let blocks, _, _):
                count += blocks.count
                // What closed the section's blocks in the file must be what closes them now: the
                // file's end, or an ATX heading at column 0 after a block that ends cleanly.
                let next = blocks.upperBound + 1
                if next < old.blocks.count {
                    let ending = old.blocks[blocks.upperBound].ending
                    guard old.blocks[next].kind == .heading, old.blocks[next].headingStyle == .atx,
                          file.bytes[Int(old.blocks[next].start)] == UInt8(ascii: "#"),
                          ending == .closed || ending == .paragraph else { return nil }
                }
            case .scanned(_, let scan, _):
                guard scan.linkReferences.isEmpty, scan.unclosedFences.isEmpty else { return nil }
                count += scan.blocks.count
            }
        }
        var blocks: [MarkdownBlock] = []
        blocks.reserveCapacity(count)
        func append(_ source: ArraySlice<MarkdownBlock>, bytes: Int, blocks shift: Int) {
            let b = UInt32(bitPattern: Int32(truncatingIfNeeded: bytes))
            let i = UInt32(bitPattern: Int32(truncatingIfNeeded: shift))
            for var block in source {
                block.start &+= b
                switch block.kind {
                case .item, .heading:
                    block.word1 &+= b
                    block.word2 &+= b
                case .tail:
                    block.word1 &+= i
                case .passage, .blank:
                    break
                }
                blocks.append(block)
            }
        }
        // Where each part's blocks start in the new scan.
        var firstBlock: [Int] = []
        for part in splice.parts {
            firstBlock.append(blocks.count)
            switch part {
            case .copied(_, let range, let oldStart, let newStart):
                append(old.blocks[range], bytes: newStart - oldStart, blocks: blocks.count - range.lowerBound)
            case .scanned(_, let scan, let newStart):
                append(scan.blocks[...], bytes: newStart, blocks: blocks.count)
            }
        }
        var scan = MarkdownScan()
        scan.blocks = blocks
        scan.length = written.count
        scan.stableCount = blocks.count
        let buffer = TextBuffer(written, generation: generation)
        var sections: [ListModel.Section] = []
        var failed = false
        written.withUnsafeBufferPointer { b in
            for (p, part) in splice.parts.enumerated() {
                let from = firstBlock[p], to = p + 1 < firstBlock.count ? firstBlock[p + 1] : scan.blocks.count
                if case .copied(let s, let range, let oldStart, let newStart) = part, list.sections[s].untouched != nil {
                    // The model's section as it is, moved.
                    var section = model.sections[s]
                    section.rows = section.rows.rebased(to: buffer, shift: newStart - oldStart)
                    if list.sections[s].heading != .untitled, let h = old.blocks[range].firstIndex(where: { $0.kind == .heading }) {
                        section.source = buffer.idBase + UInt64(scan.blocks[from + h - range.lowerBound].start)
                    }
                    sections.append(section)
                    continue
                }
                let expected: Int
                switch part {
                case .copied: expected = 1
                case .scanned(let ss, _, _): expected = ss.count
                }
                let made = readSections(scan, blocks: from..<to, b, buffer: buffer)
                if made.count != expected { failed = true }
                sections += made
            }
        }
        guard !failed else { return nil }
        var result = ListModel()
        result.sections = sections
        return (result, File(buffer: buffer, scan: scan))
    }

    /// The sections `read` builds from blocks `range` of `scan` (`b`: the file's bytes), grouped
    /// as `MarkdownScan.forEachSection` groups them.
    private static func readSections(_ scan: MarkdownScan, blocks range: Range<Int>, _ b: UnsafeBufferPointer<UInt8>,
                                     buffer: TextBuffer) -> [ListModel.Section] {
        var result: [ListModel.Section] = []
        var heading: Int?
        var rows = ListModel.FileSectionBuilder(buffer: buffer)
        var open = false   // (a row comes only inside a section: after its `forEachSection` call)
        func finish() {
            guard open else { return }
            result.append(section(rows, heading: heading, scan: scan, buffer: buffer))
        }
        scan.forEachSection(blocks: range) { h in
            finish()
            heading = h
            rows = ListModel.FileSectionBuilder(buffer: buffer)
            open = true
        } row: { i in
            appendRow(scan, i, b, to: &rows)
        }
        finish()
        return result
    }
}
