import TableKit
import TerminalUI

/// The editor's looks, as `--style` and the configuration file name them.
///
///     listedit --style plain todo.md
///
/// `grouped` is the inset block per section that listedit has always drawn (UIKit's
/// `.insetGrouped`); `plain` is UIKit's `.plain`.
public enum EditorStyle: String, CaseIterable, Sendable {
    case grouped, plain

    /// The table style drawn.
    public var tableStyle: TableView.Style {
        switch self {
        case .grouped: return .insetGrouped
        case .plain: return .plain
        }
    }
}
