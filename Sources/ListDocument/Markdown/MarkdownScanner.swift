#if canImport(Glibc)
import Glibc
#endif

/// The Markdown block scanner: reads CommonMark with GitHub's tables and task lists (as
/// `cmark-gfm` reads them), plus front matter, into a flat `MarkdownScan` whose blocks partition
/// the file.
///
///     let scan = MarkdownScanner.scan(bytes)                  // all at once
///
///     var scanner = MarkdownScanner()                         // or resumably, by lines
///     scanner.feed(prefix)        // complete lines of the file's first bytes
///     scanner.feed(longerPrefix)  // continues where it stopped
///     scanner.finish(all)         // the last line, then every open block is closed
///
/// It follows CommonMark's two-phase block algorithm line by line: match the open containers
/// (block quotes, list items), open new blocks, then add the rest of the line to the innermost
/// one. Only what the table needs is kept: no tree, no inline content, no string per row.
///
/// The input must be UTF-8 (the scanner never decodes it; the caller checks). A lone CR, LF or
/// CRLF ends a line. Offsets are `UInt32`: a file must stay below 4 GiB.
///
/// - Complexity: O(bytes × nesting depth).
package struct MarkdownScanner: Sendable {
    package internal(set) var result = MarkdownScan()
    /// The next byte to scan (a line start).
    package internal(set) var position = 0
    var lineNumber = 0
    var frontMatter = FrontMatterState.undecided

    var containers = ContainerStack()
    var leaf: Leaf?
    var paragraph = Paragraph()
    var line = Line()
    /// The last line was blank (outside fenced code), for telling loose lists.
    var previousLineBlank = false
    /// How the last block's content ends, as of its last non-blank line.
    var ending = MarkdownBlock.Ending.closed
    var endingFence: MarkdownScan.Fence?
    /// Row items opened on the current line, by block index (their first-line text is set once
    /// the line is done). They are consecutive blocks: nothing else is emitted between two items
    /// opened on one line (`- - a`).
    var itemsOnLine = 0..<0
    /// Offset where the checkbox of the item opened on this line ended (its text starts after).
    var checkboxEnd: Int?

    /// Whether lines of the commonest shapes take the fast paths (`MarkdownScanner+FastPaths`);
    /// off only in tests, which compare both ways.
    var usesFastPaths = true
    /// Lines the fast paths took (for tests: a comparison of the two ways must exercise them).
    var fastLines = 0
    /// The next carriage return at or after the current line, or `crSearchedTo` when there is
    /// none before that offset: one `memchr` finds it for many lines (a file without CRs is
    /// searched once).
    var nextCR = -1
    var crSearchedTo = 0

    package init() {}

    /// Scans `bytes` whole.
    package static func scan(_ bytes: [UInt8]) -> MarkdownScan {
        var scanner = MarkdownScanner()
        scanner.reserveBlocks(for: bytes)
        bytes.withUnsafeBufferPointer { scanner.finish($0) }
        return scanner.result
    }

    /// Reserves the block array from a cheap estimate: the lines in the file's first 64 KiB,
    /// scaled to its size (a block takes at least one line, and most blocks of a list file take
    /// one), so that a large scan does not copy its blocks as the array grows.
    mutating func reserveBlocks(for bytes: [UInt8]) {
        let sample = min(bytes.count, 1 << 16)
        guard sample > 0 else { return }
        let lines = bytes.withUnsafeBufferPointer { b in
            var n = 1
            for i in 0..<sample where b[i] == 0x0A { n += 1 }
            return n
        }
        result.blocks.reserveCapacity(min(bytes.count / 2 + 1, lines * (bytes.count / sample) + lines))
    }

    /// Reserves the block array for a file of `size` bytes before any is read (a progressive
    /// load): one block per 24 bytes, about a list line's length, so a file of list items is
    /// scanned without copying its blocks as the array grows.
    mutating func reserveBlocks(estimate size: Int) {
        result.blocks.reserveCapacity(size / 24 + 16)
    }

    /// Scans the complete lines of `file` after `position`. `file` holds the file from its first
    /// byte; each call may pass a longer prefix. A line ending in CR at the very end waits (an LF
    /// may follow).
    package mutating func feed(_ file: UnsafeBufferPointer<UInt8>) {
        scanLines(file, final: false)
    }

    /// Scans the rest of `file` (the whole file), including a last line without a line ending,
    /// and closes every open block.
    package mutating func finish(_ file: UnsafeBufferPointer<UInt8>) {
        scanLines(file, final: true)
        if frontMatter.isPending {
            // Never closed: it was not front matter. Read the file again as Markdown.
            frontMatter = .none
            position = 0
            nextCR = -1
            crSearchedTo = 0
            scanLines(file, final: true)
        }
        closeLeaf(file)
        closeContainers(keeping: 1)
        sealLastBlock()
        result.length = file.count
        result.stableCount = result.blocks.count
    }

    private mutating func scanLines(_ file: UnsafeBufferPointer<UInt8>, final: Bool) {
        guard let base = file.baseAddress else { return }
        let count = file.count
        while position < count {
            let start = position
            // The line runs to the first CR or LF.
            let lf = memchr(base + start, 0x0A, count - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
            if nextCR < start {
                let from = max(start, crSearchedTo)
                if from < count, let p = memchr(base + from, 0x0D, count - from) {
                    nextCR = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
                    crSearchedTo = nextCR
                } else {
                    nextCR = -1
                    crSearchedTo = count
                }
            }
            let cr: Int? = nextCR >= start && nextCR < lf ? nextCR : nil
            let end = cr ?? lf
            var next: Int
            if let cr {
                if cr + 1 == count && !final { return }
                next = cr + 1
                if next < count && base[next] == 0x0A { next += 1 }
            } else if lf < count {
                next = lf + 1
            } else {
                if !final { return }
                next = count
            }
            position = next
            if frontMatter.wantsLine && frontMatterLine(file, start: start, end: end) { continue }
            if usesFastPaths && fastLine(file, start: start, end: end) {
                fastLines &+= 1
                continue
            }
            processLine(file, start: start, end: end)
        }
        if frontMatter.isPending && final { return }
        result.length = position
    }

    /// Finishes the last block: how its content ends, and the fence it leaves open.
    @inline(__always)
    mutating func sealLastBlock() {
        let last = result.blocks.count - 1
        guard last >= 0 else { return }
        if ending != .closed { result.blocks[last].ending = ending }
        if ending == .unclosed, let endingFence { result.unclosedFences[last] = endingFence }
    }

    /// Appends a block starting at `start`, sealing the one before it.
    @discardableResult
    mutating func emit(_ kind: MarkdownBlock.Kind, start: Int) -> Int {
        emit(MarkdownBlock(kind: kind, start: start))
    }

    /// Appends `block` (its ending still to come), sealing the one before it.
    @discardableResult @inline(__always)
    mutating func emit(_ block: MarkdownBlock) -> Int {
        sealLastBlock()
        ending = .closed
        endingFence = nil
        let index = result.blocks.count
        result.blocks.append(block)
        result.stableCount = index
        line.emitted = true
        return index
    }

    /// Where a block opened at `nodeStart` on this line starts: at the line start, unless a block
    /// was already emitted on this line (`- - a`).
    func blockStart(_ nodeStart: Int) -> Int { line.emitted ? nodeStart : line.start }
}

extension MarkdownScanner {
    /// An open container: the document, a block quote, a list or a list item. 32 bytes, so that
    /// opening and closing one is cheap.
    struct Container {
        enum Kind: UInt8 { case document, quote, list, item }
        var kind: Kind
        /// Inside a block quote (or one itself): nothing in it is a row.
        var inQuote = false
        /// List: its items are rows. Item: it is a row.
        var row = false
        var ordered = false
        /// Bullet character or ordered delimiter.
        var markerChar: UInt8 = 0
        /// List and item: depth among list items, counted up to 255 (past 254 nothing is a row,
        /// which is all the depth decides there).
        var depth: UInt8 = 0
        /// Item: columns from the container's offset to the content (the marker's indentation,
        /// under 4, plus the marker and the spaces after it, under 15): a line continues the item
        /// when it is indented this much.
        var contentIndent: UInt8 = 0
        /// Item: has a child block (CommonMark's `first_child != NULL`).
        var hasChild = false
        /// Item: its last child is a list of rows, so a further child starts a tail.
        var listLast = false
        /// List: blank lines separate its items or their blocks.
        var loose = false
        /// List: has had an item.
        var hasItems = false
        /// Item: its block. List: its first item's block.
        var block = -1
        /// Item: the line it opened on.
        var startLine = 0

        init(kind: Kind) { self.kind = kind }

        /// The depth of an item nested in this one.
        var childDepth: UInt8 { depth == .max ? depth : depth + 1 }
    }

    /// The open leaf block, which takes the line's text. 8 bytes, as it is set and read on
    /// every line.
    struct Leaf {
        enum Kind: UInt8 { case paragraph, fencedCode, indentedCode, html, table }
        var kind: Kind
        var fenceChar: UInt8 = 0
        /// The fence's indentation (under 4 columns) and HTML block kind (1 to 7).
        private var smallFields: (fenceOffset: UInt8, htmlType: UInt8) = (0, 0)
        private var fenceLength32: UInt32 = 0

        init(kind: Kind, fenceChar: UInt8 = 0, fenceLength: Int = 0, fenceOffset: Int = 0, htmlType: Int = 0) {
            self.kind = kind
            self.fenceChar = fenceChar
            fenceLength32 = UInt32(truncatingIfNeeded: fenceLength)
            smallFields = (UInt8(truncatingIfNeeded: fenceOffset), UInt8(truncatingIfNeeded: htmlType))
        }

        var fenceLength: Int { Int(fenceLength32) }
        var fenceOffset: Int { Int(smallFields.fenceOffset) }
        var htmlType: Int { Int(smallFields.htmlType) }
    }

    /// The open paragraph's lines, for link reference definitions, setext headings and tables.
    struct Paragraph {
        /// Its passage block when it is at the top level.
        var block = -1
        /// Each line: its physical start, and its content (leading white space skipped, line ending
        /// excluded). Kept in full only while the paragraph may open with definitions.
        var lines: [(lineStart: Int, content: Range<Int>)] = []
        var mayHaveDefinitions = false
        var first: (lineStart: Int, content: Range<Int>) = (0, 0..<0)
        var last: (lineStart: Int, content: Range<Int>) = (0, 0..<0)
        var lineCount = 0

        /// Empty, as a new paragraph starts (keeping the lines' storage).
        @inline(__always)
        mutating func reset() {
            block = -1
            if !lines.isEmpty { lines.removeAll(keepingCapacity: true) }
            first = (0, 0..<0)
            last = (0, 0..<0)
            mayHaveDefinitions = false
            lineCount = 0
        }
    }

    /// The current line and the scanning position in it (CommonMark's offset, column, first
    /// non-space, indent, blank).
    struct Line {
        var start = 0
        /// End of the content (before the line ending).
        var end = 0
        var offset = 0
        var column = 0
        var firstNonspace = 0
        var firstNonspaceColumn = 0
        var indent = 0
        var blank = false
        var partiallyConsumedTab = false
        /// A block was emitted on this line.
        var emitted = false
    }

    enum FrontMatterState: Equatable {
        case undecided, none
        /// Inside front matter opened by `---` (YAML) or `+++` (TOML).
        case pending(UInt8)

        var isPending: Bool { if case .pending = self { true } else { false } }
        var wantsLine: Bool { self != .none }
    }
}
