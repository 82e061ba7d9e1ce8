/// One terminal cell: a grapheme cluster (a letter with its accents, an emoji sequence, a flag)
/// and its style. A cluster that takes more than one column occupies its cell and continuation
/// cells after it, whose `text` is empty; a cluster that takes none (a lone zero-width space) is
/// kept in the text of the cell before it.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .normal) {
        self.text = text
        self.style = style
    }

    /// A column taken by the cluster in a cell to its left.
    public var isContinuation: Bool { text.isEmpty }

    public static let blank = Cell()
}
