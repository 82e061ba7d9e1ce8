import TableKit
import ListStorage

extension ListMerge {
    /// Merges `ours` and `theirs`, both edited from `base` (see `ListMerge`).
    ///
    /// - Complexity: O(n log n) for n rows in all, when each row's level does not send the
    ///   search for the row an added or moved row follows far back (O(n) for that row then).
    /// - Parameter linesOfRows: a row whose other lines (a passage's: all of its lines) both
    ///   sides changed merges them line by line, as `git merge-file` does (`Result.mergedLines`);
    ///   without it, that row is a conflict.
    /// - Parameter theirsInPlace: a row only theirs changed, and did not move, is ours' row
    ///   (`.ours`) with theirs' version in `Result.theirsInPlace`, which the caller writes over
    ///   ours' row's lines; without it, the row is theirs' (`.theirs`).
    package static func merge(base: Version, ours: Version, theirs: Version, linesOfRows: Bool = true,
                              theirsInPlace: Bool = false) -> Result {
        var merger = Merger(base: base, ours: ours, theirs: theirs, linesOfRows: linesOfRows, inPlace: theirsInPlace)
        return merger.run()
    }

    /// Where a row goes: at the start of a result section, or after an element of the result
    /// (right after it, as its first nested row, or after its nested rows).
    enum Anchor: Hashable {
        case start(Int)
        case after(Int, firstChild: Bool)
    }

    /// How an element of the result is placed.
    enum Placement: Equatable {
        /// Deleted.
        case none
        /// Where base has it (neither side moved it).
        case base
        /// Where `Side` moved it, or added it.
        case moved(Side)
        /// Moved by both sides: to one place, or to two (a conflict) once the anchors are known.
        case both
    }

    /// What an element holds: one row, or both versions of a conflict (either may be missing:
    /// deleted on that side).
    enum Content {
        case one(Pick)
        case conflict(Pick?, Pick?)
    }

    /// The merge's state. Elements: base rows `0..<nb`, then ours' rows (`nb + j`, used for
    /// added rows), then theirs' (`nb + no + k`).
    struct Merger {
        let base: Version, ours: Version, theirs: Version
        let mo: Matching, mt: Matching
        let nb: Int, no: Int
        var placement: [Placement]
        var content: [Content?]
        /// A row theirs added that ours added too, at the same place: ours' element.
        var alias: [Int: Int] = [:]
        var sectionOfOurs: [Int?] = [], sectionOfTheirs: [Int?] = []
        var sectionOfBase: [Int?] = []
        var sections: [Section] = []
        /// Per result section: whether a side deleted it (dropped when nothing is left in it).
        var deletedSection: [Bool] = []
        var conflicts = 0
        var startAnchors: [[(Int, Side)]] = []
        var childAnchors: [Int: [(Int, Side)]] = [:]
        var afterAnchors: [Int: [(Int, Side)]] = [:]
        /// Elements moved by both sides to different places.
        var twoPlaces: Set<Int> = []
        let oursSection: [Int], theirsSection: [Int]
        let linesOfRows: Bool, inPlace: Bool
        /// Ours' rows whose other lines merged line by line: the merged lines.
        var mergedLines: [Int: [UInt8]] = [:]
        /// Ours' rows that are theirs' version in place (`Result.theirsInPlace`).
        var theirsInPlace: [Int: Int] = [:]

        init(base: Version, ours: Version, theirs: Version, linesOfRows: Bool, inPlace: Bool) {
            self.base = base; self.ours = ours; self.theirs = theirs
            (self.linesOfRows, self.inPlace) = (linesOfRows, inPlace)
            mo = ListMerge.match(base, ours)
            mt = ListMerge.match(base, theirs)
            nb = base.rows.count; no = ours.rows.count
            let total = nb + no + theirs.rows.count
            placement = Array(repeating: .none, count: total)
            content = Array(repeating: nil, count: total)
            func sectionIndex(_ v: Version) -> [Int] {
                var out = [Int](repeating: 0, count: v.rows.count)
                for (s, r) in v.ranges.enumerated() { for i in r { out[i] = s } }
                return out
            }
            oursSection = sectionIndex(ours)
            theirsSection = sectionIndex(theirs)
        }

        func version(_ side: Side) -> Version { side == .ours ? ours : theirs }
        func matching(_ side: Side) -> Matching { side == .ours ? mo : mt }

        /// The element of a side's row.
        func element(_ side: Side, _ j: Int) -> Int {
            if let b = matching(side).baseRowOf[j] { return b }
            let e = side == .ours ? nb + j : nb + no + j
            return alias[e] ?? e
        }

        mutating func run() -> Result {
            mergeSections()
            mergeRows()
            placeRows()
            return emit()
        }

        // MARK: Sections

        /// The sections of the result in order: base's where no side moved them, each section a
        /// side added or moved after the section it follows on that side (ours' first; a
        /// section moved two ways goes where ours put it).
        mutating func mergeSections() {
            sectionOfOurs = Array(repeating: nil, count: ours.titles.count)
            sectionOfTheirs = Array(repeating: nil, count: theirs.titles.count)
            sectionOfBase = Array(repeating: nil, count: base.titles.count)
            // Per side, the base sections it left in base order (the longest run).
            func stayed(_ side: Side) -> Set<Int> {
                Set(ListMerge.longestIncreasing(version(side).titles.indices.compactMap { matching(side).baseSectionOf[$0] }))
            }
            let stayedO = stayed(.ours), stayedT = stayed(.theirs)
            // Sections added or moved, grouped by the base section they follow (-1: the start).
            func added(_ side: Side, _ stayed: Set<Int>) -> [Int: [Int]] {
                let m = matching(side)
                var groups: [Int: [Int]] = [:]
                var after = -1
                for s in version(side).titles.indices {
                    if let b = m.baseSectionOf[s], stayed.contains(b) { after = b } else { groups[after, default: []].append(s) }
                }
                return groups
            }
            let oursAdded = added(.ours, stayedO), theirsAdded = added(.theirs, stayedT)
            var appended = Set<Int>()
            func appendBase(_ b: Int) {
                guard appended.insert(b).inserted else { return }
                let o = mo.sectionOfBase[b], t = mt.sectionOfBase[b]
                if o != nil || t != nil {
                    var section = Section(from: o != nil ? .ours : .theirs, index: o ?? t!, base: b, theirs: t, title: base.titles[b], items: [])
                    if let o, let t {
                        if let title = merge3(base.titles[b], ours.titles[o], theirs.titles[t]) {
                            section.title = title
                        } else {
                            section.title = ours.titles[o]
                            section.titleConflict = (ours.titles[o], theirs.titles[t])
                            conflicts += 1
                        }
                    } else {
                        section.title = o.map { ours.titles[$0] } ?? theirs.titles[t!]
                    }
                    sectionOfBase[b] = sections.count
                    if let o { sectionOfOurs[o] = sections.count }
                    if let t { sectionOfTheirs[t] = sections.count }
                    sections.append(section)
                    deletedSection.append(o == nil || t == nil)
                }
                appendAdded(after: b)
            }
            func appendAdded(after b: Int) {
                var titles: [String: [Int]] = [:]
                for s in oursAdded[b] ?? [] {
                    if let moved = mo.baseSectionOf[s] { appendBase(moved); continue }
                    sectionOfOurs[s] = sections.count
                    titles[ours.titles[s], default: []].append(sections.count)
                    sections.append(Section(from: .ours, index: s, title: ours.titles[s], items: []))
                    deletedSection.append(false)
                }
                for s in theirsAdded[b] ?? [] {
                    if let moved = mt.baseSectionOf[s] {
                        // Moved by theirs, unless ours moved it too (ours' place).
                        if mo.sectionOfBase[moved] == nil || stayedO.contains(moved) { appendBase(moved) }
                        continue
                    }
                    // The same section added by both sides at one place is one section.
                    if var same = titles[theirs.titles[s]], !same.isEmpty {
                        sectionOfTheirs[s] = same.removeFirst()
                        titles[theirs.titles[s]] = same
                        continue
                    }
                    sectionOfTheirs[s] = sections.count
                    sections.append(Section(from: .theirs, index: s, theirs: s, title: theirs.titles[s], items: []))
                    deletedSection.append(false)
                }
            }
            appendAdded(after: -1)
            for b in base.titles.indices {
                let movedO = mo.sectionOfBase[b] != nil && !stayedO.contains(b), movedT = mt.sectionOfBase[b] != nil && !stayedT.contains(b)
                if !movedO && !movedT { appendBase(b) }
            }
            // Sections moved after one another in a cycle: at the end.
            for b in base.titles.indices { appendBase(b) }
        }

        // MARK: Rows

        /// Each base row's content and placement.
        mutating func mergeRows() {
            for b in 0..<nb {
                let o = mo.rowOfBase[b], t = mt.rowOfBase[b]
                let movedO = o != nil && !stayed(.ours, b, o!), movedT = t != nil && !stayed(.theirs, b, t!)
                switch (o, t) {
                case (nil, nil):
                    continue
                case (nil, let t?):
                    // Deleted by ours: gone unless theirs changed it.
                    guard changed(theirs.rows[t], from: base.rows[b], moved: movedT) else { continue }
                    content[b] = .conflict(nil, .theirs(t))
                    placement[b] = movedT ? .moved(.theirs) : .base
                    conflicts += 1
                case (let o?, nil):
                    guard changed(ours.rows[o], from: base.rows[b], moved: movedO) else { continue }
                    content[b] = .conflict(.ours(o), nil)
                    placement[b] = movedO ? .moved(.ours) : .base
                    conflicts += 1
                case (let o?, let t?):
                    content[b] = mergeContent(b, o, t, movedO: movedO, movedT: movedT)
                    if case .conflict = content[b] { conflicts += 1 }
                    placement[b] = movedO && movedT ? .both : movedO ? .moved(.ours) : movedT ? .moved(.theirs) : .base
                }
                // A row whose base section is gone goes where a side has it.
                if placement[b] == .base && sectionOfBase[base.section(of: b)] == nil {
                    placement[b] = o != nil ? .moved(.ours) : .moved(.theirs)
                }
            }
            for j in 0..<no where mo.baseRowOf[j] == nil {
                placement[nb + j] = .moved(.ours)
                content[nb + j] = .one(.ours(j))
            }
            for k in theirs.rows.indices where mt.baseRowOf[k] == nil {
                placement[nb + no + k] = .moved(.theirs)
                content[nb + no + k] = .one(.theirs(k))
            }
        }

        /// Whether a side left base row `b` (its row `j`) where it was: in the longest run in
        /// base order, and in the section matching its base section.
        func stayed(_ side: Side, _ b: Int, _ j: Int) -> Bool {
            let m = matching(side)
            let sections = side == .ours ? oursSection : theirsSection
            return m.stayed[b] && m.sectionOfBase[base.section(of: b)] == sections[j]
        }

        /// Whether a side's version of a base row differs from it: a form changed with the
        /// row's move or level is not a change of its own (the move is).
        func changed(_ row: Row, from base: Row, moved: Bool) -> Bool {
            row.text != base.text || row.attributes != base.attributes || row.body != base.body
                || (!moved && row.form != base.form)
        }

        /// The row's parts merged one by one, or both versions when a part changed both ways;
        /// other lines both sides changed merge line by line (`mergedLines`, on ours' row). A
        /// row turned into a passage (or back) on one side and changed on the other is a
        /// conflict: a passage holds no checkbox or level. A form (`Row.form`) changed on one
        /// side comes with that side's row, so its other lines must be that side's too; changed
        /// two ways, ours' is kept (bytes of layout, not a conflict).
        mutating func mergeContent(_ b: Int, _ o: Int, _ t: Int, movedO: Bool, movedT: Bool) -> Content {
            let (x, y, z) = (base.rows[b], ours.rows[o], theirs.rows[t])
            if y == z || !changed(z, from: x, moved: movedT) { return .one(.ours(o)) }
            if !changed(y, from: x, moved: movedO) {
                // Theirs' version where ours has the row (theirs did not move it): written over
                // ours' row's lines, so that what is around it stays ours' (no blank line added
                // between a paragraph theirs changed and the list right below it).
                guard inPlace && !movedT else { return .one(.theirs(t)) }
                theirsInPlace[o] = t
                return .one(.ours(o))
            }
            func form(_ r: Row, moved: Bool) -> [UInt8] { moved || r.attributes.level != x.attributes.level ? x.form : r.form }
            let (formO, formT) = (form(y, moved: movedO), form(z, moved: movedT))
            guard y.attributes.isPassage == x.attributes.isPassage, z.attributes.isPassage == x.attributes.isPassage,
                  let text = merge3(x.text, y.text, z.text),
                  let level = merge3(x.attributes.level, y.attributes.level, z.attributes.level),
                  let checkbox = merge3(x.attributes.checkbox, y.attributes.checkbox, z.attributes.checkbox),
                  case let form = merge3(x.form, formO, formT) ?? formO,
                  let body = merge3(x.body, y.body, z.body) ?? (linesOfRows ? ListMerge.mergeLines(x.body, y.body, z.body) : nil),
                  form == formO || body == z.body else {
                return .conflict(.ours(o), .theirs(t))
            }
            let attributes = ListModel.Row.Attributes(level: level, checkbox: checkbox, isPassage: x.attributes.isPassage)
            // The other lines are those of the side that changed them, or merged (on ours' row);
            // the form theirs changed comes with theirs' row.
            if body != y.body && body != z.body { mergedLines[o] = body }
            return (body == z.body && body != y.body) || form != formO ? .one(.combined(.theirs, t, text: text, attributes: attributes))
                                                                       : .one(.combined(.ours, o, text: text, attributes: attributes))
        }

        // MARK: Placing

        func kept(_ e: Int) -> Bool { placement[e] != .none }

        /// Where a side's row `j` goes: after the row it followed there (the nearest row above
        /// it at its level or shallower that the result keeps), or its section's start.
        func anchor(_ side: Side, _ j: Int) -> Anchor {
            let v = version(side)
            let section = (side == .ours ? oursSection : theirsSection)[j]
            let level = v.rows[j].level
            var k = j - 1
            while k >= v.ranges[section].lowerBound {
                let e = element(side, k)
                if kept(e) && v.rows[k].level <= level { return .after(e, firstChild: v.rows[k].level < level) }
                k -= 1
            }
            let sections = side == .ours ? sectionOfOurs : sectionOfTheirs
            return .start(sections[section] ?? 0)
        }

        mutating func register(_ e: Int, _ side: Side, at anchor: Anchor) {
            switch anchor {
            case .start(let s): startAnchors[s].append((e, side))
            case .after(let a, true): childAnchors[a, default: []].append((e, side))
            case .after(let a, false): afterAnchors[a, default: []].append((e, side))
            }
        }

        mutating func placeRows() {
            startAnchors = Array(repeating: [], count: sections.count)
            var oursAnchor: [Int: Anchor] = [:]
            var oursAddedAt: [Anchor: [Int]] = [:]
            for j in ours.rows.indices {
                let e = element(.ours, j)
                switch placement[e] {
                case .moved(.ours), .both:
                    let a = anchor(.ours, j)
                    register(e, .ours, at: a)
                    if e >= nb { oursAddedAt[a, default: []].append(e) } else { oursAnchor[e] = a }
                default: break
                }
            }
            for k in theirs.rows.indices {
                let e = element(.theirs, k)
                switch placement[e] {
                case .moved(.theirs) where e >= nb:
                    let a = anchor(.theirs, k)
                    // Added by both sides at one place, the same row: once.
                    if let i = oursAddedAt[a]?.firstIndex(where: { !changed(ours.rows[$0 - nb], from: theirs.rows[k], moved: true) }) {
                        alias[e] = oursAddedAt[a]!.remove(at: i)
                        placement[e] = .none
                        continue
                    }
                    register(e, .theirs, at: a)
                case .moved(.theirs):
                    register(e, .theirs, at: anchor(.theirs, k))
                case .both:
                    let a = anchor(.theirs, k)
                    guard a != oursAnchor[e] else { continue }   // the same move: made once
                    twoPlaces.insert(e)
                    register(e, .theirs, at: a)
                    conflicts += 1
                default: break
                }
            }
        }

        // MARK: Emitting

        func pickRow(_ pick: Pick) -> Row { ListMerge.row(pick, ours: ours, theirs: theirs) }

        /// What element `e` writes where `side` placed it. A row moved to two places is
        /// written at ours' place as ours' version with an empty theirs part, and at theirs'
        /// as theirs' with an empty ours part.
        func items(_ e: Int, _ side: Side?) -> [Item] {
            if twoPlaces.contains(e), let side {
                return side == .ours ? [.conflictStart, .row(.ours(mo.rowOfBase[e]!)), .conflictMiddle, .conflictEnd]
                                     : [.conflictStart, .conflictMiddle, .row(.theirs(mt.rowOfBase[e]!)), .conflictEnd]
            }
            switch content[e]! {
            case .one(let pick):
                return [.row(pick)]
            case .conflict(let o, let t):
                return [.conflictStart] + (o.map { [Item.row($0)] } ?? []) + [.conflictMiddle] + (t.map { [Item.row($0)] } ?? []) + [.conflictEnd]
            }
        }

        func level(_ e: Int) -> Int {
            switch content[e]! {
            case .one(let pick): return pickRow(pick).level
            case .conflict(let o, let t): return pickRow((o ?? t)!).level
            }
        }

        mutating func emit() -> Result {
            // The functions below read this copy: a method of `self` called from a nested
            // function of a mutating method copies the whole merger at each call.
            let this = self
            var out: [Item] = []
            var open: [(e: Int, side: Side?, level: Int)] = []
            var skeleton = Array(repeating: [Int](), count: sections.count)
            for b in 0..<nb where placement[b] == .base { skeleton[sectionOfBase[base.section(of: b)]!].append(b) }

            // The rows anchored to `e` where `side` placed it: a row moved to two places is
            // followed at each place by the rows of the side that put it there.
            func anchored(_ anchors: [Int: [(Int, Side)]], _ e: Int, _ side: Side?) -> [(Int, Side)] {
                let all = anchors[e] ?? []
                return this.twoPlaces.contains(e) ? all.filter { $0.1 == side } : all
            }
            func close(_ level: Int) {
                while let top = open.last, top.level >= level {
                    open.removeLast()
                    for (a, side) in anchored(this.afterAnchors, top.e, top.side) { place(a, side) }
                }
            }
            // Each element is placed once; a row moved to two places once at each.
            var placedParts = Set<Int>()
            func part(_ e: Int, _ side: Side?) -> Int { 2 * e + (this.twoPlaces.contains(e) && side == .theirs ? 1 : 0) }
            func place(_ e: Int, _ side: Side?) {
                guard placedParts.insert(part(e, side)).inserted else { return }
                let l = this.level(e)
                close(l)
                out += this.items(e, side)
                open.append((e, side, l))
                for (a, side) in anchored(this.childAnchors, e, side) { place(a, side) }
            }
            for s in sections.indices {
                out = []
                open = []
                for (e, side) in startAnchors[s] { place(e, side) }
                for b in skeleton[s] { place(b, nil) }
                close(0)
                sections[s].items = out
            }
            // Rows left out by a cycle of anchors (each side moved one after the other): at the
            // end of the section where the side that moved them has them, ours' first, each
            // side's in order (the rows that follow them come after them).
            for side in [Side.ours, .theirs] {
                for j in version(side).rows.indices {
                    let e = element(side, j)
                    guard placement[e] == .moved(side) || placement[e] == .both, !placedParts.contains(part(e, side)) else { continue }
                    let s = (side == .ours ? sectionOfOurs[oursSection[j]] : sectionOfTheirs[theirsSection[j]]) ?? 0
                    out = sections[s].items
                    open = []
                    place(e, twoPlaces.contains(e) ? side : nil)
                    close(0)
                    sections[s].items = out
                }
            }
            var result: [Section] = []
            for (s, section) in sections.enumerated() where !(deletedSection[s] && section.items.isEmpty) {
                result.append(section)
            }
            return Result(sections: result, conflicts: conflicts, mergedLines: mergedLines, theirsInPlace: theirsInPlace)
        }
    }

    /// Lines (a row's other lines) merged as `git merge-file` merges them, or nil on a conflict:
    /// changes of the two sides that overlap or touch conflict unless they are the same.
    ///
    ///     mergeLines("a\nb\nc\nd\n", "A\nb\nc\nd\n", "a\nb\nc\nD\n")   // "A\nb\nc\nD\n" (as bytes)
    ///
    /// - Complexity: that of `ThreeWayMerge.merge` over the lines.
    static func mergeLines(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) -> [UInt8]? {
        func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            var out: [ArraySlice<UInt8>] = []
            var start = 0
            for (i, byte) in bytes.enumerated() where byte == 0x0A {
                out.append(bytes[start...i])
                start = i + 1
            }
            if start < bytes.count { out.append(bytes[start...]) }
            return out
        }
        let merged = ThreeWayMerge.merge(base: lines(base), theirs: lines(theirs), mine: lines(ours), touchingConflicts: true)
        guard merged.conflicts == 0 else { return nil }
        // A last line without its line ending that is no longer last gets ours' line ending.
        var out: [UInt8] = []
        for line in merged.merged {
            if let last = out.last, last != 0x0A { out += ours.contains(0x0D) ? [0x0D, 0x0A] : [0x0A] }
            out += line
        }
        return out
    }

    /// The three-way merge of one value: the side that changed it, or nil when both changed it
    /// differently.
    static func merge3<T: Equatable>(_ base: T, _ ours: T, _ theirs: T) -> T? {
        ours == theirs ? ours : ours == base ? theirs : theirs == base ? ours : nil
    }
}
