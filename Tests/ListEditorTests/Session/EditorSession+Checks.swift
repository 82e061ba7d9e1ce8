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
    /// levels), rows (texts, levels, checkboxes, passages), in order. A row's text is compared
    /// by its first line, as the screen shows it and the file reads: a text holding its item's
    /// paragraph (a rename) has the later lines, which `heldDifference` compares.
    static func tableDifference(shown: ListModel, read: ListModel) -> String? {
        func describe(_ row: ListModel.Row) -> String {
            row.isPassage ? "passage \(row.text.debugDescription)"
                : "\(String(repeating: "  ", count: row.level))\(row.checkbox.map { $0 ? "[x] " : "[ ] " } ?? "")\(MarkdownText.firstLine(of: row.text).debugDescription)"
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
    /// earlier version (undo across saves), is only checked to be in sequence or all alike. A
    /// model whose rows are not as many as its file's row blocks is reported (rows and blocks
    /// pair up in order); new rows are told by `RowID.isNew`.
    ///
    /// - Complexity: O(blocks of both files).
    static func numberingViolation(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldScan = MarkdownScanner.scan(old.bytes), newScan = MarkdownScanner.scan(bytes)
        let oldLists = ListStructure.blocks(oldScan).list, newLists = ListStructure.blocks(newScan).list
        func number(_ scan: MarkdownScan, _ b: Int) -> Int? {
            if case .ordered(let n, _) = scan.blocks[b].marker { return n }
            return nil
        }
        // The rows and the row blocks pair up in order: a count that differs is a failure, not
        // a shorter comparison.
        let oldRows = flat(old.model), oldBlocks = rowBlocks(oldScan)
        let newRows = flat(shown), newBlocks = rowBlocks(newScan)
        guard oldRows.count == oldBlocks.count else {
            return "the file saved before has \(oldBlocks.count) rows, its model \(oldRows.count)"
        }
        guard newRows.count == newBlocks.count else {
            return "the saved file has \(newBlocks.count) rows, the model it was saved from \(newRows.count)"
        }
        // Where each row of the old file was: its list and number.
        var was: [ListModel.RowID: (list: Int, number: Int?)] = [:]
        for (row, b) in zip(oldRows, oldBlocks) where oldScan.blocks[b].kind == .item {
            was[row.row.id] = (oldLists[b], number(oldScan, b))
        }
        var oldItems: [Int: [(id: ListModel.RowID, number: Int)]] = [:]   // per old ordered list, its items
        for (row, b) in zip(oldRows, oldBlocks) where oldScan.blocks[b].kind == .item {
            if let n = number(oldScan, b) { oldItems[oldLists[b], default: []].append((row.row.id, n)) }
        }
        // The new file's ordered lists: per list, its items (identity, number) in order.
        var lists: [Int: [(id: ListModel.RowID, number: Int)]] = [:]
        for (row, b) in zip(newRows, newBlocks) where newScan.blocks[b].kind == .item {
            if let n = number(newScan, b) { lists[newLists[b], default: []].append((row.row.id, n)) }
        }
        for (_, items) in lists.sorted(by: { $0.key < $1.key }) {
            let numbers = items.map(\.number)
            let isNew = items.map(\.id.isNew)
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

/// The per-row check of untouched bytes (`untouchedRowChange`).
extension EditorSession {
    /// A row no edit touched whose own lines changed: what `untouchedChange` passes when the row
    /// is inside an edited list (it compares whole top-level lists). A row is untouched when,
    /// since the last save, it is the same (identity, text, attributes) with the same parent and
    /// the same previous sibling in its list (by identity, or none in both: the same list), and
    /// the same heading or row right above and right below it (identities and contents). Its
    /// own lines (its block and its tails, each without the blank lines after it) are then the
    /// same bytes, but
    /// for two exceptions, each as narrow as what legitimately changes:
    /// - an ordered item's number may differ (its list renumbered after an insert, delete or
    ///   move above it); `numberingViolation` checks numbers;
    /// - the indentation of its lines may differ when its own marker (with the spaces after it)
    ///   or an ancestor's first line up to its text changed width (`9.` renumbered `10.` moves
    ///   the item's other lines and its nested rows one column): its lines are then compared
    ///   without their leading spaces and tabs (the first line's marker and spaces still count).
    /// Blank lines between items are no row's own lines, but two untouched rows that are
    /// neighbours before and after (the same two, one right after the other) keep the blank
    /// lines between them (one blank line between two items makes a whole list loose, which
    /// cmark-gfm renders otherwise: paragraphs in its items), with the same two exceptions: the
    /// lower row renumbered (an item that cannot interrupt a paragraph gets a blank line before
    /// it) or either row re-indented. Returns also where the model and the file disagree.
    ///
    /// - Complexity: O(blocks of both files × nesting depth).
    static func untouchedRowChange(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldFile = RowFile(old.bytes), newFile = RowFile(bytes)
        guard let oldParts = parts(old.model, oldFile.scan) else { return "the file saved before does not hold its model's headings and rows" }
        guard let newParts = parts(shown, newFile.scan) else { return "the saved file does not hold the shown model's headings and rows" }
        var position: [Part.Key: Int] = [:]
        for (k, part) in newParts.enumerated() { position[part.key] = k }
        // The untouched rows: old part → new part, and whether its lines may be re-indented or
        // its number changed (the exceptions).
        var untouched: [Int: (p: Int, excepted: Bool)] = [:]
        for (k, part) in oldParts.enumerated() where part.row != nil {
            guard let p = position[part.key], newParts[p] == part else { continue }
            // The same heading or row right above and right below (or the file's start and end).
            func same(_ a: Int, _ b: Int) -> Bool {
                oldParts.indices.contains(a) ? newParts.indices.contains(b) && newParts[b] == oldParts[a] : !newParts.indices.contains(b)
            }
            guard same(k - 1, p - 1), same(k + 1, p + 1) else { continue }
            let oldAncestors = ancestors(oldParts, k), newAncestors = ancestors(newParts, p)
            guard oldAncestors.first.map({ oldParts[$0].key }) == newAncestors.first.map({ newParts[$0].key }) else { continue }
            // In the same list: the same previous sibling (none in both).
            guard previousSibling(oldParts, k).map({ oldParts[$0].key }) == previousSibling(newParts, p).map({ newParts[$0].key }) else { continue }
            let ob = part.block, nb = newParts[p].block
            // The exceptions: numbers; indentation after a marker or an ancestor's first line
            // changed width.
            let widths = { (file: RowFile, parts: [Part], chain: [Int], own: Int) in
                [file.textColumn(own, fromMarker: true)] + chain.map { file.textColumn(parts[$0].block) }
            }
            let reindented = widths(oldFile, oldParts, oldAncestors, ob) != widths(newFile, newParts, newAncestors, nb)
            let was = oldFile.ownLines(ob, withoutIndentation: reindented)
            let now = newFile.ownLines(nb, withoutIndentation: reindented)
            if was != now {
                func show(_ lines: [[UInt8]]) -> String { lines.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: " / ") }
                return "row \(part.description) was not touched (nor its parent, neighbours or list), but its lines \(show(was)) became \(show(now))"
            }
            untouched[k] = (p, reindented || oldFile.number(ob) != newFile.number(nb))
        }
        // Two untouched neighbours keep the blank lines between them: a list does not turn loose
        // (or tight) around rows no edit touched.
        for (k, lower) in untouched.sorted(by: { $0.key < $1.key }) {
            guard let upper = untouched[k - 1], upper.p == lower.p - 1, !upper.excepted, !lower.excepted else { continue }
            let was = oldFile.blankLines(before: oldParts[k].block), now = newFile.blankLines(before: newParts[lower.p].block)
            if was != now {
                return "rows \(oldParts[k - 1].description) and \(oldParts[k].description) were not touched (nor their neighbours), but the blank lines between them \(String(decoding: was, as: UTF8.self).debugDescription) became \(String(decoding: now, as: UTF8.self).debugDescription)"
            }
        }
        return nil
    }

    /// The part index of the row before the row at `k` in its list in the model: the nearest
    /// row above at its level, back to its parent, a passage or the section's heading.
    static func previousSibling(_ parts: [Part], _ k: Int) -> Int? {
        guard let row = parts[k].row, !row.isPassage else { return nil }
        var j = k - 1
        while j >= 0, let above = parts[j].row, !above.isPassage, above.level >= row.level {
            if above.level == row.level { return j }
            j -= 1
        }
        return nil
    }

    /// The part indexes of the rows a row at `k` is nested in, nearest first: each the nearest
    /// row above with a smaller level, back to a passage or the section's heading.
    static func ancestors(_ parts: [Part], _ k: Int) -> [Int] {
        guard let row = parts[k].row, !row.isPassage else { return [] }
        var chain: [Int] = [], level = row.level, j = k - 1
        while j >= 0, level > 0, let above = parts[j].row, !above.isPassage {
            if above.level < level { chain.append(j); level = above.level }
            j -= 1
        }
        return chain
    }

    /// A saved file as the per-row check reads it: its scan and each item's tails.
    struct RowFile {
        let bytes: [UInt8]
        let scan: MarkdownScan
        /// Per item block, its tail blocks in order.
        let tails: [Int: [Int]]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            scan = MarkdownScanner.scan(bytes)
            var tails: [Int: [Int]] = [:]
            for (i, block) in scan.blocks.enumerated() where block.kind == .tail { tails[block.owner, default: []].append(i) }
            self.tails = tails
        }

        /// An ordered item's number; nil for a bullet item or a passage.
        func number(_ b: Int) -> Int? {
            guard scan.blocks[b].kind == .item, case .ordered(let n, _) = scan.blocks[b].marker else { return nil }
            return n
        }

        /// The blank lines right before block `b` (up to the end of the last line with text
        /// before it); empty when it starts on such a line.
        func blankLines(before b: Int) -> ArraySlice<UInt8> {
            let start = Int(scan.blocks[b].start)
            guard let text = bytes[..<start].lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
                return bytes[0..<start]
            }
            guard let end = bytes[text..<start].firstIndex(of: 0x0A) else { return bytes[start..<start] }
            return bytes[end + 1..<start]
        }

        /// An item's first line up to its text, in bytes (indentation, marker, spaces after it;
        /// `fromMarker`: without the indentation); 0 for a passage.
        func textColumn(_ b: Int, fromMarker: Bool = false) -> Int {
            let block = scan.blocks[b]
            guard block.kind == .item else { return 0 }
            var lineStart = block.markerOffset
            while !fromMarker, lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var end = block.markerOffset + block.markerWidth
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            return end - lineStart
        }

        /// The lines of row block `b` and of its tails, each line with its ending but the last
        /// of each block, without the blank lines after each; an ordered marker's number as `#`;
        /// `withoutIndentation`: each line without its leading spaces and tabs.
        func ownLines(_ b: Int, withoutIndentation: Bool) -> [[UInt8]] {
            var lines: [[UInt8]] = []
            for i in [b] + (tails[b] ?? []) {
                var text = Array(scan.bytes(of: i, in: bytes))
                let block = scan.blocks[i]
                if block.kind == .item, case .ordered = block.marker {
                    let digits = block.markerOffset - Int(block.start)
                    text.replaceSubrange(digits..<digits + block.markerWidth - 1, with: [0x23])
                }
                var blockLines = text.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) + [0x0A] }
                blockLines[blockLines.count - 1].removeLast()
                while let last = blockLines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
                    blockLines.removeLast()
                }
                if !blockLines.isEmpty {
                    // The last line without its ending.
                    while let c = blockLines[blockLines.count - 1].last, c == 0x0A || c == 0x0D { blockLines[blockLines.count - 1].removeLast() }
                }
                if withoutIndentation {
                    blockLines = blockLines.map { Array($0.drop { $0 == 0x20 || $0 == 0x09 }) }
                }
                lines += blockLines
            }
            return lines
        }
    }
}
