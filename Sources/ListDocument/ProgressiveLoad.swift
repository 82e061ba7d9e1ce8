import TableKit
import ListStorage
import Synchronization

/// A Markdown file read piece by piece: the first screen is drawn from the first piece while the
/// rest is read and scanned in the background (docs/architecture.md, "Loading").
///
///     var load = ProgressiveLoad(size: bytes.count, name: "list.md", generation: 1)
///     load.fill(bytes[0..<4096], at: 0)                       // what was read so far
///     var first = try load.advance(available: 4096, final: false)   // complete sections and rows
///     load.fill(bytes[4096...], at: 4096)
///     let rest = try load.advance(available: bytes.count, final: true)
///
/// The file's bytes go into one array of the file's size, allocated at the start and filled in
/// place as pieces are read (`fill`), so the rows handed over point into the same `TextBuffer`
/// the finished document keeps: nothing is copied when loading ends. Only blocks the scanner will
/// not change any more (`MarkdownScan.stableCount`) are handed over, so what is shown never
/// changes meaning when more bytes arrive: rows come as appends to the last section handed over,
/// and sections as appends after it. Each piece is checked as UTF-8 before it is scanned, cut at
/// a line end (so a character is never split between two checks).
package struct ProgressiveLoad {
    /// The file's bytes: `buffer.bytes` has the file's size from the start; only the first
    /// `checked` bytes hold the file yet.
    package let buffer: TextBuffer
    let storage: Storage
    /// The file's size (as `stat` said when it was opened).
    package let size: Int
    let name: String
    var scanner = MarkdownScanner()
    /// Bytes checked as UTF-8 and given to the scanner (a line end, or the file's end).
    package private(set) var checked = 0
    /// Blocks handed over so far.
    package private(set) var delivered = 0
    /// Whether a section was handed over (the rows that follow go to the last one).
    var sectionOpen = false
    /// The link definitions' version last handed over.
    var linkVersion = 0
    /// The offset of the first byte that is not UTF-8, once `advance` found one.
    var invalidAt: Int?

    /// What one step hands over: rows for the last section handed over before, new sections
    /// after it, and the link reference definitions when they changed.
    package struct Delivery: Sendable {
        /// Rows appended to the last section handed over before (nil: none).
        package var rows: RowList?
        /// New sections, appended after every section handed over before.
        package var sections: [ListModel.Section] = []
        /// Every link reference definition found so far, when new ones were found.
        package var linkReferences: [String: MarkdownLinkReference]?
        /// Bytes read and scanned so far, of `size`.
        package var bytesLoaded = 0
        /// The file's metadata, when a `touch` changed them since the last delivery (the load
        /// went on: the part read was the same).
        package var metadata: FileAccess.Metadata?
        /// Nothing.
        package init() {}
        /// Rows handed over in this delivery.
        package var rowCount: Int { (rows?.count ?? 0) + sections.reduce(0) { $0 + $1.rows.count } }
    }

    /// The bytes the load fills (the file's size, allocated once; never moved or resized), and
    /// the pointer `fill` writes through.
    ///
    /// Not `Sendable`, and neither is the load that holds it: one task at a time owns the load
    /// (the one that opened the file, then the reading task it is handed to with `sending`), so
    /// the compiler checks that no two isolation domains ever hold the writer. What is shared is
    /// `buffer`, a `TextBuffer` over the same array: rows the editor reads point into its head
    /// while the reading task writes its tail. Those are disjoint bytes: `fill` writes only at or
    /// past `checked`, which no row, scan or reader looks at before `advance` hands it over, and a
    /// hand-over goes through the editor's mailbox (a lock), which orders the write before the
    /// reads. `base` points into `bytes`' storage, which is never copied (nothing mutates the
    /// array through Swift) and lives as long as this object.
    final class Storage {
        let bytes: [UInt8]
        let base: UnsafeMutablePointer<UInt8>?

        init(size: Int) {
            // Uninitialized: a large allocation comes as untouched pages; every byte is written
            // by `fill` before anything reads it.
            var bytes = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
            base = bytes.withUnsafeMutableBufferPointer { $0.baseAddress }
            self.bytes = bytes
        }
    }

    /// An empty load of a file of `size` bytes; `generation` as `MarkdownFormat.read` takes it.
    package init(size: Int, name: String, generation: UInt64) {
        storage = Storage(size: size)
        buffer = TextBuffer(storage.bytes, generation: generation)
        self.size = size
        self.name = name
        scanner.reserveBlocks(estimate: size)
    }

    /// Where `fill` writes (for reading into the buffer directly): `count` bytes at `offset`.
    func destination(at offset: Int, count: Int) -> UnsafeMutableRawBufferPointer {
        precondition(offset >= checked && offset + count <= size)
        return UnsafeMutableRawBufferPointer(start: storage.base.map { $0 + offset }, count: count)
    }

    /// Copies `bytes` into the buffer at `offset` (tests, and readers that have the bytes).
    package func fill(_ bytes: some Collection<UInt8>, at offset: Int) {
        let target = destination(at: offset, count: bytes.count)
        _ = target.initializeMemory(as: UInt8.self, from: bytes)
    }

    /// Checks and scans what was read up to `available` (the buffer's first `available` bytes
    /// hold the file): up to its last line end, or all of it when `final` (`available` is then
    /// the file's size and every open block is closed). Returns what is new.
    ///
    /// - Throws: `.invalidUTF8` naming the first line that is not UTF-8; nothing past the line
    ///   ends before it was handed over.
    /// - Complexity: O(bytes scanned + blocks handed over).
    package mutating func advance(available: Int, final: Bool) throws(DocumentError) -> Delivery {
        precondition(available <= size && (!final || available == size))
        let bytes = storage.bytes
        var cut = available
        if !final {
            cut = checked
            bytes.withUnsafeBufferPointer { b in
                var i = available
                while i > checked {
                    if b[i - 1] == 0x0A || b[i - 1] == 0x0D { cut = i; break }
                    i -= 1
                }
            }
        }
        if cut > checked {
            if let bad = Self.firstInvalid(bytes, checked..<cut) {
                invalidAt = bad
                throw DocumentError(.invalidUTF8, file: name, line: Self.line(of: bad, in: bytes),
                                    "not valid UTF-8")
            }
            bytes.withUnsafeBufferPointer { b in
                if final {
                    scanner.finish(UnsafeBufferPointer(rebasing: b[0..<cut]))
                } else {
                    scanner.feed(UnsafeBufferPointer(rebasing: b[0..<cut]))
                }
            }
            checked = cut
        } else if final {
            bytes.withUnsafeBufferPointer { scanner.finish(UnsafeBufferPointer(rebasing: $0[0..<cut])) }
        }
        return deliver()
    }

    /// After `advance` threw `.invalidUTF8`: scans the lines before the bad one as if the file
    /// ended there and hands over everything in them (nothing before the bad line is left
    /// out, wherever the piece it came in ends). Empty when no bad byte was found.
    ///
    ///     do { try load.advance(available: n, final: false) }
    ///     catch { let rest = load.deliverBeforeInvalid() }   // rows up to line 65 of 66
    ///
    /// - Complexity: O(bytes before the bad line not scanned yet + blocks handed over).
    package mutating func deliverBeforeInvalid() -> Delivery {
        guard let bad = invalidAt else { return Delivery() }
        let bytes = storage.bytes
        var start = bad
        bytes.withUnsafeBufferPointer { b in
            while start > checked, b[start - 1] != 0x0A, b[start - 1] != 0x0D { start -= 1 }
            scanner.finish(UnsafeBufferPointer(rebasing: b[0..<start]))
        }
        checked = start
        invalidAt = nil
        return deliver()
    }

    /// The blocks that became stable since the last delivery, as rows and sections.
    mutating func deliver() -> Delivery {
        var delivery = Delivery()
        delivery.bytesLoaded = checked
        let scan = scanner.result
        if scan.linkReferencesVersion != linkVersion {
            linkVersion = scan.linkReferencesVersion
            delivery.linkReferences = scan.linkReferences
        }
        let stable = scanner.frontMatter.isPending ? 0 : scan.stableCount
        guard stable > delivered else { return delivery }
        let buffer = self.buffer
        var heading: Int?
        var rows = ListModel.FileSectionBuilder(buffer: buffer)
        var open = sectionOpen   // (a section takes rows: the one the last delivery left open, or one begun here)
        var continuing = sectionOpen
        func finish() {
            guard open else { return }
            let builder = rows
            if continuing {
                if !builder.isEmpty { delivery.rows = builder.section(title: "").rows }
                continuing = false
                return
            }
            delivery.sections.append(MarkdownFormat.section(builder, heading: heading, scan: scan, buffer: buffer))
        }
        storage.bytes.withUnsafeBufferPointer { b in
            for i in delivered..<stable {
                switch scan.blocks[i].kind {
                case .heading:
                    finish()
                    heading = i
                    rows = ListModel.FileSectionBuilder(buffer: buffer)
                    open = true
                case .item, .passage:
                    open = true   // (rows before any heading: the untitled section, begun empty)
                    MarkdownFormat.appendRow(scan, i, b, to: &rows)
                case .tail, .blank:
                    break
                }
            }
        }
        finish()
        if open { sectionOpen = true }
        delivered = stable
        return delivery
    }

    /// Whether the whole file was scanned.
    package var isComplete: Bool { checked == size && delivered == scanner.result.blocks.count }

    /// The file as scanned when it is complete: what the writer writes over.
    package var file: MarkdownFormat.File { MarkdownFormat.File(buffer: buffer, scan: scanner.result) }

    /// The part handed over, as a file of its own (a load stopped early: the file changed on
    /// disk, or a line is not UTF-8): its bytes (a copy of that prefix) and a scan of the
    /// blocks handed over, which the writer writes over as if the file ended there.
    package var deliveredFile: MarkdownFormat.File {
        var scan = scanner.result
        let length = delivered < scan.blocks.count ? Int(scan.blocks[delivered].start) : scan.length
        scan.blocks.removeSubrange(delivered...)
        scan.unclosedFences = scan.unclosedFences.filter { $0.key < delivered }
        scan.length = length
        scan.stableCount = scan.blocks.count
        return MarkdownFormat.File(buffer: buffer, scan: scan, bytes: Array(storage.bytes[0..<length]))
    }

    /// The offset of the first byte in `range` that is not part of valid UTF-8, if any.
    static func firstInvalid(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let span = bytes.span.extracting(range)
        do {
            _ = try UTF8Span(validating: span)
            return nil
        } catch {
            return range.lowerBound + error.byteOffsets.lowerBound
        }
    }

    /// The 1-based line number of `offset`.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var n = 1
            for i in 0..<offset where b[i] == 0x0A { n += 1 }
            return n
        }
    }
}
