/// Opening and closing blocks, and the blocks of the scan they become: a top-level block is a
/// passage or a heading, a list item outside block quotes is an item, and what an item gets after
/// a nested list is its tail.
extension MarkdownScanner {
    /// Closes the leaf and the containers above `cont`, then containers that cannot hold a child
    /// (lists hold only items). Returns the parent's index.
    private mutating func prepare(_ b: UnsafeBufferPointer<UInt8>, to cont: Int) -> Int {
        closeLeaf(b)
        // Lists hold only items, so a list's parent is never a list.
        closeContainers(keeping: containers[cont].kind == .list ? cont : cont + 1)
        return containers.count - 1
    }

    /// Bookkeeping for a new child of container `p`; returns whether the child is a top-level
    /// block.
    private mutating func noteChild(of p: Int, isList: Bool) -> Bool {
        switch containers[p].kind {
        case .document: return true
        case .item:
            if containers[p].hasChild && previousLineBlank { containers[p - 1].loose = true }
            if containers[p].row && containers[p].listLast && !isList {
                let tail = emit(.tail, start: line.start)
                result.blocks[tail].word1 = UInt32(containers[p].block)
            }
            containers[p].listLast = isList && containers[p].row && containers[p].depth < 254
            containers[p].hasChild = true
            return false
        case .quote, .list: return false
        }
    }

    @discardableResult
    mutating func addContainer(_ b: UnsafeBufferPointer<UInt8>, _ kind: Container.Kind, to cont: Int,
                               contIsLeaf: Bool, nodeStart: Int) -> Int {
        let p = prepare(b, to: cont)
        let top = noteChild(of: p, isList: false)
        var quote = Container(kind: kind)
        quote.inQuote = true
        containers.append(quote)
        if top {
            let i = emit(.passage, start: blockStart(nodeStart))
            result.blocks[i].passageKind = .blockQuote
        }
        return containers.count - 1
    }

    /// Opens a list item (and its list when the item does not continue the open one).
    mutating func addItem(_ b: UnsafeBufferPointer<UInt8>, _ m: ListMarker, markerStart: Int, markerIndent: Int,
                          padding: Int, to cont: Int, contIsLeaf: Bool) -> Int {
        var newList = true
        if !contIsLeaf && containers[cont].kind == .list && containers[cont].ordered == m.ordered
            && containers[cont].markerChar == m.char {
            closeLeaf(b)
            closeContainers(keeping: cont + 1)
            if containers[cont].hasItems && previousLineBlank { containers[cont].loose = true }
            newList = false
        } else {
            let p = prepare(b, to: cont)
            _ = noteChild(of: p, isList: true)
            let parent = containers[p]
            var list = Container(kind: .list)
            list.inQuote = parent.inQuote
            list.row = !parent.inQuote && (parent.kind == .document || (parent.kind == .item && parent.row && parent.depth < 254))
            list.ordered = m.ordered
            list.markerChar = m.char
            list.depth = parent.kind == .item ? parent.childDepth : 0
            containers.append(list)
        }
        let l = containers.count - 1
        var item = Container(kind: .item)
        item.inQuote = containers[l].inQuote
        item.depth = containers[l].depth
        item.ordered = m.ordered
        item.markerChar = m.char
        item.contentIndent = UInt8(markerIndent + padding)
        item.startLine = lineNumber
        let start = blockStart(markerStart)
        item.row = containers[l].row && markerStart - start <= Int(UInt16.max)
        if item.row {
            var block = MarkdownBlock(kind: .item, start: start)
            block.level = UInt8(item.depth)
            block.markerDelta = UInt16(markerStart - start)
            block.marker = m.ordered ? .ordered(number: m.number, delimiter: m.char) : .bullet(m.char)
            block.setMarkerWidth(m.width)
            block.startsList = newList
            let i = emit(block)
            item.block = i
            if containers[l].block < 0 { containers[l].block = i }
            assert(itemsOnLine.isEmpty || itemsOnLine.upperBound == i, "items opened on one line are consecutive blocks")
            itemsOnLine = (itemsOnLine.isEmpty ? i : itemsOnLine.lowerBound)..<(i + 1)
        }
        containers[l].hasItems = true
        containers.append(item)
        return containers.count - 1
    }

    mutating func addLeaf(_ b: UnsafeBufferPointer<UInt8>, _ new: Leaf, to cont: Int, contIsLeaf: Bool, nodeStart: Int) {
        let p = prepare(b, to: cont)
        let top = noteChild(of: p, isList: false)
        leaf = new
        if new.kind == .paragraph { paragraph.reset() }
        guard top else { return }
        let i = emit(.passage, start: blockStart(nodeStart))
        switch new.kind {
        case .paragraph:
            result.blocks[i].passageKind = .paragraph
            paragraph.block = i
        case .fencedCode: result.blocks[i].passageKind = .fencedCode
        case .indentedCode: result.blocks[i].passageKind = .indentedCode
        case .html: result.blocks[i].passageKind = .html
        case .table: result.blocks[i].passageKind = .table
        }
    }

    /// An ATX heading, whole on this line (the offset is past its `#`s and the spaces after them).
    mutating func addHeading(_ b: UnsafeBufferPointer<UInt8>, level: Int, to cont: Int, contIsLeaf: Bool, nodeStart: Int) {
        let p = prepare(b, to: cont)
        guard noteChild(of: p, isList: false) else { return }
        // The title: from the first non-space to before the closing sequence, as cmark chops it.
        var from = min(line.offset, line.end)
        while from < line.end && isSpaceOrTab(b[from]) { from += 1 }
        var end = line.end
        while end > line.start && isCmarkSpace(b[end - 1]) { end -= 1 }
        var n = end - 1
        while n >= line.start && b[n] == 0x23 { n -= 1 }
        if n != end - 1 && n >= line.start && isSpaceOrTab(b[n]) {
            end = n
            while end > line.start && isCmarkSpace(b[end - 1]) { end -= 1 }
        }
        let i = emit(.heading, start: blockStart(nodeStart))
        result.blocks[i].level = UInt8(level)
        result.blocks[i].headingStyle = .atx
        result.blocks[i].word1 = UInt32(from)
        result.blocks[i].word2 = UInt32(max(from, end))
    }

    mutating func addThematicBreak(_ b: UnsafeBufferPointer<UInt8>, to cont: Int, contIsLeaf: Bool, nodeStart: Int) {
        let p = prepare(b, to: cont)
        guard noteChild(of: p, isList: false) else { return }
        let i = emit(.passage, start: blockStart(nodeStart))
        result.blocks[i].passageKind = .thematicBreak
    }

    @inline(__always)
    mutating func closeLeaf(_ b: UnsafeBufferPointer<UInt8>) {
        guard let open = leaf else { return }
        if open.kind == .paragraph && paragraph.mayHaveDefinitions { closeDefinitions(b) }
        leaf = nil
    }

    /// The open paragraph may open with link reference definitions: reads them as it closes.
    @inline(never)
    private mutating func closeDefinitions(_ b: UnsafeBufferPointer<UInt8>) {
        let total = paragraph.lineCount
        let consumed = resolveDefinitions(b)
        if consumed > 0 && consumed == total && paragraph.block >= 0
            && result.blocks[paragraph.block].kind == .passage {
            result.blocks[paragraph.block].passageKind = .linkReferences
        }
    }

    mutating func closeContainer() {
        closeContainers(keeping: containers.count - 1)
    }

    /// Closes the containers above the first `count`: a loose list of rows marks its first item.
    @inline(__always)
    mutating func closeContainers(keeping count: Int) {
        let n = containers.count
        guard n > count else { return }
        for i in count..<n {
            let c = containers[i]
            if c.kind == .list && c.row && c.loose && c.block >= 0 { result.blocks[c.block].looseList = true }
        }
        containers.truncate(to: count)
    }

    // MARK: paragraphs

    mutating func startParagraph(_ b: UnsafeBufferPointer<UInt8>, _ from: Int) {
        appendParagraphLine(b, from)
    }

    @inline(__always)
    mutating func appendParagraphLine(_ b: UnsafeBufferPointer<UInt8>, _ from: Int) {
        let entry = (lineStart: line.start, content: from..<max(from, line.end))
        if paragraph.lineCount == 0 {
            paragraph.first = entry
            paragraph.mayHaveDefinitions = from < line.end && b[from] == 0x5B  // [
        }
        paragraph.last = entry
        paragraph.lineCount += 1
        if paragraph.mayHaveDefinitions { paragraph.lines.append(entry) }
    }

    /// Reads the link reference definitions that open the paragraph, records them, and drops their
    /// lines from it. Returns how many lines they took.
    mutating func resolveDefinitions(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        guard paragraph.mayHaveDefinitions, !paragraph.lines.isEmpty else { return 0 }
        var content: [UInt8] = []
        for entry in paragraph.lines {
            content.append(contentsOf: b[entry.content])
            content.append(0x0A)
        }
        let (consumed, definitions) = MarkdownLinkReference.parseDefinitions(content)
        guard consumed > 0 else { return 0 }
        for (label, reference) in definitions where result.linkReferences[label] == nil {
            result.linkReferences[label] = reference
            result.linkReferencesVersion += 1
        }
        let lines = content[..<consumed].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        paragraph.lines.removeFirst(lines)
        paragraph.lineCount -= lines
        if let next = paragraph.lines.first {
            paragraph.first = next
        } else {
            paragraph.mayHaveDefinitions = false
        }
        return lines
    }

    /// A setext underline under the open paragraph: it becomes a heading unless only link
    /// reference definitions were in it. Returns whether it did.
    mutating func setextHeading(_ b: UnsafeBufferPointer<UInt8>, level: Int) -> Bool {
        let defined = resolveDefinitions(b)
        if paragraph.lineCount == 0 {
            // Only definitions: the paragraph goes on, starting with this line.
            paragraph.mayHaveDefinitions = false
            paragraph.lines = []
            return false
        }
        if paragraph.block >= 0 {
            var end = paragraph.last.content.upperBound
            let from = paragraph.first.content.lowerBound
            while end > from && isSpaceOrTab(b[end - 1]) { end -= 1 }
            var i = paragraph.block
            if defined > 0 {
                result.blocks[i].passageKind = .linkReferences
                i = emit(.heading, start: paragraph.first.lineStart)
            } else {
                result.blocks[i].kind = .heading
                result.blocks[i].bits = 0
            }
            result.blocks[i].level = UInt8(level)
            result.blocks[i].headingStyle = .setext
            result.blocks[i].word1 = UInt32(from)
            result.blocks[i].word2 = UInt32(end)
        }
        leaf = nil
        paragraph.reset()
        return true
    }

    /// A delimiter row under the open paragraph whose last line has as many cells: a table (GFM).
    mutating func tableHeader(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard tableDelimiterRow(b, line.firstNonspace) else { return false }
        let delimiters = tableRowColumns(b, from: line.firstNonspace)
        let header = rowColumns(b, paragraph.last.content.lowerBound, paragraph.last.content.upperBound)
        guard header > 0 && header == delimiters else { return false }
        leaf?.kind = .table   // (the open paragraph's leaf)
        if paragraph.block >= 0 {
            if paragraph.lineCount > 1 {
                let i = emit(.passage, start: paragraph.last.lineStart)
                result.blocks[i].passageKind = .table
            } else {
                result.blocks[paragraph.block].passageKind = .table
            }
        }
        paragraph.reset()
        return true
    }

    /// GitHub's task list item: `[ ]`, `[x]` or `[X]` and a space right after the marker of an
    /// item opened first on this line (cmark-gfm matches its pattern from the line's start).
    mutating func taskCheckbox(_ b: UnsafeBufferPointer<UInt8>, item cont: Int) {
        let item = containers[cont]
        guard item.row, item.startLine == lineNumber, itemsOnLine == item.block..<(item.block + 1) else { return }
        let o = line.offset
        guard o + 3 < line.end, b[o] == 0x5B, b[o + 1] == 0x20 || b[o + 1] == 0x78 || b[o + 1] == 0x58,
              b[o + 2] == 0x5D, isTaskSpace(b[o + 3]) else { return }
        let markerEnd = result.blocks[item.block].markerOffset + result.blocks[item.block].markerWidth
        guard o > markerEnd, o - markerEnd <= 7, (markerEnd..<o).allSatisfy({ isTaskSpace(b[$0]) }) else { return }
        // (The byte-order mark is ignored here too; cmark-gfm reads no checkbox on its line.)
        var prefix = lineNumber == 1 && line.end - line.start >= 3 && b[line.start] == 0xEF && b[line.start + 1] == 0xBB
            && b[line.start + 2] == 0xBF ? line.start + 3 : line.start
        while prefix < result.blocks[item.block].markerOffset && isTaskSpace(b[prefix]) { prefix += 1 }
        guard prefix == result.blocks[item.block].markerOffset else { return }
        result.blocks[item.block].setCheckbox(checked: b[o + 1] != 0x20, paddingBytes: o - markerEnd)
        advance(b, 3, columns: false)
        checkboxEnd = line.offset
    }

    @inline(__always) func isTaskSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C }
}
