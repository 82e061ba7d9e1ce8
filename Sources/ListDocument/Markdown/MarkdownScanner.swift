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

    var containers: [Container] = [Container(kind: .document)]
    var leaf: Leaf?
    var paragraph = Paragraph()
    var line = Line()
    /// The last line was blank (outside fenced code), for telling loose lists.
    var previousLineBlank = false
    /// How the last block's content ends, as of its last non-blank line.
    var ending = MarkdownBlock.Ending.closed
    var endingFence: MarkdownScan.Fence?
    /// Row items opened on the current line, by block index (their first-line text is set once
    /// the line is done).
    var itemsOnLine: [Int] = []
    /// Offset where the checkbox of the item opened on this line ended (its text starts after).
    var checkboxEnd: Int?

    package init() {}

    /// Scans `bytes` whole.
    package static func scan(_ bytes: [UInt8]) -> MarkdownScan {
        var scanner = MarkdownScanner()
        bytes.withUnsafeBufferPointer { scanner.finish($0) }
        return scanner.result
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
            scanLines(file, final: true)
        }
        closeLeaf(file)
        while containers.count > 1 { closeContainer() }
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
            let cr = memchr(base + start, 0x0D, lf - start).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
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
            processLine(file, start: start, end: end)
        }
        if frontMatter.isPending && final { return }
        result.length = position
    }

    /// Finishes the last block: how its content ends, and the fence it leaves open.
    mutating func sealLastBlock() {
        guard let last = result.blocks.indices.last else { return }
        result.blocks[last].ending = ending
        if ending == .unclosed, let endingFence { result.unclosedFences[last] = endingFence }
    }

    /// Appends a block starting at `start`, sealing the one before it.
    @discardableResult
    mutating func emit(_ kind: MarkdownBlock.Kind, start: Int) -> Int {
        sealLastBlock()
        ending = .closed
        endingFence = nil
        result.blocks.append(MarkdownBlock(kind: kind, start: start))
        result.stableCount = result.blocks.count - 1
        line.emitted = true
        return result.blocks.count - 1
    }

    /// Where a block opened at `nodeStart` on this line starts: at the line start, unless a block
    /// was already emitted on this line (`- - a`).
    func blockStart(_ nodeStart: Int) -> Int { line.emitted ? nodeStart : line.start }
}

extension MarkdownScanner {
    /// An open container: the document, a block quote, a list or a list item.
    struct Container {
        enum Kind: UInt8 { case document, quote, list, item }
        var kind: Kind
        /// Inside a block quote (or one itself): nothing in it is a row.
        var inQuote = false
        /// List: its items are rows. Item: it is a row.
        var row = false
        /// Item: depth among row items.
        var depth = 0
        /// Item: its block. List: its first item's block.
        var block = -1
        var ordered = false
        /// Bullet character or ordered delimiter.
        var markerChar: UInt8 = 0
        /// Item: columns from the container's offset to the marker, and from there to the content.
        var markerOffset = 0
        var padding = 0
        /// Item: has a child block (CommonMark's `first_child != NULL`).
        var hasChild = false
        /// Item: its last child is a list of rows, so a further child starts a tail.
        var listLast = false
        /// Item: the line it opened on.
        var startLine = 0
        /// List: blank lines separate its items or their blocks.
        var loose = false
        var itemCount = 0

        init(kind: Kind) { self.kind = kind }
    }

    /// The open leaf block, which takes the line's text.
    struct Leaf {
        enum Kind: UInt8 { case paragraph, fencedCode, indentedCode, html, table }
        var kind: Kind
        var fenceChar: UInt8 = 0
        var fenceLength = 0
        var fenceOffset = 0
        var htmlType = 0
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
