import ListDocument
import TableKit
import ListStorage
import TestSupport

/// The marker check of `EditorSession` and `ApplySession` (`markerChange`): rows that stayed in
/// their list keep its marker, whatever rows moved in around them.
extension EditorSession {
    /// An item that stayed in its list but whose marker character changed since the last save:
    /// docs/file-formats.md, "Saving": a row moved into a list takes that list's marker, and the
    /// rows that stayed keep the list's style. An item stayed when it keeps its identity, its
    /// section (by its heading's `source`), its parent (by identity, or none in both) and the
    /// sibling before or the one after it (the nearest row at its level above or below, back to
    /// its parent, a passage or a heading, by identity or none in both: a row moved into the
    /// neighbouring list of the same parent changes both); it is checked when the first item of
    /// its list that stayed is the same before and after (an item moved within its list may
    /// make another the first, and two lists joined or split may change style: those are not). Its marker character (the bullet, or an ordered item's
    /// delimiter; numbers are `numberingViolation`'s) is then what it was. Returns nil also when
    /// the models do not match their files (`untouchedChange` reports that).
    ///
    /// Example: `# A`, `* one`, `# B`, `1. x`, `2. y`; `x` moved above `one` gives `* x`,
    /// `* one` (`one` stayed, the first in its list before and after): `1. x`, `2. one` fails.
    ///
    /// - Complexity: O(blocks of both files × nesting depth).
    static func markerChange(old: SavedState, shown: ListModel, new bytes: [UInt8]) -> String? {
        let oldScan = MarkdownScanner.scan(old.bytes), newScan = MarkdownScanner.scan(bytes)
        guard let oldParts = parts(old.model, oldScan), let newParts = parts(shown, newScan) else { return nil }
        let oldLists = ListStructure.blocks(oldScan).list, newLists = ListStructure.blocks(newScan).list
        func sections(_ model: ListModel) -> [ListModel.RowID: UInt64] {
            var of: [ListModel.RowID: UInt64] = [:]
            for section in model.sections {
                guard let source = section.source else { continue }
                for row in section.rows { of[row.id] = source }
            }
            return of
        }
        let oldSection = sections(old.model), newSection = sections(shown)
        typealias Place = (k: Int, parent: Part.Key?, previous: Part.Key?, next: Part.Key?)
        /// Per row identity, its part index and the keys of its parent and siblings, for the
        /// items of `parts`.
        func items(_ parts: [Part], _ scan: MarkdownScan) -> [ListModel.RowID: Place] {
            var items: [ListModel.RowID: Place] = [:]
            for k in parts.indices {
                guard case .row(let id) = parts[k].key, scan.blocks[parts[k].block].kind == .item else { continue }
                items[id] = (k, ancestors(parts, k).first.map { parts[$0].key },
                             previousSibling(parts, k).map { parts[$0].key }, nextSibling(parts, k).map { parts[$0].key })
            }
            return items
        }
        let oldItems = items(oldParts, oldScan), newItems = items(newParts, newScan)
        func stayed(_ id: ListModel.RowID) -> Bool {
            guard let a = oldItems[id], let b = newItems[id], let s = oldSection[id] else { return false }
            return newSection[id] == s && a.parent == b.parent && (a.previous == b.previous || a.next == b.next)
        }
        /// Per list (its first block), the first item in it that stayed.
        func firstStayed(_ parts: [Part], _ lists: [Int]) -> [Int: ListModel.RowID] {
            var first: [Int: ListModel.RowID] = [:]
            for part in parts {
                guard case .row(let id) = part.key, stayed(id), first[lists[part.block]] == nil else { continue }
                first[lists[part.block]] = id
            }
            return first
        }
        let oldFirst = firstStayed(oldParts, oldLists), newFirst = firstStayed(newParts, newLists)
        func character(_ scan: MarkdownScan, _ b: Int) -> UInt8 {
            switch scan.blocks[b].marker {
            case .bullet(let c): c
            case .ordered(_, let d): d
            }
        }
        for part in newParts {
            guard case .row(let id) = part.key, stayed(id), let was = oldItems[id] else { continue }
            let ob = oldParts[was.k].block, nb = part.block
            guard oldFirst[oldLists[ob]] == newFirst[newLists[nb]] else { continue }
            let a = character(oldScan, ob), b = character(newScan, nb)
            if a != b {
                let first = newFirst[newLists[nb]].flatMap { f in newParts.first { $0.key == .row(f) } }?.description ?? "?"
                return "\(part.description) stayed in its list (first of those that stayed: \(first)), but its marker \(String(UnicodeScalar(a))) became \(String(UnicodeScalar(b)))"
            }
        }
        return nil
    }

    /// The part index of the row after the row at `k` in its list in the model: the nearest row
    /// below at its level, before a shallower row, a passage or a heading.
    static func nextSibling(_ parts: [Part], _ k: Int) -> Int? {
        guard let row = parts[k].row, !row.isPassage else { return nil }
        var j = k + 1
        while j < parts.count, let below = parts[j].row, !below.isPassage, below.level >= row.level {
            if below.level == row.level { return j }
            j += 1
        }
        return nil
    }
}
