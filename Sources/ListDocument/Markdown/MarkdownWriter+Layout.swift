/// Where each row goes: its parent item, its list, its marker and number, its columns, and where
/// the tails of its parent go.
extension MarkdownWriter {
    /// A row placed in the output (a class: units refer to it without copying it).
    final class Placed {
        var row: MarkdownList.Row
        var isItem: Bool
        var parent = -1
        var children: [Int] = []
        /// The first row of its output list.
        var list = -1
        /// Its previous sibling was left out (a row copied as the file has it, `CopiedRows`): it
        /// is its previous sibling in the file, placed as the file has it.
        var afterCopied = false
        /// Its original item's geometry in the file (found once, by `style`; nil for a new row
        /// or a passage).
        var geometry: ItemGeometry?
        var marker: [UInt8] = []
        var ordered = false
        var number = 0
        var markerCol = 0
        var contentCol = 0
        var spacingCols = 1
        /// Its output list indents with tabs (as the file's list it lands in does): new
        /// indentation is written as tabs, then spaces for what is left.
        var tabs = false
        /// The smallest original block index in its subtree.
        var minOriginal = Int.max
        /// Its output list is loose.
        var loose = false
        /// Its first line is written without text or checkbox: its content column is then the
        /// marker's end plus one.
        var blankHead = false
        /// Its first line is written without text: a blank line after it would end it.
        var noText = false
        /// The item after it stays on its first line, as in the file (`- - a`).
        var continuesWithNext = false
        /// The item before it with the same parent (none after a passage).
        var previousSibling = -1
        /// Tails written after it, from the items above it.
        var tailsAfter: [(owner: Int, tail: Int)] = []
        /// The file's list it belongs to when its run of siblings keeps the boundaries of
        /// neighbouring lists of the file (-1: the list most of its output list comes from).
        var fileList: Int32 = -1
        /// It is a row of the file's section it is in, and in every longest run of the
        /// section's such rows still in the file's order: it stayed where it was, the others
        /// moved around it (a row moved in from another section never stayed).
        var stayed = false
        /// It starts the next of two neighbouring lists of the file: the first item of that list
        /// in the file (the blank lines before it are the boundary's), else -1.
        var boundary = -1

        init(row: MarkdownList.Row, isItem: Bool) {
            self.row = row
            self.isItem = isItem
        }
    }

    /// Places the rows of one section, headed by `heading`.
    ///
    /// - Parameter afterCopied: rows (indices of `rows`) whose previous sibling was left out of
    ///   `rows`, copied as the file has it (`CopiedRows`).
    func layout(_ rows: [MarkdownList.Row], heading: MarkdownList.Heading, afterCopied: [Int] = []) -> [Placed] {
        var placed = rows.map { Placed(row: $0, isItem: $0.block.map { scan.blocks[$0].kind == .item } ?? true) }
        for k in afterCopied { placed[k].afterCopied = true }
        // Parents (levels were validated).
        var stack: [Int] = []
        for k in placed.indices {
            guard placed[k].isItem else { stack.removeAll(); continue }
            let level = placed[k].row.level
            if level < stack.count { placed[k].previousSibling = stack[level] }
            stack.removeLast(stack.count - level)
            if level > 0 {
                placed[k].parent = stack[level - 1]
                placed[stack[level - 1]].children.append(k)
            }
            stack.append(k)
        }
        let section = Self.sectionKey(heading)
        // (A row at another level than its block's moved: `[Archive]`, nested under `* [Python
        // Weekly]`, outdented above it, does not make `Python Weekly` one of two that may have.)
        for k in Self.stayed(rows, where: { b, level in sectionOf[b] == section && level == Int(scan.blocks[b].level) }) {
            placed[k].stayed = true
        }
        for k in placed.indices.reversed() {
            var m = placed[k].row.block ?? Int.max
            for c in placed[k].children { m = min(m, placed[c].minOriginal) }
            placed[k].minOriginal = m
        }
        // Tails: after the last child whose subtree holds a row from before the tail, or right
        // after their item's own block.
        var splitAfter = Set<Int>()
        for k in placed.indices where !tailsOf.isEmpty {
            guard let block = placed[k].row.block, let tails = tailsOf[block] else { continue }
            for tail in tails {
                var anchor = k
                var childAnchor = -1
                for c in placed[k].children where placed[c].minOriginal < tail {
                    childAnchor = c
                }
                if childAnchor >= 0 {
                    anchor = lastOfSubtree(placed, childAnchor)
                    splitAfter.insert(childAnchor)
                }
                placed[anchor].tailsAfter.append((k, tail))
            }
        }
        // A tail between two siblings closes the first: the second may sit at any column.
        for k in placed.indices where !splitAfter.isEmpty && splitAfter.contains(placed[k].previousSibling) { placed[k].previousSibling = -1 }
        // Sibling runs, cut into output lists.
        var runs: [[Int]] = []
        var top: [Int] = []
        for k in placed.indices {
            if !placed[k].isItem {
                if !top.isEmpty { runs.append(top) }
                top = []
            } else {
                if placed[k].parent < 0 { top.append(k) }
                if !placed[k].children.isEmpty { runs.append(placed[k].children) }
            }
        }
        if !top.isEmpty { runs.append(top) }
        var lists: [[Int]] = []
        for run in runs {
            // Cut after tails, then at the boundaries of the file's lists in each part.
            var parts: [[Int]] = [[]]
            for k in run {
                if let last = parts[parts.count - 1].last, splitAfter.contains(last) { parts.append([]) }
                parts[parts.count - 1].append(k)
            }
            for part in parts {
                let cuts = boundaries(&placed, part)
                var current: [Int] = []
                for k in part {
                    if !current.isEmpty, cuts.contains(k) {
                        lists.append(current)
                        current = []
                    }
                    current.append(k)
                }
                if !current.isEmpty { lists.append(current) }
            }
        }
        // Lists in output order, so a list's style can come from the lists above it.
        lists.sort { $0[0] < $1[0] }
        for list in lists { style(&placed, list) }
        return placed
    }

    /// Where a run of siblings is cut into the neighbouring lists of the file it holds items of
    /// (`- a` then `* b`): each item of those lists is given one of them, in the file's order,
    /// so that as many items as possible keep their own (those that stayed in place first); the others (moved or new rows, and rows
    /// of other lists) join the list above them (the first one at the top). So the boundary
    /// stays between the last item that stays in the upper list and the first that stays in the
    /// lower one, and untouched lists keep their markers. Returns the items that start a list;
    /// sets `fileList` and `boundary`.
    ///
    /// - Complexity: O(items × lists of the file in the run).
    private func boundaries(_ placed: inout [Placed], _ run: [Int]) -> Set<Int> {
        // The lists of the file in the run, by their run of neighbouring lists; those that
        // hold two lists or more here are cut (in the file's order: such runs do not
        // interleave among siblings).
        var listsOfRun: [Int32: Set<Int32>] = [:]
        var last: (run: Int32, list: Int32)?   // (neighbours mostly share both: not hashed again)
        for k in run {
            guard let b = labelBlock(placed[k]), runOf[b] >= 0 else { continue }
            if let last, last.run == runOf[b], last.list == listOf[b] { continue }
            listsOfRun[runOf[b], default: []].insert(listOf[b])
            last = (runOf[b], listOf[b])
        }
        let labels = listsOfRun.values.filter { $0.count >= 2 }.flatMap { $0 }.sorted()
        guard labels.count >= 2 else { return [] }
        let m = labels.count
        var rank: [Int32: Int] = [:]
        for (r, l) in labels.enumerated() { rank[l] = r }
        // The labelled items (run positions), their lists' ranks, and their weights: an item
        // that stayed in place counts twice, so where as many items keep their list either
        // way, the boundary stays where the rows that did not move have it (a row moved out
        // of a list and back goes back into it).
        var items: [(k: Int, rank: Int, weight: Int32)] = []
        for k in run {
            if let b = labelBlock(placed[k]), let r = rank[listOf[b]] { items.append((k, r, placed[k].stayed ? 2 : 1)) }
        }
        let t = items.count
        guard t * m <= 8_000_000 else { return [] }
        // best[i * m + j]: the most weight of items i... that keep their list when all of them
        // are given lists j or later.
        var best = [Int32](repeating: 0, count: (t + 1) * m)
        for i in stride(from: t - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                let here = (items[i].rank == j ? items[i].weight : 0) + best[(i + 1) * m + j]
                best[i * m + j] = j + 1 < m ? max(here, best[i * m + j + 1]) : here
            }
        }
        // The earliest lists that keep that many (the lowest list each item can be given): a
        // part starts at an item that keeps its list where the part above has another.
        var cuts = Set<Int>()
        var segmentOf: [Int: Int32] = [:]
        var lo = 0
        for (i, item) in items.enumerated() {
            let stays = (item.rank == lo ? item.weight : 0) + best[(i + 1) * m + lo] == best[i * m + lo]
            if !stays {
                lo = item.rank
                if i > 0 {
                    cuts.insert(item.k)
                    placed[item.k].boundary = Int(labels[lo])
                }
            }
            segmentOf[item.k] = labels[lo]
        }
        // Rows between parts join the part above; those above the first labelled item, the first.
        // (Every item has its part, set above.)
        var current = items.first.flatMap { segmentOf[$0.k] } ?? -1
        for k in run {
            if cuts.contains(k) { current = segmentOf[k] ?? current }
            placed[k].fileList = current
        }
        return cuts
    }

    /// The item whose file list labels row `p` in `boundaries`: its own, else (a new row) the
    /// first item of the file nested under it. A new row that the items of a list are nested
    /// under stands for that list: `- apple` pasted back above `- banana`, `banana` indented
    /// under it, stays a bullet apart from the ordered list after it (`1. one`), as the file has
    /// `banana`.
    private func labelBlock(_ p: Placed) -> Int? {
        if let b = p.row.block { return b }
        return p.minOriginal == Int.max ? nil : p.minOriginal
    }

    /// The rows (indices) in every longest run of rows whose original blocks are in increasing
    /// order, among those `home` takes (by block and level: of the section laid out, at their
    /// block's level): those that stayed in
    /// place. A row moved in from another section is never one of them, so a list that rows
    /// moved into keeps its marker even when they outnumber its own (`# A`, `* one`; `1. x`
    /// moved above it from `# B`: `one` stayed, and `x` becomes `* x`).
    ///
    /// - Complexity: O(rows × log rows).
    static func stayed(_ rows: [MarkdownList.Row], where home: (_ block: Int, _ level: Int) -> Bool) -> [Int] {
        let sequence = rows.indices.compactMap { k in rows[k].block.flatMap { home($0, rows[k].level) ? (k, $0) : nil } }
        /// Per position: the length of the longest increasing run ending there.
        func longest(_ values: some Sequence<Int>) -> [Int] {
            var tails: [Int] = [], result: [Int] = []
            for v in values {
                let at = tails.partitioningIndex { $0 >= v }
                if at == tails.count { tails.append(v) } else { tails[at] = v }
                result.append(at + 1)
            }
            return result
        }
        let left = longest(sequence.map(\.1))
        let right = Array(longest(sequence.reversed().map { -$0.1 }).reversed())
        let total = left.max() ?? 0
        var onLength = [Int](repeating: 0, count: total + 1)
        for j in sequence.indices where left[j] + right[j] - 1 == total { onLength[left[j]] += 1 }
        return sequence.indices.filter { left[$0] + right[$0] - 1 == total && onLength[left[$0]] == 1 }.map { sequence[$0].0 }
    }

    func lastOfSubtree(_ placed: [Placed], _ k: Int) -> Int {
        var last = k
        while let c = placed[last].children.last { last = c }
        return last
    }

    /// Marker, number, looseness and columns for the items of one output list.
    private func style(_ placed: inout [Placed], _ list: [Int]) {
        // The list it lands in: the file's list its part of a run of neighbouring lists keeps
        // (`boundaries`), else the file's list most of its items come from, counting first the
        // items that stayed in place at their level under their parent.
        // (Items that kept their level and parent count first: a list that rows moved into
        // keeps its style.)
        var counts: [Int32: Int] = [:]
        var landing: Int32 = placed[list[0]].fileList
        for k in list where placed[list[0]].fileList < 0 {
            guard let b = placed[k].row.block else { continue }
            let id = listOf[b]
            let parent = placed[k].parent
            let home = placed[k].stayed && placed[k].row.level == Int(scan.blocks[b].level) && (parent < 0 ? -1 : placed[parent].row.block ?? -2) == Int(parentOf[b])
            // (Then items still at their file level: a row moved out of a nested list to the
            // top does not bring that list's indentation to the top.)
            let count = counts[id, default: 0] + (home ? 1 << 32 : placed[k].row.level == Int(scan.blocks[b].level) ? 1 << 16 : 1)
            counts[id] = count
            if landing < 0 || count > counts[landing, default: 0] { landing = id }
        }
        // A style for items that adopt it: the nearest item of the landing list, else the
        // nearest item at this level above, else the parent's, else `-`.
        func keeper(_ k: Int) -> Bool { placed[k].row.block.map { listOf[$0] == landing } ?? false }
        let parent = placed[list[0]].parent
        let parentContent = parent >= 0 ? placed[parent].contentCol : 0
        var source: (ordered: Bool, char: UInt8, relIndent: Int, spacing: Int, loose: Bool, tabs: Bool)
        if landing >= 0 {
            let l = Int(landing)
            let g = geometry(l)
            let p = parentOf[l] >= 0 ? geometry(Int(parentOf[l])).contentCol : 0
            let marker = scan.blocks[l].marker
            let (ordered, char): (Bool, UInt8)
            switch marker {
            case .bullet(let c): (ordered, char) = (false, c)
            case .ordered(_, let d): (ordered, char) = (true, d)
            }
            source = (ordered, char, min(3, max(0, g.markerCol - p)), (1...4).contains(g.spacingCols) ? g.spacingCols : 1,
                      scan.blocks[l].looseList, indentsWithTabs(l) ?? (parent >= 0 ? placed[parent].tabs : fileIndentsWithTabs()))
        } else if let above = (0..<list[0]).last(where: { placed[$0].isItem && placed[$0].row.level == placed[list[0]].row.level && placed[$0].list >= 0 }) {
            let a = placed[above]
            source = (a.ordered, a.ordered ? a.marker[a.marker.count - 1] : a.marker[0],
                      min(3, max(0, a.markerCol - (a.parent >= 0 ? placed[a.parent].contentCol : 0))),
                      (1...4).contains(a.spacingCols) ? a.spacingCols : 1, placed[a.list].loose, a.tabs)
        } else if parent >= 0 {
            // A tab-indented list nests at the first tab stop from its parent's content (`- a`
            // then `\t- b`): at most 3 columns in, so it still nests.
            let p = placed[parent]
            let stop = p.tabs ? (4 - p.contentCol % 4) % 4 : 0
            source = (p.ordered, p.ordered ? p.marker[p.marker.count - 1] : p.marker[0], stop, 1, false, p.tabs)
        } else {
            source = (false, 0x2D, 0, 1, false, fileIndentsWithTabs())
        }
        // Numbers.
        var numbers: [Int] = []
        if source.ordered {
            numbers = number(placed, list, landing: landing)
        }
        for (n, k) in list.enumerated() {
            placed[k].list = list[0]
            placed[k].loose = source.loose
            placed[k].ordered = source.ordered
            placed[k].tabs = source.tabs
            var relIndent = source.relIndent
            var spacing = source.spacing
            var marker: [UInt8]
            if let b = placed[k].row.block {
                let g = geometry(b)
                placed[k].geometry = g
                let originalMarker = Array(file[scan.blocks[b].markerOffset..<g.markerEnd])
                spacing = g.spacingCols
                if keeper(k) {
                    let p = parentOf[b] >= 0 ? geometry(Int(parentOf[b])).contentCol : 0
                    relIndent = min(3, max(0, g.markerCol - p))
                }
                if source.ordered {
                    placed[k].number = numbers[n]
                    if case .ordered(let old, let d) = scan.blocks[b].marker, old == numbers[n], d == source.char {
                        marker = originalMarker
                    } else {
                        marker = Array(String(numbers[n]).utf8) + [source.char]
                    }
                } else {
                    marker = keeper(k) ? originalMarker : [source.char]
                }
                placed[k].markerCol = column(placed, k, parentContent + relIndent, g)
                placed[k].marker = marker
                placed[k].spacingCols = spacing
                let block = scan.blocks[b]
                let text = placed[k].row.text.flatMap { $0 == MarkdownText.item(source: file[block.textRange]) ? nil : $0 }
                let rewritten = marker != originalMarker || placed[k].markerCol != g.markerCol || text != nil
                    || (block.checkbox == nil) != (placed[k].row.checkbox == nil)
                let noText = text?.isEmpty ?? block.textRange.isEmpty
                let empty = noText && placed[k].row.checkbox == nil
                if g.endsMidLine && !rewritten && k + 1 < placed.count && placed[k + 1].row.block == b + 1
                    && placed[k + 1].row.level == placed[k].row.level + 1 && placed[k + 1].row.checkbox == nil {
                    // (A checkbox counts only on an item that opens its line.)
                    placed[k].continuesWithNext = true
                    placed[k].contentCol = placed[k].markerCol + marker.count + g.padding
                } else {
                    placed[k].blankHead = empty
                    placed[k].noText = noText
                    placed[k].contentCol = placed[k].markerCol + marker.count + (placed[k].blankHead ? 1 : g.padding)
                }
            } else {
                if source.ordered {
                    placed[k].number = numbers[n]
                    marker = Array(String(numbers[n]).utf8) + [source.char]
                } else {
                    marker = [source.char]
                }
                placed[k].markerCol = column(placed, k, parentContent + relIndent, nil)
                placed[k].marker = marker
                placed[k].spacingCols = spacing
                placed[k].blankHead = (placed[k].row.text ?? "").isEmpty && placed[k].row.checkbox == nil
                placed[k].noText = (placed[k].row.text ?? "").isEmpty
                placed[k].contentCol = placed[k].markerCol + marker.count + (placed[k].blankHead ? 1 : spacing)
            }
        }
    }

    /// Whether item `b`'s line is indented with tabs (nil when it is not indented).
    func indentsWithTabs(_ b: Int) -> Bool? {
        let start = lineStart(before: scan.blocks[b].markerOffset)
        guard start < scan.blocks[b].markerOffset else { return nil }
        return file[start..<scan.blocks[b].markerOffset].contains(0x09)
    }

    /// Whether the file indents its nested items with tabs: its first indented item does.
    ///
    /// - Complexity: O(1) once found (`fileTabs`), else O(blocks before that item).
    func fileIndentsWithTabs() -> Bool {
        if let fileTabs { return fileTabs }
        for (b, block) in scan.blocks.prefix(ownBlocks).enumerated() where block.kind == .item {
            if let tabs = indentsWithTabs(b) { return tabs }
        }
        return false
    }

    /// A marker column left of the previous sibling's content, so the item does not nest in it.
    /// `g`: the geometry of row `k`'s original item (nil for a new row).
    private func column(_ placed: [Placed], _ k: Int, _ wanted: Int, _ g: ItemGeometry?) -> Int {
        if placed[k].afterCopied, let b = placed[k].row.block, let g, previousSiblingOf[b] >= 0 {
            // Its previous sibling (copied) stands as in the file: what the test below gives.
            let ga = geometry(Int(previousSiblingOf[b]))
            if wanted - ga.markerCol == g.markerCol - ga.markerCol { return wanted }
            return max(placed[k].parent >= 0 ? placed[placed[k].parent].contentCol : 0, min(wanted, ga.contentCol - 1))
        }
        let s = placed[k].previousSibling
        guard s >= 0 else { return wanted }
        if let a = placed[s].row.block, let b = placed[k].row.block, previousSiblingOf[b] == a, let g {
            let ga = placed[s].geometry ?? geometry(a)
            if placed[s].contentCol - placed[s].markerCol == ga.contentCol - ga.markerCol,
               wanted - placed[s].markerCol == g.markerCol - ga.markerCol {
                return wanted  // as in the file
            }
        }
        return max(placed[k].parent >= 0 ? placed[placed[k].parent].contentCol : 0, min(wanted, placed[s].contentCol - 1))
    }

    /// The numbers of an ordered output list: kept when it holds exactly its file list; from the
    /// first number when the file numbered it in sequence; all the same when the file repeated
    /// one number; else kept where the file had them, one more than the item above elsewhere.
    private func number(_ placed: [Placed], _ list: [Int], landing: Int32) -> [Int] {
        guard landing >= 0 else { return list.indices.map { $0 + 1 } }
        let items = originalItems(of: Int(landing))
        let original = items.map { b -> Int in
            if case .ordered(let n, _) = scan.blocks[b].marker { return n }
            return 1
        }
        let start = original.first ?? 1
        let blocks = list.map { placed[$0].row.block }
        if blocks == items.map({ Optional($0) }) { return original }
        let sequence = original.indices.allSatisfy { original[$0] == start + $0 }
        let same = original.count >= 2 && original.allSatisfy { $0 == start }
        if sequence { return list.indices.map { start + $0 } }
        if same { return list.map { _ in start } }
        var result: [Int] = []
        for k in list {
            if let b = placed[k].row.block, listOf[b] == landing, case .ordered(let n, _) = scan.blocks[b].marker {
                result.append(n)
            } else {
                result.append((result.last ?? start - 1) + 1)
            }
        }
        return result
    }

    /// The items of the file's list that starts with item `first`, in order.
    func originalItems(of first: Int) -> [Int] {
        let level = scan.blocks[first].level
        var items = [first]
        var i = first + 1
        while i < scan.blocks.count {
            let block = scan.blocks[i]
            if block.kind == .heading || block.kind == .passage { break }
            if block.kind == .tail && scan.blocks[block.owner].level < level { break }
            if block.kind == .item {
                if block.level < level { break }
                if block.level == level {
                    guard listOf[i] == first else { break }
                    items.append(i)
                }
            }
            i += 1
        }
        return items
    }
}
