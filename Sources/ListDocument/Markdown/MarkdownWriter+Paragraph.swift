/// An item's first paragraph: the lines after its first line that continue it (wrapped text,
/// lazy continuation lines), which a rename edits with the first line (docs/file-formats.md,
/// "Renaming a multi-line item"). Lines whose text a rename leaves keep their bytes; changed or
/// new lines take the indentation of the paragraph's other lines.
extension MarkdownWriter {
    /// A line of an item's first paragraph after its first line, in the file.
    struct ParagraphLine {
        /// From the line's start to after its line ending.
        var line: Range<Int>
        /// After its indentation, up to its line ending (trailing spaces included).
        var text: Range<Int>
        /// Indented less than the item's content column (a lazy continuation line).
        var lazy: Bool
    }

    /// The lines continuing item `b`'s first paragraph, in order: up to a blank line, the end of
    /// the item's own content, or a line that may open a block of its own (a fence, a quote, a
    /// heading...: conservatively, whatever `MarkdownText.isBlockSyntax` or a setext underline
    /// says), which ends what a rename edits. None for an item whose first line opens a block or
    /// is empty (its later lines are not its first paragraph).
    ///
    /// - Complexity: O(size of the item's content).
    func paragraphLines(of b: Int) -> [ParagraphLine] {
        guard b >= 0, b < scan.blocks.count, scan.blocks[b].kind == .item else { return [] }
        let block = scan.blocks[b]
        let g = geometry(b)
        guard !g.endsMidLine, !block.textRange.isEmpty, g.spacingCols < 5 || block.checkbox != nil,
              !MarkdownText.isBlockSyntax(Array(file[block.textRange])) else { return [] }
        let content = split(b).content
        var lines: [ParagraphLine] = []
        var p = g.firstLineNext
        while p < content.upperBound {
            let (end, next) = lineEnd(from: p)
            var i = p
            while i < end && (file[i] == 0x20 || file[i] == 0x09) { i += 1 }
            guard i < end else { break }   // a blank line ends the paragraph
            let text = Array(file[i..<end])
            if MarkdownText.isBlockSyntax(text) || Self.isSetextUnderline(text) { break }
            lines.append(ParagraphLine(line: p..<min(max(next, end), content.upperBound), text: i..<end,
                                       lazy: column(from: p, to: i) < g.contentCol))
            if next <= p { break }
            p = next
        }
        return lines
    }

    /// The texts of item `b`'s first paragraph after its first line (`paragraphLines`), as row
    /// texts read (`MarkdownText.item`).
    package static func paragraph(of b: Int, in file: [UInt8], _ scan: MarkdownScan) -> [String] {
        let writer = MarkdownWriter(reading: file, scan)
        return writer.paragraphLines(of: b).map { paragraphLineText(file[$0.text]) }
    }

    /// A paragraph line's text from its source (after its indentation): as a row text reads
    /// (`MarkdownText.item`), and an escaped setext underline (`\===`) as the underline.
    static func paragraphLineText(_ source: ArraySlice<UInt8>) -> String {
        if source.first == 0x5C, isSetextUnderline(Array(source.dropFirst())) { return String(decoding: source.dropFirst(), as: UTF8.self) }
        return MarkdownText.item(source: source)
    }

    /// `=`s or `-`s alone on a line (trailing white space allowed): under a paragraph's line it
    /// would make that line a heading.
    static func isSetextUnderline(_ t: [UInt8]) -> Bool {
        guard let c = t.first, c == 0x3D || c == 0x2D else { return false }
        var i = 0
        while i < t.count && t[i] == c { i += 1 }
        return t[i...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// A paragraph line's text as written: escaped as a row text is (`MarkdownText.escapeItem`),
    /// and a setext underline escaped too (`\===`, which reads back as itself).
    static func escapeParagraphLine(_ text: String) -> [UInt8] {
        let bytes = MarkdownText.escapeItem(text)
        return isSetextUnderline(bytes) ? [0x5C] + bytes : bytes
    }

    /// The item's content after its first line (`firstEnd` to `contentEnd` of the file) with its
    /// first paragraph's lines after the first replaced by `texts`: a line whose text is one of
    /// the old lines' (in order) keeps its bytes; another is written with the indentation of the
    /// paragraph's first indented line (or `contentCol` columns) and the file's line ending.
    /// The rest of the content (after a blank line) follows unchanged. Columns are the file's:
    /// the caller re-indents the result when the item moves.
    ///
    /// - Complexity: O(size of the item's content × lines of the paragraph).
    func contentReplacingParagraph(of b: Int, with texts: [String], from firstEnd: Int, to contentEnd: Int,
                                   contentCol: Int) -> [UInt8] {
        let old = paragraphLines(of: b)
        let oldTexts = old.map { Self.paragraphLineText(file[$0.text]) }
        let indent = old.first { !$0.lazy }.map { Array(file[$0.line.lowerBound..<$0.text.lowerBound]) }
            ?? indentation(contentCol, tabs: false)
        var out: [UInt8] = []
        var next = 0   // the first old line not yet used
        for text in texts {
            if let k = oldTexts[next...].firstIndex(of: text) {
                out += file[old[k].line]
                if let last = out.last, last != 0x0A && last != 0x0D { out += newline }
                next = k + 1
            } else {
                out += indent + Self.escapeParagraphLine(text) + newline
            }
        }
        let restStart = old.last?.line.upperBound ?? firstEnd
        if restStart < contentEnd {
            out += file[restStart..<contentEnd]
        } else if let last = out.last, last == 0x0A || last == 0x0D, contentEnd == restStart,
                  contentEnd > firstEnd, file[contentEnd - 1] != 0x0A && file[contentEnd - 1] != 0x0D {
            // The old paragraph's last line had no line ending (the file's end): nor has this.
            out.removeLast(out.count >= 2 && out[out.count - 2] == 0x0D && out.last == 0x0A ? 2 : 1)
        }
        return out
    }

    /// Item `b`'s lines after its first, as the file has them (from its content column, not
    /// moved), with its first paragraph's later lines replaced by `texts` as a save writes them
    /// (`contentReplacingParagraph`): what the merge compares for a row whose text holds its
    /// paragraph.
    ///
    /// - Complexity: O(size of the item's content × lines of the paragraph).
    package static func otherLines(of b: Int, in file: [UInt8], _ scan: MarkdownScan, replacingParagraphWith texts: [String]) -> [UInt8] {
        let writer = MarkdownWriter(reading: file, scan)
        let g = writer.geometry(b)
        let content = writer.split(b).content
        return writer.contentReplacingParagraph(of: b, with: texts, from: g.firstLineNext, to: max(g.firstLineNext, content.upperBound),
                                                contentCol: g.contentCol)
    }
}
