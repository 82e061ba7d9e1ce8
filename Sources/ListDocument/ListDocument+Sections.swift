import TableKit

extension ListDocument {
    /// Whether section `s` stays first whatever moves: the untitled first section of a Markdown
    /// file (what comes before its first heading), which no heading can go above.
    public func sectionStaysFirst(_ s: Int) -> Bool {
        guard s == 0, format == .markdown, let first = model.sections.first, first.title.isEmpty else { return false }
        return first.source == MarkdownFormat.untitled || (first.source == nil && !first.rows.isEmpty)
    }
}
