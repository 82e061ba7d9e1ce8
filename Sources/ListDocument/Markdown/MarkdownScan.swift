/// What the scanner found in a Markdown file: its blocks in file order (their bytes partition the
/// file), the link reference definitions, and the fences left open.
///
///     let scan = MarkdownScanner.scan(bytes)
///     for (heading, rows) in scan.sections() { ... }      // block indices
///     scan.bytes(of: 3, in: bytes)                        // a block's bytes
///
/// The scan keeps no copy of the file: every range is an offset into the bytes it was made from.
package struct MarkdownScan: Sendable {
    package var blocks: [MarkdownBlock] = []
    /// Bytes scanned so far (the whole file once the scan is finished).
    package var length = 0
    /// Link reference definitions by normalized label (`MarkdownLinkReference.normalize`); the
    /// first definition of a label wins, as in CommonMark.
    package var linkReferences: [String: MarkdownLinkReference] = [:]
    /// Grows by one whenever a definition is added to `linkReferences`, so text drawn with an
    /// earlier set can be drawn again (a background scan finds definitions late).
    package var linkReferencesVersion = 0
    /// Fenced code blocks never closed, by the index of the block whose content ends inside one:
    /// the fence character and length, so the writer can close them when it must.
    package var unclosedFences: [Int: Fence] = [:]
    /// Blocks before this index will not change any more (the last block may still grow into a
    /// setext heading or a table while a resumable scan is under way).
    package var stableCount = 0

    package struct Fence: Equatable, Sendable {
        package var character: UInt8
        package var length: Int
    }

    package init() {}

    /// The end of block `i` (the start of the next, or the end of what was scanned).
    package func end(of i: Int) -> Int {
        i + 1 < blocks.count ? Int(blocks[i + 1].start) : length
    }

    package func range(of i: Int) -> Range<Int> { Int(blocks[i].start)..<end(of: i) }

    package func bytes(of i: Int, in file: [UInt8]) -> ArraySlice<UInt8> { file[range(of: i)] }

    /// An item's first-line text as UTF-8 source (see `MarkdownBlock.textRange`); the row's text
    /// is `MarkdownText.item(source:)` of it.
    package func text(of i: Int, in file: [UInt8]) -> String {
        String(decoding: file[blocks[i].textRange], as: UTF8.self)
    }

    /// A heading's title as a section holds it: the title's source (a setext title's lines joined
    /// by spaces), with the writer's escapes removed (`MarkdownText.title(source:)`).
    package func title(of i: Int, in file: [UInt8]) -> String {
        var source: [UInt8] = []
        var p = blocks[i].titleRange.lowerBound
        let end = blocks[i].titleRange.upperBound
        while p < end {
            var e = p
            while e < end && file[e] != 0x0A && file[e] != 0x0D { e += 1 }
            var q = p
            if !source.isEmpty {
                source.append(0x20)
                while q < e && (file[q] == 0x20 || file[q] == 0x09) { q += 1 }
            }
            source += file[q..<e]
            p = e
            if p < end && file[p] == 0x0D { p += 1 }
            if p < end && file[p] == 0x0A { p += 1 }
        }
        return MarkdownText.title(source: source)
    }

    /// Sections in order: the heading's block index (`nil` for the untitled first section) and the
    /// block indices of its rows (items and passages). The untitled first section is present only
    /// when a row comes before the first heading.
    ///
    /// - Complexity: O(blocks).
    package func sections() -> [(heading: Int?, rows: [Int])] {
        var result: [(heading: Int?, rows: [Int])] = []
        forEachSection { result.append(($0, [])) } row: { result[result.count - 1].rows.append($0) }
        return result
    }

    /// The grouping of `sections()` without building arrays (a reader of 10^6 rows): `section`
    /// with each section's heading block (nil for the untitled first), then `row` with each of
    /// its row blocks, in file order.
    ///
    /// - Complexity: O(blocks).
    ///
    /// - Parameter range: the blocks to group (all by default): the rows before the first
    ///   heading in it make an untitled section.
    package func forEachSection(blocks range: Range<Int>? = nil, _ section: (_ heading: Int?) -> Void, row: (_ block: Int) -> Void) {
        var open = false
        for i in range ?? blocks.indices {
            switch blocks[i].kind {
            case .heading:
                section(i)
                open = true
            case .item, .passage:
                if !open { section(nil); open = true }
                row(i)
            case .tail, .blank:
                break
            }
        }
    }
}

/// A link reference definition: `[label]: destination "title"`.
package struct MarkdownLinkReference: Equatable, Sendable {
    package var destination: String
    package var title: String?
}
