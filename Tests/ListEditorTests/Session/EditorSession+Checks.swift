import ListDocument
import TableKit
import ListStorage
import TestSupport

/// The checks of `EditorSession` on a model and on saved bytes, each returning what is wrong
/// (nil: nothing).
extension EditorSession {
    /// A row's level is at most one more than the level of the item above it in its list, 0 for
    /// a list's first row (after a section's start or a passage).
    ///
    /// - Complexity: O(rows).
    static func levelRuleViolation(_ model: ListModel) -> String? {
        for (s, section) in model.sections.enumerated() {
            var above: Int?
            for (r, row) in section.rows.enumerated() {
                if row.isPassage { above = nil; continue }
                let most = above.map { $0 + 1 } ?? 0
                if row.level > most {
                    return "row [\(s), \(r)] \(row.text.debugDescription) at level \(row.level), at most \(most) allowed"
                }
                above = row.level
            }
        }
        return nil
    }

    /// Where the table read from the file differs from the one shown: sections (titles, heading
    /// levels), rows (texts, levels, checkboxes, passages), in order.
    static func tableDifference(shown: ListModel, read: ListModel) -> String? {
        func describe(_ row: ListModel.Row) -> String {
            row.isPassage ? "passage \(row.text.debugDescription)"
                : "\(String(repeating: "  ", count: row.level))\(row.checkbox.map { $0 ? "[x] " : "[ ] " } ?? "")\(row.text.debugDescription)"
        }
        guard shown.sections.count == read.sections.count else {
            return "\(shown.sections.count) sections shown (\(shown.sections.map(\.title))), \(read.sections.count) in the file (\(read.sections.map(\.title)))"
        }
        for (s, (a, b)) in zip(shown.sections, read.sections).enumerated() {
            if a.title != b.title || a.level != b.level {
                return "section \(s): shown \(a.title.debugDescription) level \(a.level), file \(b.title.debugDescription) level \(b.level)"
            }
            for r in 0..<max(a.rows.count, b.rows.count) {
                let x = r < a.rows.count ? describe(a.rows[r]) : "nothing"
                let y = r < b.rows.count ? describe(b.rows[r]) : "nothing"
                if x != y { return "row [\(s), \(r)]: shown \(x), file \(y)" }
            }
        }
        return nil
    }

    /// An ordered list whose numbers are neither in sequence from its first nor all alike.
    static func numberingViolation(_ bytes: [UInt8]) -> String? {
        let scan = MarkdownScanner.scan(bytes)
        let lists = ListStructure.blocks(scan).list
        var numbers: [Int: [Int]] = [:]
        for (i, block) in scan.blocks.enumerated() where block.kind == .item {
            if case .ordered(let n, _) = block.marker { numbers[lists[i], default: []].append(n) }
        }
        for (_, list) in numbers.sorted(by: { $0.key < $1.key }) {
            let inSequence = list.enumerated().allSatisfy { $0.element == list[0] + $0.offset }
            let alike = list.allSatisfy { $0 == list[0] }
            if !inSequence && !alike { return "an ordered list numbered \(list)" }
        }
        return nil
    }

    /// A list or passage no edit touched whose bytes changed: its rows are the same rows (same
    /// identities, texts and attributes) in the same order as at the last save, and so are the
    /// rows on either side (or the section's start and end). A list here is a top-level list with
    /// the lists nested in it, from its first marker to its last non-blank line.
    static func untouchedChange(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldScan = MarkdownScanner.scan(old.bytes), newScan = MarkdownScanner.scan(bytes)
        let oldRows = flat(old.model), newRows = flat(shown)
        let oldBlocks = rowBlocks(oldScan), newBlocks = rowBlocks(newScan)
        guard oldRows.count == oldBlocks.count, newRows.count == newBlocks.count else { return nil }
        let listOf = ListStructure.blocks(oldScan).list
        var position: [ListModel.RowID: Int] = [:]
        for (k, row) in newRows.enumerated() { position[row.row.id] = k }
        // Runs of old rows: a passage alone; items until a new top-level list or section.
        var runs: [Range<Int>] = []
        var start = 0
        for k in oldRows.indices where k > 0 {
            let b = oldBlocks[k], block = oldScan.blocks[b]
            let joins = oldRows[k].section == oldRows[k - 1].section && block.kind == .item
                && oldScan.blocks[oldBlocks[k - 1]].kind == .item && !(block.level == 0 && listOf[b] == b)
            if !joins { runs.append(start..<k); start = k }
        }
        if !oldRows.isEmpty { runs.append(start..<oldRows.count) }
        func neighbour(_ rows: [(section: Int, row: ListModel.Row)], _ k: Int, of at: Int) -> ListModel.RowID? {
            rows.indices.contains(k) && rows[k].section == rows[at].section ? rows[k].row.id : nil
        }
        for run in runs {
            guard let p = position[oldRows[run.lowerBound].row.id], p + run.count <= newRows.count else { continue }
            let same = run.indices.allSatisfy { i in
                let q = p + (i - run.lowerBound)
                return newRows[q].row == oldRows[i].row && newRows[q].section == newRows[p].section
            }
            guard same,
                  neighbour(oldRows, run.lowerBound - 1, of: run.lowerBound) == neighbour(newRows, p - 1, of: p),
                  neighbour(oldRows, run.upperBound, of: run.upperBound - 1) == neighbour(newRows, p + run.count, of: p + run.count - 1)
            else { continue }
            let was = span(oldScan, oldBlocks, run, old.bytes)
            let now = span(newScan, newBlocks, p..<(p + run.count), bytes)
            if was != now {
                return "\(oldRows[run.lowerBound].row.text.debugDescription) and the \(run.count - 1) rows after it were not touched, but their bytes \(String(decoding: was, as: UTF8.self).debugDescription) became \(String(decoding: now, as: UTF8.self).debugDescription)"
            }
        }
        return nil
    }

    /// The first line where `bytes` differ from `expected`, with both versions of it (nil: equal).
    static func lineDifference(_ bytes: [UInt8], _ expected: [UInt8]) -> String? {
        guard bytes != expected else { return nil }
        func lines(_ b: [UInt8]) -> [String] {
            String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let a = lines(bytes), e = lines(expected)
        let k = zip(a, e).prefix { $0 == $1 }.count
        func around(_ l: [String]) -> String {
            l[max(0, k - 1)..<min(l.count, k + 3)].map(\.debugDescription).joined(separator: " / ")
        }
        if k == a.count && k == e.count { return "the same lines, other bytes" }
        return "line \(k + 1): \(around(a)), expected \(around(e))"
    }

    /// Every row with its section index, in order.
    static func flat(_ model: ListModel) -> [(section: Int, row: ListModel.Row)] {
        var rows: [(section: Int, row: ListModel.Row)] = []
        for (s, section) in model.sections.enumerated() {
            for row in section.rows { rows.append((s, row)) }
        }
        return rows
    }

    /// The blocks that are rows (items and passages), in order.
    static func rowBlocks(_ scan: MarkdownScan) -> [Int] {
        scan.blocks.indices.filter { scan.blocks[$0].isRow }
    }

    /// The bytes of rows `run` (indices into `rows`): from the first row's block to the last
    /// non-blank block before the next row or heading, without the last line ending.
    static func span(_ scan: MarkdownScan, _ rows: [Int], _ run: Range<Int>, _ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let first = rows[run.lowerBound]
        var last = rows[run.upperBound - 1]
        var i = last + 1
        while i < scan.blocks.count, scan.blocks[i].kind == .tail || scan.blocks[i].kind == .blank {
            if scan.blocks[i].kind == .tail { last = i }
            i += 1
        }
        var end = scan.end(of: last)
        while end > Int(scan.blocks[first].start), bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[Int(scan.blocks[first].start)..<end]
    }
}
