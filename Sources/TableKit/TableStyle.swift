/// UIKit's table styles, as terminal layouts.
public enum TableStyle: String, Sendable, CaseIterable {
    /// Full-width section header bars and rows.
    case plain
    /// Each section an inset block: header title, rows, footer, a blank line between sections.
    case grouped
}
