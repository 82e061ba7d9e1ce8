// TableHost: the library's ready terminal host. It runs any `TableViewController` (or a table
// view with its data source and delegate) full screen: the navigation bar, the table, a hint
// line; keys from listedit's key table (KeyBindings) and the app's own; the mouse. `run()`
// drives it on the curses backend (`Terminal`). It may import TableKit, TerminalUI,
// TableRendering, KeyBindings and Terminal; never ListEditor or ListDocument.
import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// Runs a `TableViewController` full screen, as `UIApplicationMain` runs an app: a title bar with
/// its title and bar buttons (the first right item rightmost), the table, and key hints.
///
///     TableHost(GroceriesViewController()).run()     // returns when the user quits
///
/// Keys are looked up in `keymap` (listedit's table keys, `KeyAction.tableHostKeys`, then the
/// app's: `addKey(_:pressing:in:)`, `addKey(_:named:in:perform:)`) and go to the renderer's
/// `EditController` as intents: Enter selects (`didSelectRowAt`), `e` toggles edit mode (through
/// the view controller's `setEditing`), Space picks a row up and drops it, `d` swipes (`D` from the
/// left), `-` presses a row's delete control, `.` opens a row's context menu, `q` quits. Clicks
/// press bar buttons, select rows and press their controls; a right-click opens a row's menu; a
/// drag on a row's handle moves it, a drag sideways on a row swipes it; the wheel scrolls. What an intent refuses shows in
/// the hint line until the next key.
@MainActor
public final class TableHost: TerminalProgram {
    /// The controller run, if the host was made with one.
    public let viewController: TableViewController?
    /// The bar's title and items: the controller's navigation item, or the host's own.
    ///
    ///     host.navigationItem.leftBarButtonItem = BarButtonItem(title: "Sort") { groceries.sort() }
    public let navigationItem: NavigationItem
    /// What draws the table (and holds its one `EditController`): its theme, animations, scrolling.
    ///
    ///     host.renderer.animationsEnabled = false
    public let renderer: TableRenderer
    /// What draws the table as a board (lanes side by side), over the same table and controller:
    /// the presenter while `presentation` is `.board`.
    ///
    ///     host.board.minimumLaneWidth = 30
    public let board: BoardRenderer
    /// How the table shows: a list (`renderer`) or a board (`board`); `B` switches.
    ///
    ///     let host = TableHost(tableView: tasks, title: "Tasks")
    ///     host.presentation = .board
    public var presentation: Presentation = .list {
        didSet {
            guard presentation != oldValue else { return }
            // The presenter now drawing forgets what it drew before: batches went to the other.
            if presentation == .board {
                tableView.presenter = board
                board.tableViewDidReloadData(tableView)
            } else {
                tableView.presenter = renderer
                renderer.tableViewDidReloadData(tableView)
            }
            layOutTable()
        }
    }

    /// How a `TableHost` shows its table; `B` switches between the two.
    ///
    ///     let host = TableHost(BoardViewController())
    ///     host.presentation = .board      // lanes from the first frame
    ///     host.run()
    public enum Presentation: Sendable {
        /// Rows under section headers (`TableRenderer`).
        case list
        /// Sections as lanes side by side, top-level rows as cards (`BoardRenderer`).
        case board
    }
    /// The renderer's controller: every key and click becomes one of its intents.
    ///
    ///     host.controller.perform(.toggleEditing)     // what `e` does
    public var controller: EditController { renderer.controller }
    /// The table run.
    ///
    ///     host.tableView.indexPathsForSelectedRows    // what Enter selected
    public var tableView: TableView { renderer.tableView }
    /// Set by the quit key (`q`): the run loop stops.
    public private(set) var wantsQuit = false
    /// Set by the suspend key (Ctrl-Z); the run loop suspends and clears it.
    public var wantsSuspend = false
    /// The columns the terminal draws each cluster with (set by the backend).
    public var widths = WidthProfile.unicode
    /// The screen's size as the last resize announced: the table is laid out for it
    /// (`layOutTable`) after every event, so drawing changes nothing.
    var size = (width: 80, height: 24)
    /// The keys: listedit's table keys, then the app's. Remap with `keymap.remap(_:to:)`
    /// (`keymap.remap(.char("w"), to: .key(.up))`).
    public var keymap: Keymap<KeyMode, HostAction> = TableHost.defaultKeys
    /// The refusal of the last key or click, shown in place of the hints until the next one.
    ///
    ///     host.handle(.key(.char(" ")))   // in edit mode, on a row that cannot move
    ///     host.message                    // "Milk cannot move"
    public private(set) var message: String?
    /// The batches the table refused inside the app code the host called (debug builds;
    /// `TableView.refusedBatch`): the data source's and delegate's callbacks, bar buttons' actions
    /// and keys bound with `addKey`, whether the app caught the error or not; written to standard
    /// error once `run()` (or `run(on:)`) restored the terminal.
    ///
    ///     host.refusedBatches   // ["Invalid update: invalid number of rows in section 0. …"]
    public internal(set) var refusedBatches: [String] = []

    /// listedit's table keys as a host's actions (`KeyAction.tableHostKeys`), then the host's
    /// own, which listedit's editor has no use for (its rows have no detail button, menu or
    /// leading actions; the keys are free in its table): `i` presses the cursor row's detail
    /// button, `.` opens its context menu, `D` swipes it open from the left, `B` switches between
    /// the list and the board, and on a board `←` `→` (`h` `l`) drag a picked-up card to the next
    /// lane (outside a drag they are the table's collapse and expand keys, which a board turns
    /// into lane moves).
    ///
    ///     TableHost.defaultKeys.action(for: .enter, in: .normal)     // .key(.select)
    ///     TableHost.defaultKeys.action(for: .char("i"), in: .normal) // .accessoryButton
    ///     TableHost.defaultKeys.action(for: .char("."), in: .normal) // .contextMenu
    public nonisolated static let defaultKeys: Keymap<KeyMode, HostAction> = {
        var keys = KeyAction.tableHostKeys.compactMapActions { HostAction.key($0) }
        keys.append([
            .init([.char("i")], .accessoryButton, in: [.normal]),
            .init([.char(".")], .contextMenu, in: [.normal]),
            .init([.char("D")], .leadingSwipe, in: [.normal, .swiped]),
            .init([.char("B")], .togglePresentation, in: [.normal, .edit]),
            .init([.left, .char("h")], .lane(.left), in: [.normal, .edit, .dragging]),
            .init([.right, .char("l")], .lane(.right), in: [.normal, .edit, .dragging]),
        ])
        return keys
    }()

    var appActions: [String: @MainActor () -> Void] = [:]
    /// The app action each bar button's key presses, by the button.
    var barActions: [ObjectIdentifier: String] = [:]
    var bar = NavigationBar()
    var mouseDragging = false
    /// Where a press on a row began, while the button is held: a drag sideways from it swipes the
    /// row open (to the right: its leading actions; to the left: its trailing ones).
    /// The press's line too: moving the cursor there may scroll the list before the release comes.
    var swipeStart: (x: Int, y: Int, row: IndexPath)?

    /// The theme the host was made with; nil: the environment's, chosen by `run()` (`.unicode`
    /// until then).
    public let theme: Theme?

    /// Runs `viewController`: loads it (`loadViewIfNeeded`: its `viewDidLoad`, then the table's
    /// data) and draws its table with `theme` (nil: the environment's; see `run()`).
    ///
    ///     let host = TableHost(StatesViewController(), theme: .ascii, animations: false)
    public init(_ viewController: TableViewController, theme: Theme? = nil, animations: Bool = true) {
        self.viewController = viewController
        self.theme = theme
        navigationItem = viewController.navigationItem
        let controller = EditController(tableViewController: viewController)
        board = BoardRenderer(tableView: viewController.tableView, controller: controller)
        renderer = TableRenderer(tableView: viewController.tableView, controller: controller)
        renderer.theme = theme ?? .unicode
        renderer.animationsEnabled = animations
        board.theme = renderer.theme
        board.animationsEnabled = animations
        viewController.loadViewIfNeeded()
        layOutTable()
    }

    /// Runs a table view whose data source and delegate are set (held weakly: keep them alive),
    /// under a bar titled `title`. `e` toggles its edit mode; `navigationItem` takes bar buttons.
    ///
    ///     let table = TableView(style: .insetGrouped)
    ///     table.register(TableViewCell.self, forCellReuseIdentifier: "item")
    ///     table.dataSource = groceries; table.delegate = groceries
    ///     TableHost(tableView: table, title: "Groceries").run()
    public init(tableView: TableView, title: String? = nil, theme: Theme? = nil, animations: Bool = true) {
        viewController = nil
        self.theme = theme
        navigationItem = NavigationItem()
        navigationItem.title = title
        board = BoardRenderer(tableView: tableView)
        renderer = TableRenderer(tableView: tableView, controller: board.controller)
        renderer.theme = theme ?? .unicode
        renderer.animationsEnabled = animations
        board.theme = renderer.theme
        board.animationsEnabled = animations
        tableView.reloadData()
        layOutTable()
    }

    /// Binds `key` to `item`: it presses the button in `modes` (not past a Delete button or a
    /// swiped row), and the bar shows the key beside the button's title. Added after the table's
    /// keys: a key the table binds in a mode keeps that binding there.
    ///
    ///     host.addKey(.char("b"), pressing: batchButton)   // the bar shows " Run batch (b) "
    public func addKey(_ key: Key, pressing item: BarButtonItem, in modes: Set<KeyMode> = [.normal, .edit]) {
        let name = item.title ?? "button \(barActions.count + 1)"
        barActions[ObjectIdentifier(item)] = name
        addKey(key, named: name, in: modes) { [weak item] in item?.press() }
    }

    /// Binds `key` to the app's own code in `modes` (after the table's keys, as above), under
    /// `name` (the `HostAction.app` it is in `keymap`; one name, one action).
    ///
    ///     host.addKey(.char("s"), named: "Sort") { groceries.sort(in: table) }
    public func addKey(_ key: Key, named name: String, in modes: Set<KeyMode> = [.normal, .edit],
                       perform action: @escaping @MainActor () -> Void) {
        appActions[name] = action
        keymap.append([.init([key], .app(name), in: modes)])
    }

    /// Frames come every 1/30 s while the list or the board animates, and not at all otherwise
    /// (the run loop then waits for input).
    public var frameInterval: Double? { (presentation == .board ? board.isAnimating : renderer.isAnimating) ? 1.0 / 30 : nil }

    /// A burst of input was handled before one frame: it draws one frame, its last (the run
    /// loop calls this; a test driving the host can too).
    ///
    ///     for _ in 0..<300 { host.handle(.key(.down)) }   // a held ↓ while a row is dragged
    ///     host.finishAnimations()                         // the next frame shows where it stopped
    public func finishAnimations() {
        renderer.settle()
        board.settle()
        layOutTable()
    }

    /// The table laid out for `size` by the presenter that shows it (`TableRenderer.layOut`,
    /// `BoardRenderer.layOut`: the cursor kept on screen): after every event, where the screen's
    /// size is first known (the run loop's first resize), and after a burst's animations end.
    func layOutTable() {
        let height = size.height >= 3 ? size.height - 2 : 0
        if presentation == .board { board.layOut(width: size.width, height: height) } else { renderer.layOut(height: height) }
    }

    /// Ends what the screen animates: input is handled on the table as it is.
    func finishScreenAnimations() {
        renderer.finishAnimations()
        board.finishAnimations()
    }

    /// Whether this host does `action`: the table's actions, and the app's actions bound.
    func offers(_ action: HostAction) -> Bool {
        if case .app(let name) = action { return appActions[name] != nil }
        return true
    }

    /// One event; the host asks for no effects.
    @discardableResult
    public func handle(_ event: InputEvent) -> [Never] {
        defer { layOutTable() }
        switch event {
        case .resize(let width, let height):
            size = (width, height)
        case .key(let key):
            finishScreenAnimations()
            message = nil
            let mode = KeyMode(tableView.interaction)
            guard let (action, found) = keymap.resolve(key, in: mode, offered: offers) else { break }
            switch action {
            case .key(.quit): wantsQuit = true
            case .key(.suspend): wantsSuspend = true
            case .key(.collapse) where presentation == .board: perform(.moveCursorAcross(.left))
            case .key(.expand) where presentation == .board: perform(.moveCursorAcross(.right))
            case .key(let action): if let intent = action.intent(in: found) { perform(intent) }
            case .togglePresentation: presentation = presentation == .board ? .list : .board
            case .lane(let direction):
                guard presentation == .board else { break }
                perform(tableView.rowDrag != nil || tableView.sectionDrag != nil ? .stepAcross(direction) : .moveCursorAcross(direction))
            case .app(let name):
                if found == mode { catchingRefusals { appActions[name]?() } }   // not past a Delete button or swiped row
            case .accessoryButton:
                if case .row(let p)? = tableView.focus { perform(.pressAccessoryButton(at: p)) } else { message = TableRefusal.notOnRow.description }
            case .contextMenu:
                if case .row(let p)? = tableView.focus { perform(.openContextMenu(at: p)) } else { message = TableRefusal.notOnRow.description }
            case .leadingSwipe:
                perform(.beginLeadingSwipe)
            }
        case .mouse(let m):
            finishScreenAnimations()
            message = nil
            handleMouse(m)
        case .paste:
            finishScreenAnimations()     // no text is taken, but input ends animations
        default:
            break
        }
        return []
    }

    /// Performs `intent`, keeping its refusal for the hint line, and the batches the table
    /// refuses in the callbacks it makes (debug builds).
    @discardableResult
    func perform(_ intent: TableIntent) -> TableOutcome {
        let outcome = catchingRefusals { controller.perform(intent) }
        if case .refused(let why) = outcome { message = why.description }
        return outcome
    }

    /// Runs the app's code the host calls (a delegate callback through `perform`, a bar button's
    /// action, a key bound with `addKey`), keeping every batch the table refuses meanwhile, caught
    /// by the app or not, for `refusedBatches` (debug builds: `TableView.refusedBatch`).
    func catchingRefusals<Result>(_ body: () -> Result) -> Result {
        let previous = TableView.refusedBatch
        TableView.refusedBatch = { [unowned self] error in refusedBatches.append(error.description) }
        defer { TableView.refusedBatch = previous }
        return body()
    }

    /// Nothing to keep: the host holds no files.
    public func terminate(signal: Int32) -> [Never] { [] }
}
