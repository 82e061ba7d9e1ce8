// Demos: `listedit demo states|sections|numbers`, example programs written only against the
// public API of TableKit and TableRendering, as a UIKit developer would write them. May import
// TableKit, TerminalUI and TableRendering; never curses.
import TableKit
import TerminalUI
import TableRendering

/// A demo's own keys for its bar buttons (the demos' stand-in for a tap on them).
@MainActor
protocol DemoKeys {
    var barItemKeys: [(key: Key, item: BarButtonItem)] { get }
}

/// Runs a `TableViewController` full screen: a title bar with its title and bar buttons (the
/// first right item rightmost), the table, and key hints. Keys are looked up in the demos' subset
/// of listedit's key table (`KeyAction.table`) and go to an `EditController` as intents (edit mode
/// through the controller's `setEditing`); keys the table does not bind may press bar buttons.
/// Clicks press bar buttons, select rows and press their controls, through the same intents.
@MainActor
public final class DemoHost: TerminalProgram {
    public let viewController: TableViewController
    public let renderer: TableRenderer
    public let controller: EditController
    public private(set) var wantsQuit = false
    /// Set by the suspend key; the run loop suspends and clears it.
    public var wantsSuspend = false
    /// The columns the terminal draws each cluster with (set by the backend).
    public var widths = WidthProfile.unicode
    /// The demos' subset of the key table.
    public let keymap = KeyAction.table.filter(DemoHost.offers)
    var bar = NavigationBar()
    var mouseDragging = false

    /// The table's actions the demos bind, and quit.
    nonisolated static func offers(_ action: KeyAction) -> Bool {
        switch action {
        case .up, .down, .pageUp, .pageDown, .first, .last, .edit, .select, .swipe, .deleteControl, .insertControl,
             .pickUp, .moveUp, .moveDown, .chooseLeft, .chooseRight, .cancel, .confirm, .quit, .suspend:
            return true
        default:
            return false
        }
    }

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

    var itemKeys: [(key: Key, item: BarButtonItem)] { (viewController as? any DemoKeys)?.barItemKeys ?? [] }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            renderer.finishAnimations()
            let mode = KeyMode(tableView.interaction)
            if let (action, found) = keymap.resolve(key, in: mode) {
                if action == .quit { wantsQuit = true } else if action == .suspend { wantsSuspend = true } else if let intent = action.intent(in: found) { controller.perform(intent) }
            } else if mode == .normal || mode == .edit, let item = itemKeys.first(where: { $0.key == key })?.item {
                item.press()
            }
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
            if let i = bar.item(atX: m.x, y: m.y) { barItems[i].press() }
        case .press:
            switch renderer.hit(x: m.x, y: m.y) {
            case .row(let p)?, .accessory(let p)?: controller.perform(.tapRow(p))
            case .header(let s)?: controller.perform(.moveCursor(.to(.header(s))))
            case .editingControl(let p)?: controller.perform(.pressEditingControl(at: p))
            case .selectionControl(let p)?: controller.perform(.tapRow(p))
            case .deleteConfirmationButton?: controller.perform(.confirm)
            case .swipeAction(_, let i)?: controller.perform(.performSwipeAction(i))
            case .reorderControl(let p)?: mouseDragging = controller.perform(.beginDrag(at: p)).isPerformed
            case nil: break
            }
        case .drag:
            if mouseDragging, let slot = renderer.displayedSlot(atScreenLine: m.y - 1) { controller.perform(.propose(slot)) }
        case .release:
            if mouseDragging { mouseDragging = false; controller.perform(.drop) }
        }
    }

    /// The bar's items as `bar` indexes them: right items, then left items.
    var barItems: [BarButtonItem] { viewController.navigationItem.rightBarButtonItems + viewController.navigationItem.leftBarButtonItems }

    public func render(width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, widths: widths)
        renderer.render(into: &grid, top: 1, height: height >= 3 ? height - 2 : 0)
        guard width > 0, height > 0 else { return grid }
        let keys = itemKeys
        func label(_ item: BarButtonItem) -> String {
            let key = keys.first { $0.item === item }?.key
            return " \(item.title ?? "")\(key.map { " (\($0.label))" } ?? "") "
        }
        bar.draw(into: &grid, title: viewController.navigationItem.title ?? viewController.title ?? "",
                 right: viewController.navigationItem.rightBarButtonItems.map {
                     NavigationBar.Item(label($0), isEnabled: $0.isEnabled, underline: $0 === viewController.editButtonItem)
                 },
                 left: viewController.navigationItem.leftBarButtonItems.map { NavigationBar.Item(" \($0.title ?? "") ") })
        let editing = tableView.isEditing && tableView.swipedRow == nil
        func k(_ action: KeyAction, in mode: KeyMode) -> String { keymap.hint(action, in: mode) }
        let hints = editing
            ? hintLine([(k(.pickUp, in: .edit), "pick up"), (k(.up, in: .dragging) + k(.down, in: .dragging), "drag"),
                        (k(.deleteControl, in: .edit), "delete"), (k(.edit, in: .edit), "done"), (k(.quit, in: .edit), "quit")])
            : hintLine([(k(.up, in: .normal) + k(.down, in: .normal), "move"), (k(.edit, in: .normal), "edit"),
                        (k(.swipe, in: .normal), "delete"), (k(.quit, in: .normal), "quit")])
        grid.put(grid.widths.truncate(hints, to: max(0, width - 2)), x: 1, y: height - 1, style: CellStyle(.status, dim: true))
        return grid
    }

    public func terminate(signal: Int32) {}
}
