/// One terminal cell: a grapheme cluster (a letter with its accents, an emoji sequence, a flag)
/// and its style. A cluster that takes more than one column occupies its cell and continuation
/// cells after it, whose `text` is empty; a cluster that takes none (a lone zero-width space) is
/// kept in the text of the cell before it.
public struct Cell: Hashable, Sendable {
    /// The cluster drawn here; empty in a continuation cell.
    public var text: String
    /// How it is drawn.
    public var style: CellStyle

    /// A cell showing `text` (one cluster; a space unless given) in `style`.
    public init(_ text: String = " ", style: CellStyle = .normal) {
        self.text = text
        self.style = style
    }

    /// A column taken by the cluster in a cell to its left.
    public var isContinuation: Bool { text.isEmpty }

    /// A space in the normal style: what a new grid is filled with.
    public static let blank = Cell()
}
