/// One line through CommonMark's block phase: match the open blocks, open new ones, add the text
/// (the steps and their order follow `cmark-gfm`'s `blocks.c`, which is the reference).
extension MarkdownScanner {
    mutating func processLine(_ b: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        line = Line(start: start, end: end, offset: start, firstNonspace: start)
        if lineNumber == 0 && end - start >= 3 && b[start] == 0xEF && b[start + 1] == 0xBB && b[start + 2] == 0xBF {
            line.offset += 3
            line.firstNonspace = line.offset
        }
        let textStart = line.offset
        lineNumber += 1
        itemsOnLine = 0..<0
        checkboxEnd = nil

        // 1. Which open blocks does the line continue?
        var matched = 1
        var allMatched = true
        var i = 1
        while i < containers.count {
            findFirstNonspace(b)
            let ok: Bool
            switch containers[i].kind {
            case .quote: ok = matchQuote(b)
            case .item: ok = matchItem(b, i)
            case .list, .document: ok = true
            }
            if !ok { allMatched = false; break }
            i += 1
            matched = i
        }
        var leafMatched = false
        if allMatched, let open = leaf {
            findFirstNonspace(b)
            switch open.kind {
            case .fencedCode:
                if line.indent <= 3 && peek(b, line.firstNonspace) == open.fenceChar,
                   let n = closingFence(b, line.firstNonspace), n >= open.fenceLength {
                    // The closing fence: the line belongs to the code block, which ends here.
                    closeLeaf(b)
                    finishLine(b, blank: false)
                    return
                }
                var skip = open.fenceOffset
                while skip > 0 && isSpaceOrTab(peek(b, line.offset)) {
                    advance(b, 1, columns: true)
                    skip -= 1
                }
                leafMatched = true
            case .indentedCode:
                if line.indent >= 4 {
                    advance(b, 4, columns: true)
                    leafMatched = true
                } else if line.blank {
                    advance(b, line.firstNonspace - line.offset, columns: false)
                    leafMatched = true
                }
            case .html: leafMatched = open.htmlType <= 5 || !line.blank
            case .paragraph: leafMatched = !line.blank
            case .table: leafMatched = tableRowColumns(b, from: line.firstNonspace) > 0
            }
            if !leafMatched { allMatched = false }
        }

        // 2. Open new blocks.
        var cont = matched - 1
        var contIsLeaf = leafMatched
        var maybeLazy = leaf?.kind == .paragraph
        var opened = false
        var handled = false
        while !(contIsLeaf && (leaf?.kind == .fencedCode || leaf?.kind == .indentedCode || leaf?.kind == .html)) {
            findFirstNonspace(b)
            let fns = line.firstNonspace
            let indented = line.indent >= 4
            let c = peek(b, fns)
            let contIsParagraph = contIsLeaf && leaf?.kind == .paragraph
            if !indented && c == 0x3E {  // >
                advance(b, fns + 1 - line.offset, columns: false)
                if isSpaceOrTab(peek(b, line.offset)) { advance(b, 1, columns: true) }
                cont = addContainer(b, .quote, to: cont, contIsLeaf: contIsLeaf, nodeStart: fns)
                contIsLeaf = false
                opened = true
            } else if !indented && c == 0x23, let n = atxHeadingStart(b, fns) {
                var level = 0
                while level < n && peek(b, fns + level) == 0x23 { level += 1 }
                advance(b, fns + n - line.offset, columns: false)
                addHeading(b, level: level, to: cont, contIsLeaf: contIsLeaf, nodeStart: fns)
                opened = true
                handled = true
                break
            } else if !indented && (c == 0x60 || c == 0x7E), let n = openingFence(b, fns) {
                let fenceOffset = fns - line.offset
                addLeaf(b, Leaf(kind: .fencedCode, fenceChar: c, fenceLength: n, fenceOffset: fenceOffset),
                        to: cont, contIsLeaf: contIsLeaf, nodeStart: fns)
                advance(b, fns + n - line.offset, columns: false)
                contIsLeaf = true
                opened = true
            } else if !indented && c == 0x3C, let t = htmlBlockStart(b, fns, allowKind7: !contIsParagraph) {
                addLeaf(b, Leaf(kind: .html, htmlType: t), to: cont, contIsLeaf: contIsLeaf, nodeStart: fns)
                contIsLeaf = true
                opened = true
            } else if !indented && contIsParagraph && (c == 0x3D || c == 0x2D), let level = setextUnderline(b, fns) {
                if setextHeading(b, level: level) {
                    advance(b, line.end - line.offset, columns: false)
                    handled = true
                }
                break
            } else if !indented && (c == 0x2A || c == 0x2D || c == 0x5F) && !(contIsParagraph && !allMatched) && thematicBreak(b, fns) {
                addThematicBreak(b, to: cont, contIsLeaf: contIsLeaf, nodeStart: fns)
                advance(b, line.end - line.offset, columns: false)
                opened = true
                handled = true
                break
            } else if line.indent < 4 && (c == 0x2A || c == 0x2D || c == 0x2B || (c >= 0x30 && c <= 0x39)),
                      let m = listMarker(b, fns, interruptsParagraph: contIsParagraph) {
                let markerIndent = line.indent
                advance(b, fns + m.width - line.offset, columns: false)
                let saved = (line.offset, line.column, line.partiallyConsumedTab)
                while line.column - saved.1 <= 5 && isSpaceOrTab(peek(b, line.offset)) {
                    advance(b, 1, columns: true)
                }
                let spaces = line.column - saved.1
                let padding: Int
                if spaces >= 5 || spaces < 1 || isLineEnd(peek(b, line.offset)) {
                    padding = m.width + 1
                    (line.offset, line.column, line.partiallyConsumedTab) = saved
                    if spaces > 0 { advance(b, 1, columns: true) }
                } else {
                    padding = m.width + spaces
                }
                cont = addItem(b, m, markerStart: fns, markerIndent: markerIndent, padding: padding,
                               to: cont, contIsLeaf: contIsLeaf)
                contIsLeaf = false
                opened = true
            } else if indented && !maybeLazy && !line.blank {
                advance(b, 4, columns: true)
                addLeaf(b, Leaf(kind: .indentedCode), to: cont, contIsLeaf: contIsLeaf, nodeStart: line.offset)
                contIsLeaf = true
                opened = true
            } else {
                // GitHub's extensions: a table under a paragraph, a table's rows, a task checkbox.
                if !indented && contIsParagraph {
                    if tableHeader(b) {
                        advance(b, line.end - line.offset, columns: false)
                        handled = true
                    }
                } else if !indented && contIsLeaf && leaf?.kind == .table {
                    if !line.blank { handled = true }
                } else if !contIsLeaf && containers[cont].kind == .item {
                    taskCheckbox(b, item: cont)
                }
                break
            }
            if contIsLeaf && leaf?.kind == .paragraph { break }
            maybeLazy = false
        }

        // 3. Add the rest of the line to the innermost block.
        if !handled {
            findFirstNonspace(b)
            if !opened && !leafMatched && leaf?.kind == .paragraph && !line.blank {
                // A lazy continuation line.
                appendParagraphLine(b, line.firstNonspace)
            } else {
                if !contIsLeaf {
                    closeLeaf(b)
                    closeContainers(keeping: cont + 1)
                }
                if contIsLeaf, let current = leaf {   // (the line continues the open leaf)
                    switch current.kind {
                    case .html:
                        if htmlBlockEnds(b, type: current.htmlType, from: line.firstNonspace) { closeLeaf(b) }
                    case .paragraph:
                        appendParagraphLine(b, line.firstNonspace)
                    case .fencedCode, .indentedCode, .table: break
                    }
                } else if !line.blank {
                    let fns = line.firstNonspace
                    addLeaf(b, Leaf(kind: .paragraph), to: cont, contIsLeaf: false, nodeStart: fns)
                    startParagraph(b, fns)
                }
            }
        }
        var whitespace = textStart
        while whitespace < line.end && isSpaceOrTab(b[whitespace]) { whitespace += 1 }
        finishLine(b, blank: whitespace == line.end)
    }

    /// The line is done: record the first-line text of the items opened on it, blank-line facts
    /// and how the current block ends. `blank`: the line holds only spaces and tabs.
    mutating func finishLine(_ b: UnsafeBufferPointer<UInt8>, blank: Bool) {
        for index in itemsOnLine {
            if index + 1 < itemsOnLine.upperBound {
                let next = Int(result.blocks[index + 1].start)
                setText(index, next..<next)
            } else {
                var from = checkboxEnd ?? (result.blocks[index].markerOffset + result.blocks[index].markerWidth)
                while from < line.end && isSpaceOrTab(b[from]) { from += 1 }
                setText(index, from..<max(from, line.end))
            }
        }
        if result.blocks.isEmpty && blank && containers.count == 1 && leaf == nil {
            emit(.blank, start: line.start)
        }
        let inFence = leaf.map { $0.kind == .fencedCode || ($0.kind == .html && $0.htmlType <= 5) } ?? false
        previousLineBlank = blank && !inFence
        if !blank && !result.blocks.isEmpty { noteEnding() }
    }

    private mutating func setText(_ index: Int, _ range: Range<Int>) {
        result.blocks[index].word1 = UInt32(truncatingIfNeeded: range.lowerBound)
        result.blocks[index].word2 = UInt32(truncatingIfNeeded: range.upperBound)
    }

    /// How the last block ends after this non-blank line.
    private mutating func noteEnding() {
        endingFence = nil
        guard let open = leaf else { ending = .closed; return }
        let inQuote = containers.last.inQuote
        switch open.kind {
        case .paragraph: ending = .paragraph
        case .table: ending = inQuote ? .closed : .paragraph
        case .indentedCode: ending = .closed
        case .html: ending = inQuote ? .closed : open.htmlType >= 6 ? .htmlUntilBlank : .unclosed
        case .fencedCode:
            ending = inQuote ? .closed : .unclosed
            if !inQuote { endingFence = .init(character: open.fenceChar, length: open.fenceLength) }
        }
    }

    // MARK: matching open containers

    private mutating func matchQuote(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.indent <= 3 && peek(b, line.firstNonspace) == 0x3E else { return false }
        advance(b, line.indent + 1, columns: true)
        if isSpaceOrTab(peek(b, line.offset)) { advance(b, 1, columns: true) }
        return true
    }

    private mutating func matchItem(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let need = Int(containers[i].contentIndent)
        if line.indent >= need {
            advance(b, need, columns: true)
            return true
        }
        if line.blank && containers[i].hasChild {
            advance(b, line.firstNonspace - line.offset, columns: false)
            return true
        }
        return false
    }

    // MARK: position within the line (CommonMark's offset, column and tab handling)

    /// The byte at `i`, a line feed at the line's end, and 0 past it.
    @inline(__always)
    func peek(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 {
        i < line.end ? b[i] : i == line.end ? 0x0A : 0
    }

    mutating func findFirstNonspace(_ b: UnsafeBufferPointer<UInt8>) {
        if line.firstNonspace <= line.offset {
            var i = line.offset
            var column = line.column
            var toTab = 4 - column % 4
            while i < line.end {
                let c = b[i]
                if c == 0x20 {
                    i += 1
                    column += 1
                    toTab -= 1
                    if toTab == 0 { toTab = 4 }
                } else if c == 0x09 {
                    i += 1
                    column += toTab
                    toTab = 4
                } else {
                    break
                }
            }
            line.firstNonspace = i
            line.firstNonspaceColumn = column
        }
        line.indent = line.firstNonspaceColumn - line.column
        line.blank = line.firstNonspace >= line.end
    }

    /// Moves `count` bytes, or `count` columns (a tab may be consumed partly).
    mutating func advance(_ b: UnsafeBufferPointer<UInt8>, _ count: Int, columns: Bool) {
        var count = count
        while count > 0 && peek(b, line.offset) != 0 {
            if peek(b, line.offset) == 0x09 {
                let toTab = 4 - line.column % 4
                if columns {
                    line.partiallyConsumedTab = toTab > count
                    let step = min(count, toTab)
                    line.column += step
                    line.offset += line.partiallyConsumedTab ? 0 : 1
                    count -= step
                } else {
                    line.partiallyConsumedTab = false
                    line.column += toTab
                    line.offset += 1
                    count -= 1
                }
            } else {
                line.partiallyConsumedTab = false
                line.offset += 1
                line.column += 1
                count -= 1
            }
        }
    }

    @inline(__always) func isSpaceOrTab(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
    @inline(__always) func isLineEnd(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
}
