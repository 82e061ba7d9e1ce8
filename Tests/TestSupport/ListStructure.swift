import ListDocument

/// Which items belong to which list, and which item each is nested in: what the scanner or an
/// edited list says, compared with cmark-gfm's tree (`CmarkReference.Document.parents`, `lists`).
/// A flat sequence of items and levels can agree while the lists do not (`- a` then `* b` is two
/// lists; a tail between two nested items splits them).
package struct ListStructure {
    /// Per item: the index of the item it is nested in, -1 at the top.
    package var parents: [Int] = []
    /// Per item: its list (any numbering; compared by which items share one).
    package var lists: [Int] = []

    package init(parents: [Int] = [], lists: [Int] = []) {
        self.parents = parents
        self.lists = lists
    }

    /// What a scan says: per item (in file order, items in block quotes are not items), its
    /// parent and list, by the rules the scanner records (`level`, `startsList`; a tail closes
    /// the lists nested in its owner; headings and passages end every list).
    package static func of(_ scan: MarkdownScan) -> ListStructure {
        var s = ListStructure()
        let byBlock = blocks(scan)
        var itemIndex: [Int: Int] = [:]
        for (i, block) in scan.blocks.enumerated() where block.kind == .item {
            itemIndex[i] = s.parents.count
            s.parents.append(byBlock.parent[i] < 0 ? -1 : itemIndex[byBlock.parent[i]]!)
            s.lists.append(byBlock.list[i])
        }
        return s
    }

    /// Per block of a scan (-1 where none): an item's parent item, its previous sibling in the
    /// same container, and its list (the block index of the list's first item).
    package static func blocks(_ scan: MarkdownScan) -> (parent: [Int], previous: [Int], list: [Int]) {
        let n = scan.blocks.count
        var parent = Array(repeating: -1, count: n), previous = parent, list = parent
        var atLevel: [Int] = []   // the last item at each level
        for (i, block) in scan.blocks.enumerated() {
            switch block.kind {
            case .item:
                let level = min(Int(block.level), atLevel.count)
                if level > 0 { parent[i] = atLevel[level - 1] }
                if level < atLevel.count {
                    previous[i] = atLevel[level]
                    list[i] = block.startsList ? i : list[atLevel[level]]
                } else {
                    list[i] = i
                }
                atLevel.removeLast(atLevel.count - level)
                atLevel.append(i)
            case .tail:
                let ownerLevel = Int(scan.blocks[block.owner].level)
                if atLevel.count > ownerLevel + 1 { atLevel.removeLast(atLevel.count - ownerLevel - 1) }
            case .heading, .passage:
                atLevel.removeAll()
            case .blank:
                break
            }
        }
        return (parent, previous, list)
    }

    /// Where `cmark` nests or groups items otherwise than `self` says. Two siblings of one list
    /// here may be in two lists there only where `mayBreak(first, second)` allows (item indices).
    package func differences(_ cmark: CmarkReference.Document, mayBreak: (Int, Int) -> Bool = { _, _ in false }) -> [String] {
        guard cmark.items.count == parents.count else { return [] }   // (reported as a count)
        var problems: [String] = []
        for k in parents.indices where cmark.parents[k] != parents[k] {
            problems.append("item \(k): cmark nests it in item \(cmark.parents[k]), expected \(parents[k])")
        }
        // Each expected list: its consecutive items in one cmark list, unless a break is allowed.
        var lastOf: [Int: Int] = [:]
        for k in lists.indices {
            if let previous = lastOf[lists[k]], cmark.lists[previous] != cmark.lists[k], !mayBreak(previous, k) {
                problems.append("items \(previous) and \(k): one list, but cmark reads two")
            }
            lastOf[lists[k]] = k
        }
        // Each cmark list: its items in one expected list.
        var firstOf: [Int: Int] = [:]
        for k in lists.indices {
            if let first = firstOf[cmark.lists[k]], lists[first] != lists[k] {
                problems.append("item \(k): cmark reads it in the list of item \(first), expected another list")
            }
            if firstOf[cmark.lists[k]] == nil { firstOf[cmark.lists[k]] = k }
        }
        return problems
    }
}
