import TableKit
import TerminalUI

/// Draws a `TableView` as a board, as a kanban tool does: each lane section a column side by
/// side (its title and count on top), each row a line of its lane, a row at indentation level 0
/// a card and the rows nested under it drawn inside it, indented. It is the table's presenter in
/// place of a `TableRenderer`, over the same table and `EditController`: switching views is
/// setting the table's presenter, and the model, the cursor and every intent stay as they are.
///
///     let table = TableView()
///     table.dataSource = tasks; table.delegate = tasks        // sections To do, Doing, Done
///     let board = BoardRenderer(tableView: table, controller: list.controller)
///     board.layOut(width: 80, height: 20)                      // the cursor and the scrolls (update step)
///     var grid = CellGrid(width: 80, height: 20)
///     board.render(into: &grid, top: 0, height: 20)            // draws only
///     board.controller.perform(.moveCursorAcross(.right))     // the next lane
///
/// Which sections are lanes is the table's `laneSections` (every section when nil); the others
/// are not drawn. Lanes are at least `minimumLaneWidth` columns; when they do not all fit the
/// board scrolls sideways to keep the cursor's lane in view and shows `‹ 2` / `1 ›` for the
/// lanes hidden on each side (`BoardLayout`). Each lane scrolls on its own, keeping the cursor
/// in view. In edit mode cards show their `⊖` and `≡`; a dragged card is drawn where it would
/// land, the cards around it sliding as rows do in the list (`DragStepFrames`). A card a batch
/// moves (`H`/`L`, `K`/`J`, a drop) or a held card stepping into another lane glides there, the
/// cards of the lanes it leaves and enters sliding (`BoardMoveFrames`); other batches show at
/// once, and their completions run then. The mouse hits what the last frame drew (`hit(x:y:)`)
/// and a drag proposes the slot under it (`slot(atX:y:)`).
///
/// The data source is asked only for the rows on screen: the first frame of a board of 10^5
/// cards costs what a screenful does.
@MainActor
public final class BoardRenderer: TableViewPresenter {
    /// The table drawn. The renderer holds it; the table holds its presenter weakly.
    public let tableView: TableView
    /// The one controller of `tableView`'s interaction, shared with the list's renderer.
    public let controller: EditController
    /// The glyphs (and whether colours apply) the board is drawn with.
    public var theme: Theme = .unicode
    /// Off: drag steps and moves are drawn at their end at once (a move's completions run then).
    public var animationsEnabled = true {
        didSet { if !animationsEnabled { finishAnimations(finished: false) } }
    }
    /// The time drag steps and moves follow; tests set a `ManualClock` to draw chosen frames.
    public var clock: any AnimationClock = SystemClock()
    /// How many times longer than normal a drag step or a move takes (at least 1).
    public var animationSlowdown: Double = 1
    /// Seconds a card takes to glide to where a move put it (times `animationSlowdown`): what a
    /// batch's slide and its last stage take in the list.
    public static let moveDuration = BoardMoveFrames.duration
    /// The narrowest a lane is drawn (columns), unless the terminal is narrower.
    public var minimumLaneWidth = 24
    /// Lines kept between the cursor and the top or bottom of its lane when scrolling.
    public var scrollMargin = 1
    /// The count shown beside a lane's title, by section (current space): the host's own (the
    /// list editor counts cards, not passages); nil: the rows shown in the lane. Called once per
    /// lane on screen per frame.
    ///
    ///     board.laneCount = { section in tasks.cards(in: section).count }
    public var laneCount: (@MainActor (Int) -> Int)?

    /// The lanes' columns in the last frame.
    public internal(set) var boardLayout = BoardLayout(laneCount: 0, width: 0, minimumLaneWidth: 24)
    /// The sideways scroll: the leftmost lane shown (board place), as `layOut` left it.
    public internal(set) var firstLane = 0
    /// The first line of each lane, by section (current space), as `layOut` scrolled it: each
    /// lane scrolls on its own.
    var laneTops: [Int: Int] = [:]
    /// The first line of each lane the last frame drew, by section (current space).
    var frameTops: [Int: Int] = [:]

    /// What the last frame drew, for hit testing: the displayed sections that are lanes (board
    /// order), row counts as displayed, the grid line the board started on, the lines of cards,
    /// and the controls drawn (grid coordinates).
    var lanes: [Int] = []
    var counts: [Int] = []
    var lastTop = 0
    var bodyHeight = 0
    var regions: [HitRegion] = []
    /// Changes the table told of, and how many it had told of when the last frame began.
    var tableChanges = 0
    var frameChanges = -1

    /// A drag step in flight (in the lane of board place `lane`), and where the held row was
    /// drawn in the last frame (its row, displayed section and lane line).
    var dragStep: (frames: DragStepFrames, lane: Int)?
    var lastHeld: (row: IndexPath, section: Int, line: Int)?
    /// A move in flight (cards gliding to where a batch or a drag step across lanes put them),
    /// the layout it started from (drawn at once when the lanes shown changed since), and whether
    /// a frame has drawn it (a batch before any frame joins it).
    var move: BoardMoveFrames?
    var moveLayout: BoardLayout?
    var moveDrawn = false
    /// The lanes the last frame drew (board place, columns, rows on its lines in the space of
    /// then) and its layout: where a move starts from.
    var drawnLanes: [BoardMoveFrames.Lane] = []
    var drawnLayout: BoardLayout?
    /// The table's row counts when the last frame was drawn: a batch that did not start from
    /// them (batches went to another presenter since) moves nothing on the board.
    var drawnRowCounts: [Int] = []

    /// Becomes `tableView`'s presenter; `controller` (a new one when nil) drives the table.
    public init(tableView: TableView, controller: EditController? = nil) {
        precondition(controller.map { $0.tableView === tableView } ?? true, "the controller drives another table")
        self.tableView = tableView
        self.controller = controller ?? EditController(tableView: tableView)
        tableView.presenter = self
    }

    var rowDrag: RowDrag? { tableView.rowDrag }
    var sectionDrag: SectionDrag? { tableView.sectionDrag }
    var animationTime: Double { clock.now / max(1, animationSlowdown) }

    func modelSection(forDisplayed s: Int) -> Int { sectionDrag?.modelSection(forDisplayed: s) ?? s }

    func modelRow(forDisplayed p: IndexPath) -> IndexPath {
        tableView.shown.modelRow(forDisplayed: p, rowDrag: rowDrag, sectionDrag: sectionDrag)
    }

    func displayed(_ focus: TableFocus) -> TableFocus {
        switch focus {
        case .header(let s): return .header(sectionDrag?.displayedSection(forModel: s) ?? s)
        case .row(let p): return .row(tableView.shown.displayedRow(forModel: p, rowDrag: rowDrag, sectionDrag: sectionDrag))
        }
    }

    // MARK: Presenting

    public func tableViewDidReloadData(_ tableView: TableView) {
        laneTops = [:]
        settle()
        drawnLanes = []
        forgetHitRegions()
    }

    public func tableView(_ tableView: TableView, didApply plan: BatchPlan, completions: [@MainActor (Bool) -> Void]) {
        dragStep = nil
        forgetHitRegions()
        var tops: [Int: Int] = [:]
        for (s, top) in laneTops where s < plan.finalSectionOfOriginal.count {
            if let f = plan.finalSectionOfOriginal[s] { tops[f] = top }
        }
        laneTops = tops
        beginMove(after: plan, completions: completions)
    }

    public func tableView(_ tableView: TableView, didChangeEditing editing: Bool, animated: Bool) {
        forgetHitRegions()
    }

    public func tableView(_ tableView: TableView, didMoveInteractively plan: BatchPlan) {
        settle()
        forgetHitRegions()
    }

    /// What the last frame drew no longer matches the table: clicks land nowhere until the next.
    func forgetHitRegions() { tableChanges += 1 }

    /// Whether a drag step or a move is showing (the run loop draws frames while it is).
    public var isAnimating: Bool { dragStep != nil || move != nil }

    /// Ends a drag step and a move now: the next frame draws every card where it is; a batch's
    /// completions run with `finished` (input ends animations at their last frame).
    public func finishAnimations(finished: Bool = true) {
        dragStep = nil
        endMove(finished: finished)
    }

    /// Ends a drag step or a move and the one the next frame would start (a burst of input draws
    /// one frame).
    public func settle() {
        finishAnimations()
        lastHeld = nil
    }

    // MARK: Scrolling

    /// Scrolls the cursor's lane by `lines` (the mouse wheel), moving the cursor onto the lines
    /// shown when it left them.
    public func scroll(by lines: Int) {
        guard let focus = tableView.focus, case .row(let p) = displayed(focus), bodyHeight > 0 else { return }
        let s = modelSection(forDisplayed: p.section)
        let n = counts.indices.contains(p.section) ? counts[p.section] : 0
        let top = max(0, min((laneTops[s] ?? 0) + lines, max(0, n - bodyHeight)))
        laneTops[s] = top
        let row = max(top, min(p.row, top + bodyHeight - 1))
        if row != p.row, row < n {
            controller.perform(.moveCursor(.onScreen(.row(modelRow(forDisplayed: IndexPath(row: row, section: p.section))))))
        }
    }

    /// The first line shown of the lane of a section (current space).
    public func topLine(ofLane section: Int) -> Int { laneTops[section] ?? 0 }
}
