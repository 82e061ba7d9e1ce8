import TableKit
import TableRendering

/// A data source and delegate over plain arrays that logs every call the table makes.
@MainActor
final class Fixture: TableEditingDataSource, TableReorderingDataSource, TableDelegate {
    var sections: [(title: String?, rows: [String])]
    var log: [String] = []
    var styles: [IndexPath: EditingStyle] = [:]
    var immovable: Set<IndexPath> = []

    init(_ sections: [(String?, [String])]) { self.sections = sections.map { ($0.0, $0.1) } }

    func numberOfSections(in table: TableView) -> Int { sections.count }
    func table(_ table: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func table(_ table: TableView, cellForRowAt p: IndexPath) -> TableCell { TableCell(text: sections[p.section].rows[p.row]) }
    func table(_ table: TableView, titleForHeaderInSection s: Int) -> String? { sections[s].title }
    func table(_ table: TableView, titleForFooterInSection s: Int) -> String? { "\(sections[s].rows.count) rows" }
    func table(_ table: TableView, canEditRowAt p: IndexPath) -> Bool { log.append("canEdit \(p)"); return true }
    func table(_ table: TableView, commit style: EditingStyle, forRowAt p: IndexPath) {
        log.append("commit \(style) \(p)")
        if style == .delete {
            sections[p.section].rows.remove(at: p.row)
            try? table.deleteRows(at: [p], with: .fade)
        }
    }
    func table(_ table: TableView, canMoveRowAt p: IndexPath) -> Bool { log.append("canMove \(p)"); return !immovable.contains(p) }
    func table(_ table: TableView, moveRowAt a: IndexPath, to b: IndexPath) {
        log.append("moveRow \(a) \(b)")
        let row = sections[a.section].rows.remove(at: a.row)
        sections[b.section].rows.insert(row, at: b.row)
    }
    func table(_ table: TableView, editingStyleForRowAt p: IndexPath) -> EditingStyle {
        log.append("style \(p)")
        return styles[p] ?? .delete
    }
    func table(_ table: TableView, shouldIndentWhileEditingRowAt p: IndexPath) -> Bool { log.append("indent \(p)"); return true }
}

/// A renderer over a table over a fixture. Tables hold their data sources weakly, as UIKit does: the caller keeps
/// the fixture alive (a local `let`).
@MainActor
func makeView(_ fixture: Fixture, style: TableStyle = .grouped, animations: Bool = false) -> TableRenderer {
    let view = TableRenderer(tableView: TableView(style: style))
    view.animationsEnabled = animations
    view.tableView.dataSource = fixture
    view.tableView.delegate = fixture
    return view
}

@MainActor
func draw(_ view: TableRenderer, width: Int = 40, height: Int = 12) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    view.render(into: &grid, top: 0, height: height)
    return grid
}

@MainActor
let groceries: [(String?, [String])] = [
    ("Groceries", ["Milk", "Eggs", "Bread"]),
    ("Hardware", ["Screws", "Wood glue"]),
]
