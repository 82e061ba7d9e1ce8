#if canImport(Glibc)
import Glibc
#endif

/// The writer's promise, checked on every save: the bytes it wrote read back to exactly the list
/// it was given.
///
/// Only what changed is read back. The output is cut into pieces at section headings; a piece
/// that holds a section copied as the file has it is not scanned again, the others are scanned
/// each on its own. That gives what a scan of the whole output gives, because of this:
///
/// * After a top-level heading's line no container and no leaf block is open: the scanner's
///   state is the state of a new scanner after that line (the block kinds opened on the line
///   before, the blank-line flags and the line count matter no more: nothing is open that they
///   could change). So the blocks after it depend only on the bytes from that line on.
/// * A line starting with `#` at column 0 that a new scanner reads as an ATX heading is read as
///   one, at the top level, after any text, unless a leaf it cannot interrupt is open: a fenced
///   code block or HTML block (no container continues at column 0 without `>`, and an ATX
///   heading interrupts a paragraph and a table). Such a leaf leaves its block's `ending`
///   `.unclosed` or `.htmlUntilBlank` (`.closed` only inside a quote, which the heading closes),
///   so a cut is made only after a block that ends otherwise.
/// * Closing the blocks open at a piece's end (the end of its scan) does what that heading line
///   does to them (close the leaf, then every container), and an ATX line cannot turn the
///   paragraph before it into a setext heading or a table.
///
/// A section copied whole has the file's bytes (compared here), starts with an ATX heading at
/// column 0 in the file too, so it reads back as the file's scan read it: as the section of the
/// list, which `unchanged` found equal. Where a cut is not safe (a setext or indented heading, a
/// fence left open before a heading) or a piece does not read back as expected, the whole output
/// is scanned and checked, which also gives the error. `MarkdownSaveCheckTests` checks both the
/// cuts and this check against the whole one.
extension MarkdownWriter {
    /// Returns how the output's scan is made of the file's and of the pieces scanned, when it
    /// was checked piece by piece.
    @discardableResult
    func verify(_ output: [UInt8], _ list: MarkdownList, rendered: Rendered? = nil) throws(DocumentError) -> Splice? {
        if let rendered, let checked = checkedSectionsPieceByPiece(output, list, rendered) { return checked.splice }
        // (Sections known untouched get their rows back from the scan: the whole check names rows.)
        let whole = MarkdownList(sections: list.sections.map { $0.materialized(scan) })
        try check(output, MarkdownScanner.scan(output), Self.expected(whole))
        return nil
    }

    /// The sections a read of the output finds: all but an empty untitled first section.
    static func expected(_ list: MarkdownList) -> [(offset: Int, element: MarkdownList.Section)] {
        list.sections.enumerated().filter { !($0.element.heading == .untitled && $0.element.rows.isEmpty && $0.element.untouched == nil) }
            .map { (offset: $0.offset, element: $0.element) }
    }

    /// Checks the sections of `output` that are not copies of the file's, each scanned on its
    /// own where a safe cut comes before the next one, else with the sections up to the next. Returns the bytes it scanned, or nil when it could not show that
    /// `output` reads back as `list` (a cut that is not safe, or a difference).
    ///
    /// - Complexity: O(bytes of the sections that changed + sections).
    func checkedBytesOfChangedSections(_ output: [UInt8], _ list: MarkdownList, _ rendered: Rendered) -> Int? {
        checkedSectionsPieceByPiece(output, list, rendered)?.scanned
    }

    /// `checkedBytesOfChangedSections`, with the splice of the output's scan made of the parts.
    /// A section known untouched (`MarkdownList.Section.untouched`) was copied in one piece from
    /// the file (a verbatim unit): only its bytes after its last block's content (what the
    /// writer put between it and the next section) are compared.
    func checkedSectionsPieceByPiece(_ output: [UInt8], _ list: MarkdownList, _ rendered: Rendered) -> (scanned: Int, splice: Splice)? {
        let expected = Self.expected(list)
        let n = expected.count
        guard n > 0 else { return nil }
        // Where each section's bytes start and end.
        var starts = expected.map { rendered.starts[$0.offset] }
        starts[0] = 0
        for k in 1..<n where starts[k] <= starts[k - 1] || starts[k] >= output.count { return nil }
        func end(_ k: Int) -> Int { k + 1 < n ? starts[k + 1] : output.count }
        // `#` at column 0.
        func atxLine(_ k: Int) -> Bool {
            let o = starts[k]
            return output[o] == 0x23 && (output[o - 1] == 0x0A || output[o - 1] == 0x0D)
        }
        func safeEnding(_ e: MarkdownBlock.Ending) -> Bool { e == .closed || e == .paragraph }
        // A section copied as the file has it, its bytes the file's, cut off safely on both sides.
        func copied(_ k: Int) -> Bool {
            guard let blocks = rendered.copied[expected[k].offset] else { return false }
            let first = scan.blocks[blocks.lowerBound]
            if k > 0 && !(first.kind == .heading && first.headingStyle == .atx && atxLine(k)) { return false }
            if k + 1 < n && !(atxLine(k + 1) && safeEnding(scan.blocks[blocks.upperBound].ending)) { return false }
            let from = k == 0 ? 0 : Int(first.start), to = scan.end(of: blocks.upperBound)
            guard to - from == end(k) - starts[k] else { return false }
            guard to > from else { return true }
            // A section known untouched was written as a verbatim copy of the file up to its
            // last block's content: only what follows that needs comparing.
            let verbatim = expected[k].element.untouched != nil && Int(first.start) == from
            let same = verbatim ? min(to, max(from, split(blocks.upperBound).content.upperBound)) : from
            return output.withUnsafeBufferPointer { o in
                file.withUnsafeBufferPointer { f in
                    guard let o = o.baseAddress, let f = f.baseAddress else { return same == to }   // (empty: nothing to compare)
                    return memcmp(o + starts[k] + (same - from), f + same, to - same) == 0
                }
            }
        }
        // Scans and checks sections `ks` alone; the ending of their last block.
        var parts: [Splice.Part] = []
        func piece(_ ks: Range<Int>) -> MarkdownBlock.Ending? {
            // (A piece that is the whole output is scanned as it is, not copied.)
            let from = starts[ks.lowerBound], to = end(ks.upperBound - 1)
            if !keepsScans, ks.count == 1, !rendered.copiedRows.isEmpty {
                // Rows copied inside the section: only what was laid out around them is scanned.
                let runs = rendered.copiedRows.filter { $0.section == expected[ks.lowerBound].offset }
                if let e = checkedAroundCopiedRows(output, expected[ks.lowerBound], from..<to, runs, afterHeading: ks.lowerBound > 0) {
                    parts.append(.scanned(sections: [expected[ks.lowerBound].offset], scan: MarkdownScan(), newStart: from))
                    return e
                }
            }
            let bytes = from == 0 && to == output.count ? output : Array(output[from..<to])
            let back = MarkdownScanner.scan(bytes)
            if ks.lowerBound > 0 {
                guard let first = back.blocks.first, first.kind == .heading, first.headingStyle == .atx, first.start == 0 else { return nil }
            }
            do {
                try check(bytes, back, expected[ks].map { (offset: $0.offset, element: $0.element.materialized(scan)) })
            } catch {
                return nil
            }
            // (Without a splice to return, the piece's scan is let go here.)
            parts.append(.scanned(sections: expected[ks].map(\.offset), scan: keepsScans ? back : MarkdownScan(),
                                  newStart: starts[ks.lowerBound]))
            return back.blocks.last?.ending ?? .closed
        }
        // Sections between copies are scanned, each alone where the cut before the next one is
        // safe (a changed section of 10^5 rows is scanned and checked, and its scan let go when
        // no splice is kept, before the next one is), else together with the next ones.
        var pending: Int?
        var scanned = 0
        for k in 0..<n {
            if copied(k), let blocks = rendered.copied[expected[k].offset] {
                if let p = pending {
                    guard let e = piece(p..<k), safeEnding(e) else { return nil }
                    scanned += starts[k] - starts[p]
                    pending = nil
                }
                // (The first section's bytes start at the file's start: blank lines before it.)
                let first = k == 0 ? 0 : blocks.lowerBound
                parts.append(.copied(section: expected[k].offset, blocks: first...blocks.upperBound,
                                     oldStart: Int(scan.blocks[first].start), newStart: starts[k]))
            } else if let p = pending {
                // A cut before section k: kept when the piece before it checks and ends cleanly
                // (else its part is taken back and the piece grows to the next cut).
                guard atxLine(k) else { continue }
                let before = parts.count
                if let e = piece(p..<k), safeEnding(e) {
                    scanned += starts[k] - starts[p]
                    pending = k
                } else {
                    parts.removeSubrange(before...)
                }
            } else {
                pending = k
            }
        }
        if let p = pending {
            guard piece(p..<n) != nil else { return nil }
            scanned += output.count - starts[p]
        }
        return (scanned, Splice(parts: parts))
    }

    /// Checks section `section` of the list, written at `range` of `output` with rows copied
    /// from the file inside it (`runs`, in output order), scanning only what lies between the
    /// copied runs; returns the ending of its last block, or nil when that cannot show the
    /// section reads back as the list has it (the caller then scans the section whole).
    /// `afterHeading`: the section is not the output's first, so it must start with an ATX
    /// heading, as `checkedSectionsPieceByPiece` cuts.
    ///
    /// This reads what a scan of the whole section reads, for the same reasons as the cuts at
    /// headings above, one level down. `CopiedRows` copies only inside a bullet list of top-level
    /// items each ending cleanly (`.closed` or `.paragraph`), and here a cut is made only where:
    ///
    /// * the bytes before it (a piece scanned here) end with a top-level item whose block ends
    ///   cleanly, then blank lines at most; and the line after it starts at column 0 with
    ///   what a new scanner reads as a list item (a run's first block is such an item in the
    ///   file; a piece after a run is scanned and must start with one).
    ///
    /// At such a line a scan of the whole section has the list and the last item open, with no
    /// leaf but a paragraph: the line does not continue the item (column 0 is left of its content
    /// column, and the line is not blank) nor its paragraph (a list item start is not lazy
    /// continuation text, and with the list, not the paragraph, as the innermost container
    /// matched, it may start even empty), so it closes the item and opens a top-level item, as a
    /// new scanner at that line does (which opens a list too: only the list's `startsList` and
    /// looseness differ, which the check does not compare). From there the blocks depend only on
    /// the bytes. So a copied run, the file's bytes of blocks the file read after such an item,
    /// reads back as the file's blocks (its rows, compared with the list's here, need no scan),
    /// and each piece between runs reads back as its own scan says.
    ///
    /// - Complexity: O(bytes laid out around the runs + rows of the runs + runs): the runs'
    ///   bytes are compared, not scanned.
    func checkedAroundCopiedRows(_ output: [UInt8], _ section: (offset: Int, element: MarkdownList.Section), _ range: Range<Int>,
                                 _ runs: [CopiedRun], afterHeading: Bool) -> MarkdownBlock.Ending? {
        guard !runs.isEmpty, section.element.untouched == nil else { return nil }
        let rows = section.element.rows
        func lineBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
        func clean(_ block: MarkdownBlock) -> Bool {
            block.kind == .item && block.level == 0 && (block.ending == .closed || block.ending == .paragraph)
        }
        // Scans and checks the piece `bytes` of the output holding `rows[expectedRows]`; its
        // last block's ending, or nil. `first`: the section's first piece (with its heading).
        func piece(_ bytes: Range<Int>, _ expectedRows: Range<Int>, first: Bool, beforeRun: Bool) -> MarkdownBlock.Ending? {
            let piece = Array(output[bytes])
            let back = MarkdownScanner.scan(piece)
            if first && afterHeading {
                guard let h = back.blocks.first, h.kind == .heading, h.headingStyle == .atx, h.start == 0 else { return nil }
            } else if !first {
                guard let item = back.blocks.first, item.kind == .item, item.level == 0, item.start == 0, item.markerOffset == 0 else { return nil }
            }
            if beforeRun {
                guard let last = back.blocks.last(where: { $0.kind != .blank }), clean(last) else { return nil }
            }
            let heading = first ? section.element.heading : .untitled
            do {
                try check(piece, back, [(offset: section.offset, element: MarkdownList.Section(heading: heading, rows: Array(rows[expectedRows])))])
            } catch {
                return nil
            }
            return back.blocks.last?.ending ?? .closed
        }
        var from = range.lowerBound, row = 0
        for (k, run) in runs.enumerated() {
            let a = run.blocks.lowerBound, b = run.blocks.upperBound
            guard run.output.lowerBound > from, run.output.upperBound < range.upperBound, run.rows.lowerBound > row,
                  run.rows.upperBound < rows.count, run.rows.count == run.blocks.count, a > 0, clean(scan.blocks[a - 1]),
                  lineBreak(output[run.output.lowerBound - 1]), lineBreak(output[run.output.upperBound - 1]) else { return nil }
            // The run: the file's blocks, top-level items at column 0 ending cleanly, the
            // list's rows as the file has them, and the file's bytes. (Read in place: a run
            // holds up to 10^5 rows.)
            let asInFile = rows.withUnsafeBufferPointer { rows in
                scan.blocks.withUnsafeBufferPointer { blocks in
                    zip(run.rows, run.blocks).allSatisfy { (r: Int, i: Int) -> Bool in
                        let row = rows[r]
                        guard row.block == i, row.text == nil, row.paragraph == nil else { return false }
                        return clean(blocks[i]) && blocks[i].markerOffset == Int(blocks[i].start)
                            && row.level == 0 && row.checkbox == blocks[i].checkbox
                    }
                }
            }
            let source = Int(scan.blocks[a].start)..<split(b).content.upperBound
            guard asInFile, source.count == run.output.count, !source.isEmpty else { return nil }
            let same = output.withUnsafeBufferPointer { o in
                file.withUnsafeBufferPointer { f in
                    guard let o = o.baseAddress, let f = f.baseAddress else { return false }
                    return memcmp(o + run.output.lowerBound, f + source.lowerBound, source.count) == 0
                }
            }
            guard same else { return nil }
            guard piece(from..<run.output.lowerBound, row..<run.rows.lowerBound, first: k == 0, beforeRun: true) != nil else { return nil }
            // The next piece starts at the first line after the run that is not blank.
            var next = run.output.upperBound
            while next < range.upperBound && [0x20, 0x09, 0x0A, 0x0D].contains(output[next]) { next += 1 }
            while next > run.output.upperBound && !lineBreak(output[next - 1]) { next -= 1 }
            from = next
            row = run.rows.upperBound
        }
        guard from < range.upperBound else { return nil }
        return piece(from..<range.upperBound, row..<rows.count, first: false, beforeRun: false)
    }

    /// Checks that `back`, the scan of `output`, holds the `expected` sections of the list.
    private func check(_ output: [UInt8], _ back: MarkdownScan,
                       _ expected: [(offset: Int, element: MarkdownList.Section)]) throws(DocumentError) {
        let sections = back.sections()
        func fail(_ what: String, _ why: String) -> DocumentError {
            error("cannot write \(what) as Markdown without changing it (\(why)); nothing was written")
        }
        guard sections.count == expected.count else {
            throw fail("the list", "it would read back as \(sections.count) sections, not \(expected.count)")
        }
        for ((s, want), got) in zip(expected, sections) {
            let heading: (level: Int, title: String)?
            switch want.heading {
            case .untitled: heading = nil
            case .original(let b, let title, let level): heading = (level, title.map(MarkdownText.trimmedTitle) ?? titleText(b))
            case .new(let title, let level): heading = (level, MarkdownText.trimmedTitle(title))
            }
            if let heading {
                guard let h = got.heading else { throw fail("section \(s)", "it would lose its heading") }
                let title = titleText(h, in: output, back)
                guard Int(back.blocks[h].level) == heading.level, title == heading.title else {
                    throw fail("the title of section \(s)", "it would read back as level \(back.blocks[h].level) '\(title)'")
                }
            } else if got.heading != nil {
                throw fail("section \(s)", "it would get a heading")
            }
            for (r, (row, i)) in zip(want.rows, got.rows).enumerated() {
                let block = back.blocks[i]
                if let b = row.block, scan.blocks[b].kind == .passage {
                    let original = withoutByteOrderMark(file, split(b).content)[...]
                    var written = withoutByteOrderMark(output, Self.split(i, output, back).content)
                    if scan.unclosedFences[b] != nil && written.count > original.count && written.starts(with: original) {
                        // The writer closed the fence left open (see `closing`).
                        written = written.prefix(original.count)
                    }
                    // (The file's last line may have gained or lost its line ending.)
                    guard block.kind == .passage, withoutLineEnding(written) == withoutLineEnding(original) else {
                        throw fail(Self.place(r, s), "the text around it would change its meaning")
                    }
                } else {
                    // Unchanged texts compare as bytes; others as the texts they read as.
                    // (A row without a text of its own is the file's: it has a block.)
                    let source = row.block.map { file[scan.blocks[$0].textRange] }
                    let same = row.text == nil && block.kind == .item && source.map { output[block.textRange].elementsEqual($0) } == true
                    let text = same ? "" : MarkdownText.item(source: output[block.textRange])
                    let wanted = same ? "" : row.text ?? source.map { MarkdownText.item(source: $0) } ?? ""
                    guard block.kind == .item, Int(block.level) == row.level, block.checkbox == row.checkbox, text == wanted else {
                        let box = block.checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
                        throw fail(Self.place(r, s), "it would read back as \(block.kind == .item ? "level \(block.level) '\(box)\(text)'" : "a passage")")
                    }
                    // A first paragraph given anew reads back as those lines.
                    if let paragraph = row.paragraph, Self.paragraph(of: i, in: output, back) != paragraph {
                        throw fail(Self.place(r, s), "the lines of its first paragraph would read back otherwise")
                    }
                }
            }
            guard got.rows.count == want.rows.count else {
                let r = min(got.rows.count, want.rows.count)
                throw fail(r < want.rows.count ? Self.place(r, s) : "section \(s)",
                           got.rows.count < want.rows.count ? "it would become part of the row above it"
                               : "it would read back with \(got.rows.count) rows, not \(want.rows.count)")
            }
        }
    }

    /// The bytes of `range`, without the byte-order mark when it opens the file.
    private func withoutByteOrderMark(_ bytes: [UInt8], _ range: Range<Int>) -> ArraySlice<UInt8> {
        range.lowerBound == 0 && Self.hasByteOrderMark(bytes) ? bytes[min(3, range.upperBound)..<range.upperBound] : bytes[range]
    }

    private func withoutLineEnding(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var b = bytes
        if b.last == 0x0A { b.removeLast() }
        if b.last == 0x0D { b.removeLast() }
        return b
    }
}
