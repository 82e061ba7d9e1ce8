/// Editing facts about one row, asked once while it is visible in edit mode.
public struct RowEditInfo: Equatable, Sendable {
    /// The data source's `canEditRowAt`: false shows no control and no handle.
    public var canEdit: Bool
    /// The delegate's `editingStyleForRowAt`: the control shown (`⊖`, `⊕` or none).
    public var style: TableViewCell.EditingStyle
    /// The delegate's `shouldIndentWhileEditingRowAt`.
    public var indents: Bool
    /// Whether the row shows a reorder handle and can be picked up: a reordering data source's
    /// `canMoveRowAt`, for an editable row.
    public var canMove: Bool

    /// The facts as given.
    public init(canEdit: Bool, style: TableViewCell.EditingStyle, indents: Bool, canMove: Bool) {
        self.canEdit = canEdit
        self.style = style
        self.indents = indents
        self.canMove = canMove
    }
}
