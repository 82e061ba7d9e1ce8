/// How a cell is drawn: a colour role (the theme maps it to colours, or to nothing in
/// monochrome) and attributes.
public struct CellStyle: Hashable, Sendable {
    public enum Role: UInt8, Sendable, CaseIterable {
        case normal, bar, barButton, muted, header, footer, cursor, deleteControl, insertControl,
             handle, deleteButton, status, message, error, modal, dragged, selected, actionButton
    }

    public var role: Role
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init(_ role: Role = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.role = role
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let normal = CellStyle()
}
