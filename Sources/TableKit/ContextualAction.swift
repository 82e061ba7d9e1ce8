/// A button shown at a swiped row's right end (UIKit's `UIContextualAction`).
///
///     let flag = ContextualAction(style: .normal, title: "Flag") { action, cell, completion in
///         item.flagged.toggle()
///         completion(true)
///     }
///
/// The handler gets the action, the swiped row's cell (the view the action is shown in) and a
/// completion to call when the action is done, `true` if it did what it says; the row stays
/// swiped open until then (so a handler may first ask something), and closes when it is called.
@MainActor
public final class ContextualAction {
    /// UIKit's `UIContextualAction.Style`: a `.destructive` action is drawn red.
    public enum Style: Int, Sendable {
        case normal, destructive
    }

    public typealias Handler = @MainActor (ContextualAction, TableViewCell, @escaping @MainActor (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}
