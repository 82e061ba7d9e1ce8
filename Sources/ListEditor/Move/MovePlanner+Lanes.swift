import TableKit
import ListStorage
import ListDocument

/// The board's moves between lanes (docs/keys.md, "The board view"): `H`/`L` take the card the
/// cursor is in (its top-level row with the rows nested under it) to the previous or next lane
/// (`ListModel.isLane`: front matter alone and the Kanban archive are passed over), at the same
/// index among that lane's cards, or at its end, after the passages that open it. Any move that
/// takes a card into or out of a done lane (`**Complete**`) checks or unchecks it in the same
/// step, in either view.
extension MovePlanner {
    /// `H`/`L` on row `p` (current space): the card holding it to the lane `offset` (-1 or 1)
    /// lanes away, at the same card index (or the lane's end).
    ///
    ///     // To do: a, b; Doing: c; `L` on b (card 1)
    ///     planner.plan(.toSection(1), for: .block(IndexPath(row: 1, section: 0)))
    ///     // b moved to Doing's end (row 1: Doing has one card), levels kept
    ///
    /// - Complexity: O(rows of the two lanes before the card's place) and the lanes passed over.
    func planToLane(_ p: IndexPath, _ offset: Int) -> Plan {
        guard p.row < count(p.section) else { return .refused(.cannotGoFurther) }
        guard !model.sections[p.section].rows.attributes(at: p.row).isPassage else { return .refused(.passage) }
        let card = IndexPath(row: card(holding: p), section: p.section)
        guard let lane = lane(from: p.section, offset) else { return .refused(.cannotGoFurther) }
        let index = cardIndex(of: card.row, in: p.section)
        let slot = slot(forCard: index, inLane: lane)
        return blockMove(from: card, to: IndexPath(row: slot, section: lane)).map { .move($0, cursor: .revealed) } ?? .unchanged
    }

    /// `H`/`L` with rows selected (`moving`: the selected rows with their nested rows, current
    /// space, in order): every card holding one of them goes to the lane `offset` (-1 or 1) lanes
    /// from its own, as `planToLane` takes one card: at its index among its lane's cards, before
    /// that card among the target lane's cards that stay (or after the last of them, or after
    /// the passages opening the lane), cards landing at one place keeping their order. A card
    /// with no lane that way stays where it is; refused when none moves. One `moveRowSet`.
    ///
    ///     // To do: a, b, c; Doing: d; `L` with a and c selected
    ///     planner.plan(.toSection(1), for: .rows([a, c], held: nil))
    ///     // Doing: a, d, c (a is card 0 of To do, c card 2: after Doing's last card)
    ///
    /// - Complexity: O(rows of the lanes the cards leave and enter).
    func planSelectionToLane(_ moving: [IndexPath], _ offset: Int) -> Plan {
        // The cards, in order, each once: a row nested under the row before it has its card.
        var cards: [IndexPath] = []
        var previous: IndexPath?
        for p in moving where p.row < count(p.section) {
            let a = model.sections[p.section].rows.attributes(at: p.row)
            if a.isPassage { return .refused(.passage) }
            let c: IndexPath
            if let last = cards.last, previous == IndexPath(row: p.row - 1, section: p.section), a.level > 0 {
                c = last
            } else {
                c = IndexPath(row: card(holding: p), section: p.section)
            }
            if cards.last != c { cards.append(c) }
            previous = p
        }
        // Each card that moves: its block, its index among its lane's cards, its lane there.
        var leaving: [Int: [(block: Range<Int>, index: Int)]] = [:]   // by source section
        var target: [Int: Int] = [:]                                    // source section: its lane that way
        for c in cards {
            if target[c.section] == nil {
                guard let lane = lane(from: c.section, offset) else { continue }
                target[c.section] = lane
            }
            leaving[c.section, default: []].append((block(at: c), cardIndex(of: c.row, in: c.section)))
        }
        guard !leaving.isEmpty else { return .refused(.cannotGoFurther) }
        // The final rows of every section a card leaves or enters, as rows of now (current space).
        var sections = Set(leaving.keys)
        for s in leaving.keys { sections.insert(target[s]!) }
        var from: [IndexPath] = [], to: [IndexPath] = [], levels: [Int] = []
        for t in sections.sorted() {
            let rows = model.sections[t].rows
            var staying: [Int] = []
            var out = (leaving[t] ?? []).makeIterator(), next = out.next()
            var r = 0
            while r < rows.count {
                if let n = next, n.block.lowerBound == r {
                    r = n.block.upperBound
                    next = out.next()
                } else {
                    staying.append(r)
                    r += 1
                }
            }
            // The cards coming in (from the one lane that sends cards here), each at its slot
            // among the rows that stay.
            let source = leaving.keys.first { target[$0] == t }
            let incoming = source.map { s in leaving[s]!.map { (s, $0.block, $0.index) } } ?? []
            var final: [IndexPath] = staying.map { IndexPath(row: $0, section: t) }
            var inserted = 0
            for (s, block, index) in incoming {
                let at = slot(forCard: index, among: staying, inLane: t) + inserted
                final.insert(contentsOf: block.map { IndexPath(row: $0, section: s) }, at: at)
                inserted += block.count
            }
            // The rows that came in are the moved ones (those leaving are in another lane's).
            for (k, p) in final.enumerated() where p.section != t {
                from.append(p)
                to.append(IndexPath(row: k, section: t))
                levels.append(model.sections[p.section].rows.attributes(at: p.row).level)
            }
        }
        let order = from.indices.sorted { from[$0] < from[$1] }
        let step = EditStep.moveRowSet(from: Self.picking(order, from), to: Self.picking(order, to),
                                       levels: Self.picking(order, levels), newLevels: Self.picking(order, levels))
        return .move(step, cursor: .revealed)
    }

    /// The place (an index into `staying`, rows of lane `t` that stay) of card `index` coming
    /// in: before its card `index`, or, with fewer, after its last card's nested rows; with no
    /// card, after the passages that open it; never after the passages that end it in a Kanban
    /// board (`Outline.lastSlot` over the rows that stay: a lane whose cards all leave keeps its
    /// `***` or settings block last). `slot(forCard:inLane:)` over the rows that stay.
    ///
    /// - Complexity: O(staying rows).
    func slot(forCard index: Int, among staying: [Int], inLane t: Int) -> Int {
        let rows = model.sections[t].rows
        var k = 0
        while k < staying.count, rows.attributes(at: staying[k]).isPassage { k += 1 }
        var end = k, seen = 0
        while k < staying.count {
            let a = rows.attributes(at: staying[k])
            if a.level == 0 && !a.isPassage {
                if seen == index { return k }
                seen += 1
                k += 1
                while k < staying.count, case let b = rows.attributes(at: staying[k]), b.level > 0, !b.isPassage { k += 1 }
                end = k
            } else {
                k += 1
            }
        }
        let remaining = Outline(count: staying.count, firstStays: firstRowStays(t), lastStays: isKanbanBoard) { (i: Int) -> Outline.Shape in
            let a = rows.attributes(at: staying[i])
            return Outline.Shape(level: a.level, isPassage: a.isPassage)
        }
        return min(end, remaining.lastSlot)
    }

    /// The lane `offset` lanes from section `s` (-1: the previous one), passing over sections
    /// that are not lanes; nil when there is none that way.
    func lane(from s: Int, _ offset: Int) -> Int? {
        let step = offset < 0 ? -1 : 1
        var remaining = abs(offset), t = s
        while remaining > 0 {
            t += step
            guard model.sections.indices.contains(t) else { return nil }
            if model.isLane(t) { remaining -= 1 }
        }
        return t
    }

    /// The top-level row (the card) whose block holds row `p` (current space): `p` itself at
    /// level 0, else the nearest row above it at level 0; a row of its section.
    ///
    /// - Complexity: O(the rows between the card and `p`).
    func card(holding p: IndexPath) -> Int {
        let rows = model.sections[p.section].rows
        var r = p.row
        while r > 0 {
            let a = rows.attributes(at: r)
            if a.level == 0 || a.isPassage { break }
            r -= 1
        }
        return r
    }

    /// How many cards (top-level rows that are not passages) come before row `r` of section `s`.
    func cardIndex(of r: Int, in s: Int) -> Int {
        let rows = model.sections[s].rows
        var n = 0
        for i in 0..<r {
            let a = rows.attributes(at: i)
            if a.level == 0 && !a.isPassage { n += 1 }
        }
        return n
    }

    /// The slot of card `index` in lane `s` (a row of the section; nothing is cut from it): the
    /// row of its card `index`, or, with fewer cards, right after its last card's nested rows;
    /// in a lane with no card, after the passages that open it, and never after those that end
    /// it in a Kanban board (`Outline.lastSlot`).
    func slot(forCard index: Int, inLane s: Int) -> Int {
        let rows = model.sections[s].rows
        var r = 0
        while r < rows.count, rows.attributes(at: r).isPassage { r += 1 }
        var end = r, seen = 0
        while r < rows.count {
            let a = rows.attributes(at: r)
            if a.level == 0 && !a.isPassage {
                if seen == index { return r }
                seen += 1
                end = Outline(rows).nestedEnd(of: r)
                r = end
            } else {
                r += 1
            }
        }
        return min(end, outline(s).lastSlot)
    }

    // MARK: Done lanes

    /// `step` with the checkbox of each card it takes into a done lane (`isDoneLane`)
    /// checked and of each it takes out of one unchecked, as one step (`EditStep.together`); a
    /// card is a moved row landing at level 0 in another section. Rows without a checkbox stay
    /// as they are. `step` itself when no checkbox changes.
    ///
    /// - Complexity: O(rows moved).
    func completing(_ step: EditStep) -> EditStep {
        // Each card landing in another section: where it lands (final space), the row as it is
        // now with the level it takes there, and its checkbox there.
        var landing: [(at: IndexPath, row: ListModel.Row, done: Bool)] = []
        func land(_ from: IndexPath, _ to: IndexPath, level: Int) {
            guard from.section != to.section, level == 0, let done = doneChange(from.section, to.section) else { return }
            var row = model[from]
            row.level = level
            landing.append((to, row, done))
        }
        switch step {
        case let .moveRows(from, count, to, _, newLevels) where count > 0:
            land(from, to, level: newLevels[0])
        case let .moveRowSet(from, to, _, newLevels):
            for i in from.indices { land(from[i], to[i], level: newLevels[i]) }
        default:
            return step
        }
        var at: [IndexPath] = [], before: [ListModel.Row] = [], after: [ListModel.Row] = []
        for (p, row, done) in landing {
            guard let box = row.checkbox, box != done else { continue }
            var changed = row
            changed.checkbox = done
            at.append(p)
            before.append(row)
            after.append(changed)
        }
        guard !at.isEmpty else { return step }
        let check: EditStep = at.count == 1 ? .changeRow(at: at[0], from: before[0], to: after[0]) : .changeRows(at: at, from: before, to: after)
        return .together([step, check])
    }

    /// The checkbox a card moved from section `a` to section `b` takes: checked into a done lane,
    /// unchecked out of one; nil when neither or both are done lanes.
    func doneChange(_ a: Int, _ b: Int) -> Bool? {
        let wasDone = isDoneLane(a), isDone = isDoneLane(b)
        return wasDone == isDone ? nil : isDone
    }
}
