/// Reading the original file's geometry: line ends, columns, an item's first line, a block's
/// trailing blank lines.
extension MarkdownWriter {
    /// Where an item's first line and its parts are, and its columns (tabs to multiples of 4).
    struct ItemGeometry {
        var lineStart: Int
        var markerCol: Int
        var markerEnd: Int
        /// Spaces and tabs after the marker, up to the content (or the checkbox).
        var spacing: Range<Int>
        var spacingCols: Int
        /// The column content lines of this item start at.
        var contentCol: Int
        /// Columns from the marker's end to the content column (1 to 4).
        var padding: Int
        /// End of the first line's content (before its line ending, or the block's end when the
        /// block ends on this line, as `- ` before a nested `- a` does).
        var firstLineEnd: Int
        /// After the first line's line ending (or the block's end).
        var firstLineNext: Int
        /// The block ends before its first line does (`- - a`: the outer item).
        var endsMidLine: Bool
        /// The block starts after the line's start (`- - a`: the inner item).
        var startsMidLine: Bool
    }

    func lineStart(before offset: Int) -> Int { Self.lineStart(file, before: offset) }

    func lineEnd(from offset: Int) -> (end: Int, next: Int) { Self.lineEnd(file, from: offset) }

    /// The start of the line holding `offset` (after the byte-order mark on the first line).
    static func lineStart(_ file: [UInt8], before offset: Int) -> Int {
        var i = offset
        while i > 0 && file[i - 1] != 0x0A && file[i - 1] != 0x0D { i -= 1 }
        return i == 0 && offset >= 3 && hasByteOrderMark(file) ? 3 : i
    }

    static func hasByteOrderMark(_ file: [UInt8]) -> Bool {
        file.count >= 3 && file[0] == 0xEF && file[1] == 0xBB && file[2] == 0xBF
    }

    /// The end of the line's content at or after `offset`, and the start of the next line.
    static func lineEnd(_ file: [UInt8], from offset: Int) -> (end: Int, next: Int) {
        var i = offset
        file.withUnsafeBufferPointer { b in
            while i < b.count && b[i] != 0x0A && b[i] != 0x0D { i += 1 }
        }
        var next = i
        if next < file.count && file[next] == 0x0D { next += 1 }
        if next < file.count && file[next] == 0x0A && (next == i || file[next - 1] == 0x0D) { next += 1 }
        return (i, next)
    }

    /// The column of `offset`, counting from `from` at column 0.
    func column(from: Int, to offset: Int, startColumn: Int = 0) -> Int {
        var col = startColumn
        for i in from..<offset { col = file[i] == 0x09 ? col + 4 - col % 4 : col + 1 }
        return col
    }

    func geometry(_ i: Int) -> ItemGeometry {
        let block = scan.blocks[i]
        let start = Int(block.start)
        let blockEnd = scan.end(of: i)
        let lineStart = self.lineStart(before: block.markerOffset)
        let markerCol = column(from: lineStart, to: block.markerOffset)
        let markerEnd = block.markerOffset + block.markerWidth
        let markerEndCol = markerCol + block.markerWidth
        let (end, next) = lineEnd(from: markerEnd)
        var s = markerEnd
        while s < end && (file[s] == 0x20 || file[s] == 0x09) { s += 1 }
        let spacingCols = column(from: markerEnd, to: s, startColumn: markerEndCol) - markerEndCol
        let blank = s >= end
        let contentCol = spacingCols >= 5 || spacingCols < 1 || blank ? markerEndCol + 1 : markerEndCol + spacingCols
        let midEnd = blockEnd < next && blockEnd < end
        return ItemGeometry(lineStart: lineStart, markerCol: markerCol, markerEnd: markerEnd,
                            spacing: markerEnd..<min(s, midEnd ? blockEnd : s), spacingCols: spacingCols,
                            contentCol: contentCol, padding: contentCol - markerEndCol, firstLineEnd: midEnd ? blockEnd : end,
                            firstLineNext: midEnd ? blockEnd : min(next, blockEnd), endsMidLine: midEnd,
                            startsMidLine: lineStart != (start == 0 && Self.hasByteOrderMark(file) ? 3 : start))
    }

    /// A block's content and the blank lines after it (none when it ends inside an unclosed
    /// fence or HTML block, whose blank lines are content).
    func split(_ i: Int) -> (content: Range<Int>, trailing: Range<Int>) { Self.split(i, file, scan) }

    static func split(_ i: Int, _ file: [UInt8], _ scan: MarkdownScan) -> (content: Range<Int>, trailing: Range<Int>) {
        let range = scan.range(of: i)
        guard scan.blocks[i].ending != .unclosed else { return (range, range.upperBound..<range.upperBound) }
        var p = range.lowerBound
        var cut = range.lowerBound
        while p < range.upperBound {
            let (end, next) = lineEnd(file, from: p)
            let blank = (p != range.lowerBound || lineStart(file, before: p) == p)
                && file[p..<min(end, range.upperBound)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            let after = min(max(next, end), range.upperBound)
            if !blank { cut = after }
            if after == p { break }
            p = after
        }
        return (range.lowerBound..<cut, cut..<range.upperBound)
    }

    /// The bytes of the line ending that ends the line holding `offset` (the file's default when
    /// that line has none).
    func lineEnding(at offset: Int) -> [UInt8] {
        let (end, next) = lineEnd(from: offset)
        return next > end ? Array(file[end..<next]) : newline
    }
}
