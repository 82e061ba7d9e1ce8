/// Fast paths for the line shapes that make up most of a list file: a blank line, a plain text
/// line (continuing a paragraph, or opening one at the top level) and a list item line. Each one
/// recognizes its shape from the line's first bytes and the open blocks, makes exactly the changes
/// that `processLine` would make, and leaves every other line (anything with a tab in its
/// indentation, a quote to continue, an open code or HTML block, a marker followed by something
/// that could open a block...) to `processLine`, having changed nothing.
///
/// Why each is exact is said beside it, as the steps of `processLine` it shortens. The test
/// `MarkdownFastPathTests` scans the corpus and generated documents both ways (`usesFastPaths`
/// off forces the general path) and requires identical scans.
extension MarkdownScanner {
    /// Takes the line if it has one of the shapes below; returns `false`, having changed nothing,
    /// otherwise.
    @inline(__always)
    mutating func fastLine(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        // The first line may hold a byte-order mark, which `processLine` skips.
        guard lineNumber > 0 else { return false }
        var i = start
        while i < end && b[i] == 0x20 { i += 1 }
        let leafKind = leaf?.kind
        guard leafKind == nil || leafKind == .paragraph else { return false }
        if i == end { return blankLine(b, start: start, end: end) }
        let c = b[i]
        if Self.isPlain(c) {
            if leafKind == .paragraph {
                // A paragraph continuation line. Nothing opens at a letter (or a non-ASCII byte),
                // whether or not the open containers match: a quote needs `>`, an item only its
                // indentation, and a matched paragraph is only interrupted by a block start. So
                // the paragraph takes the line, lazily or not, and no container closes.
                lineNumber += 1
                line.start = start
                line.end = end
                appendParagraphLine(b, i)
                previousLineBlank = false
                if !result.blocks.isEmpty {
                    ending = .paragraph
                    endingFence = nil
                }
                return true
            }
            if containers.count == 1 && i - start < 4 {
                // A paragraph opened at the top level (fewer than 4 spaces: not indented code).
                lineNumber += 1
                line.start = start
                line.end = end
                line.emitted = false
                leaf = Leaf(kind: .paragraph)
                paragraph.reset()
                var block = MarkdownBlock(kind: .passage, start: start)
                block.passageKind = .paragraph
                paragraph.block = emit(block)
                appendParagraphLine(b, i)
                previousLineBlank = false
                ending = .paragraph
                endingFence = nil
                return true
            }
            return false
        }
        return itemLine(b, start: start, end: end, markerStart: i)
    }

    /// Letters and the bytes of non-ASCII characters: no block starts with one.
    @inline(__always)
    static func isPlain(_ c: UInt8) -> Bool { c >= 0x80 || (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    /// A line of spaces only (or empty), while no leaf or a paragraph is open. `processLine`
    /// matches a list always, an item when the line is indented to its content or the item has
    /// a child, a quote never (no `>`); opens nothing (its checks all need a character, and the
    /// checkbox check needs an item opened on this line); closes the leaf (a blank line does not
    /// continue a paragraph) and the containers that did not match.
    private mutating func blankLine(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        var indent = end - start
        var keep = 1
        let count = containers.count
        while keep < count {
            let kind = containers[keep].kind
            if kind == .item {
                let need = Int(containers[keep].contentIndent)
                if indent >= need {
                    indent -= need
                } else if containers[keep].hasChild {
                    indent = 0
                } else {
                    break
                }
            } else if kind != .list {
                break
            }
            keep += 1
        }
        lineNumber += 1
        line.start = start
        line.end = end
        line.emitted = false
        closeLeaf(b)
        closeContainers(keeping: keep)
        if result.blocks.isEmpty && containers.count == 1 { emit(.blank, start: start) }
        previousLineBlank = true
        return true
    }

    /// A list item: spaces, a marker (`-`, `*`, `+`, or up to nine digits and `.` or `)`), one to
    /// four spaces, then a letter, a non-ASCII byte or `[` (a checkbox or text), while no leaf or a
    /// paragraph is open, no quote is to be matched and the item is a row.
    ///
    /// `processLine` matches the open containers (a list always, an item when the line is indented
    /// to its content, a quote never: the line has no `>`); with less than 4 columns left, the
    /// marker is neither a thematic break nor a setext underline (text that is not the marker
    /// follows it) and opens an item, interrupting a paragraph unless it is an ordered marker
    /// other than 1 (left to `processLine`); the item's content starts after the spaces (1 to 4);
    /// at the text nothing opens, so the checkbox check runs and the text opens a paragraph in
    /// the item (unless only spaces follow the checkbox).
    private mutating func itemLine(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int, markerStart i: Int) -> Bool {
        let c = b[i]
        var j = i
        var number = 0
        let ordered: Bool
        let markerChar: UInt8
        if c == 0x2D || c == 0x2A || c == 0x2B {
            j += 1
            ordered = false
            markerChar = c
        } else if c >= 0x30 && c <= 0x39 {
            while j < end && j - i < 9 && b[j] >= 0x30 && b[j] <= 0x39 {
                number = number * 10 + Int(b[j] - 0x30)
                j += 1
            }
            guard j < end, b[j] == 0x2E || b[j] == 0x29 else { return false }
            markerChar = b[j]
            j += 1
            ordered = true
        } else {
            return false
        }
        var k = j
        while k < end && b[k] == 0x20 { k += 1 }
        let spaces = k - j
        guard spaces >= 1 && spaces <= 4 && k < end && (Self.isPlain(b[k]) || b[k] == 0x5B) else { return false }

        // 1. The open containers the line continues.
        let hasLeaf = leaf != nil
        let count = containers.count
        let shape = containers.withOpen { c -> (indent: Int, cont: Int, parent: Int, continues: Bool)? in
            var indent = i - start
            var matched = 1
            while matched < count {
                let kind = c[matched].kind
                if kind == .item {
                    let need = Int(c[matched].contentIndent)
                    guard indent >= need else { break }
                    indent -= need
                } else if kind != .list {
                    break
                }
                matched += 1
            }
            guard indent < 4 else { return nil }
            let contIsParagraph = matched == count && hasLeaf
            if contIsParagraph && ordered && number != 1 { return nil }
            let cont = matched - 1

            // `addItem`, for a line that opens nothing before the item: the item continues the
            // list at `cont` (same kind of marker, no paragraph to interrupt), or a new list opens
            // in the container at `cont` (a list there closes: lists hold only items). The item
            // must be a row (outside quotes, nested less than 254 deep, its marker less than
            // 64 KiB into the line).
            let continues = !contIsParagraph && c[cont].kind == .list && c[cont].ordered == ordered
                && c[cont].markerChar == markerChar
            let parent = continues || c[cont].kind != .list ? cont : cont - 1
            let listIsRow = continues ? c[cont].row
                : c[parent].kind == .document || (c[parent].kind == .item && c[parent].row && c[parent].depth < 254)
            guard listIsRow && i - start <= Int(UInt16.max) else { return nil }
            return (indent, cont, parent, continues)
        }
        guard let (indent, cont, parent, continues) = shape else { return false }

        // 2. Open the item (and its list).
        lineNumber += 1
        line.start = start
        line.end = end
        let index = result.blocks.count
        let hasText: Bool
        var text = k
        if b[k] == 0x5B && k + 3 < end && (b[k + 1] == 0x20 || b[k + 1] == 0x78 || b[k + 1] == 0x58) && b[k + 2] == 0x5D
            && isTaskSpace(b[k + 3]) {
            // A checkbox; the text starts after it and the spaces or tabs after those.
            text = k + 3
            while text < end && isSpaceOrTab(b[text]) { text += 1 }
        }
        hasText = text < end
        closeLeaf(b)
        closeContainers(keeping: parent + 1)
        var item = Container(kind: .item)
        item.row = true
        item.ordered = ordered
        item.markerChar = markerChar
        item.contentIndent = UInt8(indent + j - i + spaces)
        item.startLine = lineNumber
        item.block = index
        // The text opens a paragraph in the item (step 3), its first child.
        item.hasChild = hasText
        let blankBefore = previousLineBlank
        let depth = containers.edit(room: 2) { c, count -> UInt8 in
            if continues {
                if blankBefore && c[cont].hasItems { c[cont].loose = true }
                c[cont].hasItems = true
                if c[cont].block < 0 { c[cont].block = index }
                item.depth = c[cont].depth
            } else {
                var list = Container(kind: .list)
                list.row = true
                list.ordered = ordered
                list.markerChar = markerChar
                list.hasItems = true
                list.block = index
                if c[parent].kind == .item {
                    // `noteChild(of: parent, isList: true)`: a row item (so nested less than 254
                    // deep) whose last child is now a list of rows.
                    if blankBefore && c[parent].hasChild { c[parent - 1].loose = true }
                    c[parent].listLast = true
                    c[parent].hasChild = true
                    list.depth = c[parent].depth + 1
                }
                item.depth = list.depth
                c[count] = list
                count += 1
            }
            c[count] = item
            count += 1
            return item.depth
        }
        var block = MarkdownBlock(kind: .item, start: start)
        block.level = depth
        block.markerDelta = UInt16(i - start)
        block.marker = ordered ? .ordered(number: number, delimiter: markerChar) : .bullet(markerChar)
        block.setMarkerWidth(j - i)
        block.startsList = !continues
        if text > k { block.setCheckbox(checked: b[k + 1] != 0x20, paddingBytes: spaces) }
        block.word1 = UInt32(truncatingIfNeeded: text)
        block.word2 = UInt32(truncatingIfNeeded: end)
        emit(block)
        if hasText {
            leaf = Leaf(kind: .paragraph)
            paragraph.reset()
            appendParagraphLine(b, text)
            ending = .paragraph
        } else {
            ending = .closed
        }
        endingFence = nil
        previousLineBlank = false
        return true
    }
}
