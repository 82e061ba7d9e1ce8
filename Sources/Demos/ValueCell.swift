import TableKit
import TerminalUI

/// A cell with a detail label at its right (`.value1`). The table makes registered cells with the
/// `.default` style, which has no detail label, so a cell with one is a subclass, as in UIKit.
@MainActor
public final class ValueCell: TableViewCell {
    public required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .value1, reuseIdentifier: reuseIdentifier)
    }
}
