/// Scroll requests: the table has no viewport of its own, so it keeps the request and the
/// renderer honours it at the next layout.
extension TableView {
    /// Where `scrollToRow` puts a row (UIKit's `UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable, CaseIterable {
        /// As little scrolling as shows the row.
        case none
        /// The row at the top of the table area.
        case top
        /// The row in the middle of the table area.
        case middle
        /// The row at the bottom of the table area.
        case bottom
    }

    /// A `scrollToRow` not yet honoured: the row (current space) and where it goes.
    public struct ScrollRequest: Equatable, Sendable {
        /// The row (current space); it follows its row through batches.
        public var indexPath: IndexPath
        /// Where the row goes.
        public var position: ScrollPosition
        /// Whether the scroll was asked to animate (a terminal scrolls at once).
        public var animated: Bool
    }

    /// Scrolls so that a row shows at the top, middle or bottom of the table area, or (`.none`)
    /// just shows, at the next layout (UIKit's `scrollToRow(at:at:animated:)`). The cursor stays
    /// where it is if that is on screen, else it moves to the nearest row on screen.
    ///
    ///     tableView.scrollToRow(at: IndexPath(row: 40, section: 0), at: .middle, animated: true)
    ///
    /// - Parameters:
    ///   - indexPath: current index path; it follows its row through batches until the next
    ///     layout, and a row deleted meanwhile cancels the request.
    ///   - scrollPosition: where the row goes.
    ///   - animated: kept in the request; a terminal scrolls at once.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scrollRequest = ScrollRequest(indexPath: indexPath, position: scrollPosition, animated: animated)
    }

    /// The pending scroll request, removed (for renderers, at layout).
    public func takeScrollRequest() -> ScrollRequest? {
        defer { scrollRequest = nil }
        guard let request = scrollRequest, contains(request.indexPath) else { return nil }
        return request
    }
}
