internal import Algorithms
import ListStorage

/// The surgical Markdown writer: writes the list the editor holds back into the file it was read
/// from, rewriting only what changed.
///
///     let scan = MarkdownScanner.scan(bytes)
///     var list = MarkdownList(scan)
///     list.sections[0].rows[2].checkbox = true                   // one byte changes
///     let saved = try MarkdownWriter.write(bytes, scan, list, name: "todo.md")
///
/// Untouched blocks are copied byte for byte (line endings, trailing spaces, markers,
/// indentation, blank lines, a missing final newline). A toggled checkbox changes one byte; a
/// renamed item gets a new first line and keeps its other lines; a moved or re-levelled item takes
/// the marker of the list it lands in and its other lines move to its new content column; ordered
/// lists numbered in sequence are renumbered; where two blocks become neighbours the writer puts
/// the blank line they need (`docs/file-formats.md` has the rules).
///
/// The result is checked by scanning it again: it reads back to exactly the given list, or the
/// writer throws an error naming the row it cannot express. Nothing is dropped silently.
///
/// - Complexity: O(file size + blocks).
package struct MarkdownWriter {
    let file: [UInt8]
    let scan: MarkdownScan
    let name: String
    /// The line ending for new lines: the file's first one, LF for a file without any.
    let newline: [UInt8]
    /// Per block: an item's original parent item, its original previous sibling, and the first
    /// item of its list (-1 when none).
    var parentOf: [Int32] = []
    var previousSiblingOf: [Int32] = []
    var listOf: [Int32] = []
    /// Per item: the first item of the first list in its run of neighbouring lists (`- a` then
    /// `* b` under the same parent, nothing but blank lines between: one run), -1 when none.
    var runOf: [Int32] = []
    /// Per block of the indexed sections: the heading block of its section in the file, -1 in
    /// the untitled first section (`sectionKey`).
    var sectionOf: [Int32] = []
    /// Tails by their owner's block.
    var tailsOf: [Int: [Int]] = [:]
    /// Whether `verify` keeps the scans of the pieces it checks, for the splice it returns; a
    /// caller that does not read the output back (`listedit apply`) lets each go once checked.
    var keepsScans = true
    /// Per section of the list given to `init(changing:)`: `unchanged(_:)` of it, found once.
    var unchangedSections: [ClosedRange<Int>?]?
    /// The length of the file proper: after it come sections of earlier versions of the file,
    /// appended for rows that undo kept across a save (`MarkdownFormat.combining`). The end of
    /// the output (blank lines, final newline) is the file proper's.
    var ownLength: Int
    /// The blocks of the file proper (those starting before `ownLength`).
    var ownBlocks: Int
    /// `fileIndentsWithTabs()`, found once by a writer that writes a list (`init(file:scan:...)`):
    /// each list laid out asks, and finding it reads every block of a file whose items are not
    /// indented (a batch touching ten sections of 10^6 rows asked ten times).
    var fileTabs: Bool?

    /// Writes `list` over `file`, which `scan` was made from; `name` is used in error messages.
    /// `ownLength`: where the file proper ends when sections of earlier versions follow it
    /// (`MarkdownFormat.combining`); they are written only where the list names their blocks.
    package static func write(_ file: [UInt8], _ scan: MarkdownScan, _ list: MarkdownList, name: String,
                              ownLength: Int? = nil) throws(DocumentError) -> [UInt8] {
        try writeKeepingScans(file, scan, list, name: name, ownLength: ownLength).bytes
    }

    /// What `write` wrote, and how the output's scan is made of the file's scan and the pieces
    /// the check scanned (`Splice`), so the caller need not scan the output again.
    package struct Written: Sendable {
        package var bytes: [UInt8]
        /// nil when the output was checked whole (or is the file as read).
        package var splice: Splice?
    }

    /// The output cut into the parts `verify` saw, in order: sections copied as the file has
    /// them (their blocks are the file's, moved) and sections (or runs of them) scanned alone
    /// (their blocks are that scan's, moved). Together they are the scan of the whole output
    /// (`docs/file-formats.md`, "Saving"; `MarkdownFastSaveTests` checks it).
    package struct Splice: Sendable {
        package enum Part: Sendable {
            /// Section `section` of the list: the file's `blocks` (from the file's byte
            /// `oldStart`), now at byte `newStart` of the output.
            case copied(section: Int, blocks: ClosedRange<Int>, oldStart: Int, newStart: Int)
            /// Sections `sections` of the list (indices, in order), scanned alone as `scan` from
            /// byte `newStart` of the output.
            case scanned(sections: [Int], scan: MarkdownScan, newStart: Int)
        }
        package var parts: [Part]
    }

    /// `write`, also returning the splice of the output's scan (none when `splice` is false: the
    /// caller will not read the output back, and the check's scans are let go as it goes).
    package static func writeKeepingScans(_ file: [UInt8], _ scan: MarkdownScan, _ list: MarkdownList, name: String,
                                          ownLength: Int? = nil, splice: Bool = true) throws(DocumentError) -> Written {
        if ownLength == nil && scan.length == file.count && isUnchanged(list, scan) { return Written(bytes: file) }  // untouched: the file as read
        var writer = MarkdownWriter(file: file, scan: scan, name: name, changing: list, ownLength: ownLength)
        writer.keepsScans = splice
        try writer.validate(list)
        let rendered = try writer.render(list)
        let checked = try writer.verify(rendered.bytes, list, rendered: rendered)
        return Written(bytes: rendered.bytes, splice: splice ? checked : nil)
    }

    /// - Parameter list: when given, only the file's sections that the list's changed sections
    ///   draw rows from are indexed (the others are copied whole); by default all of them. Only
    ///   this list may then be rendered.
    init(file: [UInt8], scan: MarkdownScan, name: String, changing list: MarkdownList? = nil, ownLength: Int? = nil) {
        self.file = file
        self.scan = scan
        self.name = name
        let own = ownLength ?? file.count
        self.ownLength = own
        ownBlocks = ownLength == nil ? scan.blocks.count : scan.blocks.partitioningIndex { Int($0.start) >= own }
        newline = Self.newline(of: file)
        let n = scan.blocks.count
        parentOf = Array(repeating: -1, count: n)
        previousSiblingOf = Array(repeating: -1, count: n)
        listOf = Array(repeating: -1, count: n)
        runOf = Array(repeating: -1, count: n)
        sectionOf = Array(repeating: Self.noSection, count: n)
        fileTabs = fileIndentsWithTabs()
        guard let list else {
            indexOriginal(0..<n)
            return
        }
        let same = list.sections.map { $0.untouched ?? unchanged($0) }
        unchangedSections = same
        var blocks: [Int] = []
        for (section, range) in zip(list.sections, same) where range == nil {
            if case .original(let b, _, _) = section.heading { blocks.append(b) }
            for row in section.rows { if let b = row.block { blocks.append(b) } }
        }
        indexSections(holding: blocks)
    }

    /// `sectionOf` of a block in no indexed section, and `sectionKey` of a new section: no
    /// block's.
    static let noSection: Int32 = -2

    /// The `sectionOf` of the file's rows in a section with `heading`: `noSection` for a new one.
    static func sectionKey(_ heading: MarkdownList.Heading) -> Int32 {
        switch heading {
        case .untitled: return -1
        case .original(let block, _, _): return Int32(block)
        case .new: return noSection
        }
    }

    /// A writer that indexes only the file's sections holding `rows`' blocks: enough to lay
    /// those rows out (`layout`) as the writer would, not to render or check a whole list.
    init(file: [UInt8], scan: MarkdownScan, laying rows: [MarkdownList.Row]) {
        self.init(reading: file, scan)
        let n = scan.blocks.count
        parentOf = Array(repeating: -1, count: n)
        previousSiblingOf = Array(repeating: -1, count: n)
        listOf = Array(repeating: -1, count: n)
        runOf = Array(repeating: -1, count: n)
        sectionOf = Array(repeating: Self.noSection, count: n)
        indexSections(holding: rows.compactMap(\.block))
    }

    /// Indexes the file's sections (from a heading, or the file's start, to the next heading)
    /// that hold one of `blocks`. Indexing restarts at each heading, so a section indexed alone
    /// is indexed as in one pass.
    ///
    /// - Complexity: O(blocks of those sections), plus O(blocks of the file) to allocate.
    private mutating func indexSections(holding blocks: [Int]) {
        let n = scan.blocks.count
        var indexed = [Bool](repeating: false, count: n)
        for b in blocks where b >= 0 && b < n && !indexed[b] {
            var start = b
            while start > 0 && scan.blocks[start].kind != .heading { start -= 1 }
            var end = b + 1
            while end < n && scan.blocks[end].kind != .heading { end += 1 }
            for i in start..<end { indexed[i] = true }
            indexOriginal(start..<end)
        }
    }

    /// A writer that only reads the file's blocks (`geometry`, `split`, `newline`): no per-block
    /// table is made, so making one costs nothing per block (`otherLines` makes one per row a
    /// delete keeps). It cannot render or check a list.
    init(reading file: [UInt8], _ scan: MarkdownScan) {
        self.file = file
        self.scan = scan
        name = ""
        ownLength = file.count
        ownBlocks = scan.blocks.count
        newline = Self.newline(of: file)
    }

    /// The line ending for new lines: the file's first one, LF for a file without any.
    ///
    /// - Complexity: O(bytes before the first line ending).
    static func newline(of file: [UInt8]) -> [UInt8] {
        guard let i = file.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        return file[i] == 0x0D && i + 1 < file.count && file[i + 1] == 0x0A ? [0x0D, 0x0A] : [file[i]]
    }

    /// Parents, previous siblings and lists of the original items of `blocks` (whole sections
    /// of the file, or all of it), in one pass.
    private mutating func indexOriginal(_ blocks: Range<Int>) {
        var atLevel: [Int] = []   // the last item at each level
        var heading: Int32 = -1   // (`blocks` starts at a heading or the file's start)
        for i in blocks {
            let block = scan.blocks[i]
            if block.kind == .heading { heading = Int32(i) }
            sectionOf[i] = heading
            switch block.kind {
            case .item:
                let level = min(Int(block.level), atLevel.count)
                if level > 0 { parentOf[i] = Int32(atLevel[level - 1]) }
                if level < atLevel.count {
                    let previous = atLevel[level]
                    previousSiblingOf[i] = Int32(previous)
                    listOf[i] = block.startsList ? Int32(i) : listOf[previous]
                    runOf[i] = runOf[previous]
                } else {
                    listOf[i] = Int32(i)
                    runOf[i] = Int32(i)
                }
                atLevel.removeLast(atLevel.count - level)
                atLevel.append(i)
            case .tail:
                tailsOf[block.owner, default: []].append(i)
                let ownerLevel = Int(scan.blocks[block.owner].level)
                if atLevel.count > ownerLevel + 1 { atLevel.removeLast(atLevel.count - ownerLevel - 1) }
            case .heading, .passage:
                atLevel.removeAll()
            case .blank:
                break
            }
        }
    }

    /// Whether `list` is the list the scan found (`MarkdownList(scan)`), found without building
    /// that list.
    ///
    /// - Complexity: O(blocks).
    static func isUnchanged(_ list: MarkdownList, _ scan: MarkdownScan) -> Bool {
        if list.sections.contains(where: { $0.untouched != nil }) {
            // Sections known untouched: unchanged when all are, each the file's next section.
            var next = 0
            for section in list.sections {
                guard let range = section.untouched, range.lowerBound >= next else { return false }
                if scan.blocks[next..<range.lowerBound].contains(where: { $0.kind != .blank }) { return false }
                next = range.upperBound + 1
            }
            return next == scan.blocks.count
        }
        var s = 0, r = 0
        var open = false
        for (i, block) in scan.blocks.enumerated() {
            switch block.kind {
            case .heading:
                if open {
                    guard r == list.sections[s].rows.count else { return false }
                    s += 1
                }
                guard s < list.sections.count, list.sections[s].heading == .original(block: i, title: nil, level: Int(block.level)) else {
                    return false
                }
                open = true
                r = 0
            case .item, .passage:
                if !open {
                    guard s < list.sections.count, list.sections[s].heading == .untitled else { return false }
                    open = true
                }
                guard r < list.sections[s].rows.count, list.sections[s].rows[r] == MarkdownList.Row(scan, block: i) else { return false }
                r += 1
            case .tail, .blank:
                break
            }
        }
        if open {
            guard r == list.sections[s].rows.count else { return false }
            s += 1
        }
        return s == list.sections.count
    }

    // MARK: errors

    func error(_ message: String) -> DocumentError { DocumentError(.cannotRepresent, file: name, message) }

    static func place(_ row: Int, _ section: Int) -> String { "row \(row) of section \(section)" }

    /// Checks what the list asks for before writing anything.
    func validate(_ list: MarkdownList) throws(DocumentError) {
        // Blocks named so far (a block may be named once).
        var used = Array(repeating: false, count: scan.blocks.count)
        // The sections known untouched, by their blocks: no other section may name one.
        let untouched = list.sections.compactMap(\.untouched).sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(untouched, untouched.dropFirst()) where b.lowerBound <= a.upperBound {
            throw error("two sections name blocks \(b.lowerBound)...\(a.upperBound) of the file")
        }
        func inUntouched(_ block: Int) -> Bool {
            let k = untouched.partitioningIndex { $0.upperBound >= block }
            return k < untouched.count && untouched[k].contains(block)
        }
        for (s, section) in list.sections.enumerated() {
            switch section.heading {
            case .untitled:
                guard s == 0 else { throw error("section \(s) has no title, but only the first section can be untitled in Markdown") }
            case .original(let block, let title, let level):
                guard block >= 0, block < scan.blocks.count, scan.blocks[block].kind == .heading, !used[block],
                      section.untouched?.lowerBound == block || !inUntouched(block) else {
                    throw error("section \(s) names heading block \(block), which is not a heading of the file read")
                }
                used[block] = true
                guard (1...6).contains(level) else { throw error("section \(s) has level \(level); Markdown headings have levels 1 to 6") }
                if let title, !fitsOnALine(title) { throw error("the title of section \(s) contains a line break, which a Markdown heading cannot hold") }
            case .new(let title, let level):
                guard (1...6).contains(level) else { throw error("section \(s) has level \(level); Markdown headings have levels 1 to 6") }
                guard fitsOnALine(title) else { throw error("the title of section \(s) contains a line break, which a Markdown heading cannot hold") }
            }
            var previousItemLevel: Int?
            if section.untouched != nil {
                // Known to be the file's section as it is: its rows are not named one by one,
                // so no row of another section may name a block of it (checked below).
                continue
            }
            if let same = unchangedSections, same.count == list.sections.count, let range = same[s] {
                // The file's section as it is (its rows valid as read): mark its rows.
                for b in range where scan.blocks[b].isRow {
                    guard !used[b] else { throw error("section \(s) names block \(b), which another section names too") }
                    used[b] = true
                }
                continue
            }
            for (r, row) in section.rows.enumerated() {
                let isItem: Bool
                if let block = row.block {
                    guard block >= 0, block < scan.blocks.count, scan.blocks[block].isRow, !used[block], !inUntouched(block) else {
                        throw error("\(Self.place(r, s)) names block \(block), which is not a row of the file read (or is named twice)")
                    }
                    used[block] = true
                    isItem = scan.blocks[block].kind == .item
                    if scan.blocks[block].kind == .passage && scan.blocks[block].passageKind == .frontMatter && (s != 0 || r != 0) {
                        throw error("the front matter must stay first in the file (it is \(Self.place(r, s)))")
                    }
                } else {
                    isItem = true
                }
                if isItem {
                    // (Its paragraph's later lines need a first line: under an empty one the
                    // next would read as the first.)
                    if let text = row.text, !fitsOnALine(text) || row.paragraph?.allSatisfy(fitsOnALine) == false
                        || (text.isEmpty && row.paragraph?.isEmpty == false) {
                        throw error("\(Self.place(r, s)) contains a line break, which a Markdown list item's first line cannot hold; save as .json")
                    }
                    guard row.level >= 0 && row.level <= RowList.levelCap(below: previousItemLevel) else {
                        throw error("\(Self.place(r, s)) " + RowList.levelViolation(level: row.level, row: r, below: previousItemLevel))
                    }
                    previousItemLevel = row.level
                } else {
                    previousItemLevel = nil
                }
            }
        }
    }

    private func fitsOnALine(_ text: String) -> Bool { !text.utf8.contains(0x0A) && !text.utf8.contains(0x0D) }
}
