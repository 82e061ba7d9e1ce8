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

    /// Where the ordered lists of a saved file are numbered otherwise than the writer's rules say
    /// (docs/file-formats.md, "Saving"), as the model holds their items: each list of `bytes` is
    /// compared with the lists of the file saved before (`old`) its items come from (by identity;
    /// `shown` is the model the save wrote, its rows in the order of the file's). A list that is
    /// exactly a list of `old` keeps its numbers; a list whose items all come from one list of
    /// `old`, or are new: numbered in sequence from that list's first number when it was (new
    /// lists from 1), all with its number when it had one, else each item with its number and a
    /// new one with one more than the item above. A list with items of several lists, or of an
    /// earlier version (undo across saves), is only checked to be in sequence or all alike.
    ///
    /// - Complexity: O(blocks of both files).
    static func numberingViolation(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldScan = MarkdownScanner.scan(old.bytes), newScan = MarkdownScanner.scan(bytes)
        let oldLists = ListStructure.blocks(oldScan).list, newLists = ListStructure.blocks(newScan).list
        func number(_ scan: MarkdownScan, _ b: Int) -> Int? {
            if case .ordered(let n, _) = scan.blocks[b].marker { return n }
            return nil
        }
        // Where each row of the old file was: its list and number.
        var was: [ListModel.RowID: (list: Int, number: Int?)] = [:]
        for (row, b) in zip(flat(old.model), rowBlocks(oldScan)) where oldScan.blocks[b].kind == .item {
            was[row.row.id] = (oldLists[b], number(oldScan, b))
        }
        var oldItems: [Int: [(id: ListModel.RowID, number: Int)]] = [:]   // per old ordered list, its items
        for (row, b) in zip(flat(old.model), rowBlocks(oldScan)) where oldScan.blocks[b].kind == .item {
            if let n = number(oldScan, b) { oldItems[oldLists[b], default: []].append((row.row.id, n)) }
        }
        // The new file's ordered lists: per list, its items (identity, number) in order.
        var lists: [Int: [(id: ListModel.RowID, number: Int)]] = [:]
        for (row, b) in zip(flat(shown), rowBlocks(newScan)) where newScan.blocks[b].kind == .item {
            if let n = number(newScan, b) { lists[newLists[b], default: []].append((row.row.id, n)) }
        }
        for (_, items) in lists.sorted(by: { $0.key < $1.key }) {
            let numbers = items.map(\.number)
            // New rows are numbered from 2^40 (`ListModel.makeRow`), rows read from 2^41 on.
            let isNew = items.map { $0.id.raw >= 1 << 40 && $0.id.raw < 1 << 41 }
            let from = Set(items.indices.compactMap { isNew[$0] ? nil : was[items[$0].id]?.list })
            let known = items.indices.allSatisfy { isNew[$0] || was[items[$0].id] != nil }
            let expected: [Int]?
            if known && from.isEmpty {
                expected = numbers.indices.map { $0 + 1 }
            } else if known, from.count == 1, let list = from.first, let olds = oldItems[list] {
                let original = olds.map(\.number), start = original[0]
                if olds.map(\.id) == items.map(\.id) {
                    expected = original
                } else if original.indices.allSatisfy({ original[$0] == start + $0 }) {
                    expected = numbers.indices.map { start + $0 }
                } else if original.count >= 2 && original.allSatisfy({ $0 == start }) {
                    expected = numbers.map { _ in start }
                } else {
                    var e: [Int] = []
                    for (k, item) in items.enumerated() {
                        e.append(isNew[k] ? (e.last ?? start - 1) + 1 : was[item.id]?.number ?? (e.last ?? start - 1) + 1)
                    }
                    expected = e
                }
            } else {
                expected = nil
            }
            if let expected, expected != numbers {
                return "an ordered list numbered \(numbers), expected \(expected) from the items' lists at the last save"
            }
            let inSequence = numbers.enumerated().allSatisfy { $0.element == numbers[0] + $0.offset }
            if !inSequence && !numbers.allSatisfy({ $0 == numbers[0] }) && expected == nil {
                return "an ordered list numbered \(numbers)"
            }
        }
        return nil
    }

    /// A part of the file no edit touched whose bytes changed. The file is a sequence of parts:
    /// each heading, each passage, each top-level list with the lists nested in it (from its
    /// first marker). A part is untouched when its headings and rows are the same (identities,
    /// titles, levels, texts and attributes) in the same order as at the last save, and so are
    /// the heading or row on either side (or the file's start and end): then its bytes are what
    /// they were, up to the next part when that is also the same as it was (so the blank lines
    /// between parts and sections are checked too), else to its last non-blank line. Returns
    /// also where the model and the file disagree (the rows or headings do not match the blocks).
    ///
    /// - Complexity: O(blocks of both files).
    static func untouchedChange(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldScan = MarkdownScanner.scan(old.bytes), newScan = MarkdownScanner.scan(bytes)
        guard let oldParts = parts(old.model, oldScan) else { return "the file saved before does not hold its model's headings and rows" }
        guard let newParts = parts(shown, newScan) else { return "the saved file does not hold the shown model's headings and rows" }
        let listOf = ListStructure.blocks(oldScan).list
        var position: [Part.Key: Int] = [:]
        for (k, part) in newParts.enumerated() { position[part.key] = k }
        // Runs of old parts: a heading or a passage alone; items until a new top-level list.
        var runs: [Range<Int>] = []
        var start = 0
        for k in oldParts.indices where k > 0 {
            let b = oldParts[k].block, block = oldScan.blocks[b]
            let joins = block.kind == .item && oldScan.blocks[oldParts[k - 1].block].kind == .item
                && !(block.level == 0 && listOf[b] == b)
            if !joins { runs.append(start..<k); start = k }
        }
        if !oldParts.isEmpty { runs.append(start..<oldParts.count) }
        func key(_ parts: [Part], _ k: Int) -> Part.Key? { parts.indices.contains(k) ? parts[k].key : nil }
        for run in runs {
            guard let p = position[oldParts[run.lowerBound].key], p + run.count <= newParts.count else { continue }
            let same = run.indices.allSatisfy { newParts[p + $0 - run.lowerBound] == oldParts[$0] }
            guard same, key(oldParts, run.lowerBound - 1) == key(newParts, p - 1),
                  key(oldParts, run.upperBound) == key(newParts, p + run.count) else { continue }
            // The blank lines after it too when the next part is as it was.
            let next = oldParts.indices.contains(run.upperBound) && newParts[p + run.count] == oldParts[run.upperBound]
                ? (old: oldParts[run.upperBound].block, new: newParts[p + run.count].block) : nil
            let was = span(oldScan, from: oldParts[run.lowerBound].block, to: oldParts[run.upperBound - 1].block, next: next?.old, old.bytes)
            let now = span(newScan, from: newParts[p].block, to: newParts[p + run.count - 1].block, next: next?.new, bytes)
            if was != now {
                return "\(oldParts[run.lowerBound].description) and the \(run.count - 1) parts after it were not touched, but their bytes \(String(decoding: was, as: UTF8.self).debugDescription) became \(String(decoding: now, as: UTF8.self).debugDescription)"
            }
        }
        return nil
    }

    /// A heading or row of a model, with its block in the file it was saved to.
    struct Part: Equatable {
        enum Key: Hashable {
            /// A section's heading by its `source` (nil: a new section, like no other).
            case heading(UInt64?)
            case row(ListModel.RowID)
        }
        var key: Key
        var title: String? = nil
        var level = 0
        var row: ListModel.Row? = nil
        var block: Int

        static func == (a: Part, b: Part) -> Bool {
            a.key == b.key && a.key != .heading(nil) && a.title == b.title && a.level == b.level && a.row == b.row
        }

        var description: String { row.map { $0.text.debugDescription } ?? "heading \(title ?? "")" }
    }

    /// The headings and rows of `model` in order, each with its block of `scan`; nil when they
    /// do not match (counts, or a heading where a row is).
    static func parts(_ model: ListModel, _ scan: MarkdownScan) -> [Part]? {
        let blocks = scan.blocks.indices.filter { scan.blocks[$0].isRow || scan.blocks[$0].kind == .heading }
        let headings = blocks.count(where: { scan.blocks[$0].kind == .heading })
        // The first section has no heading when the file has one fewer than sections.
        guard headings == model.sections.count || headings == model.sections.count - 1 else { return nil }
        var parts: [Part] = []
        var i = 0
        for (s, section) in model.sections.enumerated() {
            if s > 0 || headings == model.sections.count {
                guard i < blocks.count, scan.blocks[blocks[i]].kind == .heading else { return nil }
                parts.append(Part(key: .heading(section.source), title: section.title, level: section.level, block: blocks[i]))
                i += 1
            }
            for row in section.rows {
                guard i < blocks.count, scan.blocks[blocks[i]].isRow else { return nil }
                parts.append(Part(key: .row(row.id), row: row, block: blocks[i]))
                i += 1
            }
        }
        return i == blocks.count ? parts : nil
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

    /// The bytes of blocks `first` to `last` with what belongs to them: up to block `next` when
    /// given, else to the last non-blank block before the next row or heading, without the last
    /// line ending.
    static func span(_ scan: MarkdownScan, from first: Int, to last: Int, next: Int?, _ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = Int(scan.blocks[first].start)
        if let next { return bytes[start..<Int(scan.blocks[next].start)] }
        var last = last
        var i = last + 1
        while i < scan.blocks.count, scan.blocks[i].kind == .tail || scan.blocks[i].kind == .blank {
            if scan.blocks[i].kind == .tail { last = i }
            i += 1
        }
        var end = scan.end(of: last)
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }
}
