/// A button of a navigation bar (UIKit's `UIBarButtonItem`): a title and what pressing it does.
/// A host draws it in its title bar and presses it on a click (and on a key its keymap binds to
/// it: the core knows no keys).
///
///     let add = BarButtonItem(systemItem: .add) { [unowned self] in addItem() }
///     navigationItem.rightBarButtonItem = add
@MainActor
public final class BarButtonItem {
    /// UIKit's `UIBarButtonItem.Style`: a `.done` item is drawn bold.
    public enum Style: Int, Sendable {
        /// An ordinary button.
        case plain
        /// The button that ends a mode (Done), drawn bold.
        case done
    }

    /// UIKit's system items that have a terminal title.
    public enum SystemItem: Int, Sendable {
        /// "Done", in the `.done` style.
        case done
        /// "Cancel".
        case cancel
        /// "Edit".
        case edit
        /// "Save".
        case save
        /// "+".
        case add
        /// "Delete" (UIKit draws a trash can).
        case trash

        var title: String {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .add: return "+"
            case .trash: return "Delete"
            }
        }
    }

    /// The text drawn; the host shows nothing for `nil`.
    public var title: String?
    /// How it is drawn.
    public var style: Style
    /// False: drawn dimmed, and pressing it does nothing.
    public var isEnabled = true
    /// What pressing it does.
    public var primaryAction: (@MainActor () -> Void)?

    /// A button titled `title` that runs `primaryAction` when pressed.
    public init(title: String?, style: Style = .plain, primaryAction: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }

    /// A system item's button (its title; `.done` in the done style) that runs `primaryAction`.
    public convenience init(systemItem: SystemItem, primaryAction: (@MainActor () -> Void)? = nil) {
        self.init(title: systemItem.title, style: systemItem == .done ? .done : .plain, primaryAction: primaryAction)
    }

    /// Presses the item: runs its action when it is enabled.
    public func press() {
        guard isEnabled else { return }
        primaryAction?()
    }
}
