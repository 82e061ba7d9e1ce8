import TestSupport
@testable import ListDocument

/// Random edits of a `MarkdownList`, as the editor and `listedit apply` make them: moves of rows
/// with their nested rows, deletes, inserts, renames, toggles, level changes within the clamp,
/// new and renamed sections. Passages stay in place (the editor cannot move or delete them).
struct ListEdits {
    var g: SplitMix64

    init(seed: UInt64) { g = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &g) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }

    /// Texts a user might type, many of which need escaping.
    static let texts = ["Milk", "", " lead", "trail  ", "# h", "- x", "1. y", "7) z", "> q", "[x] done", "[ ] todo",
                        "*em* word", "```", "~~~ tilde", "---", "***", "<div>", "\\# not", "&#32;x", "a | b",
                        "[ref]: /u", "10. ten", "+", "===", "#", "日本", "e\u{301}", "a\tb", "\\", "1\\. z",
                        "<!-- c", "- [ ] nested?", "Buy *bread* and `jam`", "C #", "##", "  two", "\t tab"]

    /// Where a row at `index` may go: the highest level the row above allows.
    static func maxLevel(_ rows: [MarkdownList.Row], _ scan: MarkdownScan, before index: Int) -> Int {
        guard index > 0 else { return 0 }
        let above = rows[index - 1]
        if let b = above.block, scan.blocks[b].kind == .passage { return 0 }
        return above.level + 1
    }

    static func isItem(_ row: MarkdownList.Row, _ scan: MarkdownScan) -> Bool {
        row.block.map { scan.blocks[$0].kind == .item } ?? true
    }

    /// Clamps every item's level to what the row above allows (as the model does).
    static func clamp(_ list: inout MarkdownList, _ scan: MarkdownScan) {
        for s in list.sections.indices {
            for r in list.sections[s].rows.indices where isItem(list.sections[s].rows[r], scan) {
                let limit = maxLevel(list.sections[s].rows, scan, before: r)
                list.sections[s].rows[r].level = min(list.sections[s].rows[r].level, limit)
            }
        }
    }

    /// The first index a row may be inserted at in section `s` (front matter stays first).
    static func firstFree(_ list: MarkdownList, _ scan: MarkdownScan, _ s: Int) -> Int {
        if s == 0, let b = list.sections[0].rows.first?.block, scan.blocks[b].kind == .passage,
           scan.blocks[b].passageKind == .frontMatter { return 1 }
        return 0
    }

    mutating func apply(_ count: Int, to list: inout MarkdownList, _ scan: MarkdownScan) {
        for _ in 0..<count {
            if list.sections.isEmpty { list.sections.append(.init(heading: .untitled, rows: [])) }
            let s = int(0...(list.sections.count - 1))
            let rows = list.sections[s].rows
            let items = rows.indices.filter { Self.isItem(rows[$0], scan) }
            switch int(0...9) {
            case 0, 1:
                // Move a row with its nested rows.
                guard let k = items.randomElement(using: &g) else { continue }
                var end = k + 1
                while end < rows.count && Self.isItem(rows[end], scan) && rows[end].level > rows[k].level { end += 1 }
                let moved = Array(rows[k..<end])
                list.sections[s].rows.removeSubrange(k..<end)
                let d = int(0...(list.sections.count - 1))
                let lo = Self.firstFree(list, scan, d)
                let p = int(lo...max(lo, list.sections[d].rows.count))
                let root = int(0...Self.maxLevel(list.sections[d].rows, scan, before: p))
                list.sections[d].rows.insert(contentsOf: moved.map { var r = $0; r.level = r.level - moved[0].level + root; return r }, at: p)
            case 2:
                guard let k = items.randomElement(using: &g) else { continue }
                list.sections[s].rows.remove(at: k)
            case 3:
                let lo = Self.firstFree(list, scan, s)
                let p = int(lo...max(lo, rows.count))
                let level = int(0...Self.maxLevel(rows, scan, before: p))
                let checkbox: Bool? = chance(0.3) ? chance(0.5) : nil
                list.sections[s].rows.insert(.new(Self.texts.randomElement(using: &g)!, checkbox: checkbox, level: level), at: p)
            case 4:
                guard let k = items.randomElement(using: &g) else { continue }
                list.sections[s].rows[k].text = Self.texts.randomElement(using: &g)!
            case 5:
                guard let k = items.randomElement(using: &g) else { continue }
                let c = list.sections[s].rows[k].checkbox
                list.sections[s].rows[k].checkbox = chance(0.2) ? nil : c.map { !$0 } ?? chance(0.5)
            case 6:
                guard let k = items.randomElement(using: &g) else { continue }
                list.sections[s].rows[k].level = int(0...Self.maxLevel(rows, scan, before: k))
            case 7:
                // A new section after this one, taking the rows from a point on.
                let at = s + 1
                let level = int(1...6)
                let from = int(Self.firstFree(list, scan, s)...max(Self.firstFree(list, scan, s), rows.count))
                let taken = from < rows.count ? Array(rows[from...]) : []
                list.sections[s].rows.removeSubrange(from..<rows.count)
                list.sections.insert(.init(heading: .new(title: Self.texts.randomElement(using: &g)!, level: level), rows: taken), at: at)
            case 8:
                switch list.sections[s].heading {
                case .original(let b, _, let level):
                    list.sections[s].heading = .original(block: b, title: chance(0.5) ? Self.texts.randomElement(using: &g)! : nil,
                                                          level: chance(0.5) ? int(1...6) : level)
                case .new(_, let level):
                    list.sections[s].heading = .new(title: Self.texts.randomElement(using: &g)!, level: level)
                case .untitled: break
                }
            default:
                // Delete a row with its nested rows.
                guard let k = items.randomElement(using: &g) else { continue }
                var end = k + 1
                while end < rows.count && Self.isItem(rows[end], scan) && rows[end].level > rows[k].level { end += 1 }
                list.sections[s].rows.removeSubrange(k..<end)
            }
            Self.clamp(&list, scan)
        }
    }
}

extension ListStructure {
    /// What an edited list says: per item row (sections in order), its parent by level (a
    /// passage or a section's start ends the nesting), and its list: the run of its siblings.
    /// `rows` gets each item's (section, row).
    static func of(_ list: MarkdownList, _ scan: MarkdownScan, rows: inout [(section: Int, row: Int)]) -> ListStructure {
        var s = ListStructure()
        for (si, section) in list.sections.enumerated() {
            var atLevel: [Int] = []
            for (ri, row) in section.rows.enumerated() {
                guard ListEdits.isItem(row, scan) else { atLevel.removeAll(); continue }
                let k = s.parents.count
                let level = min(row.level, atLevel.count)
                s.parents.append(level > 0 ? atLevel[level - 1] : -1)
                s.lists.append(level < atLevel.count ? s.lists[atLevel[level]] : k)
                atLevel.removeLast(atLevel.count - level)
                atLevel.append(k)
                rows.append((si, ri))
            }
        }
        return s
    }
}
