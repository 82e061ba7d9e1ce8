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
        /// An ordinary button.
        case normal
        /// A button that deletes or discards, drawn red.
        case destructive
    }

    /// What pressing the button does: given the action, the swiped row's cell, and the
    /// completion to call (with `true` if it did what it says) when done.
    public typealias Handler = @MainActor (ContextualAction, TableViewCell, @escaping @MainActor (Bool) -> Void) -> Void

    /// How the button is drawn.
    public let style: Style
    /// The button's text.
    public var title: String?
    /// The button's colour (UIKit's `backgroundColor`), drawn as the nearest of the terminal's
    /// eight colours; nil: the style's (the theme's Delete button colour for `.destructive`, its
    /// action button colour otherwise). A theme without colours (`NO_COLOR`) draws none.
    ///
    ///     flag.backgroundColor = .systemOrange
    public var backgroundColor: Color?
    let handler: Handler

    /// A button titled `title` whose press runs `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}
