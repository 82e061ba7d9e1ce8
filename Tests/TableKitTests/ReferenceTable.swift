import TableKit

/// A deliberately plain re-statement of docs/batch-updates.md (validation and placement, with the
/// project's decisions), used to check the engine: arrays, nested loops, no maps, no ranks.
/// It returns the final labels or the exact message.
enum ReferenceTable {
    struct Item: Equatable {
        var s: Int
        var r: Int
        var isSection: Bool { r == Int.max }
        static func section(_ s: Int) -> Item { Item(s: s, r: Int.max) }
        static func row(_ p: IndexPath) -> Item { Item(s: p.section, r: p.row) }
        func less(_ o: Item) -> Bool { s != o.s ? s < o.s : r < o.r }
        var text: String { "[\(s), \(r)]" }
    }

    static func run(old: [[String]], update u: BatchUpdate, newCounts: [Int]) -> Outcome {
        do { return .success(try apply(old: old, u: u, newCounts: newCounts)) }
        catch let e as Failure { return .failure(e.message) }
        catch { return .failure("unexpected \(error)") }
    }

    struct Failure: Error { var message: String }

    static func apply(old: [[String]], u: BatchUpdate, newCounts: [Int]) throws -> [[String]] {
        func fail(_ m: String) -> Failure { Failure(message: m) }
        let oldS = old.count, newS = newCounts.count

        var reloads = u.reloadedRows.map(Item.row) + u.reloadedSections.map(Item.section)
        reloads.sort { $0.less($1) }
        let explicit = u.deletedRows.map(Item.row) + u.deletedSections.map(Item.section)
        for r in reloads {
            for d in explicit where d == r {
                throw fail(r.isSection ? "attempt to delete and reload the same section (\(r.s))"
                                       : "attempt to delete and reload the same index path (\(r.text))")
            }
        }
        var deletes = explicit.map { ($0, false) } + reloads.map { ($0, true) }
        deletes.sort { $1.0.less($0.0) }
        var moves = u.movedRows.map { (Item.row($0.from), Item.row($0.to)) }
            + u.movedSections.map { (Item.section($0.from), Item.section($0.to)) }
        moves.sort { $0.0 != $1.0 ? $0.0.less($1.0) : $0.1.less($1.1) }

        // Step 3.
        var kept: [(Item, Bool)] = []
        var fallbackFrom: Int?
        var prev: Item?
        for (d, isReload) in deletes {
            if let p = prev, p == d { continue }
            prev = d
            if !d.isSection && kept.contains(where: { $0.0.isSection && $0.0.s == d.s }) { continue }
            for m in moves {
                if d.isSection && m.0.isSection && m.0.s == d.s {
                    throw fail("attempt to perform a delete and a move from the same section (\(d.s))")
                }
                if !d.isSection && m.0 == d {
                    throw fail("attempt to perform a delete and a move from the same index path (\(d.text))")
                }
                if d.isSection && !m.0.isSection && m.0.s == d.s && fallbackFrom == nil { fallbackFrom = d.s }
            }
            if d.isSection {
                if d.s >= oldS { throw fail("attempt to delete section \(d.s), but there are only \(oldS) sections before the update") }
            } else {
                if d.s >= oldS { throw fail("attempt to delete row \(d.r) from section \(d.s), but there are only \(oldS) sections before the update") }
                if d.r >= old[d.s].count { throw fail("attempt to delete row \(d.r) from section \(d.s) which only contains \(old[d.s].count) rows before the update") }
            }
            kept.append((d, isReload))
        }

        // Step 4.
        var inserts = u.insertedRows.map(Item.row) + u.insertedSections.map(Item.section)
        inserts.sort { $0.less($1) }
        var keptInserts: [Item] = []
        var fallbackInto: Int?
        prev = nil
        for i in inserts {
            if let p = prev, p == i { continue }
            prev = i
            if !i.isSection && inserts.contains(where: { $0.isSection && $0.s == i.s }) { continue }
            for m in moves {
                if i.isSection && m.1.isSection && m.1.s == i.s {
                    throw fail("attempt to perform an insert and a move to the same section (\(i.s))")
                }
                if !i.isSection && m.1 == i {
                    throw fail("attempt to perform an insert and a move to the same index path (\(i.text))")
                }
                if i.isSection && !m.1.isSection && m.1.s == i.s && fallbackInto == nil { fallbackInto = i.s }
            }
            if i.isSection {
                if i.s >= newS { throw fail("attempt to insert section \(i.s) but there are only \(newS) sections after the update") }
            } else {
                if i.s >= newS { throw fail("attempt to insert row \(i.r) into section \(i.s), but there are only \(newS) sections after the update") }
                if i.r >= newCounts[i.s] { throw fail("attempt to insert row \(i.r) into section \(i.s), but there are only \(newCounts[i.s]) rows in section \(i.s) after the update") }
            }
            keptInserts.append(i)
        }

        // Step 5.
        var live = moves.map { _ in true }
        for k in moves.indices where live[k] {
            let (f, t) = moves[k]
            if f.isSection {
                if f.s >= oldS { throw fail("attempt to move section \(f.s), but there are only \(oldS) sections before the update") }
                if t.s >= newS { throw fail("attempt to move section \(f.s) to section \(t.s), but there are only \(newS) sections after the update") }
            } else {
                if f.s >= oldS { throw fail("attempt to move index path (\(f.text)) from a section that does not exist - there are only \(oldS) sections before the update") }
                if f.r >= old[f.s].count { throw fail("attempt to move index path (\(f.text)) that does not exist - there are only \(old[f.s].count) rows in section \(f.s) before the update") }
                if t.s >= newS { throw fail("attempt to move index path (\(f.text)) to index path (\(t.text)) in section that does not exist - there are only \(newS) sections after the update") }
                if t.r >= newCounts[t.s] { throw fail("attempt to move index path (\(f.text)) to index path (\(t.text)) that does not exist - there are only \(newCounts[t.s]) rows in section \(t.s) after the update") }
            }
            for o in moves.indices where o > k && live[o] {
                let (of, ot) = moves[o]
                if of == f && ot == t { live[o] = false; continue }
                if of == f {
                    throw fail(f.isSection ? "attempt to move section \(f.s) to both section \(t.s) and section \(ot.s)"
                                           : "attempt to move row at index path \(f.text) to both \(t.text) and \(ot.text)")
                }
                if ot == t {
                    throw fail(f.isSection ? "attempt to move both section \(f.s) and section \(of.s) to section \(t.s)"
                                           : "attempt to move both row at index path \(f.text) and \(of.text) to \(t.text)")
                }
            }
        }
        moves = moves.indices.filter { live[$0] }.map { moves[$0] }

        // Step 6.
        if let s = fallbackFrom { throw fail("cannot move a row from a deleted section (\(s))") }
        if let s = fallbackInto { throw fail("cannot move a row into a newly inserted section (\(s))") }

        // Step 7.
        let sectionDeletes = kept.filter { $0.0.isSection }
        let sectionInserts = keptInserts.filter(\.isSection)
        let reloadedSections = sectionDeletes.filter { $0.1 }.map { $0.0.s }
        let ins = sectionInserts.count + reloadedSections.count
        let del = sectionDeletes.count
        if newS != oldS + ins - del {
            throw fail("Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (\(newS)) must be equal to the number of sections contained in the table view before the update (\(oldS)), plus or minus the number of sections inserted or deleted (\(ins) inserted, \(del) deleted).")
        }

        // Section placement: origin per final section (-1 inserted).
        var origin = [Int?](repeating: nil, count: newS)
        for i in sectionInserts { origin[i.s] = -1 }
        let sectionMoves = moves.filter { $0.0.isSection }
        for m in sectionMoves { origin[m.1.s] = m.0.s }
        var survivors: [Int] = []
        for o in 0..<oldS where !sectionDeletes.contains(where: { $0.0.s == o && !$0.1 })
            && !sectionMoves.contains(where: { $0.0.s == o }) { survivors.append(o) }
        for n in 0..<newS where origin[n] == nil { origin[n] = survivors.removeFirst() }
        func finalOf(_ o: Int) -> Int? { origin.firstIndex(of: o) }

        let rowMoves = moves.filter { !$0.0.isSection }
        for m in rowMoves where reloadedSections.contains(origin[m.1.s]!) {
            throw fail("cannot move a row into a newly inserted section (\(m.1.s))")
        }

        // Step 8 and rows.
        var result: [[String]] = []
        for n in 0..<newS {
            let o = origin[n]!
            if o == -1 || reloadedSections.contains(o) {
                result.append((0..<max(0, newCounts[n])).map { "S\(n).\($0)" })
                continue
            }
            if newCounts[n] < 0 { throw fail("Invalid update: invalid number of rows in section \(o).  Attempt to delete more rows than exist in section.") }
            let rowDeletes = kept.filter { !$0.0.isSection && $0.0.s == o }
            let reloadedHere = rowDeletes.filter { $0.1 }.count
            let insHere = keptInserts.filter { !$0.isSection && $0.s == n }
            let inserted = insHere.count + reloadedHere
            let deleted = rowDeletes.count
            let movedIn = rowMoves.filter { $0.1.s == n && finalOf($0.0.s) != n }.count
            let movedOut = rowMoves.filter { $0.0.s == o && finalOf($0.0.s) != $0.1.s }.count
            if newCounts[n] != old[o].count + inserted - deleted + movedIn - movedOut {
                throw fail("Invalid update: invalid number of rows in section \(n).  The number of rows contained in an existing section after the update (\(newCounts[n])) must be equal to the number of rows contained in that section before the update (\(old[o].count)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
            }
            var rows = [String?](repeating: nil, count: newCounts[n])
            for i in insHere { rows[i.r] = "new" }
            for m in rowMoves where m.1.s == n { rows[m.1.r] = old[m.0.s][m.0.r] }
            var remaining: [String] = []
            for r in old[o].indices {
                if rowDeletes.contains(where: { $0.0.r == r && !$0.1 }) { continue }
                if rowMoves.contains(where: { $0.0.s == o && $0.0.r == r }) { continue }
                let reloaded = rowDeletes.contains(where: { $0.0.r == r && $0.1 })
                remaining.append(old[o][r] + (reloaded ? "'" : ""))
            }
            for r in rows.indices where rows[r] == nil { rows[r] = remaining.removeFirst() }
            result.append(rows.map { $0! })
        }
        return result
    }
}

/// A batch's result: the final labels, or the message of the refusal.
enum Outcome: Equatable {
    case success([[String]])
    case failure(String)
}
