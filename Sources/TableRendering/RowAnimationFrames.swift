import TableKit
import TerminalUI

/// A batch's animation in flight: first the rows that leave (drawn from the last frame, with
/// their effect), then, when the batch moved rows or sections, everything that stays slides from
/// its old line to its new one (a code-driven `moveRow` or `moveSection` looks like a drop), then
/// the rows that arrive (drawn in the new layout, with their effect).
///
/// Animation is frames only: the model and the data-source calls are final when the batch is
/// applied. A key press finishes it at once.
struct RowAnimationFrames {
    static let phase = 0.09
    static let slidePhase = 0.15

    enum Stage: Equatable {
        case leaving, sliding, arriving
    }

    var start: Double
    /// The table area as last drawn, what each of its lines showed (model space then), and the
    /// lines of rows that leave.
    var oldFrame: CellGrid?
    var oldLines: [TableLayout.Line]
    var outgoing: [(y: Int, kind: TableView.RowAnimation)]
    /// How each arriving final row animates (nil: it does not), and where everything went.
    var plan: BatchPlan
    var completions: [@MainActor (Bool) -> Void]

    var hasOutgoing: Bool { oldFrame != nil && !outgoing.isEmpty }
    var slides: Bool { oldFrame != nil && (!plan.update.movedRows.isEmpty || !plan.update.movedSections.isEmpty) }

    /// Which part is showing at `time`, with its progress from 0 to 1, or nil when done.
    func stage(at time: Double) -> (Stage, Double)? {
        var t = time - start
        if hasOutgoing {
            if t < Self.phase { return (.leaving, max(0, t) / Self.phase) }
            t -= Self.phase
        }
        if slides {
            if t < Self.slidePhase { return (.sliding, max(0, t) / Self.slidePhase) }
            t -= Self.slidePhase
        }
        if t < Self.phase { return (.arriving, max(0, t) / Self.phase) }
        return nil
    }

    /// A line of the old frame, in the final space: where its row or section went (nil: gone).
    func final(_ line: TableLayout.Line) -> TableLayout.Line? {
        func section(_ o: Int) -> Int? {
            o >= 0 && o < plan.finalSectionOfOriginal.count ? plan.finalSectionOfOriginal[o] : nil
        }
        switch line {
        case .row(let p): return plan.finalIndexPath(forOriginal: p).map { .row($0) }
        case .header(let o): return section(o).map { .header($0) }
        case .footer(let o): return section(o).map { .footer($0) }
        case .gap(let o): return section(o).map { .gap($0) }
        }
    }

    /// The sliding frame, drawn the way a drag is: each moved row (or moved section, all its
    /// lines together) is shown on its way from its old line to its new one, and the other lines
    /// keep their final order around it, so they step aside as it passes. Lines new on screen stay
    /// blank until the arriving stage.
    ///
    /// - Parameters:
    ///   - lines: what each line of the new frame shows, in the final space.
    ///   - clean: the new frame.
    func slide(progress: Double, lines: [TableLayout.Line], clean: CellGrid, into area: inout CellGrid) {
        var oldY: [TableLayout.Line: Int] = [:]
        for (y, line) in oldLines.enumerated() {
            if let f = final(line) { oldY[f] = y }
        }
        let movedRows = Set(plan.rowMoves.values)
        var movedSections = Set<Int>()
        for m in plan.update.movedSections where m.from >= 0 && m.from < plan.finalSectionOfOriginal.count {
            if let n = plan.finalSectionOfOriginal[m.from] { movedSections.insert(n) }
        }
        enum Traveller: Hashable { case row(IndexPath), section(Int) }
        func traveller(_ line: TableLayout.Line) -> Traveller? {
            switch line {
            case .row(let p): return movedSections.contains(p.section) ? .section(p.section) : movedRows.contains(p) ? .row(p) : nil
            case .header(let n), .footer(let n), .gap(let n): return movedSections.contains(n) ? .section(n) : nil
            }
        }
        var groups: [Traveller: [Int]] = [:]
        var sequence: [Int] = []
        for (y, line) in lines.enumerated() {
            if let t = traveller(line) { groups[t, default: []].append(y) } else { sequence.append(y) }
        }
        var travels: [(at: Double, ys: [Int])] = []
        for ys in groups.values {
            guard let from = ys.compactMap({ oldY[lines[$0]] }).min() else {
                sequence.append(contentsOf: ys)   // it was not on screen: no travel
                continue
            }
            travels.append((Double(from) + Double(ys[0] - from) * progress, ys))
        }
        sequence.sort()
        func section(_ line: TableLayout.Line) -> Int {
            switch line {
            case .row(let p): return p.section
            case .header(let n), .footer(let n), .gap(let n): return n
            }
        }
        for travel in travels.sorted(by: { $0.at < $1.at }) {
            var index = max(0, min(sequence.count, Int(travel.at.rounded())))
            if case .section = traveller(lines[travel.ys[0]]) {
                // A section passes whole sections: it lands between two, never inside one.
                let boundaries = (0...sequence.count).filter {
                    $0 == 0 || $0 == sequence.count || section(lines[sequence[$0]]) != section(lines[sequence[$0 - 1]])
                }
                index = boundaries.min { abs($0 - index) < abs($1 - index) } ?? index
            }
            sequence.insert(contentsOf: travel.ys, at: index)
        }
        area = CellGrid(width: clean.width, height: clean.height, widths: clean.widths)
        for (y, source) in sequence.enumerated() where y < area.height && oldY[lines[source]] != nil {
            area.copyRow(from: clean, sourceY: source, to: y)
        }
    }

    /// The animation of an arriving row at a final path.
    func incoming(_ p: IndexPath) -> TableView.RowAnimation? {
        let anims = plan.update.animations
        switch plan.sectionSources[p.section] {
        case .inserted: return anims[.insertedSection(p.section)] ?? .automatic
        case .reloaded(let o): return anims[.reloadedSection(o)] ?? .automatic
        case .original:
            switch plan.source(ofFinal: p) {
            case .inserted: return anims[.insertedRow(p)] ?? .automatic
            case .reloaded(let o): return anims[.reloadedRow(o)] ?? .automatic
            case .kept: return nil
            }
        }
    }

    /// Applies an effect to one drawn line of the table area.
    static func apply(_ kind: TableView.RowAnimation, leaving: Bool, progress: Double, line y: Int, in grid: inout CellGrid, from source: CellGrid, sourceY: Int) {
        let p = leaving ? progress : 1 - progress   // how far out of place the row is
        switch kind {
        case .none:
            grid.copyRow(from: source, sourceY: sourceY, to: y)
        case .right, .left:
            let shift = Int((Double(source.width) * p).rounded())
            grid.copyRow(from: source, sourceY: sourceY, to: y, shift: kind == .right ? shift : -shift)
        case .fade, .automatic:
            grid.copyRow(from: source, sourceY: sourceY, to: y) { $0.dim = true }
        case .top, .bottom:
            grid.copyRow(from: source, sourceY: sourceY, to: y) { $0.dim = true; $0.underline = true }
        case .middle:
            grid.copyRow(from: source, sourceY: sourceY, to: y) { $0.dim = true }
            let keep = Int(Double(source.width) * (1 - p) / 2)
            grid.fill(x: 0, y: y, count: source.width / 2 - keep)
            grid.fill(x: source.width / 2 + keep, y: y, count: source.width)
        }
    }
}
