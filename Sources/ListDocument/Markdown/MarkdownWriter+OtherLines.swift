/// An item's other lines taken out of the file, for a new item that copies it (the editor's
/// register: a copy or a delete keeps whole items, and a paste writes them back complete).
extension MarkdownWriter {
    /// The lines of item `b` after its first line, then the text under its nested items (its
    /// tails, each after the blank lines before it), moved from its content column to column 0;
    /// nil when it has none, or when they end in a fence or HTML block that the item's end
    /// closes (written elsewhere, it would take in what follows).
    ///
    ///     // "- Added\n  a second line\n  - nested\n\n  A paragraph.\n", item 0:
    ///     // "a second line\n\nA paragraph.\n"
    ///
    /// - Complexity: O(size of the item and what is nested in it): a delete of 10,000 rows
    ///   keeps each one's lines without going over the file's blocks each time.
    /// With `afterParagraph`, the lines after the item's first paragraph only (for a row whose
    /// text holds that paragraph, `MarkdownText.paragraph(of:)`), the blank line before them kept.
    package static func otherLines(of b: Int, in file: [UInt8], _ scan: MarkdownScan,
                                   afterParagraph: Bool = false) -> MarkdownList.OtherLines? {
        guard b >= 0, b < scan.blocks.count, scan.blocks[b].kind == .item else { return nil }
        let writer = MarkdownWriter(reading: file, scan)
        let g = writer.geometry(b)
        guard !g.endsMidLine else { return nil }   // `- - a`: its lines are the nested item's
        let content = writer.split(b).content
        var bytes: [UInt8] = []
        var ending = scan.blocks[b].ending
        let start = afterParagraph ? writer.paragraphLines(of: b).last?.line.upperBound ?? g.firstLineNext : g.firstLineNext
        if content.upperBound > start, file[start..<content.upperBound].contains(where: { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 && $0 != 0x09 }) {
            bytes += reindent(file, start..<content.upperBound, from: g.contentCol, to: 0, tabs: false)
        }
        for i in tails(of: b, scan) {
            if let last = bytes.last, last != 0x0A && last != 0x0D { bytes += writer.newline }
            bytes += writer.newline
            bytes += reindent(file, writer.split(i).content, from: g.contentCol, to: 0, tabs: false)
            ending = scan.blocks[i].ending
        }
        guard !bytes.isEmpty, ending != .unclosed else { return nil }
        if let last = bytes.last, last != 0x0A && last != 0x0D { bytes += writer.newline }
        return MarkdownList.OtherLines(bytes: bytes, ending: ending)
    }

    /// The tails of item `b` (blocks): up to the next item at its level or above, or the next
    /// heading or passage.
    ///
    /// - Complexity: O(blocks nested in the item).
    static func tails(of b: Int, _ scan: MarkdownScan, first: Bool = false) -> [Int] {
        let level = scan.blocks[b].level
        var found: [Int] = []
        var i = b + 1
        while i < scan.blocks.count {
            let block = scan.blocks[i]
            if block.kind == .heading || block.kind == .passage || (block.kind == .item && block.level <= level) { break }
            if block.kind == .tail && scan.blocks[block.owner].level < level { break }
            if block.kind == .tail && block.owner == b {
                found.append(i)
                if first { break }
            }
            i += 1
        }
        return found
    }
}
