import TableKit
import TableRendering

/// A demo data source: what `listedit demo NAME` runs, written only against the public API.
@MainActor
public protocol Demo: TableViewDataSource {
    /// Shown in the title bar.
    var title: String { get }
    /// The bar button's label and key, when the demo has one.
    var action: (label: String, key: Character)? { get }
    /// The button was pressed.
    func performAction(on table: TableView)
}

/// Runs a demo full screen: a title bar with the demo's button and `Edit`/`Done`, the table, and
/// key hints. Keys go to an `EditController`, like the editor's.
@MainActor
public final class DemoHost: TerminalProgram {
    public let tableView = TableView(style: .insetGrouped)
    public let renderer: TableRenderer
    public let controller: EditController
    let demo: any Demo
    public private(set) var wantsQuit = false
    var buttons: [(x: Range<Int>, act: () -> Void)] = []

    public init(_ demo: any Demo, theme: Theme = .unicode, animations: Bool = true) {
        self.demo = demo
        renderer = TableRenderer(tableView: tableView)
        controller = EditController(tableView: tableView)
        renderer.theme = theme
        renderer.animationsEnabled = animations
        tableView.dataSource = demo
        tableView.delegate = demo as? any TableViewDelegate
    }

    /// The demo by name: `states`, `sections` or `numbers`.
    public static func demo(named name: String) -> (any Demo)? {
        switch name {
        case "states": return StatesDemo()
        case "sections": return SectionsDemo()
        case "numbers": return NumbersDemo()
        default: return nil
        }
    }

    public nonisolated static let names = ["states", "sections", "numbers"]

    public var frameInterval: Double? { renderer.isAnimating ? 1.0 / 30 : nil }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            renderer.finishAnimations()
            if controller.handle(key) { return }
            if case .char(let c) = key, c == demo.action?.key { demo.performAction(on: tableView); return }
            if key == .char("q") || key == .ctrl("c") { wantsQuit = true }
        case .mouse(let m) where m.kind == .press && m.y == 0:
            buttons.first { $0.x.contains(m.x) }?.act()
        case .mouse(let m) where m.kind == .wheelUp || m.kind == .wheelDown:
            renderer.scroll(by: m.kind == .wheelUp ? -3 : 3)
        default:
            break
        }
    }

    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width > 0, height > 0 else { return grid }
        buttons = []
        let bar = CellStyle(.bar, reverse: true)
        grid.fill(x: 0, y: 0, count: width, style: bar)
        var x = width
        let mode = tableView.isEditing && tableView.swipedRow == nil ? " Done " : " Edit "
        x -= TextWidth.of(mode) + 1
        if x > 0 {
            grid.put(mode, x: x, y: 0, style: CellStyle(.barButton, bold: true, reverse: true, underline: true))
            let range = x..<(x + TextWidth.of(mode))
            buttons.append((range, { [weak self] in
                guard let self else { return }
                self.tableView.setEditing(!(self.tableView.isEditing && self.tableView.swipedRow == nil), animated: true)
            }))
        }
        if let action = demo.action {
            let label = " \(action.label) (\(action.key)) "
            x -= TextWidth.of(label) + 1
            if x > 0 {
                grid.put(label, x: x, y: 0, style: CellStyle(.barButton, bold: true, reverse: true))
                let range = x..<(x + TextWidth.of(label))
                buttons.append((range, { [weak self] in
                    guard let self else { return }
                    self.demo.performAction(on: self.tableView)
                }))
            }
        }
        grid.put(TextWidth.truncate(demo.title, to: max(0, x - 2)), x: 1, y: 0, style: CellStyle(.bar, bold: true, reverse: true))
        if height >= 3 { renderer.render(into: &grid, top: 1, height: height - 2) }
        let hints = tableView.isEditing && tableView.swipedRow == nil ? "space pick up · ↑↓ drag · - delete · e done · q quit" : "↑↓ move · e edit · d delete · q quit"
        grid.put(TextWidth.truncate(hints, to: max(0, width - 2)), x: 1, y: height - 1, style: CellStyle(.status, dim: true))
        return grid
    }

    public func terminate(signal: Int32) {}
}
