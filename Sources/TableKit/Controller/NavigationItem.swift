/// What a host's title bar shows for a view controller (UIKit's `UINavigationItem`): a title and
/// bar buttons.
///
///     navigationItem.rightBarButtonItem = editButtonItem
@MainActor
public final class NavigationItem {
    /// The bar's title; nil: the view controller's `title`.
    public var title: String?
    /// Drawn after the title.
    public var leftBarButtonItems: [BarButtonItem] = []
    /// Drawn at the bar's right end, the first rightmost.
    public var rightBarButtonItems: [BarButtonItem] = []

    /// An item with no title and no buttons.
    public init() {}

    /// The first of `leftBarButtonItems`; setting it replaces them all.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// The first (rightmost) of `rightBarButtonItems`; setting it replaces them all.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
}
