import Foundation
import Testing
import TableKit
import TestSupport

/// A board from labels: a label's leading spaces are its indentation level (two per level), and
/// `retarget` is the delegate's `targetIndexPathForMoveFromRowAt`.
@MainActor
final class LaneBoard: TableViewReorderingDataSource, TableViewDelegate {
    var sections: [[String]]
    var moves: [String] = []
    var retarget: ((IndexPath, IndexPath) -> IndexPath)?

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection s: Int) -> Int { sections[s].count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(sections[p.section][p.row]) }
    func tableView(_ tableView: TableView, canMoveRowAt p: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
        moves.append("\(a) -> \(b)")
        sections[b.section].insert(sections[a.section].remove(at: a.row), at: b.row)
    }
    func tableView(_ tableView: TableView, indentationLevelForRowAt p: IndexPath) -> Int {
        sections[p.section][p.row].prefix { $0 == " " }.count / 2
    }
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath, toProposedIndexPath proposed: IndexPath) -> IndexPath {
        retarget?(source, proposed) ?? proposed
    }
}

/// One step of a drag in the reference model.
enum LaneStep: CaseIterable, CustomStringConvertible {
    case left, right, up, down

    var intent: TableIntent {
        switch self {
        case .left: return .stepAcross(.left)
        case .right: return .stepAcross(.right)
        case .up: return .step(.up)
        case .down: return .step(.down)
        }
    }

    var description: String { "\(self == .left ? "←" : self == .right ? "→" : self == .up ? "↑" : "↓")" }
}

/// The plain reference the lane intents are checked against: row counts, the lanes, and a
/// retargeting rule, with no table.
struct LaneReference {
    let counts: [Int]
    let lanes: IndexSet?
    let retarget: ((IndexPath, IndexPath) -> IndexPath)?

    func isLane(_ s: Int) -> Bool { lanes?.contains(s) ?? true }

    func lane(from s: Int, _ direction: HorizontalDirection) -> Int? {
        direction == .left ? (0..<s).last(where: isLane) : ((s + 1)..<counts.count).first(where: isLane)
    }

    /// Where the cursor goes across, flat rows (every row a card).
    func cursor(_ focus: TableFocus, _ direction: HorizontalDirection) -> TableFocus? {
        guard let t = lane(from: focus.section, direction) else { return nil }
        guard case .row(let p) = focus, counts[t] > 0 else { return .header(t) }
        return .row(IndexPath(row: min(p.row, counts[t] - 1), section: t))
    }

    /// A drag of `source` through `steps`: the destination it would drop at.
    func drag(_ source: IndexPath, _ steps: [LaneStep]) -> IndexPath {
        func last(_ s: Int) -> Int { counts[s] - (s == source.section ? 1 : 0) }
        func isSlot(_ p: IndexPath) -> Bool { p.section >= 0 && p.section < counts.count && p.row >= 0 && p.row <= last(p.section) }
        var proposed: IndexPath? = source
        var destination = source
        for step in steps {
            let p = proposed ?? destination
            var next: IndexPath?
            switch step {
            case .left, .right:
                if let t = lane(from: p.section, step == .left ? .left : .right) { next = IndexPath(row: min(p.row, last(t)), section: t) }
            case .up:
                if p.row > 0 { next = IndexPath(row: p.row - 1, section: p.section) } else if p.section > 0 { next = IndexPath(row: last(p.section - 1), section: p.section - 1) }
            case .down:
                if p.row < last(p.section) { next = IndexPath(row: p.row + 1, section: p.section) } else if p.section + 1 < counts.count { next = IndexPath(row: 0, section: p.section + 1) }
            }
            guard let q = next, q != proposed else { continue }
            proposed = q
            let target = retarget?(source, q) ?? q
            destination = isSlot(target) ? target : destination
        }
        return destination
    }
}

/// A board's sideways motion (`moveCursorAcross`, `stepAcross`), checked over every small board
/// against `LaneReference`.
@MainActor
@Suite struct LaneTests {
    /// Every board of three sections with up to two rows each.
    static let boards: [[Int]] = (0..<27).map { [$0 % 3, $0 / 3 % 3, $0 / 9] }
    /// Every choice of lanes among three sections, and none set (all are lanes).
    static let laneChoices: [IndexSet?] = [nil] + (0..<8).map { m in IndexSet((0..<3).filter { m & (1 << $0) != 0 }) }
    /// No retargeting, and a delegate that keeps rows off the top of every other section (to row
    /// 1, which an empty section does not have: the row then stays where it was shown).
    static let retargets: [(@Sendable (IndexPath, IndexPath) -> IndexPath)?] = [
        nil,
        { source, proposed in proposed.row == 0 && proposed.section != source.section ? IndexPath(row: 1, section: proposed.section) : proposed },
    ]

    func board(_ counts: [Int]) -> LaneBoard {
        LaneBoard(counts.enumerated().map { s, n in (0..<n).map { "\(s).\($0)" } })
    }

    @Test func cursorAcrossMatchesTheReferenceOnEveryBoard() {
        for counts in Self.boards {
            for lanes in Self.laneChoices {
                let board = board(counts)
                let table = TableView()
                table.dataSource = board
                table.delegate = board
                table.laneSections = lanes
                let controller = EditController(tableView: table)
                let reference = LaneReference(counts: counts, lanes: lanes, retarget: nil)
                var starts: [TableFocus] = counts.indices.map { .header($0) }
                for (s, n) in counts.enumerated() { starts += (0..<n).map { .row(IndexPath(row: $0, section: s)) } }
                for start in starts {
                    for direction in [HorizontalDirection.left, .right] {
                        controller.perform(.moveCursor(.to(start)))
                        let outcome = controller.perform(.moveCursorAcross(direction))
                        let expected = reference.cursor(start, direction)
                        #expect(table.focus == expected ?? start, "\(counts) lanes \(lanes.map { Array($0) } ?? []) from \(start) \(direction)")
                        #expect(outcome == (expected == nil ? .refused(.noLane(direction)) : .performed))
                    }
                }
            }
        }
    }

    @Test func dragStepsMatchTheReferenceOnEveryBoard() {
        var sequences: [[LaneStep]] = [[]]
        for length in 1...2 { sequences += sequences.filter { $0.count == length - 1 }.flatMap { s in LaneStep.allCases.map { s + [$0] } } }
        var runs = 0
        for counts in Self.boards where counts.reduce(0, +) > 0 {
            for lanes in Self.laneChoices {
                for retarget in Self.retargets {
                    let reference = LaneReference(counts: counts, lanes: lanes, retarget: retarget)
                    for (s, n) in counts.enumerated() {
                        for r in 0..<n {
                            let source = IndexPath(row: r, section: s)
                            for steps in sequences {
                                let board = board(counts)
                                board.retarget = retarget
                                let table = TableView()
                                table.dataSource = board
                                table.delegate = board
                                table.laneSections = lanes
                                let controller = EditController(tableView: table)
                                table.setEditing(true, animated: false)
                                controller.perform(.moveCursor(.to(.row(source))))
                                #expect(controller.perform(.pickUp) == .performed)
                                for step in steps { controller.perform(step.intent) }
                                let destination = reference.drag(source, steps)
                                #expect(table.rowDrag?.destination == destination, "\(counts) lanes \(lanes.map { Array($0) } ?? []) \(source) \(steps)")
                                controller.perform(.drop)
                                var expected = self.board(counts).sections
                                expected[destination.section].insert(expected[s].remove(at: r), at: destination.row)
                                #expect(board.sections == expected)
                                #expect(board.moves == (destination == source ? [] : ["\(source) -> \(destination)"]))
                                #expect(table.focus == .row(destination))
                                runs += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(runs > 10_000)
    }

    @Test func theCursorLandsOnTheCardOfANestedRow() {
        let board = LaneBoard([["a", "  a1", "b"], ["c", "  c1", "  c2", "d"]])
        let table = TableView()
        table.dataSource = board
        table.delegate = board
        let controller = EditController(tableView: table)
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 2, section: 0)))))
        controller.perform(.moveCursorAcross(.right))
        #expect(table.focus == .row(IndexPath(row: 0, section: 1)))     // row 2 is c2, inside card c
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 3, section: 1)))))
        controller.perform(.moveCursorAcross(.left))
        #expect(table.focus == .row(IndexPath(row: 2, section: 0)))     // clamped to the last row, b
    }

    @Test func aLaneTheFilterHidesIsPassedOver() {
        let board = LaneBoard([["a"], ["b"], ["c"]])
        let table = TableView()
        table.dataSource = board
        table.delegate = board
        let controller = EditController(tableView: table)
        controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: 0)))))
        controller.perform(.filter(showing: [[0], [], [0]]))
        controller.perform(.moveCursorAcross(.right))
        #expect(table.focus == .row(IndexPath(row: 0, section: 2)))
        table.setEditing(true, animated: false)
        controller.perform(.pickUp)
        controller.perform(.stepAcross(.left))
        #expect(table.rowDrag?.destination == IndexPath(row: 0, section: 0))
        #expect(controller.perform(.stepAcross(.left)) == .refused(.cannotGoFurther("c")))
    }

    @Test func aDraggedSectionStepsSideways() {
        final class Sections: TableViewSectionReorderingDataSource {
            var titles = ["To do", "Doing", "Done"]
            func numberOfSections(in tableView: TableView) -> Int { titles.count }
            func tableView(_ tableView: TableView, numberOfRowsInSection s: Int) -> Int { 0 }
            func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell("") }
            func tableView(_ tableView: TableView, titleForHeaderInSection s: Int) -> String? { titles[s] }
            func tableView(_ tableView: TableView, canMoveSection s: Int) -> Bool { true }
            func tableView(_ tableView: TableView, moveSection a: Int, toSection b: Int) { titles.insert(titles.remove(at: a), at: b) }
        }
        let source = Sections()
        let table = TableView()
        table.dataSource = source
        let controller = EditController(tableView: table)
        table.setEditing(true, animated: false)
        controller.perform(.moveCursor(.to(.header(0))))
        controller.perform(.pickUp)
        controller.perform(.stepAcross(.right))
        controller.perform(.drop)
        #expect(source.titles == ["Doing", "To do", "Done"])
    }

    @Test func lanesFollowBatches() throws {
        let board = LaneBoard([["a"], ["b"], ["c"]])
        let table = TableView()
        table.dataSource = board
        table.laneSections = [1, 2]
        board.sections.insert(["new"], at: 0)
        try table.insertSections([0], with: .none)
        #expect(table.laneSections == [0, 2, 3])
        board.sections.remove(at: 2)
        try table.deleteSections([2], with: .none)
        #expect(table.laneSections == [0, 2])
        #expect(!table.isLane(1))
    }
}
