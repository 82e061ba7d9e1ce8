/// What the data source gives for one row: its text and an optional detail shown dimmed at the
/// right (a UIKit `.value1` cell, reduced to a terminal line).
public struct TableCell: Sendable, Equatable {
    public var text: String
    public var detail: String?

    public init(text: String, detail: String? = nil) {
        self.text = text
        self.detail = detail
    }
}
