#if canImport(Glibc)
import Glibc
#endif
import TableKit

/// Markdown lists: `# Title` starts a section, `- text` is a row of the current section, rows
/// before any heading belong to an untitled first section, blank lines are ignored.
///
///     # Groceries
///     - Milk
///     - Eggs
///
///     # Hardware
///     - Screws
///
/// Any other line makes the file unreadable as a list, and the error names its line.
package enum MarkdownFormat {
    /// Reads a list whose rows point into the file's bytes: one pass to check UTF-8, one to
    /// find lines; no string is made for a row until it is shown or edited.
    package static func parseModel(_ bytes: [UInt8], name: String) throws(DocumentError) -> (ListModel, crlf: Bool) {
        guard bytes.count < Int(UInt32.max), String(validating: bytes, as: UTF8.self) != nil else {
            // The slow path names the offending line.
            _ = try parse(bytes, name: name)
            throw DocumentError(.invalidUTF8, file: name, "file too large")
        }
        let buffer = TextBuffer(bytes)
        var sections: [(title: String, rows: [(offset: UInt32, length: UInt32)])] = []
        var crlf = false
        var failure: (line: Int, text: String)?
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var start = 0, number = 1
            let count = b.count
            while start < count {
                let rest = UnsafeRawPointer(base + start)
                let end = memchr(rest, 0x0A, count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                var stop = end
                if number == 1 && stop > start && b[stop - 1] == 0x0D { crlf = true }
                while stop > start && b[stop - 1] == 0x0D { stop -= 1 }
                let first = stop > start ? b[start] : 0x20
                if first == UInt8(ascii: "-") && (stop - start == 1 || b[start + 1] == 0x20) {
                    let offset = min(stop, start + 2)
                    if sections.isEmpty { sections.append(("", [])) }
                    sections[sections.count - 1].rows.append((UInt32(offset), UInt32(stop - offset)))
                } else if first == UInt8(ascii: "#") && (stop - start == 1 || b[start + 1] == 0x20) {
                    let offset = min(stop, start + 2)
                    sections.append((String(decoding: UnsafeBufferPointer(rebasing: b[offset..<stop]), as: UTF8.self), []))
                } else if !b[start..<stop].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    failure = (number, String(decoding: UnsafeBufferPointer(rebasing: b[start..<stop]), as: UTF8.self))
                    return
                }
                start = end + 1
                number += 1
            }
        }
        if let failure {
            let text = failure.text
            let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
            throw DocumentError(.notAListLine, file: name, line: failure.line,
                                "expected '# Title', '- item' or a blank line, found '\(shown)'")
        }
        return (ListModel(buffer: buffer, sections: sections), crlf)
    }

    /// Whether a title or row text can stand on one Markdown line and read back the same: no line
    /// break inside, no `\r` at the end.
    static func fitsOnALine(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        !text.contains(0x0A) && text.last != 0x0D
    }

    static func refuse(_ what: String, name: String) -> DocumentError {
        DocumentError(.cannotRepresent, file: name,
                      "\(what) contains a line break, which a Markdown or plain-text list cannot hold; save as .json")
    }

    /// Writes a list without decoding rows that still point into their file, in the canonical
    /// form: a blank line before every heading but the first; an untitled first section with rows
    /// is written without a heading, so it reads back untitled.
    static func serialize(_ model: ListModel, lineEnding: String, name: String) throws(DocumentError) -> [UInt8] {
        var out: [UInt8] = []
        var bad: String?
        let nl = Array(lineEnding.utf8)
        for (i, section) in model.sections.enumerated() {
            let headless = i == 0 && section.title.isEmpty && !section.rows.isEmpty
            var title = section.title
            if !title.withUTF8(fitsOnALine) { throw refuse("the title of section \(i + 1)", name: name) }
            if !headless {
                if !out.isEmpty { out += nl }
                out += section.title.isEmpty ? Array("#".utf8) : Array("# \(section.title)".utf8)
                out += nl
            }
            var row = 0
            section.rows.forEachUTF8 { text in
                row += 1
                if bad == nil, !fitsOnALine(text) { bad = "row \(row) of section \(i + 1)" }
                out.append(UInt8(ascii: "-"))
                if !text.isEmpty {
                    out.append(0x20)
                    out.append(contentsOf: text)
                }
                out += nl
            }
        }
        if let bad { throw refuse(bad, name: name) }
        return out
    }

    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> ParsedList {
        let (lines, crlf) = try TextLines.split(bytes, name: name)
        var sections: [ParsedList.Section] = []
        for line in lines {
            let text = line.text
            if TextLines.isBlank(text) { continue }
            if let title = heading(text) {
                sections.append(.init(title: title, rows: []))
            } else if let row = item(text) {
                if sections.isEmpty { sections.append(.init(title: "", rows: [])) }
                sections[sections.count - 1].rows.append(row)
            } else {
                let shown = text.count > 40 ? text.prefix(40) + "…" : text
                throw DocumentError(.notAListLine, file: name, line: line.number,
                                    "expected '# Title', '- item' or a blank line, found '\(shown)'")
            }
        }
        return ParsedList(sections: sections, lineEnding: crlf ? "\r\n" : "\n")
    }

    /// `#` or `# Title`.
    static func heading(_ s: Substring) -> String? { marked(s, UInt8(ascii: "#")) }

    /// `-` or `- text`.
    static func item(_ s: Substring) -> String? { marked(s, UInt8(ascii: "-")) }

    /// The text after `mark` and one space, compared byte by byte: a grapheme-wise `hasPrefix`
    /// would miss `- ` when the text starts with a combining mark (found by the fuzzer).
    static func marked(_ s: Substring, _ mark: UInt8) -> String? {
        let u = s.utf8
        guard u.first == mark else { return nil }
        let rest = u.dropFirst()
        if rest.isEmpty { return "" }
        guard rest.first == 0x20 else { return nil }
        return String(decoding: rest.dropFirst(), as: UTF8.self)
    }

    /// Writes a list of strings (a recovered or converted list) through the model writer.
    static func serialize(_ list: ParsedList, name: String) throws(DocumentError) -> [UInt8] {
        try serialize(ListModel(sections: list.sections.map { ($0.title, $0.rows) }), lineEnding: list.lineEnding, name: name)
    }
}
