import TableKit
import TerminalUI
import TestSupport
import TableRendering

/// A data source and delegate over plain arrays that logs every call the table makes.
@MainActor
final class Fixture: TableViewEditingDataSource, TableViewReorderingDataSource, TableViewDelegate {
    var sections: [(title: String?, rows: [String])]
    var log: [String] = []
    var styles: [IndexPath: TableViewCell.EditingStyle] = [:]
    var immovable: Set<IndexPath> = []

    init(_ sections: [(String?, [String])]) { self.sections = sections.map { ($0.0, $0.1) } }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, cellForRowAt p: IndexPath) -> TableViewCell { textCell(sections[p.section].rows[p.row]) }
    func tableView(_ tableView: TableView, titleForHeaderInSection s: Int) -> String? { sections[s].title }
    func tableView(_ tableView: TableView, titleForFooterInSection s: Int) -> String? { "\(sections[s].rows.count) rows" }
    func tableView(_ tableView: TableView, canEditRowAt p: IndexPath) -> Bool { log.append("canEdit \(p)"); return true }
    func tableView(_ tableView: TableView, commit style: TableViewCell.EditingStyle, forRowAt p: IndexPath) {
        log.append("commit \(style) \(p)")
        if style == .delete {
            sections[p.section].rows.remove(at: p.row)
            try? tableView.deleteRows(at: [p], with: .fade)
        }
    }
    func tableView(_ tableView: TableView, canMoveRowAt p: IndexPath) -> Bool { log.append("canMove \(p)"); return !immovable.contains(p) }
    func tableView(_ tableView: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
        log.append("moveRow \(a) \(b)")
        let row = sections[a.section].rows.remove(at: a.row)
        sections[b.section].rows.insert(row, at: b.row)
    }
    func tableView(_ tableView: TableView, editingStyleForRowAt p: IndexPath) -> TableViewCell.EditingStyle {
        log.append("style \(p)")
        return styles[p] ?? .delete
    }
    func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt p: IndexPath) -> Bool { log.append("indent \(p)"); return true }
}

/// A renderer over a table over a fixture. Tables hold their data sources weakly, as UIKit does: the caller keeps
/// the fixture alive (a local `let`).
@MainActor
func makeView(_ fixture: Fixture, style: TableView.Style = .insetGrouped, animations: Bool = false) -> TableRenderer {
    let view = TableRenderer(tableView: TableView(style: style))
    view.animationsEnabled = animations
    view.tableView.dataSource = fixture
    view.tableView.delegate = fixture
    return view
}

@MainActor
func draw(_ view: TableRenderer, width: Int = 40, height: Int = 12) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    view.layOut(height: height)
    view.render(into: &grid, top: 0, height: height)
    return grid
}

@MainActor
let groceries: [(String?, [String])] = [
    ("Groceries", ["Milk", "Eggs", "Bread"]),
    ("Hardware", ["Screws", "Wood glue"]),
]
