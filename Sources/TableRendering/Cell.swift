/// One terminal cell: a grapheme cluster (possibly with combining marks) and its style. A wide
/// character occupies its cell and the next, whose `text` is empty (a continuation).
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .normal) {
        self.text = text
        self.style = style
    }

    /// The right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }

    public static let blank = Cell()
}
