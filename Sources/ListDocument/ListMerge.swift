import TableKit
import ListStorage
internal import Algorithms

/// The list-aware three-way merge (docs/merging.md): rows, not lines, with moves.
///
///     // base: A B C · ours: C A B (C moved up) · theirs: A B* C (B ticked)
///     let r = ListMerge.merge(base: base, ours: ours, theirs: theirs)
///     // r.sections[0].items: C A B*, no conflict
///
/// Each side is matched with base: sections by title (in order, then out of order: moved; in
/// place when renamed; a section moved on a side goes after the one it follows there), rows within
/// matched sections by their text (duplicates in order), across sections when the text occurs
/// once in each version, then in place. On each side a row whose parent changed moved (a row
/// inserted or moved between a parent and its nested rows takes them over), and of the others
/// the rows that moved are the fewest whose removal leaves the rest in base order (the others:
/// the longest increasing run, the row earlier in base kept on a tie). A row's parts (text, checkbox, level, other lines) merge
/// one by one, its other lines (a passage's: all of them) line by line as `git merge-file`
/// does; a row is placed where the side that moved it put it, after the row it followed
/// there; an added row likewise. Conflicts keep both versions, ours first, between marker items
/// (`conflictStart`, `conflictMiddle`, `conflictEnd`) that `listedit merge` writes as git's
/// conflict markers and the editor drops.
///
/// The result names rows of ours or theirs (`Pick`); the caller builds the rows from them, so
/// that a row taken whole keeps its bytes.
package enum ListMerge {
    /// One row as the merge compares it.
    package struct Row: Equatable, Sendable {
        /// The first line's text.
        package var text: String
        /// Level, checkbox, passage.
        package var attributes: ListModel.Row.Attributes
        /// The row's other lines as its file has them (empty where it has none, or the format
        /// keeps none): a change there is a change of the row.
        package var body: [UInt8]
        /// How an item's first line is written besides its number, checkbox and text: its
        /// indentation, marker (`-`, `*`, `.` of `1.`) and the spaces after it (empty where the
        /// caller does not say). Changed on a side where that side neither moved the row nor
        /// changed its level, it is a change of the row (`* Buy milk` for `- Buy milk`).
        package var form: [UInt8]

        package init(text: String, attributes: ListModel.Row.Attributes = .init(), body: [UInt8] = [], form: [UInt8] = []) {
            self.text = text
            self.attributes = attributes
            self.body = body
            self.form = form
        }

        var level: Int { attributes.isPassage ? 0 : attributes.level }
    }

    /// One version of the list, flattened: section titles, and rows in order with their section.
    package struct Version: Sendable {
        package var titles: [String]
        package var rows: [Row]
        /// Per section, its rows' indices in `rows`.
        package var ranges: [Range<Int>]

        /// The version holding `sections`, each a title and its rows.
        package init(_ sections: [(title: String, rows: [Row])]) {
            titles = sections.map(\.title)
            rows = []
            ranges = []
            for section in sections {
                ranges.append(rows.count..<rows.count + section.rows.count)
                rows += section.rows
            }
        }

        /// A model's version (no other lines).
        ///
        /// - Complexity: O(rows); every row's text is made.
        package init(_ model: ListModel) {
            self.init(model.sections.map { section in
                (section.title, section.rows.map { Row(text: $0.text, attributes: $0.attributes) })
            })
        }

        func section(of row: Int) -> Int {
            ranges.partitioningIndex { $0.upperBound > row }
        }
    }

    /// Which side a row or section comes from.
    package enum Side: Sendable { case ours, theirs }

    /// A row of the result: a row of ours or theirs (global index in that version's `rows`), or
    /// one of them with merged text and attributes (`combined`: its other lines are that row's).
    package enum Pick: Equatable, Sendable {
        case ours(Int)
        case theirs(Int)
        case combined(Side, Int, text: String, attributes: ListModel.Row.Attributes)
    }

    /// An entry of a result section: a row, or where a conflict's parts start and end.
    package enum Item: Equatable, Sendable {
        case row(Pick)
        /// Ours' version follows (`<<<<<<<`).
        case conflictStart
        /// Theirs' version follows (`=======`).
        case conflictMiddle
        /// The conflict ends (`>>>>>>>`).
        case conflictEnd
    }

    /// A section of the result.
    package struct Section: Equatable, Sendable {
        /// The section of ours (or theirs) it is: its heading's bytes, its level.
        package var from: Side
        package var index: Int
        /// The base section it is (nil for an added one), and the section of theirs (nil where
        /// theirs has none).
        package var base: Int? = nil, theirs: Int? = nil
        /// The merged title.
        package var title: String
        /// Both titles when the sides renamed it differently (a conflict; `title` is ours').
        package var titleConflict: (ours: String, theirs: String)?
        package var items: [Item]

        package static func == (a: Section, b: Section) -> Bool {
            a.from == b.from && a.index == b.index && a.title == b.title && a.items == b.items
                && a.titleConflict?.ours == b.titleConflict?.ours && a.titleConflict?.theirs == b.titleConflict?.theirs
        }
    }

    /// The merged list.
    package struct Result: Sendable {
        package var sections: [Section]
        /// Conflicting rows (a row moved to two places counts once), titles.
        package var conflicts: Int
        /// Ours' rows (index in ours' `rows`) whose other lines both sides changed, merged line
        /// by line: the merged lines, which the row's pick (`combined(.ours, ...)`) stands for.
        package var mergedLines: [Int: [UInt8]] = [:]
        /// Ours' rows (index in ours' `rows`) that only theirs changed, where theirs did not move
        /// them: theirs' row (index in theirs' `rows`), whose lines the caller writes over ours'
        /// row's (its pick is `.ours`), so that the lines around it stay ours'.
        package var theirsInPlace: [Int: Int] = [:]
    }

    // MARK: Matching

    /// One side matched with base.
    struct Matching {
        var sectionOfBase: [Int?]
        var baseSectionOf: [Int?]
        var rowOfBase: [Int?]
        var baseRowOf: [Int?]
        /// Per base row: matched and not moved on this side.
        var stayed: [Bool]
    }

    static func match(_ base: Version, _ side: Version) -> Matching {
        var m = Matching(sectionOfBase: Array(repeating: nil, count: base.titles.count),
                         baseSectionOf: Array(repeating: nil, count: side.titles.count),
                         rowOfBase: Array(repeating: nil, count: base.rows.count),
                         baseRowOf: Array(repeating: nil, count: side.rows.count),
                         stayed: Array(repeating: false, count: base.rows.count))
        // Sections: by title in order; by title out of order (a section moved); then in place
        // between those matched in order (a section renamed).
        let inOrder = Diff.matches(from: base.titles, to: side.titles)
        for pair in inOrder { m.sectionOfBase[pair.old] = pair.new; m.baseSectionOf[pair.new] = pair.old }
        var byTitle: [String: [Int]] = [:]
        for j in side.titles.indices.reversed() where m.baseSectionOf[j] == nil { byTitle[side.titles[j], default: []].append(j) }
        for i in base.titles.indices where m.sectionOfBase[i] == nil {
            if let j = byTitle[base.titles[i]]?.popLast() { m.sectionOfBase[i] = j; m.baseSectionOf[j] = i }
        }
        var previous = (old: -1, new: -1)
        for pair in inOrder + [(old: base.titles.count, new: side.titles.count)] {
            let left = (previous.old + 1..<pair.old).filter { m.sectionOfBase[$0] == nil }
            let right = (previous.new + 1..<pair.new).filter { m.baseSectionOf[$0] == nil }
            for (i, j) in zip(left, right) { m.sectionOfBase[i] = j; m.baseSectionOf[j] = i }
            previous = pair
        }
        func pair(_ b: Int, _ s: Int) { m.rowOfBase[b] = s; m.baseRowOf[s] = b }
        // Rows within matched sections, by text, duplicates in order.
        for (bs, ss) in m.sectionOfBase.enumerated() {
            guard let ss else { continue }
            var queues: [TextKey: [Int]] = [:]
            queues.reserveCapacity(side.ranges[ss].count)
            for s in side.ranges[ss].reversed() { queues[TextKey(side.rows[s].text), default: []].append(s) }
            for b in base.ranges[bs] {
                if let s = queues[TextKey(base.rows[b].text)]?.popLast() { pair(b, s) }
            }
        }
        // Across sections: a text that occurs once in each version (the texts of rows left
        // unmatched, counted over every row of both).
        var left: [TextKey: (s: Int, inSide: Int, b: Int, inBase: Int)] = [:]
        for (s, row) in side.rows.enumerated() where m.baseRowOf[s] == nil { left[TextKey(row.text)] = (s, 0, -1, 0) }
        if !left.isEmpty {
            for row in side.rows { left[TextKey(row.text)]?.inSide += 1 }
            for (b, row) in base.rows.enumerated() {
                let key = TextKey(row.text)
                if left[key] != nil { left[key]!.inBase += 1; left[key]!.b = b }
            }
            for entry in left.values where entry.inSide == 1 && entry.inBase == 1 && m.rowOfBase[entry.b] == nil { pair(entry.b, entry.s) }
        }
        // In place: between rows matched in order within a section, the rows left over pair up.
        for (bs, ss) in m.sectionOfBase.enumerated() {
            guard let ss else { continue }
            var anchors: [(b: Int, s: Int)] = []
            for b in base.ranges[bs] {
                if let s = m.rowOfBase[b], side.ranges[ss].contains(s), s > (anchors.last?.s ?? -1) { anchors.append((b, s)) }
            }
            var from = (b: base.ranges[bs].lowerBound, s: side.ranges[ss].lowerBound)
            for anchor in anchors + [(b: base.ranges[bs].upperBound, s: side.ranges[ss].upperBound)] {
                let left = (from.b..<anchor.b).filter { m.rowOfBase[$0] == nil }
                let right = (from.s..<anchor.s).filter { m.baseRowOf[$0] == nil }
                // Passages pair with passages and items with items, each in order: an item the
                // side added before a passage it reworded (`- C` above `Outro!`) leaves the
                // passage its pair, not a deleted one and an added one.
                for isPassage in [false, true] {
                    let l = left.filter { base.rows[$0].attributes.isPassage == isPassage }
                    let r = right.filter { side.rows[$0].attributes.isPassage == isPassage }
                    for (b, s) in zip(l, r) { pair(b, s) }
                }
                from = (anchor.b + 1, anchor.s + 1)
            }
        }
        // Moves: a row whose parent changed on this side (another row above it, or one this
        // side added, now holds it as a nested row) moved; of the other matched rows, in this
        // side's order, the longest run in base order stayed.
        let baseParent = parents(base), sideParent = parents(side)
        let order = side.rows.indices.compactMap { s -> Int? in
            guard let b = m.baseRowOf[s] else { return nil }
            let parent = sideParent[s].map { m.baseRowOf[$0] ?? -1 }
            return parent == baseParent[b] ? b : nil
        }
        for b in longestIncreasing(order) { m.stayed[b] = true }
        // Nested rows travel with their parent: a row under a row that moved (or was added)
        // on this side moved with it (parents first, so it carries down).
        for s in side.rows.indices {
            guard let b = m.baseRowOf[s], m.stayed[b], let parent = sideParent[s] else { continue }
            if let pb = m.baseRowOf[parent], m.stayed[pb] { continue }
            m.stayed[b] = false
        }
        return m
    }

    /// Per row of `version`, the row holding it as a nested row (the nearest row above it in
    /// its list at a smaller level), or nil for a row at the top of its list.
    ///
    /// - Complexity: O(rows).
    static func parents(_ version: Version) -> [Int?] {
        var out = [Int?](repeating: nil, count: version.rows.count)
        for range in version.ranges {
            var open: [Int] = []
            for i in range {
                let row = version.rows[i]
                if row.attributes.isPassage { open = []; continue }
                while let top = open.last, version.rows[top].level >= row.level { open.removeLast() }
                out[i] = open.last
                open.append(i)
            }
        }
        return out
    }

    /// A row's text as a dictionary key: hashed and compared as its UTF-8 bytes, which is what
    /// the files hold (a `String` key normalizes Unicode on every hash and comparison: a third
    /// of a merge's time at 10^5 rows of non-ASCII text).
    struct TextKey: Hashable {
        let text: String
        init(_ text: String) { self.text = text }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        static func == (a: TextKey, b: TextKey) -> Bool {
            var (x, y) = (a.text, b.text)
            return x.withUTF8 { p in y.withUTF8 { q in p.count == q.count && p.elementsEqual(q) } }
        }
    }

    /// The longest increasing subsequence of `values` (patience sorting); on a tie, the run
    /// ending in the smaller value, so the row earlier in base stays (`[1, 0]` → `[0]`).
    ///
    /// - Complexity: O(n log n).
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tops: [Int] = []
        var back = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            if let last = tops.last, values[last] < v {
                back[i] = last
                tops.append(i)
                continue
            }
            let lo = tops.partitioningIndex { values[$0] >= v }
            if lo > 0 { back[i] = tops[lo - 1] }
            if lo == tops.count { tops.append(i) } else { tops[lo] = i }
        }
        var out: [Int] = []
        var i = tops.last ?? -1
        while i >= 0 { out.append(values[i]); i = back[i] }
        return out
    }
}
