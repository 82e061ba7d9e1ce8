import TableKit

extension ListDocument {
    /// Whether section `s` stays first whatever moves: the untitled first section of a Markdown
    /// file (what comes before its first heading), which no heading can go above.
    public func sectionStaysFirst(_ s: Int) -> Bool {
        guard s == 0, format == .markdown, let first = model.sections.first, first.title.isEmpty else { return false }
        return first.source == MarkdownFormat.untitled || (first.source == nil && !first.rows.isEmpty)
    }
}

extension ListDocument {
    /// Applies `script` to the model (all or nothing, as `BatchScript.apply(to:)`), with the
    /// rules of this document's format: in Markdown, a row inserted without `checked` next to a
    /// task in its list is an open task (docs/file-formats.md, "Saving").
    public mutating func apply(_ script: BatchScript) throws(BatchScript.Failure) {
        try script.apply(to: &model, newRowsFollowTasks: format == .markdown)
    }
}
