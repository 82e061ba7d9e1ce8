// Demos: `listedit demo states|sections|numbers`, example programs written only against the
// public API of TableKit and TableRendering, as a UIKit developer would write them. May import
// TableKit, TerminalUI and TableRendering; never curses.
import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// Runs a `TableViewController` full screen: a title bar with its title and bar buttons (the
/// first right item rightmost), the table, and key hints. Keys are looked up in the demos' key
/// table (`DemoHost.table`: listedit's, filtered, with the bar buttons' keys) and go to an
/// `EditController` as intents (edit mode through the view controller's `setEditing`), or press
/// the demo's bar button for that action. Clicks press bar buttons, select rows and press their
/// controls, through the same intents.
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
    /// The demos' key table (`table`).
    public let keymap = DemoHost.table

    /// listedit's key table as the demos use it: the actions they offer, then each bar button's
    /// key (a key the table already binds in a mode keeps that binding there: `x` deletes a
    /// section in normal mode, and presses a row's delete control in edit mode).
    public nonisolated static let table: Keymap<KeyMode, DemoAction> = {
        var table = KeyAction.table.filter(offers).compactMapActions { DemoAction.key($0) }
        table.append([
            .init([.char("b")], .runBatch, in: [.normal, .edit]),
            .init([.char("m")], .shuffle, in: [.normal, .edit]),
            .init([.char("x")], .deleteSection, in: [.normal, .edit]),
        ])
        return table
    }()
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
        controller = EditController(tableViewController: viewController)
        renderer = TableRenderer(tableView: viewController.tableView, controller: controller)
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

    /// A burst of input was handled before one frame: it draws one frame, its last.
    public func finishAnimations() { renderer.settle() }

    /// The bar button `action` presses in this demo, if any.
    func barItem(for action: DemoAction) -> BarButtonItem? {
        (viewController as? any DemoButtons)?.barItem(for: action)
    }

    /// Whether this demo does `action`: the table's actions, and its own bar buttons.
    func offers(_ action: DemoAction) -> Bool {
        if case .key = action { return true }
        return barItem(for: action) != nil
    }

    /// The hint-line label of the first key bound to `action` in `mode`.
    func hint(_ action: DemoAction, in mode: KeyMode) -> String {
        keymap.keys(for: action, in: mode, limit: 1).map(\.hintLabel).joined(separator: "/")
    }

    /// One event; the demos ask for no effects.
    @discardableResult
    public func handle(_ event: InputEvent) -> [Never] {
        switch event {
        case .key(let key):
            renderer.finishAnimations()
            let mode = KeyMode(tableView.interaction)
            guard let (action, found) = keymap.resolve(key, in: mode, offered: offers) else { break }
            switch action {
            case .key(.quit): wantsQuit = true
            case .key(.suspend): wantsSuspend = true
            case .key(let action): if let intent = action.intent(in: found) { controller.perform(intent) }
            default: if found == mode { barItem(for: action)?.press() }   // not past a Delete button or swiped row
            }
        case .mouse(let m):
            renderer.finishAnimations()
            handleMouse(m)
        case .paste:
            renderer.finishAnimations()     // the demos take no text, but input ends animations
        default:
            break
        }
        return []
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
        func label(_ item: BarButtonItem) -> String {
            let action = DemoAction.barButtons.first { barItem(for: $0) === item }
            let key = action.flatMap { keymap.keys(for: $0, in: .normal, limit: 1).first }
            return " \(item.title ?? "")\(key.map { " (\($0.label))" } ?? "") "
        }
        bar.draw(into: &grid, title: viewController.navigationItem.title ?? viewController.title ?? "",
                 right: viewController.navigationItem.rightBarButtonItems.map {
                     NavigationBar.Item(label($0), isEnabled: $0.isEnabled, underline: $0 === viewController.editButtonItem)
                 },
                 left: viewController.navigationItem.leftBarButtonItems.map { NavigationBar.Item(" \($0.title ?? "") ") })
        let editing = tableView.isEditing && tableView.swipedRow == nil
        func k(_ action: KeyAction, in mode: KeyMode) -> String { hint(.key(action), in: mode) }
        let hints = editing
            ? hintLine([(k(.pickUp, in: .edit), "pick up"), (k(.up, in: .dragging) + k(.down, in: .dragging), "drag"),
                        (k(.deleteControl, in: .edit), "delete"), (k(.edit, in: .edit), "done"), (k(.quit, in: .edit), "quit")])
            : hintLine([(k(.up, in: .normal) + k(.down, in: .normal), "move"), (k(.edit, in: .normal), "edit"),
                        (k(.swipe, in: .normal), "delete"), (k(.quit, in: .normal), "quit")])
        grid.put(grid.widths.truncate(hints, to: max(0, width - 2)), x: 1, y: height - 1, style: CellStyle(.status, dim: true))
        return grid
    }

    /// Nothing to keep: the demos hold no files.
    public func terminate(signal: Int32) -> [Never] { [] }
}
