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
        case plain, done
    }

    /// UIKit's system items that have a terminal title.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, trash

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

    public var title: String?
    public var style: Style
    public var isEnabled = true
    /// What pressing it does.
    public var primaryAction: (@MainActor () -> Void)?

    public init(title: String?, style: Style = .plain, primaryAction: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }

    public convenience init(systemItem: SystemItem, primaryAction: (@MainActor () -> Void)? = nil) {
        self.init(title: systemItem.title, style: systemItem == .done ? .done : .plain, primaryAction: primaryAction)
    }

    /// Presses the item: runs its action when it is enabled.
    public func press() {
        guard isEnabled else { return }
        primaryAction?()
    }
}
