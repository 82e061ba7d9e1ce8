import TableKit

/// A batch's animation in flight: first the rows that leave (drawn from the last frame, with
/// their effect), then the rows that arrive (drawn in the new layout, with theirs).
///
/// Animation is frames only: the model and the data-source calls are final when the batch is
/// applied. A key press finishes it at once.
struct RowAnimationFrames {
    static let phase = 0.09

    var start: Double
    /// The table area as last drawn, and the lines of rows that leave.
    var oldFrame: CellGrid?
    var outgoing: [(y: Int, kind: TableView.RowAnimation)]
    /// How each arriving final row animates (nil: it does not).
    var plan: BatchPlan
    var completions: [@MainActor (Bool) -> Void]

    var hasOutgoing: Bool { oldFrame != nil && !outgoing.isEmpty }

    /// Which part is showing at `time`: `(0, progress)` leaving, `(1, progress)` arriving, or nil
    /// when done.
    func stage(at time: Double) -> (Int, Double)? {
        var t = time - start
        if hasOutgoing {
            if t < Self.phase { return (0, max(0, t) / Self.phase) }
            t -= Self.phase
        }
        if t < Self.phase { return (1, max(0, t) / Self.phase) }
        return nil
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
