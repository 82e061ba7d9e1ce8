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
/// error there too); an `override` copied from UIKit code fails to compile and says so.
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

    /// The controller's edit mode. A row swiped open puts the table in editing but not the
    /// controller (its button still says Edit), as in UIKit. Setting it is
    /// `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves edit mode: the controller's flag, the edit button's title (Edit/Done), then
    /// the table's `setEditing(_:animated:)`. Override it to add or remove rows that exist only
    /// while editing (call `super` first).
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        editButtonItem.title = editing ? BarButtonItem.SystemItem.done.title : BarButtonItem.SystemItem.edit.title
        editButtonItem.style = editing ? .done : .plain
        tableView.setEditing(editing, animated: animated)
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
    open func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String { "Delete" }
    open func tableView(_ tableView: TableView, willSetEditing editing: Bool) {}
}
