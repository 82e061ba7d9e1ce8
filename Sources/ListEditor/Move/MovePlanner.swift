import TableKit
import ListStorage
import ListDocument

/// Every move of rows the editor makes, planned in one place (docs/keys.md, "Nested rows"): from
/// the list (rows with their levels), what the screen shows (`ShownRows`), what moves (a row with
/// its nested rows, or a multiple selection) and the intent (one step up or down, into the next
/// section at a section's edge; a drop at a slot; indent; outdent) to the one `EditStep` that does
/// it. Pure: it reads values and changes nothing; the editor commits what it returns through one
/// route (`ListEditor.commit(_:cursor:)`).
///
///     // levels 0 1 0: `J` on row 0 passes row 2 with the nested row going along
///     let planner = MovePlanner(model: model, shown: ShownRows(rowCounts: [3]))
///     planner.plan(.step(.down), for: .block(IndexPath(row: 0, section: 0)))
///     // a `.moveRows` of rows 0 and 1 to row 1, levels kept, the cursor following (`.revealed`)
///
/// A moved row keeps its level where it lands, clamped to what the place allows (the level rule,
/// `RowList.levelCap`), and its nested rows keep theirs relative to it; no move splits another
/// row from its nested rows (`Outline`). Passages and the front matter stay where the file has
/// them. Rows hidden by a filter or a collapse are passed over: a step passes exactly one shown
/// row, with its nested rows.
struct MovePlanner {
    /// What to do.
    enum Intent: Equatable {
        /// `K`/`J`: one row (with its nested rows) passed, or into the next section at an edge.
        case step(VerticalDirection)
        /// A drag dropped where the table shows the held row: `destination` is the table's, the
        /// final space of a move of the held row alone.
        case drop(at: IndexPath)
        /// `Tab`: one level deeper, under the previous sibling.
        case indent
        /// `Shift+Tab`: one level out.
        case outdent
        /// `H`/`L` (`offset` -1 or 1): the card the row is in (each selected row's card), to the
        /// previous or next lane at the same index among its cards (`planToLane`,
        /// `planSelectionToLane`).
        case toSection(Int)
    }

    /// What moves.
    enum Mover: Equatable {
        /// A row (current space) with its nested rows: a single row is a block of one.
        case block(IndexPath)
        /// A multiple selection: every moving row (each selected row with its nested rows,
        /// current space, in order), and the row the drag holds (one of them) for a drop.
        case rows([IndexPath], held: IndexPath?)
    }

    /// Where the cursor goes once a move is committed.
    enum Cursor: Equatable {
        /// It follows its row, and a collapsed place the moved row lands in opens (`K`/`J`, a
        /// drop of a block).
        case revealed
        /// It follows its row; nothing opens (indent and outdent change levels only).
        case asIs
        /// To this row (final space): the first of a dropped selection.
        case at(IndexPath)
    }

    /// What the planner says.
    enum Plan {
        /// Commit `step` (`ListEditor.commit(_:cursor:)`), then place the cursor.
        case move(EditStep, cursor: Cursor)
        /// Allowed, and nothing would change (a drop back where it was).
        case unchanged
        /// Not allowed; nothing changes.
        case refused(Refusal)
    }

    /// Why a move is not allowed (the editor names the row).
    enum Refusal: Equatable {
        /// The row does not move (`canMove`): a passage, or not a row of the list (the Add item
        /// row edit mode shows after a section's rows).
        case cannotMove
        /// No slot further that way.
        case cannotGoFurther
        /// A passage has no level.
        case passage
        /// The format holds no levels (plain text).
        case noLevels
        /// Indent: no row above at the row's level.
        case noRowAbove
        /// Outdent: already at level 0.
        case atTopLevel
    }

    /// The list (a value: the planner changes nothing).
    let model: ListModel
    /// What shows: rows hidden by a filter or a collapse are passed over.
    let shown: ShownRows
    /// Whether the list's format holds levels (plain text holds none).
    var holdsLevels = true
    /// Whether the file is a Kanban board (`ListDocument.isKanbanBoard`): then a done lane's
    /// `**Complete**` stays first and checks the cards moved in (`completing`), and the passages
    /// that end a section (the settings block, `***`) stay last (docs/file-formats.md, "Kanban
    /// boards").
    var isKanbanBoard = false

    /// What the intent does to the mover: a card that changes lane into or out of a done lane
    /// has its checkbox changed in the same step (`completing`).
    ///
    /// - Complexity: O(rows moved + the rows passed) for a block; see `planSelectionStep` for a
    ///   selection. Never O(list) for a step or a drop.
    ///
    /// No row from another section lands in one that takes no rows (`takesNoRows`: a Kanban
    /// board's front matter): such a move is refused, as at the top of the list.
    func plan(_ intent: Intent, for mover: Mover) -> Plan {
        let plan = planMove(intent, for: mover)
        // The lanes' rules are a Kanban board's alone: any other list takes the move as planned.
        guard isKanbanBoard, case .move(let step, let cursor) = plan else { return plan }
        if entersSectionTakingNoRows(step) { return .refused(.cannotGoFurther) }
        return .move(completing(step), cursor: cursor)
    }

    /// Whether section `s` takes no rows from elsewhere: in a Kanban board, the front matter's
    /// section (`ListModel.takesNoRows`, the rule `listedit apply` asks too; docs/file-formats.md,
    /// "Kanban boards").
    func takesNoRows(_ s: Int) -> Bool { model.takesNoRows(s, kanbanBoard: isKanbanBoard) }

    /// Whether `step` takes a row from another section into one that takes no rows.
    ///
    /// - Complexity: O(rows moved).
    func entersSectionTakingNoRows(_ step: EditStep) -> Bool {
        guard isKanbanBoard else { return false }
        switch step {
        case let .moveRows(from, _, to, _, _): return from.section != to.section && takesNoRows(to.section)
        case let .moveRowSet(from, to, _, _): return from.indices.contains { from[$0].section != to[$0].section && takesNoRows(to[$0].section) }
        default: return false
        }
    }

    /// The move alone, before the done lanes' checkboxes (`completing`).
    private func planMove(_ intent: Intent, for mover: Mover) -> Plan {
        switch (intent, mover) {
        case (.toSection(let offset), .block(let p)): return planToLane(p, offset)
        case (.toSection(let offset), .rows(let moving, _)): return planSelectionToLane(moving, offset)
        case (.step(let direction), .block(let p)): return canMove(p) ? planBlockStep(p, direction) : .refused(.cannotMove)
        case (.drop(let d), .block(let p)): return planBlockDrop(p, at: d)
        case (.indent, .block(let p)): return planRelevel(p, by: 1)
        case (.outdent, .block(let p)): return planRelevel(p, by: -1)
        case (.step(let direction), .rows(let moving, _)): return planSelectionStep(moving, direction)
        case (.drop(let d), .rows(let moving, let held?)): return planSelectionDrop(moving, held: held, at: d)
        case (.drop, .rows(_, nil)), (.indent, .rows), (.outdent, .rows): return .refused(.cannotGoFurther)
        }
    }

    // MARK: The list as moves see it

    /// Whether row `p` (current space) moves at all: a row of the list (not the Add item row
    /// after a section's rows in edit mode) that is not a passage, which stays where the file
    /// has it.
    func canMove(_ p: IndexPath) -> Bool { Self.canMove(p, in: model) }

    /// `canMove` on `model` without a planner: the table asks it (the data source's
    /// `canMoveRowAt`) for every row it draws a handle for, and a planner would look at what
    /// shows and whether the file is a Kanban board each time.
    static func canMove(_ p: IndexPath, in model: ListModel) -> Bool {
        let rows = model.sections[p.section].rows
        return p.row < rows.count && !rows.attributes(at: p.row).isPassage
    }

    /// Rows of section `s`.
    func count(_ s: Int) -> Int { model.sections[s].rows.count }

    /// Row `p`'s level (current space).
    func level(_ p: IndexPath) -> Int { model.sections[p.section].rows.attributes(at: p.row).level }

    /// Whether section `s` starts with a row that stays first: what opens the file (front
    /// matter, or a passage before any item) in the first section, and the `**Complete**` line
    /// of a done lane (which would stop being one with a card above it).
    func firstRowStays(_ s: Int) -> Bool {
        if isDoneLane(s) { return true }
        guard s == 0, let first = model.sections.first, first.rows.count > 0 else { return false }
        return first.rows.attributes(at: 0).isPassage
    }

    /// Whether section `s` is a done lane (`ListModel.isCompleteLane`) of a Kanban board.
    func isDoneLane(_ s: Int) -> Bool { isKanbanBoard && model.isCompleteLane(s) }

    /// Section `s` as nesting sees it, without the rows `cut`: in a Kanban board, its last slot
    /// is before the passages that end it (`Outline.lastSlot`).
    ///
    /// - Complexity: O(the passages that end the section).
    func outline(_ s: Int, cutting cut: Range<Int>? = nil) -> Outline {
        Outline(model.sections[s].rows, cutting: cut, firstStays: firstRowStays(s), lastStays: isKanbanBoard)
    }

    /// Row `p` and its nested rows, as rows of its section.
    ///
    /// - Complexity: O(the block).
    func block(at p: IndexPath) -> Range<Int> {
        p.row..<Outline(model.sections[p.section].rows).nestedEnd(of: p.row)
    }

    // MARK: A block

    /// The move of row `source` (current space) and its nested rows to `slot` (final space: a
    /// slot of the target section without the block), with the levels they take there; `nil`
    /// when nothing would change.
    func blockMove(from source: IndexPath, to slot: IndexPath) -> EditStep? {
        let rows = model.sections[source.section].rows
        let block = block(at: source)
        let levels = block.map { rows.attributes(at: $0).level }
        let cut = slot.section == source.section ? block : nil
        let landed = outline(slot.section, cutting: cut).level(levels[0], at: slot.row)
        let newLevels = levels.map { $0 + landed - levels[0] }
        if slot == source && newLevels == levels { return nil }
        return .moveRows(from: source, count: block.count, to: slot, levels: levels, newLevels: newLevels)
    }

    /// `K`/`J` on row `p`: the row and its nested rows pass exactly one row above or below (with
    /// that row's own nested rows, as many as they need so as not to be split), or go to the end
    /// of the section above or the first slot of the section below. While rows are hidden, one
    /// shown row is passed (`shownNeighbourSlot`).
    func planBlockStep(_ p: IndexPath, _ direction: VerticalDirection) -> Plan {
        let block = block(at: p)
        let level = level(p)
        let sections = model.sections.count
        var slot: IndexPath?
        if shown.hidesRows {
            // Into a section the filter hides, which then shows again (a row moved into it).
            if let r = shownNeighbourSlot(p, direction, block: block, levels: [level]) {
                slot = IndexPath(row: r, section: p.section)
            } else if direction == .down, p.section + 1 < sections {
                slot = IndexPath(row: outline(p.section + 1).firstSlot(level: level), section: p.section + 1)
            } else if direction == .up, p.section > 0 {
                slot = IndexPath(row: outline(p.section - 1).lastSlot, section: p.section - 1)
            }
        } else {
            let here = outline(p.section, cutting: block)
            if direction == .down {
                if let r = here.slot(after: p.row, level: level) {
                    slot = IndexPath(row: r, section: p.section)
                } else if p.section + 1 < sections {
                    slot = IndexPath(row: outline(p.section + 1).firstSlot(level: level), section: p.section + 1)
                }
            } else if let r = here.slot(before: p.row, level: level) {
                slot = IndexPath(row: r, section: p.section)
            } else if p.section > 0 {
                slot = IndexPath(row: outline(p.section - 1).lastSlot, section: p.section - 1)
            }
        }
        guard let slot else { return .refused(.cannotGoFurther) }
        return blockMove(from: p, to: slot).map { .move($0, cursor: .revealed) } ?? .unchanged
    }

    /// A drop of the block of `source` where the table shows the held row (`d`, final space of
    /// the one-row move): the block lands at the matching slot, at the level the place allows.
    func planBlockDrop(_ source: IndexPath, at d: IndexPath) -> Plan {
        guard d != source, source.row < count(source.section),
              let slot = blockSlot(forDestination: d, source: source),
              let step = blockMove(from: source, to: slot) else { return .unchanged }
        return .move(step, cursor: .revealed)
    }

    /// Indents (`delta` 1) or outdents (-1) row `p` with its nested rows. A row goes in only
    /// under a previous sibling (the row above it, not a passage, at its level or deeper), as
    /// CommonMark allows; out only from a level above 0. Outdent keeps the order of rows: the
    /// siblings after the row become its nested rows.
    func planRelevel(_ p: IndexPath, by delta: Int) -> Plan {
        let rows = model.sections[p.section].rows
        let attributes = rows.attributes(at: p.row)
        guard !attributes.isPassage else { return .refused(.passage) }
        guard holdsLevels else { return .refused(.noLevels) }
        if delta > 0 {
            // In: one level deeper must keep the level rule (the row above, not a passage, is at
            // its level or deeper).
            guard attributes.level < rows.levelCap(at: p.row) else {
                return .refused(.noRowAbove)
            }
        } else if attributes.level == 0 {
            return .refused(.atTopLevel)
        }
        let block = block(at: p)
        let levels = block.map { rows.attributes(at: $0).level }
        return .move(.moveRows(from: p, count: block.count, to: p, levels: levels, newLevels: levels.map { $0 + delta }), cursor: .asIs)
    }

    // MARK: Hidden rows

    /// The slot `K`/`J` take for the block `block` of row `p` (levels `levels`: a run of blocks
    /// for a multiple selection) while rows are hidden: it passes exactly one shown row B with
    /// its nested rows. `K` lands right before B (or, when that would split a row from its
    /// nested rows, at the slot before); `J` right after B and the hidden rows nested under it,
    /// up to the next shown row (or at the next slot after). `nil` when no row of the section
    /// shows on that side. Slots are rows of the section without the block. `moves` leaves out
    /// rows that move too (a multiple selection): they are not passed.
    ///
    /// - Complexity: O(the rows passed, hidden ones included).
    func shownNeighbourSlot(_ p: IndexPath, _ direction: VerticalDirection, block: Range<Int>, levels: [Int],
                            moves: (Int) -> Bool = { _ in false }) -> Int? {
        let here = outline(p.section, cutting: block)
        let s = p.section
        func isShown(_ r: Int) -> Bool { !shown.isRowHidden(IndexPath(row: r, section: s)) && !moves(r) }
        if direction == .up {
            guard let b = (0..<p.row).last(where: isShown) else { return nil }
            return here.isSlot(b, levels: levels) ? b : here.slot(before: b, levels: levels)
        }
        guard let b = (block.upperBound..<count(s)).first(where: isShown) else { return nil }
        // B's hidden nested rows go with it: the first row after B that shows or is not B's.
        let nestedEnd = Outline(model.sections[s].rows).nestedEnd(of: b)
        var e = b + 1
        while e < nestedEnd, !isShown(e) { e += 1 }
        let slot = e - block.count
        return here.isSlot(slot, levels: levels) ? slot : here.slot(after: slot, levels: levels)
    }
}
