import TableKit
import TableView

/// A demo data source: what `listedit demo NAME` runs, written only against the public API.
@MainActor
public protocol Demo: TableDataSource {
    /// Shown in the title bar.
    var title: String { get }
    /// The bar button's label and key, when the demo has one.
    var action: (label: String, key: Character)? { get }
    /// The button was pressed.
    func performAction(on table: Table)
}

/// Runs a demo full screen: a title bar with the demo's button and `Edit`/`Done`, the table, and
/// key hints. Keys go to an `EditController`, like the editor's.
@MainActor
public final class DemoHost: TerminalProgram {
    public let tableView = TableView()
    public let controller: EditController
    let demo: any Demo
    public private(set) var wantsQuit = false
    public var widths = WidthProfile.unicode
    var buttons: [(x: Range<Int>, act: () -> Void)] = []

    public init(_ demo: any Demo, theme: Theme = .unicode, animations: Bool = true) {
        self.demo = demo
        controller = EditController(table: tableView)
        tableView.theme = theme
        tableView.animationsEnabled = animations
        tableView.dataSource = demo
        tableView.delegate = demo as? any TableDelegate
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

    public var frameInterval: Double? { tableView.isAnimating ? 1.0 / 30 : nil }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            tableView.finishAnimations()
            if controller.handle(key) { return }
            if case .char(let c) = key, c == demo.action?.key { demo.performAction(on: tableView); return }
            if key == .char("q") || key == .ctrl("c") { wantsQuit = true }
        case .mouse(let m) where m.kind == .press && m.y == 0:
            buttons.first { $0.x.contains(m.x) }?.act()
        case .mouse(let m) where m.kind == .wheelUp || m.kind == .wheelDown:
            tableView.scroll(by: m.kind == .wheelUp ? -3 : 3)
        default:
            break
        }
    }

    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, widths: widths)
        guard width > 0, height > 0 else { return grid }
        buttons = []
        let bar = CellStyle(.bar, reverse: true)
        grid.fill(x: 0, y: 0, count: width, style: bar)
        var x = width
        let mode = tableView.isEditing ? " Done " : " Edit "
        x -= grid.widths.width(of: mode) + 1
        if x > 0 {
            grid.put(mode, x: x, y: 0, style: CellStyle(.barButton, bold: true, reverse: true, underline: true))
            let range = x..<(x + grid.widths.width(of: mode))
            buttons.append((range, { [weak self] in
                guard let self else { return }
                self.tableView.setEditing(!self.tableView.isEditing, animated: true)
            }))
        }
        if let action = demo.action {
            let label = " \(action.label) (\(action.key)) "
            x -= grid.widths.width(of: label) + 1
            if x > 0 {
                grid.put(label, x: x, y: 0, style: CellStyle(.barButton, bold: true, reverse: true))
                let range = x..<(x + grid.widths.width(of: label))
                buttons.append((range, { [weak self] in
                    guard let self else { return }
                    self.demo.performAction(on: self.tableView)
                }))
            }
        }
        grid.put(grid.widths.truncate(demo.title, to: max(0, x - 2)), x: 1, y: 0, style: CellStyle(.bar, bold: true, reverse: true))
        if height >= 3 { tableView.render(into: &grid, top: 1, height: height - 2) }
        let hints = tableView.isEditing ? "space pick up · ↑↓ drag · - delete · e done · q quit" : "↑↓ move · e edit · d delete · q quit"
        grid.put(grid.widths.truncate(hints, to: max(0, width - 2)), x: 1, y: height - 1, style: CellStyle(.status, dim: true))
        return grid
    }

    public func terminate(signal: Int32) {}
}
