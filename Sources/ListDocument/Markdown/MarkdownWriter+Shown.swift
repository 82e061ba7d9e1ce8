/// What the rows of one section show besides their text, taken from the writer itself so the
/// screen shows what the next save writes: an ordered item's number (the writer's own `layout`,
/// which renumbers a list whose items moved), whether an item or passage has more lines than its
/// first, and the first line of a passage's content (front matter's first key, a code block's
/// first code line and language).
extension MarkdownWriter {
    /// One row's marks.
    package struct ShownMark: Equatable, Sendable {
        /// The marker the next save writes for an ordered item (`1.`, `3)`); nil for a bullet
        /// item and a passage.
        package var number: String?
        /// The item has lines after its first (a wrapped paragraph, a lazy continuation, code or
        /// a paragraph under it, before or after its nested items); the passage has lines after
        /// the one it shows (not said of front matter, which shows its count of lines).
        package var hasMoreLines: Bool
        /// What a passage shows when it is not its first line: front matter its first key and
        /// its count of lines, its delimiters included (`title: Plan · 3 lines`), a fenced code block its first code line
        /// and its language (`make install · sh`); nil for an item and other passages.
        package var passage: String? = nil
    }

    /// The marks of the rows of `section`, one section as the writer gets it (`MarkdownFormat.list`),
    /// in order: `[1. Unpack, 2. Assemble]` for a two-step list, `[7., 8., 9.]` for a list
    /// started at 7, the renumbered numbers after a move.
    ///
    /// - Complexity: O(rows × log rows + blocks of the file sections the rows come from).
    package static func shownMarks(of section: MarkdownList.Section, in file: [UInt8], _ scan: MarkdownScan) -> [ShownMark] {
        let rows = section.rows
        let writer = MarkdownWriter(file: file, scan: scan, laying: rows)
        let placed = writer.layout(rows, heading: section.heading)
        return placed.map { p in
            let number = p.isItem && p.ordered ? String(decoding: p.marker, as: UTF8.self) : nil
            guard let b = p.row.block else {
                return ShownMark(number: number, hasMoreLines: p.row.lines != nil || p.row.paragraph?.isEmpty == false)
            }
            guard scan.blocks[b].kind == .item else { return passageMark(b, writer) }
            let g = p.geometry ?? writer.geometry(b)
            // A first paragraph given anew (a rename): its lines, then what follows it.
            let content = p.row.paragraph.map { !$0.isEmpty || writer.hasLinesAfterParagraph(b, g) }
                ?? (writer.split(b).content.upperBound > g.firstLineNext)
            let more = !g.endsMidLine && (content || writer.tailsOf[b] != nil)
            return ShownMark(number: number, hasMoreLines: more)
        }
    }

    /// The mark of row `b` of a section the next save copies as the file has it (untouched since
    /// it was read or saved): its marker as the file writes it, without laying the section out.
    ///
    /// - Complexity: O(size of the row's block and of the blocks nested in it).
    package static func shownMark(ofBlock b: Int, in file: [UInt8], _ scan: MarkdownScan) -> ShownMark {
        let writer = MarkdownWriter(reading: file, scan)
        let block = scan.blocks[b]
        guard block.kind == .item else { return passageMark(b, writer) }
        var number: String?
        if case .ordered = block.marker {
            number = String(decoding: file[block.markerOffset..<block.markerOffset + block.markerWidth], as: UTF8.self)
        }
        let g = writer.geometry(b)
        let more = !g.endsMidLine && (writer.split(b).content.upperBound > g.firstLineNext || !tails(of: b, scan, first: true).isEmpty)
        return ShownMark(number: number, hasMoreLines: more)
    }

    /// The mark of passage `b`: its content's lines (after its blank lines are cut off) read for
    /// what it shows.
    ///
    /// - Complexity: O(size of the passage).
    private static func passageMark(_ b: Int, _ writer: MarkdownWriter) -> ShownMark {
        let content = writer.split(b).content
        var lines: [Substring] = []
        var p = content.lowerBound
        while p < content.upperBound {
            let (end, next) = lineEnd(writer.file, from: p)
            lines.append(Substring(decoding: writer.file[p..<min(end, content.upperBound)], as: UTF8.self))
            if next <= p { break }
            p = next
        }
        let isBlank: (Substring) -> Bool = { $0.allSatisfy { $0 == " " || $0 == "\t" } }
        switch writer.scan.blocks[b].passageKind {
        case .frontMatter:
            // `---` (or `+++`), the lines, and the closing `---`, `...` or `+++`.
            var inner = lines.dropFirst()
            if let last = inner.last, ["---", "...", "+++"].contains(last.trimmingSpaces) { inner = inner.dropLast() }
            let first = inner.first { !isBlank($0) }.map { String($0.trimmingSpaces) } ?? String(lines.first ?? "")
            return ShownMark(number: nil, hasMoreLines: false,
                             passage: first + " · \(lines.count) lines")
        case .fencedCode:
            let opening = lines.first.map { $0.trimmingSpaces } ?? ""
            let fence = opening.prefix { $0 == "`" || $0 == "~" }
            let language = opening.dropFirst(fence.count).trimmingSpaces.prefix { $0 != " " && $0 != "\t" }
            var code = lines.dropFirst()
            if let last = code.last, !fence.isEmpty, last.trimmingSpaces.hasPrefix(fence), last.trimmingSpaces.allSatisfy({ $0 == fence.first }) {
                code = code.dropLast()
            }
            guard let first = code.first.map({ $0.trimmingSpaces }), !first.isEmpty else {
                return ShownMark(number: nil, hasMoreLines: code.count > 1, passage: nil)
            }
            return ShownMark(number: nil, hasMoreLines: code.count > 1,
                             passage: language.isEmpty ? String(first) : "\(first) · \(language)")
        default:
            return ShownMark(number: nil, hasMoreLines: lines.count > 1)
        }
    }
}

private extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let start: Index = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        guard let last: Index = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return self[start..<start] }
        return self[start...last]
    }
}
