import TableKit
import ListStorage

/// The identities of the edits' rows that a restore cannot find by their text: rows of the file
/// that an edit changed (renamed, indented, toggled), and rows and headings that undo brought back
/// across a save, which name blocks of an earlier version of the file that the document keeps
/// (`ListDocument.earlierVersions`). A save writes each as its block has it: an item with its
/// other lines, a passage byte for byte. A recovery file records them after the carried lines,
/// with the bytes of each earlier version named, and a restore (or merge) gives the rows those
/// identities again, so a crash loses none of their lines (docs/file-formats.md, "Recovery
/// files").
///
///     // "- Fixed the parser\n  when a line ends in a tab\n" deleted, saved, then undone: row 1
///     // of section 0 names offset 18 of the version before the save, recorded as
///     // "version 64\n" + its 64 bytes + "row 0 1 0 18\n"; the row renamed instead: "row 0 1 file 9\n"
extension Recovery {
    /// What `encodeEarlierRows` records: the earlier versions' bytes, and the places that name
    /// blocks of them or of the file.
    struct EarlierRows: Equatable, Sendable {
        /// A row (`row` nil: the section's heading) of the edits, in their index space, naming
        /// `offset` of `versions[version]`, or of the document as read when `version` is nil;
        /// or (`offset` nil) a new row, which takes no row of the file.
        struct Place: Equatable, Sendable {
            var section: Int
            var row: Int?
            var version: Int?
            var offset: Int?
        }

        var versions: [[UInt8]] = []
        var places: [Place] = []
    }

    /// The identities of `document`'s rows and headings that a restore would not find by their
    /// text, encoded: for each earlier version named, a line `version LENGTH` and its bytes;
    /// then for each row a line `row SECTION ROW VERSION OFFSET` (VERSION `file`: the document
    /// as read), or `row SECTION ROW new` for a new row (added, pasted: it takes no row of the
    /// file with the same text); for each heading `heading SECTION VERSION OFFSET`. A row of the
    /// file whose text and attributes are the file's is left out (found by them). Empty when
    /// nothing is recorded.
    ///
    /// - Complexity: O(rows), plus O(versions kept) for each row not of the file, plus the size
    ///   of each version named.
    static func encodeEarlierRows(of document: ListDocument) -> [UInt8] {
        guard document.format == .markdown, let file = document.markdown else { return [] }
        var kept: [TextBuffer] = []
        for buffer in document.earlierVersions + MarkdownFormat.markdownBuffers(of: document.model)
        where buffer !== file.buffer && buffer.idBase != file.buffer.idBase && !kept.contains(where: { $0.idBase == buffer.idBase }) {
            kept.append(buffer)
        }
        var recorded = EarlierRows()
        var numbers: [Int: Int] = [:]   // index in `kept` → recorded version
        func earlier(_ id: ListModel.RowID) -> (version: Int, offset: Int)? {
            guard document.carriedLines[id] == nil, let k = kept.firstIndex(where: { $0.offset(of: id) != nil }),
                  let offset = kept[k].offset(of: id) else { return nil }
            if let number = numbers[k] { return (number, offset) }
            numbers[k] = recorded.versions.count
            recorded.versions.append(kept[k].bytes)
            return (recorded.versions.count - 1, offset)
        }
        let scan = file.scan
        for (s, section) in document.model.sections.enumerated() {
            if let source = section.source, source != MarkdownFormat.untitled {
                if let o = file.buffer.offset(of: .init(raw: source)) {
                    recorded.places.append(.init(section: s, row: nil, version: nil, offset: o))
                } else if let (v, o) = earlier(.init(raw: source)) {
                    recorded.places.append(.init(section: s, row: nil, version: v, offset: o))
                }
            }
            var r = 0
            var previous = -1   // the block of the row before: rows mostly follow in file order
            section.rows.forEachRow(undecodedIn: file.buffer) { id, attributes, text in
                defer { r += 1 }
                if let offset = file.buffer.offset(of: id) {
                    // A row of the file: found by its text and attributes when they are the file's.
                    if text == nil, let b = MarkdownFormat.follows(previous, offset, scan) ?? MarkdownFormat.block(at: offset, in: scan) {
                        previous = b
                        let block = scan.blocks[b]
                        let read = block.kind == .passage ? ListModel.Row.Attributes(isPassage: true)
                            : ListModel.Row.Attributes(level: Int(block.level), checkbox: block.checkbox)
                        if read == attributes { return }
                    }
                    recorded.places.append(.init(section: s, row: r, version: nil, offset: offset))
                } else if let (v, o) = earlier(id) {
                    recorded.places.append(.init(section: s, row: r, version: v, offset: o))
                } else {
                    recorded.places.append(.init(section: s, row: r, version: nil, offset: nil))
                }
            }
        }
        guard !recorded.places.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for version in recorded.versions { bytes += Array("version \(version.count)\n".utf8) + version }
        for p in recorded.places {
            let at = p.offset.map { "\(p.version.map(String.init) ?? "file") \($0)" } ?? "new"
            bytes += Array((p.row.map { "row \(p.section) \($0) \(at)\n" } ?? "heading \(p.section) \(at)\n").utf8)
        }
        return bytes
    }

    /// What `encodeEarlierRows` wrote; nil when `bytes` are not in that form.
    ///
    /// - Complexity: O(bytes).
    static func decodeEarlierRows(_ bytes: ArraySlice<UInt8>) -> EarlierRows? {
        var result = EarlierRows()
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            let words = String(decoding: bytes[i..<end], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
            // The numbers after the kind; the version may be `file`.
            let numbers = words.dropFirst().map { $0 == "file" || $0 == "new" ? -1 : Int($0) ?? -2 }
            guard numbers.allSatisfy({ $0 >= -1 }) else { return nil }
            i = end + 1
            switch (words.first, numbers.count) {
            case ("version", 1):
                guard numbers[0] >= 0, numbers[0] <= bytes.endIndex - i else { return nil }
                result.versions.append(Array(bytes[i..<i + numbers[0]]))
                i += numbers[0]
            case ("row", 3) where words.last == "new":
                guard numbers[0] >= 0, numbers[1] >= 0 else { return nil }
                result.places.append(.init(section: numbers[0], row: numbers[1], version: nil, offset: nil))
            case ("row", 4), ("heading", 3):
                let fields = numbers.count == 4 ? numbers : [numbers[0], 0] + numbers[1...]
                let (section, row, v, offset) = (fields[0], fields[1], fields[2], fields[3])
                guard section >= 0, row >= 0, offset >= 0, v < result.versions.count,
                      v == -1 || offset <= result.versions[v].count else { return nil }
                result.places.append(.init(section: section, row: numbers.count == 4 ? row : nil, version: v == -1 ? nil : v, offset: offset))
            default:
                return nil
            }
        }
        return result
    }
}

extension ListDocument {
    /// What `file`'s edits recorded of the identities of their rows and headings in this
    /// document (`Recovery.encodeEarlierRows`), for `RecoverySession.restored`: by flat index in
    /// `edits` (`ListModel.items`), the rows of the file an edit changed (their identity) and the
    /// new rows and rows of earlier versions (nil: a new identity, not a row of the file with the
    /// same text; `placeEarlierRows` names the earlier ones); and per section of the edits, the
    /// heading of the file it is (nil: none). Only when the document is the version the edits
    /// were made on (`RecoveryFile.documentChanged` false), whose offsets they name, and the file
    /// records them; else nil (rows and sections are found by their text, as for a merge).
    ///
    /// - Complexity: O(size of the recovery file) plus O(log blocks) per row recorded.
    func fileIdentities(recordedIn file: RecoveryFile, edits: ListModel) throws(DocumentError)
        -> (rows: [Int: ListModel.RowID?], sources: [UInt64?])? {
        guard !file.documentChanged, format == .markdown, let markdown, let recorded = try file.earlierRows() else { return nil }
        let mine = edits.items
        let starts = Self.sectionStarts(mine)
        var rows: [Int: ListModel.RowID?] = [:]
        var sources = [UInt64?](repeating: nil, count: starts.count)
        func isBlock(_ offset: Int, _ kind: (MarkdownBlock) -> Bool) -> Bool {
            guard offset <= markdown.bytes.count, let b = MarkdownFormat.block(at: offset, in: markdown.scan) else { return false }
            return kind(markdown.scan.blocks[b])
        }
        for p in recorded.places where p.version == nil && p.section < starts.count {
            guard let row = p.row else {
                if let offset = p.offset, isBlock(offset, { $0.kind == .heading }) {
                    sources[p.section] = markdown.buffer.id(at: UInt32(offset)).raw
                }
                continue
            }
            let flat = starts[p.section] + 1 + row
            guard flat < (p.section + 1 < starts.count ? starts[p.section + 1] : mine.count) else { continue }
            if let offset = p.offset {
                guard isBlock(offset, \.isRow) else { continue }
                rows[flat] = markdown.buffer.id(at: UInt32(offset))
            } else {
                rows[flat] = .some(nil)
            }
        }
        // Rows of earlier versions: new identities here, which `placeEarlierRows` replaces.
        for p in recorded.places where p.version != nil && p.section < starts.count {
            if let row = p.row { rows[starts[p.section] + 1 + row] = .some(nil) }
        }
        return (rows, sources)
    }

    /// Points the rows and headings that `file`'s edits recorded as naming an earlier version of
    /// the file (`Recovery.encodeEarlierRows`) at that version again: each version's bytes are
    /// kept as an earlier version of this document (with identities of their own), and each
    /// recorded row of the edits, followed into the model as `carryLines` follows them, takes
    /// the identity of its block there, keeping its text and attributes. A save then writes it
    /// as that version had it (`MarkdownFormat.combining`): an item with its other lines, a
    /// passage byte for byte. A row of the file, one that carries lines, or one the merge did
    /// not keep is left as it is. Call it after `carryLines`.
    ///
    /// - Complexity: O(size of the recovery file) when it records none; else that plus the diff
    ///   of the edits and the model (O(rows) when they are the same list).
    mutating func placeEarlierRows(recordedIn file: RecoveryFile) throws(DocumentError) {
        guard format == .markdown, let recorded = try file.earlierRows(), recorded.places.contains(where: { $0.version != nil }) else { return }
        let mine = try file.edits().items
        let place = Self.places(ofEdits: mine, in: model.items)
        let mineStarts = Self.sectionStarts(mine)
        var buffers: [TextBuffer?] = Array(repeating: nil, count: recorded.versions.count)
        func buffer(_ v: Int) -> TextBuffer {
            if let b = buffers[v] { return b }
            generation += 1
            let b = TextBuffer(recorded.versions[v], generation: generation)
            buffers[v] = b
            return b
        }
        for p in recorded.places {
            guard let version = p.version, let offset = p.offset, p.section < mineStarts.count else { continue }
            let flat = mineStarts[p.section] + (p.row.map { $0 + 1 } ?? 0)
            let sectionEnd = p.section + 1 < mineStarts.count ? mineStarts[p.section + 1] : mine.count
            guard flat < sectionEnd, let (s, r) = place(flat), (r == nil) == (p.row == nil) else { continue }
            if let r {
                let row = model.sections[s].rows[r]
                guard markdown?.buffer.offset(of: row.id) == nil, carriedLines[row.id] == nil else { continue }
                model.sections[s].rows[r] = ListModel.Row(id: buffer(version).id(at: UInt32(offset)), text: row.text,
                                                          attributes: row.attributes)
            } else {
                guard model.sections[s].source != MarkdownFormat.untitled,
                      model.sections[s].source.map({ markdown?.buffer.offset(of: .init(raw: $0)) == nil }) ?? true else { continue }
                model.sections[s].source = buffer(version).id(at: UInt32(offset)).raw
            }
        }
        earlierVersions += buffers.compactMap { $0 }
    }
}
