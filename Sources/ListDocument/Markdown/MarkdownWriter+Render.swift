/// Writing the units in order: headings, rows and tails, each followed by the blank lines its
/// neighbour needs.
extension MarkdownWriter {
    /// One piece of the output, in order: what it is and what its writing needs.
    enum Unit {
        /// The blank lines the file starts with (its block 0).
        case blank(block: Int)
        /// Section `section`'s heading: the file's (`.original`) or a new one.
        case heading(section: Int, MarkdownList.Heading)
        /// A passage of the file, row `row` of section `section`; or (`fromItem`) the last item
        /// or tail of a section copied as the file has it, seen as a passage (`boundary`: it
        /// stays closed, an open fence in it ends with it; `row` -1 there, found when an error
        /// names it).
        case passage(block: Int, section: Int, row: Int, fromItem: Bool = false)
        /// An item: the file's (`block`) or a new one (nil), laid out as `nested` says.
        case item(block: Int?, Nested)
        /// The text under nested items that belongs to an item above them (the file's block
        /// `block`); `nested` is its owner's.
        case tail(block: Int, Nested)
        /// Sections copied as the file has them, in one run.
        case verbatim(Run)
        /// Rows copied as the file has them inside a section laid out (`CopiedRows`), after row
        /// `run.row`; written as `verbatim` is.
        case rows(Run)

        /// An item (or a tail's owner) as laid out.
        struct Nested {
            var section: Int
            /// The row (a tail: its owner's).
            var row: Int
            /// The placed row (a tail: its owner's).
            var placed: Placed
            /// The content column of the top-level item above (lines indented this much after
            /// it belong to that item).
            var rootContentCol: Int
        }

        /// Blocks of the file copied as they are.
        struct Run {
            /// The first and last of its blocks.
            var blocks: ClosedRange<Int>
            /// The sections of the list they are (consecutive sections of the file, in its order,
            /// are copied as one run).
            var sections: ClosedRange<Int>
            /// `rows`: the row they follow.
            var row = 0
            /// `rows`: the rows of the section they are (the list's index space).
            var rows: Range<Int> = 0..<0
        }

        /// The kinds of unit, for comparing two.
        enum Kind { case blank, heading, item, passage, tail, verbatim, rows }

        var kind: Kind {
            switch self {
            case .blank: .blank
            case .heading: .heading
            case .passage: .passage
            case .item: .item
            case .tail: .tail
            case .verbatim: .verbatim
            case .rows: .rows
            }
        }

        /// The file's block it is (verbatim and rows: the first of their blocks); nil for a new
        /// heading or item.
        var block: Int? {
            switch self {
            case .blank(let b), .passage(let b, _, _, _), .tail(let b, _): b
            case .heading(_, .original(let b, _, _)): b
            case .heading: nil
            case .item(let b, _): b
            case .verbatim(let run), .rows(let run): run.blocks.lowerBound
            }
        }

        /// The section of the list it is in (verbatim: the first of its sections; blank: 0).
        var section: Int {
            switch self {
            case .blank: 0
            case .heading(let s, _), .passage(_, let s, _, _): s
            case .item(_, let n), .tail(_, let n): n.section
            case .verbatim(let run), .rows(let run): run.sections.lowerBound
            }
        }

        /// Its row in its section (a tail: its owner's; rows: the row before them); 0 for others.
        var row: Int {
            switch self {
            case .passage(_, _, let r, _): r
            case .item(_, let n), .tail(_, let n): n.row
            case .rows(let run): run.row
            case .blank, .heading, .verbatim: 0
            }
        }

        /// Items and tails: the placed row (a tail: its owner's).
        var placed: Placed? {
            switch self {
            case .item(_, let n), .tail(_, let n): n.placed
            default: nil
            }
        }

        /// Items: the level. Tails: the owner's. Others: 0.
        var level: Int { placed?.row.level ?? 0 }

        /// Items and tails: the content column of the top-level item above them; others 0.
        var rootContentCol: Int {
            switch self {
            case .item(_, let n), .tail(_, let n): n.rootContentCol
            default: 0
            }
        }

        /// Verbatim and rows: the blocks copied.
        var copied: Run? {
            switch self {
            case .verbatim(let run), .rows(let run): run
            default: nil
            }
        }

        /// The last item (or tail) of a copied section, seen as a passage.
        var verbatimItem: Bool {
            if case .passage(_, _, _, true) = self { return true }
            return false
        }

        var isItemLike: Bool { kind == .item || kind == .tail }
    }

    /// The bytes written, and where each section of the list went in them.
    struct Rendered {
        var bytes: [UInt8]
        /// Per section of the list: its first byte in `bytes` (-1 when nothing of it was
        /// written: an empty untitled section).
        var starts: [Int]
        /// Per section of the list: the original blocks it was copied from when it was copied
        /// as the file has it.
        var copied: [ClosedRange<Int>?]
        /// Runs of rows copied inside sections laid out (`CopiedRows`), in output order.
        var copiedRows: [CopiedRun] = []
    }

    /// Rows of a section laid out that were copied from the file as they stand (the inside of
    /// a `CopiedRows` run): the check need not scan them again (`checkedAroundCopiedRows`).
    struct CopiedRun {
        /// The section of the list, and its rows the run is (the list's index space).
        var section: Int
        var rows: Range<Int>
        /// The file's blocks copied.
        var blocks: ClosedRange<Int>
        /// Where they are in the output: the first block's start to the last one's content end.
        var output: Range<Int>
    }

    /// Units are made and written a section at a time (`Emission`), so what is held at once is
    /// one section's units and placed rows, not the whole file's (a batch that touches every
    /// section of a 10^6-row file held over a hundred bytes per row of them).
    ///
    /// - Parameter wholeSections: copy sections the list holds as the file has them in one
    ///   piece (off in tests, to write every unit).
    func render(_ list: MarkdownList, wholeSections: Bool = true) throws(DocumentError) -> Rendered {
        var emission = Emission(out: [], sectionStarts: Array(repeating: -1, count: list.sections.count))
        emission.out.reserveCapacity(file.count + 256)
        // The byte-order mark stays first whatever moves.
        emission.bom = Self.hasByteOrderMark(file)
        if emission.bom { emission.out += file[0..<3] }
        if let first = scan.blocks.first, first.kind == .blank { emission.add(.blank(block: 0)) }
        var copied = [ClosedRange<Int>?](repeating: nil, count: list.sections.count)
        for (s, section) in list.sections.enumerated() {
            let same = unchangedSections.flatMap { $0.count == list.sections.count ? $0[s] : nil } ?? unchanged(section)
            if wholeSections, let range = same {
                // A section as the file has it: its bytes as they are, in one run with the
                // section before when that one is the file's section before.
                copied[s] = range
                if case .verbatim(var run)? = emission.pending.last, run.blocks.upperBound + 1 == range.lowerBound {
                    run.blocks = run.blocks.lowerBound...range.upperBound
                    run.sections = run.sections.lowerBound...s
                    emission.pending[emission.pending.count - 1] = .verbatim(run)
                } else {
                    try write(&emission, copied: copied)
                    emission.add(.verbatim(Unit.Run(blocks: range, sections: s...s)))
                }
                continue
            }
            try write(&emission, copied: copied)
            if section.heading != .untitled { emission.add(.heading(section: s, section.heading)) }
            var copiedRows = wholeSections ? self.copiedRows(section) : nil
            var placed = layout(copiedRows?.rows ?? section.rows, heading: section.heading, afterCopied: copiedRows.map { $0.after.keys.map { $0 + 1 } } ?? [])
            if let runs = copiedRows, !runs.after.keys.allSatisfy({ placedAsInFile(placed[$0]) && placedAsInFile(placed[$0 + 1]) }) {
                // A run's first or last row is not placed as the file has it: all rows laid out.
                copiedRows = nil
                placed = layout(section.rows, heading: section.heading)
            }
            func root(_ k: Int) -> Int { placed[k].parent < 0 ? placed[k].contentCol : root(placed[k].parent) }
            for (k, p) in placed.enumerated() {
                if p.isItem {
                    emission.add(.item(block: p.row.block, .init(section: s, row: k, placed: p, rootContentCol: root(k))))
                } else if let b = p.row.block {
                    emission.add(.passage(block: b, section: s, row: k))
                } else {
                    preconditionFailure("a passage is a block of the file: new rows are items")
                }
                let tails = p.tailsAfter.count < 2 ? p.tailsAfter : p.tailsAfter.sorted {
                    (placed[$0.owner].row.level, -$0.tail) > (placed[$1.owner].row.level, -$1.tail)
                }
                for (owner, tail) in tails {
                    emission.add(.tail(block: tail, .init(section: s, row: owner, placed: placed[owner], rootContentCol: root(owner))))
                }
                if let run = copiedRows?.after[k] {
                    emission.add(.rows(Unit.Run(blocks: run, sections: s...s, row: k, rows: copiedRows?.skipped[k] ?? 0..<0)))
                }
            }
        }
        try write(&emission, copied: copied, last: true)
        finish(&emission.out)
        return Rendered(bytes: emission.out, starts: emission.sectionStarts, copied: copied, copiedRows: emission.copiedRows)
    }

    /// The writing of units in order, a few at a time: the units made but not yet written, the
    /// last one written before them (what a unit's writing looks back at), the bytes so far.
    struct Emission {
        var out: [UInt8]
        /// Per section of the list: where its bytes start (see `Rendered.starts`).
        var sectionStarts: [Int]
        var bom = false
        /// The last unit written (`written` true) and the units after it, not yet written.
        var pending: [Unit] = []
        var written = false
        /// The last unit written continues the line of the one before it.
        var lastContinues = false
        /// Items still open (their level and content column), to check that a tail stays out
        /// of the items written above it.
        var open: [(level: Int, contentCol: Int, unit: Unit)] = []
        /// A run of rows written as the file has them, neighbours in the file: copied in one
        /// append when it ends (from `runStart` in the file), not row by row.
        var runStart: Int?
        /// The `.rows` units written so far, where they went.
        var copiedRows: [CopiedRun] = []

        mutating func add(_ unit: Unit) { pending.append(unit) }
    }

    /// Writes the pending units but the last (the next unit decides what follows it); with
    /// `last`, all of them, then the file's end.
    private func write(_ e: inout Emission, copied: [ClosedRange<Int>?], last: Bool = false) throws(DocumentError) {
        let first = e.written ? 1 : 0
        let end = last ? e.pending.count : e.pending.count - 1
        guard first < end else { return }
        // An item written on the line of the item before it, as in the file (`- - a`).
        var continues = Array(repeating: false, count: e.pending.count)
        continues[0] = e.written && e.lastContinues
        for u in e.pending.indices.dropFirst() {
            let a = e.pending[u - 1], b = e.pending[u]
            if case .item(let above?, let n) = a, n.placed.continuesWithNext, case .item(let next?, _) = b, next == above + 1 { continues[u] = true }
        }
        var copyable = Array(repeating: false, count: e.pending.count)
        var isAltered = Array(repeating: false, count: e.pending.count)
        for u in e.pending.indices {
            isAltered[u] = altered(e.pending[u], continues[u])
            copyable[u] = isCopyable(e.pending[u], continues[u], altered: isAltered[u])
        }
        for u in first..<end {
            let unit = e.pending[u]
            let start: Int
            let continuing = continues[u]
            switch unit {
            case .item(_, let n):
                while let last = e.open.last, last.level >= unit.level { e.open.removeLast() }
                e.open.append((unit.level, n.placed.contentCol, unit))
            case .tail(let b, let n):
                if let inner = e.open.first(where: { $0.level > unit.level }), u > 0,
                   e.pending[u - 1].block.map({ $0 + 1 }) != b || isAltered[u - 1] {
                    let start = Int(scan.blocks[b].start)
                    var i = start
                    while i < file.count && (file[i] == 0x20 || file[i] == 0x09) { i += 1 }
                    let col = column(from: start, to: i) + n.placed.contentCol - itemGeometry(n.placed).contentCol
                    if col >= inner.contentCol {
                        throw error("\(describe(unit)) would become part of \(describe(inner.unit)): its indentation no longer fits there")
                    }
                }
                while let last = e.open.last, last.level > unit.level { e.open.removeLast() }
            default:
                e.open.removeAll()
            }
            if copyable[u], let b = unit.block {
                let from = Int(scan.blocks[b].start)
                // (The byte-order mark, written first, is not copied again.)
                let runStart = e.runStart ?? (e.bom && from == 0 ? 3 : from)
                start = e.out.count + from - runStart
                if u + 1 < e.pending.count, copyable[u + 1], e.pending[u + 1].block == b + 1, sameShape(unit, e.pending[u + 1]) {
                    e.runStart = runStart
                    mark(&e, unit, start: start, copied: copied)
                    continue  // the next row follows as in the file, with the file's blank lines
                }
                e.out.append(contentsOf: file[runStart..<split(b).content.upperBound])
                e.runStart = nil
            } else if let run = unit.copied {
                // Copied straight from the file, in one append.
                let from = Int(scan.blocks[run.blocks.lowerBound].start), to = split(run.blocks.upperBound).content.upperBound
                let skip = e.bom && from == 0 && to >= 3 ? 3 : 0
                start = e.out.count - skip
                e.out.append(contentsOf: file[(from + skip)..<to])
                if case .rows = unit, skip == 0 {
                    e.copiedRows.append(CopiedRun(section: run.sections.lowerBound, rows: run.rows, blocks: run.blocks,
                                                  output: start..<e.out.count))
                }
            } else {
                let bytes = try content(unit, continuingLine: continuing)
                let dropsMark = e.bom && unit.block == 0 && bytes.starts(with: file[0..<3])
                start = e.out.count - (dropsMark ? 3 : 0)
                e.out += dropsMark ? bytes.dropFirst(3) : bytes[...]
            }
            mark(&e, unit, start: start, copied: copied)
            if u + 1 < e.pending.count {
                let next = e.pending[u + 1]
                if continues[u + 1] { continue }
                if let last = e.out.last, last != 0x0A && last != 0x0D { e.out += newline }
                let x = boundary(unit, last: true), y = boundary(next, last: false)
                try checkNotTakenIn(x, y, altered: isAltered[u])
                e.out += try closing(x, y)
                e.out += separator(x, y, altered: isAltered[u] || isAltered[u + 1])
            } else if ownBlocks > 0 {
                // The file's end (its last block's blank lines) stays the file's.
                let last = ownBlocks - 1
                if boundary(unit, last: true).block == last {
                    e.out += trailing(boundary(unit, last: true))
                } else if scan.blocks[last].kind != .blank {
                    if let l = e.out.last, l != 0x0A && l != 0x0D { e.out += newline }
                    e.out += file[split(last).trailing]
                }
            }
        }
        // Keep the last unit written: the next one looks back at it.
        e.lastContinues = continues[end - 1]
        e.pending.removeFirst(end - 1)
        e.written = true
    }

    /// Records where `unit`'s bytes start (`start` in the output) as its section's start.
    private func mark(_ e: inout Emission, _ unit: Unit, start: Int, copied: [ClosedRange<Int>?]) {
        if case .verbatim(let run) = unit {
            // Each section of a run where its bytes are in it (the run is the file's bytes;
            // `render` set each one's blocks in `copied` before it added the run).
            let base = Int(scan.blocks[run.blocks.lowerBound].start)
            for s in run.sections {
                if let blocks = copied[s] { e.sectionStarts[s] = start + Int(scan.blocks[blocks.lowerBound].start) - base }
            }
        } else if unit.section < e.sectionStarts.count, e.sectionStarts[unit.section] < 0 {
            // (Leading blank lines of a file with no section at all belong to none.)
            e.sectionStarts[unit.section] = start
        }
    }

    /// The output's last line as the file's: without a line ending when the file has none at
    /// its end, with one otherwise.
    private func finish(_ out: inout [UInt8]) {
        let endsWithLine = ownLength > 0 && (file[ownLength - 1] == 0x0A || file[ownLength - 1] == 0x0D)
        if ownLength > 0 && !endsWithLine {
            if out.last == 0x0A { out.removeLast() }
            if out.last == 0x0D { out.removeLast() }
        } else if let last = out.last, last != 0x0A && last != 0x0D {
            out += newline
        }
    }

    // MARK: units

    /// A section written as the file has it, seen from the unit after it (as its last block)
    /// or before it (as its first block, a heading): separators treat it as that block. Its last
    /// item or tail is seen as a passage that stays closed (an open fence in it ends with it).
    private func boundary(_ unit: Unit, last: Bool) -> Unit {
        guard let run = unit.copied else { return unit }
        let b = last ? run.blocks.upperBound : run.blocks.lowerBound
        let block = scan.blocks[b], section = last ? run.sections.upperBound : run.sections.lowerBound
        if block.kind == .heading { return .heading(section: section, .original(block: b, title: nil, level: Int(block.level))) }
        // `row` -1: found when an error names it (`describe`).
        return .passage(block: b, section: section, row: last ? -1 : 0, fromItem: block.kind != .passage)
    }

    /// The blocks of a section exactly as the file has it (heading, rows, their order, levels,
    /// checkboxes and texts), or nil.
    ///
    /// - Complexity: O(blocks of the file's section).
    func unchanged(_ section: MarkdownList.Section) -> ClosedRange<Int>? {
        if let range = section.untouched { return range }
        var i: Int
        let heading: Int?
        switch section.heading {
        case .untitled:
            i = 0
            heading = nil
        case .original(let b, let title, let level):
            guard title == nil, b >= 0, b < scan.blocks.count, scan.blocks[b].kind == .heading, level == Int(scan.blocks[b].level) else { return nil }
            i = b + 1
            heading = b
        case .new:
            return nil
        }
        // The file's section runs to the next heading; its rows must be the section's.
        var r = 0
        var firstRow: Int?
        while i < scan.blocks.count && scan.blocks[i].kind != .heading {
            let block = scan.blocks[i]
            if block.kind == .item || block.kind == .passage {
                guard r < section.rows.count else { return nil }
                let row = section.rows[r]
                guard row.block == i, row.text == nil, row.paragraph == nil, row.checkbox == block.checkbox else { return nil }
                if block.kind == .item && row.level != Int(block.level) { return nil }
                if firstRow == nil { firstRow = i }
                r += 1
            }
            i += 1
        }
        guard r == section.rows.count else { return nil }
        let first = heading ?? firstRow ?? 0
        let last = i - 1
        guard first <= last, scan.blocks[first].kind != .blank else { return nil }
        return first...last
    }

    /// The geometry of the original item a placed row is (as `style` found it). Asked only of
    /// the file's items (a new item has no geometry in the file): `p.row.block` is set.
    private func itemGeometry(_ p: Placed) -> ItemGeometry { p.geometry ?? geometry(p.row.block!) }

    /// An original item whose first line must be written anew (marker, column, text or checkbox
    /// presence changed); a toggle alone does not.
    private func rewritesFirstLine(_ unit: Unit) -> Bool {
        guard let b = unit.block, let p = unit.placed else { return true }
        let block = scan.blocks[b]
        let g = itemGeometry(p)
        if p.markerCol != g.markerCol || !p.marker.elementsEqual(file[block.markerOffset..<g.markerEnd]) { return true }
        if let text = p.row.text, text != MarkdownText.item(source: file[block.textRange]) { return true }
        return (block.checkbox == nil) != (p.row.checkbox == nil)
    }

    private func content(_ unit: Unit, continuingLine: Bool) throws(DocumentError) -> [UInt8] {
        switch unit {
        case .blank(let b):
            return Array(scan.bytes(of: b, in: file))
        case .verbatim(let run), .rows(let run):
            return Array(file[Int(scan.blocks[run.blocks.lowerBound].start)..<split(run.blocks.upperBound).content.upperBound])
        case .passage(let b, _, _, _):
            return Array(file[split(b).content])
        case .heading(_, let heading):
            return self.heading(heading)
        case .tail(let b, let n):
            let owner = n.placed
            return reindent(split(b).content, from: itemGeometry(owner).contentCol, to: owner.contentCol, tabs: owner.tabs)
        case .item(let b, let n):
            return try item(unit, n.placed, b, continuingLine: continuingLine)
        }
    }

    /// Item `unit`, placed as `p`, the file's block `b` or a new one (nil).
    private func item(_ unit: Unit, _ p: Placed, _ b: Int?, continuingLine: Bool) throws(DocumentError) -> [UInt8] {
        guard let b else {
            var line = indentation(p.markerCol, tabs: p.tabs) + p.marker
            var after: [UInt8] = []
            if let checked = p.row.checkbox { after += Array((checked ? "[x] " : "[ ] ").utf8) }
            after += MarkdownText.escapeItem(p.row.text ?? "")
            if !after.isEmpty { line += spaces(p.spacingCols) + after }
            line += newline
            for text in p.row.paragraph ?? [] {
                // Its first paragraph's later lines (a text holding line breaks).
                line += indentation(p.contentCol, tabs: p.tabs) + Self.escapeParagraphLine(text) + newline
            }
            if let lines = p.row.lines {
                // Its other lines, carried from the item it copies, at its content column.
                line += Self.reindent(lines.bytes, lines.bytes.indices, from: 0, to: p.contentCol, tabs: p.tabs)
            }
            return line
        }
        let block = scan.blocks[b]
        let g = itemGeometry(p)
        let content = split(b).content
        let firstEnd = min(g.firstLineNext, content.upperBound)
        try checkFirstLineChange(unit, g, content)
        var first: [UInt8]
        if !rewritesFirstLine(unit) && (continuingLine || !g.startsMidLine) && (!g.endsMidLine || p.continuesWithNext) {
            first = Array(file[content.lowerBound..<firstEnd])
            if let was = block.checkbox, let now = p.row.checkbox, was != now, let state = block.checkboxStateOffset {
                first[state - content.lowerBound] = now ? 0x78 : 0x20
            }
        } else {
            var after: [UInt8] = []
            if let checked = p.row.checkbox {
                if let state = block.checkboxStateOffset {
                    var box = Array(file[(state - 1)..<block.textRange.lowerBound])
                    box[1] = checked ? (file[state] == 0x58 ? 0x58 : 0x78) : 0x20
                    after += box
                } else {
                    after += Array((checked ? "[x] " : "[ ] ").utf8)
                }
            }
            let original = MarkdownText.item(source: file[block.textRange])
            if let text = p.row.text, text != original {
                after += MarkdownText.escapeItem(text)
            } else if block.checkbox != nil && p.row.checkbox == nil {
                // Without its checkbox the text opens the content: `1) x` would open a list.
                after += MarkdownText.escapeItem(original)
            } else if g.startsMidLine && !continuingLine && p.row.checkbox == nil && looksLikeCheckbox(file[block.textRange]) {
                // It opens a line now, where `[x] ` reads as a checkbox (`- - [x] a` had none).
                after += [0x5C] + file[block.textRange]
            } else {
                after += file[block.textRange]
            }
            // Where it stays at its column, its own indentation characters; else its list's.
            let own = g.startsMidLine || p.markerCol != g.markerCol ? nil : Array(file[g.lineStart..<block.markerOffset])
            first = (continuingLine ? [] : own ?? indentation(p.markerCol, tabs: p.tabs)) + p.marker
            if !after.isEmpty {
                let sameShape = p.markerCol == g.markerCol && p.marker.count == block.markerWidth && !g.spacing.isEmpty
                if p.row.checkbox != nil && g.spacingCols > 4 {
                    first += [0x20]  // a checkbox cannot open indented code
                } else {
                    first += sameShape ? Array(file[g.spacing]) : spaces(max(1, g.spacingCols))
                }
                first += after
            }
            if g.endsMidLine {
                // The item after it opens on this line (`- - a`), or the line ends here.
                first += p.continuesWithNext ? Array(file[g.spacing]) : lineEnding(at: g.firstLineEnd)
            } else {
                first += file[g.firstLineEnd..<firstEnd]
            }
        }
        if let paragraph = p.row.paragraph {
            // Its first paragraph given anew (a rename of a multi-line item): unchanged lines
            // keep their bytes, then the rest of its content as the file has it.
            let rest = contentReplacingParagraph(of: b, with: paragraph, from: firstEnd, to: max(firstEnd, content.upperBound),
                                                 contentCol: g.contentCol)
            if !rest.isEmpty, let last = first.last, last != 0x0A && last != 0x0D { first += newline }
            return first + Self.reindent(rest, rest.indices, from: g.contentCol, to: p.contentCol, tabs: p.tabs)
        }
        return first + reindent(firstEnd..<max(firstEnd, content.upperBound), from: g.contentCol, to: p.contentCol, tabs: p.tabs)
    }

    private func looksLikeCheckbox(_ t: ArraySlice<UInt8>) -> Bool {
        let t = Array(t)
        return t.count >= 4 && t[0] == 0x5B && (t[1] == 0x20 || t[1] == 0x78 || t[1] == 0x58) && t[2] == 0x5D
            && (t[3] == 0x20 || t[3] == 0x09 || t[3] == 0x0B || t[3] == 0x0C)
    }

    /// A new text or checkbox on a first line that opens a code block or an HTML block would
    /// turn the lines under it, which that block holds, into Markdown of their own.
    private func checkFirstLineChange(_ unit: Unit, _ g: ItemGeometry, _ content: Range<Int>) throws(DocumentError) {
        guard let b = unit.block, let p = unit.placed, content.upperBound > g.firstLineNext else { return }
        let block = scan.blocks[b]
        let original = MarkdownText.item(source: file[block.textRange])
        let changed = (p.row.text.map { $0 != original } ?? false) || (block.checkbox == nil) != (p.row.checkbox == nil)
        guard changed else { return }
        var source = Array(file[block.textRange])
        source.append(0x0A)
        let opens = source.withUnsafeBufferPointer { buffer -> Bool in
            var probe = MarkdownScanner()
            probe.line = .init(start: 0, end: source.count - 1, offset: 0, firstNonspace: 0)
            return !block.textRange.isEmpty && (probe.openingFence(buffer, 0) != nil || probe.htmlBlockStart(buffer, 0, allowKind7: true) != nil)
        }
        if opens || (g.spacingCols >= 5 && !block.textRange.isEmpty && block.checkbox == nil) {
            throw error("cannot change the first line of \(describe(unit)): it opens a code block or HTML block that the lines under it belong to")
        }
        // Emptied, it no longer starts the paragraph that its next line continues: that line
        // would start the paragraph, or open a list, a heading...
        if (p.row.text ?? original).isEmpty && !original.isEmpty {
            var i = g.firstLineNext
            while i < content.upperBound && (file[i] == 0x20 || file[i] == 0x09) { i += 1 }
            let (end, _) = lineEnd(from: i)
            let next = Array(file[i..<end])
            let lazy = column(from: g.firstLineNext, to: i) < g.contentCol
            if !next.isEmpty && (lazy || MarkdownText.escapeItem(next) != next) {
                throw error("cannot empty the first line of \(describe(unit)): the lines under it belong to its first paragraph and would read as something else")
            }
        }
    }

    /// Lines of `range` moved from content column `from` to `to`: a line indented at least `from`
    /// columns gets `to − from` more (its indentation written as spaces); a lazy continuation line
    /// (indented less) moves into the item; blank lines stay as they are. New indentation is
    /// written with tabs when `tabs` (see `indentation`).
    private func reindent(_ range: Range<Int>, from: Int, to: Int, tabs: Bool) -> [UInt8] {
        Self.reindent(file, range, from: from, to: to, tabs: tabs)
    }

    /// `reindent` over any bytes (`bytes[range]`).
    static func reindent(_ bytes: [UInt8], _ range: Range<Int>, from: Int, to: Int, tabs: Bool) -> [UInt8] {
        guard from != to else { return Array(bytes[range]) }
        var out: [UInt8] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let (end, next) = lineEnd(bytes, from: p)
            let stop = min(max(next, end), range.upperBound)
            var i = p
            var col = 0
            while i < end && (bytes[i] == 0x20 || bytes[i] == 0x09) {
                col = bytes[i] == 0x09 ? col + 4 - col % 4 : col + 1
                i += 1
            }
            if i < end && col >= from {
                out += indentation(col + to - from, tabs: tabs)
                out += bytes[i..<stop]
            } else if i < end {
                // A lazy continuation line: it continues a paragraph only because it opens
                // nothing where it stands. Written inside the item, it must still open nothing:
                // plain text can go at the content column, anything else four columns further.
                let c = bytes[i]
                let plain = c >= 0x80 || (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
                out += indentation(to + (plain ? 0 : 4), tabs: tabs)
                out += bytes[i..<stop]
            } else {
                out += bytes[p..<stop]
            }
            if stop == p { break }
            p = stop
        }
        return out
    }

    private func heading(_ heading: MarkdownList.Heading) -> [UInt8] {
        switch heading {
        case .untitled:
            return []
        case .new(let title, let level):
            let t = MarkdownText.escapeTitle(title)
            return hashes(level) + (t.isEmpty ? [] : [0x20] + t) + newline
        case .original(let b, let newTitle, let level):
            let block = scan.blocks[b]
            let content = split(b).content
            let oldTitle = titleText(b)
            let title = newTitle.map(MarkdownText.trimmedTitle).flatMap { $0 == oldTitle ? nil : $0 }
            if title == nil && level == Int(block.level) { return Array(file[content]) }
            let lineStart = content.lowerBound
            let (firstEnd, firstNext) = lineEnd(from: lineStart)
            if block.headingStyle == .atx {
                var hashStart = lineStart
                while file[hashStart] != 0x23 { hashStart += 1 }
                var hashEnd = hashStart
                while hashEnd < firstEnd && file[hashEnd] == 0x23 { hashEnd += 1 }
                let prefix = Array(file[lineStart..<hashStart])
                guard let title else { return prefix + hashes(level) + file[hashEnd..<content.upperBound] }
                let t = MarkdownText.escapeTitle(title)
                return prefix + hashes(level) + (t.isEmpty ? [] : [0x20] + t) + file[firstEnd..<max(firstEnd, firstNext)]
            }
            // Setext: the title lines, then the underline (its last line).
            var underline = content.upperBound
            if underline > lineStart && file[underline - 1] == 0x0A { underline -= 1 }
            if underline > lineStart && file[underline - 1] == 0x0D { underline -= 1 }
            underline = self.lineStart(before: underline)
            let t = title ?? oldTitle
            let plain = !t.isEmpty && MarkdownText.escapeItem(t) == Array(t.utf8) && MarkdownText.escapeTitle(t) == Array(t.utf8)
            guard level <= 2, plain || title == nil else {
                let e = MarkdownText.escapeTitle(t)
                return hashes(level) + (e.isEmpty ? [] : [0x20] + e) + lineEnding(at: underline)
            }
            var under = Array(file[underline..<content.upperBound])
            if level != Int(block.level) {
                for i in under.indices where under[i] == 0x3D || under[i] == 0x2D { under[i] = level == 1 ? 0x3D : 0x2D }
            }
            if let title {
                var indent = lineStart
                while file[indent] == 0x20 || file[indent] == 0x09 { indent += 1 }
                return Array(file[lineStart..<indent]) + Array(title.utf8) + lineEnding(at: lineStart) + under
            }
            return Array(file[lineStart..<underline]) + under
        }
    }

    private func hashes(_ level: Int) -> [UInt8] { Array(repeating: 0x23, count: level) }
    func spaces(_ n: Int) -> [UInt8] { Self.spaces(n) }

    static func spaces(_ n: Int) -> [UInt8] { Array(repeating: 0x20, count: max(0, n)) }

    func indentation(_ n: Int, tabs: Bool) -> [UInt8] { Self.indentation(n, tabs: tabs) }

    /// Indentation to column `n` from a line's start: spaces, or with `tabs` a tab per 4 columns
    /// and spaces for the rest (`\t\t  ` for 10), as a tab-indented list has it.
    static func indentation(_ n: Int, tabs: Bool) -> [UInt8] {
        guard tabs else { return spaces(n) }
        return Array(repeating: 0x09, count: max(0, n) / 4) + spaces(max(0, n) % 4)
    }

    /// A heading's title as the model holds it (see `MarkdownScan.title(of:in:)`).
    func titleText(_ b: Int) -> String { scan.title(of: b, in: file) }

    func titleText(_ b: Int, in bytes: [UInt8], _ s: MarkdownScan) -> String { s.title(of: b, in: bytes) }

    // MARK: between units

    /// How a unit's content ends (new items end with their text).
    private func ending(_ unit: Unit) -> MarkdownBlock.Ending {
        if let b = unit.block {
            let e = scan.blocks[b].ending
            if case .item(_, let n) = unit, e == .closed, rewritesFirstLine(unit),
               !(n.placed.row.text ?? MarkdownText.item(source: file[scan.blocks[b].textRange])).isEmpty {
                // A first line written anew with text may now be a paragraph.
                return .paragraph
            }
            return e
        }
        guard unit.kind == .item, let row = unit.placed?.row else { return .closed }
        if let lines = row.lines { return lines.ending }
        return row.text?.isEmpty == false ? .paragraph : .closed
    }

    private func trailing(_ unit: Unit) -> [UInt8] {
        guard let b = unit.block, unit.kind != .blank else { return [] }
        return trailing(block: b)
    }

    /// The blank lines after block `b` of the file.
    private func trailing(block b: Int) -> [UInt8] { Array(file[split(b).trailing]) }

    /// A fence left open at the end of `x` would swallow `y`: close it (an HTML block cannot be
    /// closed without changing it: an error).
    private func closing(_ x: Unit, _ y: Unit) throws(DocumentError) -> [UInt8] {
        guard let b = x.block, scan.blocks[b].ending == .unclosed, y.block != b + 1, !x.verbatimItem else { return [] }
        let affected: Bool
        switch x.kind {
        case .passage: affected = true
        case .item: affected = (y.kind == .item && y.level > x.level) || (y.kind == .tail && y.row == x.row)
        case .tail: affected = (y.kind == .item && y.level > x.level) || (y.kind == .tail && y.row == x.row)
        default: affected = false
        }
        guard affected else { return [] }
        guard let fence = scan.unclosedFences[b] else {
            throw error("\(describe(y)) cannot follow \(describe(x)): that ends inside an HTML block that never closes, which would take it in")
        }
        let column = x.placed?.contentCol ?? 0   // (a passage: 0; the others are items and tails)
        return indentation(column, tabs: x.placed?.tabs ?? false) + Array(repeating: fence.character, count: fence.length) + newline
    }

    /// A passage or heading indented as deep as the content of the list above it would be read as
    /// part of that list's last item (indented code after a list, `  para` after `- a`).
    private func checkNotTakenIn(_ x: Unit, _ y: Unit, altered: Bool) throws(DocumentError) {
        if x.kind == .passage, y.kind == .passage, let a = x.block, let b = y.block, b != a + 1,
           scan.blocks[a].passageKind == .indentedCode, scan.blocks[b].passageKind == .indentedCode {
            throw error("\(describe(y)) cannot follow \(describe(x)): Markdown would read the two code blocks as one")
        }
        guard x.isItemLike, y.kind == .passage || y.kind == .heading, let b = y.block, b != (x.block ?? -2) + 1 || altered else { return }
        let start = Int(scan.blocks[b].start)
        var i = start
        while i < file.count && (file[i] == 0x20 || file[i] == 0x09) { i += 1 }
        guard column(from: start, to: i) >= x.rootContentCol else { return }
        throw error("\(describe(y)) cannot follow \(describe(x)): Markdown would read it, indented as it is, as part of that row")
    }

    private func describe(_ unit: Unit) -> String {
        if unit.row < 0, let b = unit.block {
            // The last block of a section copied as the file has it: its row there, or (a tail)
            // its owner's.
            let block = scan.blocks[b]
            let place = Self.place(row(inSectionOf: block.kind == .tail ? block.owner : b), unit.section)
            switch block.kind {
            case .passage: return "the passage at \(place)"
            case .tail: return "the text under \(place)"
            default: return place
            }
        }
        return switch unit.kind {
        case .heading: "the heading of section \(unit.section)"
        case .passage: "the passage at \(Self.place(unit.row, unit.section))"
        case .tail: "the text under \(Self.place(unit.row, unit.section))"
        case .verbatim: "section \(unit.section)"
        default: Self.place(unit.row, unit.section)
        }
    }

    /// The row index of row block `b` in its file section (counted back to the section's
    /// heading: O(rows before it), for error messages only).
    private func row(inSectionOf b: Int) -> Int {
        var rows = 0
        var i = b - 1
        while i >= 0 && scan.blocks[i].kind != .heading {
            if scan.blocks[i].isRow { rows += 1 }
            i -= 1
        }
        return rows
    }

    /// A row written exactly as the file has it (its bytes from its block's start to the end of
    /// its content): a passage, or an item or tail not altered, its checkbox as read.
    private func isCopyable(_ unit: Unit, _ continuing: Bool, altered: Bool) -> Bool {
        guard let b = unit.block, !continuing else { return false }
        switch unit.kind {
        case .passage: break
        case .tail: guard !altered else { return false }
        case .item: guard unit.placed?.row.checkbox == scan.blocks[b].checkbox && !altered else { return false }
        default: return false
        }
        return Int(scan.blocks[b].start) == split(b).content.lowerBound
    }

    /// An item written otherwise than the file has it (its first line or its indentation).
    private func altered(_ unit: Unit, _ continuing: Bool) -> Bool {
        guard unit.isItemLike, unit.block != nil, let p = unit.placed else { return unit.block == nil }
        if unit.kind == .tail { return p.contentCol != itemGeometry(p).contentCol }
        let g = itemGeometry(p)
        return rewritesFirstLine(unit) || (g.endsMidLine && !p.continuesWithNext) || (g.startsMidLine && !continuing)
            || p.contentCol != g.contentCol || p.row.paragraph != nil
    }

    /// The blank lines between `x` and `y`: the file's own where they were neighbours; else what
    /// the new neighbours need (see `docs/file-formats.md`, "Blank lines").
    private func separator(_ x: Unit, _ y: Unit, altered: Bool) -> [UInt8] {
        if x.kind == .blank { return [] }
        if let a = x.block, let b = y.block, b == a + 1, sameShape(x, y) {
            // Neighbours in the file, still nested the same way: the file's blank lines, unless
            // a changed first line can no longer follow without one.
            let run = trailing(x)
            return run.isEmpty && altered && needsBlankLine(x, y) ? newline : run
        }
        if let kanban = kanbanSeparator(x, y) { return kanban }
        if case .item(_, let n) = x, n.placed.noText, !hasMoreLines(x),
           (y.kind == .item && y.level > x.level) || (y.kind == .tail && y.row == x.row) {
            // An item with nothing after its marker (or checkbox) ends at a blank line.
            return []
        }
        var run: [UInt8]
        if x.isItemLike && y.kind == .item, let first = y.placed?.boundary, first >= 0 {
            // The boundary between two neighbouring lists of the file: the blank lines that
            // stood there.
            run = first > 0 ? trailing(block: first - 1) : []
            if run.isEmpty, y.level <= x.level, ending(x) == .paragraph, let p = y.placed,
               (p.ordered && p.number != 1) || (p.noText && p.row.checkbox == nil) {
                // An item that cannot interrupt a paragraph would continue it.
                run = newline
            }
            return run
        } else if x.isItemLike, let above = x.placed, let below = y.placed, y.kind == .item {
            let loose = y.level > x.level ? above.loose : below.loose
            run = loose ? nonEmpty(trailing(x)) ?? newline : []
        } else if x.isItemLike {
            run = y.block.flatMap { $0 > 0 ? trailing(block: $0 - 1) : nil } ?? []
            if let b = y.block, b > 0, scan.blocks[b - 1].kind == .blank { run = [] }
        } else if x.kind == .heading, y.kind != .heading, let a = x.block, a + 1 < ownBlocks, scan.blocks[a + 1].kind == .heading {
            // The heading of a section the file has empty, now with rows: its blank lines stood
            // before the next heading (and go there, see below); after it, as the file's headings.
            run = headingsHaveBlankLineAfter() ? newline : []
        } else {
            run = trailing(x)
        }
        if run.isEmpty && needsBlankLine(x, y) { run = newline }
        if run.isEmpty && x.kind == .heading && x.block == nil && y.kind != .heading && headingsHaveBlankLineAfter() {
            // A new section's heading is followed by a blank line when the file's headings are.
            run = newline
        }
        if run.isEmpty && x.kind == .heading && x.block == ownBlocks - 1 && headingsHaveBlankLineAfter() {
            // The heading that ended the file (which says nothing of the blank lines after it),
            // now followed by more (an empty section moved back up): as the file's headings.
            run = newline
        }
        if run.isEmpty && x.kind == .heading && y.kind == .heading, let a = x.block, a < ownBlocks {
            // A section of the file emptied of its rows keeps the blank lines that stood before
            // the heading after it (`# A\n\n# B`, never `# A\n# B` glued).
            var h = a + 1
            while h < ownBlocks && scan.blocks[h].kind != .heading { h += 1 }
            if h > a + 1 && h < ownBlocks { run = trailing(block: h - 1) }
        }
        if run.isEmpty && y.kind == .heading && x.kind != .blank && x.kind != .heading && headingsStandApart() {
            // A section moved after another (or the file's first heading moved down) keeps the
            // blank line the file puts before its headings.
            run = newline
        }
        return run
    }

    /// Whether the file puts a blank line before its headings: before the first heading that
    /// follows a block other than a heading, or (no such heading) yes. (A heading right after
    /// another is an empty section's: the writer puts no blank line between a new empty section
    /// and the next heading, which says nothing of the blank line before a heading after a
    /// list.) Only the file proper counts (not the earlier versions appended after it).
    private func headingsStandApart() -> Bool {
        for (i, block) in scan.blocks.prefix(ownBlocks).enumerated()
        where i > 0 && block.kind == .heading && scan.blocks[i - 1].kind != .blank && scan.blocks[i - 1].kind != .heading {
            return !trailing(block: i - 1).isEmpty
        }
        return true
    }

    /// Whether the file puts a blank line after its headings: after the first heading that is
    /// followed by another block (no such heading: no). Only the file proper counts.
    private func headingsHaveBlankLineAfter() -> Bool {
        for i in 0..<max(0, ownBlocks - 1) where scan.blocks[i].kind == .heading && scan.blocks[i + 1].kind != .heading {
            return !split(i).trailing.isEmpty
        }
        return false
    }

    private func nonEmpty(_ bytes: [UInt8]) -> [UInt8]? { bytes.isEmpty ? nil : bytes }

    /// An item unit with lines after its first.
    private func hasMoreLines(_ unit: Unit) -> Bool {
        guard let b = unit.block else { return unit.placed?.row.lines != nil || unit.placed?.row.paragraph?.isEmpty == false }
        let g = unit.placed.map(itemGeometry) ?? geometry(b)
        if let paragraph = unit.placed?.row.paragraph { return !paragraph.isEmpty || hasLinesAfterParagraph(b, g) }
        return split(b).content.upperBound > g.firstLineNext
    }

    /// Item `b` has content after its first paragraph (a blank line and more: a paragraph, code).
    func hasLinesAfterParagraph(_ b: Int, _ g: ItemGeometry) -> Bool {
        let content = split(b).content
        var i = paragraphLines(of: b).last?.line.upperBound ?? g.firstLineNext
        while i < content.upperBound {
            let c = file[i]
            if c != 0x0A && c != 0x0D && c != 0x20 && c != 0x09 { return true }
            i += 1
        }
        return false
    }

    /// Items (or tails) nested relative to each other as they were in the file.
    private func sameShape(_ x: Unit, _ y: Unit) -> Bool {
        guard x.isItemLike && y.kind == .item, let a = x.block, let b = y.block else { return true }
        let ox = Int(scan.blocks[x.kind == .tail ? scan.blocks[a].owner : a].level)
        return y.level - x.level == Int(scan.blocks[b].level) - ox
    }

    private func needsBlankLine(_ x: Unit, _ y: Unit) -> Bool {
        var atx = false
        if case .heading(_, let heading) = y { atx = !isSetextKept(heading) }
        if y.kind == .heading && y.block == nil && x.kind != .blank { return true }  // a new section stands apart
        switch x.kind {
        case .blank, .heading:
            return false
        case .passage, .verbatim, .rows:
            if !x.verbatimItem, let b = x.block, scan.blocks[b].passageKind == .frontMatter { return false }
            return atx ? ending(x) == .htmlUntilBlank : true
        case .item, .tail:
            switch y.kind {
            case .heading: return !atx
            case .passage, .tail, .blank, .verbatim, .rows: return true
            case .item:
                guard y.level > x.level else { return false }
                let e = ending(x)
                if e == .htmlUntilBlank { return true }
                guard e == .paragraph, let p = y.placed else { return false }
                let empty = (p.row.text ?? y.block.map { MarkdownText.item(source: file[scan.blocks[$0].textRange]) } ?? "").isEmpty
                    && p.row.checkbox == nil
                return (p.ordered && p.number != 1) || empty
            }
        }
    }

    /// Whether an original setext heading stays setext (see `heading(_:)`).
    private func isSetextKept(_ h: MarkdownList.Heading) -> Bool {
        guard case .original(let b, let title, let level) = h, scan.blocks[b].headingStyle == .setext, level <= 2 else { return false }
        guard let title else { return true }
        let t = MarkdownText.trimmedTitle(title)
        return !t.isEmpty && MarkdownText.escapeItem(t) == Array(t.utf8) && MarkdownText.escapeTitle(t) == Array(t.utf8)
    }
}
