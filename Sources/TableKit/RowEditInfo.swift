/// Editing facts about one row, asked once while it is visible in edit mode.
public struct RowEditInfo: Equatable, Sendable {
    public var canEdit: Bool
    public var style: TableViewCell.EditingStyle
    public var indents: Bool
    public var canMove: Bool

    public init(canEdit: Bool, style: TableViewCell.EditingStyle, indents: Bool, canMove: Bool) {
        self.canEdit = canEdit
        self.style = style
        self.indents = indents
        self.canMove = canMove
    }
}
