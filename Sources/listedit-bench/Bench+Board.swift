import TableKit
import TerminalUI
import TableRendering

/// The board (`BoardRenderer`) beside the list (`TableRenderer`) on the same table: `cards` cards
/// in 10 lanes from an in-memory data source.
///
/// * first screen: a new table and renderer, its data source set, one 80 × 24 frame; the list's
///   and the board's (the board's should stay within 1.5× of the list's: it asks only for the
///   rows on screen, as the list does);
/// * card move: in edit mode, the first card of the first lane picked up, stepped into the next
///   lane, dropped, and a frame drawn, then moved back the same way; at 10^5 cards it should
///   cost within 1.5× of 10^2. Beside it the same intents under the list's renderer: what the
///   table's move costs whatever draws it.
@MainActor
extension Bench {
    /// Lanes of numbered cards, moved by `moveRowAt`.
    final class Lanes: TableViewReorderingDataSource {
        var lanes: [[Int]]
        init(cards: Int, lanes count: Int) {
            let per = max(1, cards / count)
            lanes = (0..<count).map { l in Array(l * per..<(l + 1) * per) }
        }
        func numberOfSections(in tableView: TableView) -> Int { lanes.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lanes[section].count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Card \(lanes[indexPath.section][indexPath.row])"
            return cell
        }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Lane \(section + 1)" }
        func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
            lanes[destination.section].insert(lanes[source.section].remove(at: source.row), at: destination.row)
        }
    }

    /// One figure of `measureBoard` alone, for counting its instructions (`--board-figure`).
    enum BoardFigure: String {
        case listScreen = "list-screen", screen, listMove = "list-move", move
    }

    /// The board's figures at `cards` cards; with `only`, that figure alone, `runs` times (first
    /// screens) or `runs` moves, so that under callgrind the instructions of `runs` more moves
    /// are the difference of two runs (`Scripts/board-instructions.sh`).
    ///
    /// The frames are 80 × `height`. At 24 lines a lane shows 22 cards: 10^2 cards in 10 lanes
    /// fill 10 of them, so the board at 10^2 draws fewer card lines than at 10^5 (30 against 66
    /// in three lanes), and its move and first screen cost less for that alone; at 12 lines (10
    /// cards a lane) both sizes draw full lanes (`--board-height 12`).
    static func measureBoard(cards: Int, runs: Int, only: BoardFigure? = nil, height: Int = 24) {
        emit("")
        emit("== \(cards) cards, 10 lanes: the board beside the list" + (height == 24 ? "" : ", 80 × \(height)"))
        emit("figure".padding(32) + " " + "median".leftPad(10) + " " + "worst".leftPad(10))
        let lanes = Lanes(cards: cards, lanes: 10)
        func firstScreen(board: Bool) -> [Double] {
            (0..<(only == nil ? max(runs, 20) : runs)).map { _ in
                let t0 = now()
                let table = TableView()
                let presenter: AnyObject
                var grid = CellGrid(width: 80, height: height)
                if board {
                    let renderer = BoardRenderer(tableView: table)
                    table.dataSource = lanes
                    renderer.layOut(width: 80, height: height)
                    renderer.render(into: &grid, top: 0, height: height)
                    presenter = renderer
                } else {
                    let renderer = TableRenderer(tableView: table)
                    table.dataSource = lanes
                    renderer.layOut(height: height)
                    renderer.render(into: &grid, top: 0, height: height)
                    presenter = renderer
                }
                withExtendedLifetime(presenter) {}
                return now() - t0
            }
        }
        if only == nil || only == .listScreen { row("first screen, list", firstScreen(board: false)) }
        if only == nil || only == .screen { row("first screen, board", firstScreen(board: true)) }

        /// 200 moves of a lane's first card to the next lane and back (Space, →, Space; in the
        /// list, the same intents), each with a frame.
        func moves(board: Bool) -> [Double] {
            let table = TableView()
            var grid = CellGrid(width: 80, height: height)
            let draw: () -> Void
            let controller: EditController
            let presenter: AnyObject
            if board {
                let renderer = BoardRenderer(tableView: table)
                renderer.animationsEnabled = false
                (draw, controller, presenter) = ({ renderer.layOut(width: 80, height: height); renderer.render(into: &grid, top: 0, height: height) }, renderer.controller, renderer)
            } else {
                let renderer = TableRenderer(tableView: table)
                renderer.animationsEnabled = false
                (draw, controller, presenter) = ({ renderer.layOut(height: height); renderer.render(into: &grid, top: 0, height: height) }, renderer.controller, renderer)
            }
            table.dataSource = lanes
            draw()
            controller.perform(.setEditing(true))
            var samples: [Double] = []
            for i in 0..<(only == nil ? 200 : runs) {
                let t0 = now()
                controller.perform(.moveCursor(.to(.row(IndexPath(row: 0, section: i % 2)))))
                controller.perform(.pickUp)
                controller.perform(.stepAcross(i % 2 == 0 ? .right : .left))
                controller.perform(.drop)
                draw()
                samples.append(now() - t0)
            }
            withExtendedLifetime(presenter) {}
            return samples
        }
        if only == nil || only == .listMove { row("card move to the next lane, list", moves(board: false)) }
        if only == nil || only == .move { row("card move to the next lane", moves(board: true)) }
    }
}
