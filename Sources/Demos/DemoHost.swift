// Demos: `listedit demo states|sections|numbers`, example programs written only against the
// public API of TableKit and TableRendering, as a UIKit developer would write them. May import
// TableKit and TableRendering; never curses.
import TableKit
import TableRendering

/// Runs a `TableViewController` full screen: a title bar with its title and bar buttons (the
/// first right item rightmost), the table, and key hints. Keys go to an `EditController` first
/// (edit mode through the controller's `setEditing`), then to the bar buttons' key equivalents;
/// clicks press bar buttons, select rows and press their controls.
@MainActor
public final class DemoHost: TerminalProgram {
    public let viewController: TableViewController
    public let renderer: TableRenderer
    public let controller: EditController
    public private(set) var wantsQuit = false
    /// The columns the terminal draws each cluster with (set by the backend).
    public var widths = WidthProfile.unicode
    var buttons: [(x: Range<Int>, item: BarButtonItem)] = []
    var mouseDragging = false

    /// Loads the controller (`loadViewIfNeeded`: its `viewDidLoad`, then the table's data).
    public init(_ viewController: TableViewController, theme: Theme = .unicode, animations: Bool = true) {
        self.viewController = viewController
        renderer = TableRenderer(tableView: viewController.tableView)
        controller = EditController(tableViewController: viewController)
        renderer.theme = theme
        renderer.animationsEnabled = animations
        viewController.loadViewIfNeeded()
    }

    public var tableView: TableView { viewController.tableView }

    /// The demo by name: `states`, `sections` or `numbers`.
    public static func demo(named name: String) -> TableViewController? {
        switch name {
        case "states": return StatesViewController()
        case "sections": return SectionsViewController()
        case "numbers": return NumbersViewController()
        default: return nil
        }
    }

    public nonisolated static let names = ["states", "sections", "numbers"]

    public var frameInterval: Double? { renderer.isAnimating ? 1.0 / 30 : nil }

    var barItems: [BarButtonItem] { viewController.navigationItem.leftBarButtonItems + viewController.navigationItem.rightBarButtonItems }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            renderer.finishAnimations()
            if controller.handle(key) { return }
            if case .char(let c) = key, let item = barItems.first(where: { $0.keyEquivalent == c }) { item.press(); return }
            if key == .char("q") || key == .ctrl("c") { wantsQuit = true }
        case .mouse(let m):
            renderer.finishAnimations()
            handleMouse(m)
        default:
            break
        }
    }

    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp, .wheelDown:
            renderer.scroll(by: m.kind == .wheelUp ? -3 : 3)
        case .press where m.y == 0:
            buttons.first { $0.x.contains(m.x) }?.item.press()
        case .press:
            switch renderer.hit(x: m.x, y: m.y) {
            case .row(let p)?, .accessory(let p)?: controller.tapRow(at: p)
            case .header(let s)?: tableView.focus = .header(s)
            case .editingControl(let p)?: controller.pressEditingControl(at: p)
            case .deleteConfirmationButton?: controller.handle(.enter)
            case .swipeAction(_, let i)?: controller.performSwipeAction(at: i)
            case .reorderControl(let p)?: mouseDragging = controller.beginDrag(at: p)
            case nil: break
            }
        case .drag:
            if mouseDragging, let slot = renderer.displayedSlot(atScreenLine: m.y - 1) { controller.propose(slot) }
        case .release:
            if mouseDragging { mouseDragging = false; controller.drop() }
        }
    }

    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, widths: widths)
        renderer.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        guard width > 0, height > 0 else { return grid }
        buttons = []
        grid.fill(x: 0, y: 0, count: width, style: CellStyle(.bar, reverse: true))
        var x = width
        for item in viewController.navigationItem.rightBarButtonItems {
            let label = " \(item.title ?? "")\(item.keyEquivalent.map { " (\($0))" } ?? "") "
            let w = grid.widths.width(of: label)
            guard x - w - 1 > 0 else { break }
            x -= w + 1
            let style = CellStyle(.barButton, bold: true, dim: !item.isEnabled, reverse: true, underline: item === viewController.editButtonItem)
            grid.put(label, x: x, y: 0, style: style)
            buttons.append((x..<(x + w), item))
        }
        var left = 1
        let title = viewController.navigationItem.title ?? viewController.title ?? ""
        left = grid.put(grid.widths.truncate(title, to: max(0, x - 2)), x: left, y: 0, style: CellStyle(.bar, bold: true, reverse: true), limit: x - 1) + 1
        for item in viewController.navigationItem.leftBarButtonItems {
            let label = " \(item.title ?? "") "
            let w = grid.widths.width(of: label)
            guard left + w < x - 1 else { break }
            grid.put(label, x: left, y: 0, style: CellStyle(.barButton, bold: true, reverse: true))
            buttons.append((left..<(left + w), item))
            left += w + 1
        }
        let editing = tableView.isEditing && tableView.swipedRow == nil
        let hints = editing ? "space pick up · ↑↓ drag · - delete · e done · q quit" : "↑↓ move · e edit · d delete · q quit"
        grid.put(grid.widths.truncate(hints, to: max(0, width - 2)), x: 1, y: height - 1, style: CellStyle(.status, dim: true))
        return grid
    }

    public func terminate(signal: Int32) {}
}
