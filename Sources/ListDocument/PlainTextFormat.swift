import TableKit
import ListStorage
internal import Algorithms

/// Plain text: one row per non-blank line, one untitled section. A line starting `x ` (todo.txt)
/// is a checked row. Saving over the file read keeps its blank lines (those after a row stay after
/// it), its line endings and a byte-order mark.
///
///     let (model, file) = try PlainTextFormat.read(Array("milk\n\nx eggs\n".utf8), name: "t.txt")
///     model.sections[0].rows.map(\.text)       // ["milk", "eggs"]; eggs is checked
enum PlainTextFormat: ListFileFormat {
    /// A file as read: its bytes (shared with the rows) and where each row's line is.
    struct File: FormatFile {
        var buffer: TextBuffer
        /// Per row line, in file order: the line's start and the start of the next row line (or
        /// the end of the file): the line, its line end and the blank lines after it.
        var lines: [(start: Int, next: Int)]
        var bytes: [UInt8] { buffer.bytes }
        var rowBuffer: TextBuffer? { buffer }
    }

    static var extensions: [String] { ["txt"] }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads rows pointing into the bytes (no string made per row).
    static func read(_ bytes: [UInt8], name: String, generation: UInt64 = 0) throws(DocumentError) -> (model: ListModel, file: File) {
        guard bytes.count < Int(UInt32.max) else { throw DocumentError(.io, file: name, "file too large (4 GiB at most)") }
        if String(validating: bytes, as: UTF8.self) == nil {
            _ = try TextLines.split(bytes, name: name)
            throw DocumentError(.invalidUTF8, file: name, "not valid UTF-8; the file was not changed")
        }
        let buffer = TextBuffer(bytes, generation: generation, isMarkdown: false)
        var rows: [(offset: UInt32, length: UInt32, attributes: ListModel.Row.Attributes, text: String?)] = []
        var lines: [(start: Int, next: Int)] = []
        var start = bytes.starts(with: byteOrderMark) ? 3 : 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var stop = end
            while stop > start && bytes[stop - 1] == 0x0D { stop -= 1 }
            if bytes[start..<stop].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                if !lines.isEmpty { lines[lines.count - 1].next = start }
                lines.append((start, bytes.count))
                let checked = stop - start >= 2 && bytes[start] == UInt8(ascii: "x") && bytes[start + 1] == 0x20
                let from = checked ? start + 2 : start
                rows.append((UInt32(from), UInt32(stop - from), .init(checkbox: checked ? true : nil), nil))
            }
            start = end + 1
        }
        var model = ListModel()
        model.sections = [ListModel.fileSection(buffer: buffer, title: "", rows: rows)]
        return (model, File(buffer: buffer, lines: lines))
    }

    /// The bytes of `model` (one untitled section, checked by `limitations`), written over `file`
    /// when there is one: a row as read copies its line and the blank lines after it; an edited or
    /// new row is written `x text` (checked) or `text`.
    static func write(_ model: ListModel, over file: File?, lineEnding: String, name: String) throws(DocumentError) -> [UInt8] {
        if let first = limitations(of: model).first {
            throw DocumentError(.cannotRepresent, file: name, "plain text cannot hold \(first); save as .md or .json")
        }
        var out: [UInt8] = []
        var newline = Array(lineEnding.utf8)
        if let file {
            if file.bytes.starts(with: byteOrderMark) { out += byteOrderMark }
            if let first = file.lines.first { out += file.bytes[(out.count)..<first.start] }
            if let i = file.bytes.firstIndex(of: 0x0A) { newline = i > 0 && file.bytes[i - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A] }
        }
        for section in model.sections {
            section.rows.forEachRow(undecodedIn: file?.buffer) { id, attributes, text in
                if let last = out.last, last != 0x0A, !out.isEmpty, out.count > (file?.bytes.starts(with: byteOrderMark) == true ? 3 : 0) {
                    out += newline  // a line that ended the file without a line end is no longer last
                }
                var line: (start: Int, next: Int)?
                if let file, let offset = file.buffer.offset(of: id) {
                    // The last line starting at or before the row's offset.
                    let lo = max(0, file.lines.partitioningIndex { $0.start > offset } - 1)
                    if lo < file.lines.count, file.lines[lo].start <= offset, offset < file.lines[lo].next { line = file.lines[lo] }
                }
                if let line, let file, text == nil, (attributes.checkbox == true) == (file.bytes[line.start] == UInt8(ascii: "x")
                    && line.next - line.start >= 2 && file.bytes[line.start + 1] == 0x20) {
                    out += file.bytes[line.start..<line.next]
                    return
                }
                if attributes.checkbox == true { out += Array("x ".utf8) }
                if let text {
                    out += Array(text.utf8)
                } else if let line, let file, let offset = file.buffer.offset(of: id) {
                    var stop = offset
                    while stop < file.bytes.count && file.bytes[stop] != 0x0A { stop += 1 }
                    while stop > offset && file.bytes[stop - 1] == 0x0D { stop -= 1 }
                    out += file.bytes[offset..<stop]
                    _ = line
                }
                out += newline
                if let line, let file {
                    // The blank lines that followed the row's line.
                    var end = line.start
                    while end < line.next && file.bytes[end] != 0x0A { end += 1 }
                    if end < line.next { out += file.bytes[(end + 1)..<line.next] }
                }
            }
        }
        return out
    }

    /// The document's model written over the plain-text file it read, if it read one.
    static func write(_ document: ListDocument, name: String) throws(DocumentError) -> (bytes: [UInt8], reread: ListDocument.SaveRequest.Reread?) {
        if let same = document.unchangedBytes(as: .plainText) { return (same, nil) }
        return (try write(document.model, over: document.file as? File, lineEnding: document.lineEnding, name: name), nil)
    }

    /// The bytes written are read again, so the rows point into them (and the next save keeps
    /// their blank lines).
    static func finishSave(_ request: ListDocument.SaveRequest, in document: inout ListDocument, savedModelWasRead: Bool,
                           undoable: () -> [ListModel.RowID]) {
        guard document.rereadsAfterSave,
              let (again, file) = try? read(request.bytes, name: request.path, generation: document.generation + 1) else {
            document.file = document.file as? File
            return
        }
        document.generation += 1
        document.model = again.continuingIdentities(of: document.model)
        document.file = file
    }

    /// Plain text holds one untitled list of non-blank list items on one line each, at level 0,
    /// checked (`x `) or without a checkbox.
    static func limitations(of model: ListModel) -> [FormatLimitation] {
        var out: [FormatLimitation] = []
        let nonEmpty = model.sections.filter { !$0.title.isEmpty || !$0.rows.isEmpty }
        if nonEmpty.count > 1 { out.append(.sections(count: nonEmpty.count)) }
        let titled = nonEmpty.count { !$0.title.isEmpty }
        if titled > 0 { out.append(.sectionTitles(count: titled)) }
        var blank = 0
        for section in model.sections {
            section.rows.forEachUTF8 { text in
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { blank += 1 }
            }
        }
        if blank > 0 { out.append(.blankRows(count: blank)) }
        let nested = model.sections.reduce(0) { n, section in n + section.rows.reduce(0) { $0 + ($1.level > 0 ? 1 : 0) } }
        if nested > 0 { out.append(.nestedRows(count: nested)) }
        let open = model.sections.reduce(0) { n, section in n + section.rows.reduce(0) { $0 + ($1.checkbox == false ? 1 : 0) } }
        if open > 0 { out.append(.openCheckboxes(count: open)) }
        let passages = model.sections.reduce(0) { $0 + $1.rows.count - $1.rows.itemCount }
        if passages > 0 { out.append(.passages(count: passages)) }
        if let breaks = lineBreaks(in: model, rowsOnly: true) { out.append(breaks) }
        return out
    }

    /// `model` as one untitled section of its non-blank list items at level 0, open checkboxes
    /// dropped.
    static func fitting(_ model: ListModel) -> ListModel {
        guard !limitations(of: model).filter({ !$0.preventsSaving }).isEmpty else { return model }
        var list = model
        var section = model.sections.first ?? model.makeSection("")
        section.title = ""
        section.level = 1
        var rows: [ListModel.Row] = []
        for old in model.sections {
            for var row in old.rows where !row.isPassage && !row.text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                row.level = 0
                if row.checkbox == false { row.checkbox = nil }
                rows.append(row)
            }
        }
        section.rows.replaceSubrange(0..<section.rows.count, with: rows)
        list.sections = [section]
        return list
    }

    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let (lines, crlf) = try TextLines.split(bytes, name: name)
        let rows = lines.filter { !TextLines.isBlank($0.text) }.map { String($0.text) }
        return ParsedList(sections: [.init(title: "", rows: rows)], lineEnding: crlf ? "\r\n" : "\n")
    }

    /// Refuses sections and titles, which plain text cannot hold (nothing is dropped silently).
    static func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8] {
        let nonEmpty = list.sections.filter { !$0.title.isEmpty || !$0.rows.isEmpty }
        if nonEmpty.count > 1 || nonEmpty.contains(where: { !$0.title.isEmpty }) {
            throw DocumentError(.cannotRepresent, file: name,
                                "plain text holds one untitled list; save as .md or .json to keep sections and titles")
        }
        if let blank = nonEmpty.first?.rows.firstIndex(where: { TextLines.isBlank(Substring($0)) }) {
            throw DocumentError(.cannotRepresent, file: name,
                                "row \(blank) is blank, which plain text cannot hold; save as .md or .json")
        }
        for (r, var row) in (nonEmpty.first?.rows ?? []).enumerated() where !row.withUTF8(MarkdownFormat.fitsOnALine) {
            throw MarkdownFormat.refuse("row \(r)", name: name)
        }
        var out: [UInt8] = []
        for row in nonEmpty.first?.rows ?? [] {
            out += Array(row.utf8)
            out += Array(list.lineEnding.utf8)
        }
        return out
    }
}
