import Foundation

/// UIKit's `UITableViewController`: it owns a `tableView`, is its data source and delegate, and
/// has an `editButtonItem` (Edit/Done) that toggles editing. Subclass it and `override` the
/// methods you need, exactly as in UIKit: every data-source and delegate method is declared here
/// `open`, so a misspelled override is a compile error ("does not override any method").
///
///     final class StatesViewController: TableViewController {
///         var states = ["Arizona", "California"]
///         override func viewDidLoad() {
///             super.viewDidLoad()
///             title = "States"
///             tableView.register(TableViewCell.self, forCellReuseIdentifier: "state")
///             navigationItem.rightBarButtonItem = editButtonItem
///         }
///         override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { states.count }
///         override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { … }
///     }
///
///     extension StatesViewController: TableViewEditingDataSource {
///         func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
///                        forRowAt indexPath: IndexPath) { … }
///     }
///
/// The one porting note: `commit` and `moveRowAt` are not declared here, because UIKit decides
/// from their mere presence whether rows can be deleted and reordered, which Swift cannot see.
/// Declare them without `override`, in a conformance to `TableViewEditingDataSource` or
/// `TableViewReorderingDataSource` (whose requirements have no default, so a misspelling is an
/// error there too); an `override` copied from UIKit code fails to compile and says so. A
/// `commit` written without `override` and without the conformance compiles but is never called;
/// the compiler cannot see it (the conformance is declared nowhere, so no near-miss check runs),
/// so debug builds say it at run time, once per class, when such a controller (its table's data
/// source) enters edit mode (see `portingWarning`).
@MainActor
open class TableViewController: TableViewDataSource, TableViewDelegate {
    /// The table, with this controller as its data source and delegate.
    public let tableView: TableView

    /// The title shown in the host's bar (unless `navigationItem.title` is set).
    open var title: String?

    /// The bar's title and buttons.
    public let navigationItem = NavigationItem()

    /// A button titled Edit, or Done while editing, that calls `setEditing(!isEditing, animated: true)`.
    public private(set) lazy var editButtonItem: BarButtonItem = BarButtonItem(systemItem: .edit) { [unowned self] in
        setEditing(!isEditing, animated: true)
    }

    private var editing = false

    /// Set while a swipe's `willBeginEditingRowAt` calls `setEditing(true)`: the controller and its
    /// button follow, the table stays out of edit mode (it edits only the swiped row).
    private var beginningSwipe = false
    /// Whether the controller is editing because of a swipe (so the swipe's end leaves editing).
    private var editingForSwipe = false

    /// - Parameter style: the table's style, `.plain` unless given (as UIKit's).
    public init(style: TableView.Style = .plain) {
        tableView = TableView(style: style)
        tableView.dataSource = self
        tableView.delegate = self
    }

    /// Called once, by `loadViewIfNeeded()`: register cells, load data and set up the bar here.
    open func viewDidLoad() {}

    /// Whether `viewDidLoad` has run.
    public private(set) var isViewLoaded = false

    /// Calls `viewDidLoad` the first time, then reloads the table, as UIKit loads a table at its
    /// first layout (so data loaded in `viewDidLoad` is what batches are checked against). Hosts
    /// call it before the first frame.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
        tableView.reloadData()
    }

    /// The controller's edit mode. As in UIKit, a row swiped open sets it too (the edit button says
    /// Done until the swipe ends) while the table edits only that row. Setting it is
    /// `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves edit mode: the controller's flag, the edit button's title (Edit/Done), then
    /// the table's `setEditing(_:animated:)`. Override it to add or remove rows that exist only
    /// while editing (call `super` first). A swipe calls it too, as UIKit's controller does: with
    /// `true` from `willBeginEditingRowAt` (the table then stays out of edit mode) and `false`
    /// from `didEndEditingRowAt`; calling it with `false` during a swipe (the Done button) closes
    /// the swipe.
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        editButtonItem.title = editing ? BarButtonItem.SystemItem.done.title : BarButtonItem.SystemItem.edit.title
        editButtonItem.style = editing ? .done : .plain
        if beginningSwipe { return }
        editingForSwipe = false
        if editing { warnIfCommitIsUnreachable() }
        tableView.setEditing(editing, animated: animated)
    }

    /// Receives the debug-build warnings about ported code that cannot work (a `commit` that is
    /// never called); the default writes them to standard error. Each controller class is warned
    /// about once. Release builds never warn.
    public static var portingWarning: @MainActor (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
    private static var warnedClasses: Set<ObjectIdentifier> = []

    /// In debug builds: a controller that is its table's data source and enters edit mode, or
    /// whose row is swiped, must conform to `TableViewEditingDataSource` (or reorder,
    /// `TableViewReorderingDataSource`), else the `commit` it may declare is never called and its
    /// rows show no controls and no default Delete.
    func warnIfCommitIsUnreachable() {
        #if DEBUG
        guard tableView.dataSource === self, !(self is any TableViewEditingDataSource), !(self is any TableViewReorderingDataSource),
              Self.warnedClasses.insert(ObjectIdentifier(type(of: self))).inserted else { return }
        let name = String(describing: type(of: self))
        Self.portingWarning("""
            listedit: \(name) edits rows but conforms to neither TableViewEditingDataSource nor \
            TableViewReorderingDataSource, so no delete control or default swipe Delete shows and a \
            tableView(_:commit:forRowAt:) it declares is never called. Declare it in \
            `extension \(name): TableViewEditingDataSource` (without `override`).
            """)
        #endif
    }

    // MARK: Data source (UIKit's defaults)

    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// Override it (the default is 0: no rows).
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Override it (the default is an empty cell, for a table with no rows).
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell() }
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    // MARK: Delegate (UIKit's defaults)

    open func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle { .delete }
    open func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    open func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    /// A row is being swiped open: as UIKit's controller does, calls `setEditing(true, animated:
    /// true)`, so the edit button says Done during the swipe; the table edits only that row. Call
    /// `super` when overriding it.
    open func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
        guard !editing else { return }
        beginningSwipe = true
        setEditing(true, animated: true)
        beginningSwipe = false
        editingForSwipe = true
    }
    /// The swiped row closed: calls `setEditing(false, animated: true)` when the swipe put the
    /// controller in editing, as UIKit's controller does. Call `super` when overriding it.
    open func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
        guard editingForSwipe else { return }
        editingForSwipe = false
        if editing { setEditing(false, animated: true) }
    }
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath) -> ContextMenuConfiguration? { nil }
    open func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    open func tableView(_ tableView: TableView, willSetEditing editing: Bool) {}
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}
