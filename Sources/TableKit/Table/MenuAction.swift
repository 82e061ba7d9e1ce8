/// One choice of a context menu (UIKit's `UIAction`): a title, an image as a one-cell glyph, and
/// what choosing it does.
///
///     let share = MenuAction(title: "Share", image: "↗") { _ in share(item) }
///     let delete = MenuAction(title: "Delete", image: "✕", attributes: .destructive) { _ in remove(item) }
///
/// Named for where it shows: UIKit's `UIAction` is also a button's or a bar item's action, which
/// here are `BarButtonItem`'s own closures.
@MainActor
public final class MenuAction {
    /// UIKit's `UIMenuElement.Attributes`: how the choice is drawn and whether it can be chosen.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// It deletes or discards: drawn red (the theme's Delete button colour).
        public static let destructive = Attributes(rawValue: 1 << 0)
        /// It cannot be chosen: drawn dimmed, and the keys pass over it.
        public static let disabled = Attributes(rawValue: 1 << 1)
    }

    /// What choosing it does: given the action chosen (the menu has closed by then).
    public typealias Handler = @MainActor (MenuAction) -> Void

    /// The text shown.
    public var title: String
    /// A glyph drawn before the title, UIKit's image (a character, as a terminal cell has no
    /// pixels; nil: none).
    public var image: Character?
    /// Destructive, disabled.
    public var attributes: Attributes
    let handler: Handler

    /// A choice titled `title` whose choosing runs `handler` (after the menu closed); `image` is
    /// one glyph drawn before the title.
    ///
    ///     MenuAction(title: "Delete", image: "✕", attributes: .destructive) { _ in remove(task) }
    public init(title: String, image: Character? = nil, attributes: Attributes = [], handler: @escaping Handler) {
        self.title = title
        self.image = image
        self.attributes = attributes
        self.handler = handler
    }
}
