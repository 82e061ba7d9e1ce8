/// Where every final section comes from: inserted sections and section move destinations take
/// fixed slots; the surviving original sections (reloaded ones included) fill the other slots in
/// their original order. Shared by validation (`BatchValidator`) and by the counts a scripted batch
/// implies (`BatchUpdate.derivedCounts`), so both place sections the same way.
///
///     // 3 sections; delete 0, insert 0: [inserted, original(1), original(2)]
///     SectionPlacement(oldSections: 3, newSections: 3, inserted: [0], moves: [:],
///                      isDeleted: { $0 == 0 }, isReloaded: { _ in false }).sources
struct SectionPlacement {
    /// By final section; `nil` only for a slot an ill-formed batch left empty (never after
    /// validation).
    var sources: [BatchPlan.SectionSource?]
    /// By original section: its final index, or `nil` when it was deleted.
    var finalSectionOfOriginal: [Int?]

    /// - Parameters:
    ///   - inserted: final indices of inserted sections; those outside `0..<newSections` are
    ///     ignored (validation rejects them first).
    ///   - moves: original section to final section.
    ///   - isDeleted: whether an original section is deleted (not reloaded).
    ///   - isReloaded: whether a surviving original section is reloaded.
    init(oldSections: Int, newSections: Int, inserted: some Sequence<Int>, moves: [Int: Int],
         isDeleted: (Int) -> Bool, isReloaded: (Int) -> Bool) {
        let slots = 0..<max(0, newSections)
        sources = Array(repeating: nil, count: slots.count)
        finalSectionOfOriginal = Array(repeating: nil, count: oldSections)
        for s in inserted where slots.contains(s) { sources[s] = .inserted }
        for (from, to) in moves where slots.contains(to) {
            sources[to] = .original(from)
            finalSectionOfOriginal[from] = to
        }
        var next = 0
        for o in 0..<oldSections where !isDeleted(o) && moves[o] == nil {
            while next < slots.count && sources[next] != nil { next += 1 }
            guard next < slots.count else { break }
            sources[next] = isReloaded(o) ? .reloaded(o) : .original(o)
            finalSectionOfOriginal[o] = next
        }
    }
}
