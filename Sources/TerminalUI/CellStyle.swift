/// How a cell is drawn: a colour role (the theme maps it to colours, or to nothing in
/// monochrome) and attributes.
public struct CellStyle: Hashable, Sendable {
    /// What a cell shows, which the theme turns into colours: one role per kind of thing drawn,
    /// so a configuration file can recolour each kind.
    public enum Role: UInt8, Sendable, CaseIterable {
        /// Ordinary text: a row's title.
        case normal
        /// The title bar at the top.
        case bar
        /// A button in the title bar (Edit, Done, a view controller's own items).
        case barButton
        /// Secondary text: a cell's detail, hints, placeholders.
        case muted
        /// A section's header.
        case header
        /// A section's footer.
        case footer
        /// The row or control under the cursor.
        case cursor
        /// A row's `⊖` delete control in edit mode.
        case deleteControl
        /// A row's `⊕` insert control in edit mode.
        case insertControl
        /// A row's `≡` reorder handle in edit mode.
        case handle
        /// The Delete button a row shows once its delete control is pressed.
        case deleteButton
        /// The status line at the bottom.
        case status
        /// A message in the status line.
        case message
        /// An error in the status line.
        case error
        /// A modal prompt or text entry drawn over the table.
        case modal
        /// The row being dragged.
        case dragged
        /// A selected row.
        case selected
        /// A swipe action's button (the destructive one is drawn as `deleteButton`).
        case actionButton
    }

    /// One of the terminal's eight colours, by its curses number (0 black … 7 white).
    ///
    ///     CellStyle(.actionButton, reverse: true, color: .green)   // a green button
    public enum PaletteColor: Int16, Sendable, CaseIterable {
        /// Black (0).
        case black
        /// Red (1).
        case red
        /// Green (2).
        case green
        /// Yellow (3).
        case yellow
        /// Blue (4).
        case blue
        /// Magenta (5).
        case magenta
        /// Cyan (6).
        case cyan
        /// White (7).
        case white
    }

    /// The cell's colour role.
    public var role: Role
    /// A colour the app chose (a swipe action's `backgroundColor`), in place of the role's text
    /// colour (reversed, as buttons are, it fills the cell); nil: the role's. Like the roles'
    /// colours it is drawn only when the theme uses colours.
    public var color: PaletteColor?
    /// Bold text.
    public var bold = false
    /// Dimmed text.
    public var dim = false
    /// Foreground and background swapped.
    public var reverse = false
    /// Underlined text.
    public var underline = false

    /// A style of `role` with the attributes given (all off unless given).
    public init(_ role: Role = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
                color: PaletteColor? = nil) {
        self.role = role
        self.color = color
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// `.normal` with no attributes: what a blank cell has.
    public static let normal = CellStyle()
}
