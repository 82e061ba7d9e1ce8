import TableKit

extension ListDocument {
    /// Whether section `s` stays first whatever moves: the untitled first section of a Markdown
    /// file (what comes before its first heading), which no heading can go above.
    public func sectionStaysFirst(_ s: Int) -> Bool {
        guard s == 0, format == .markdown, let first = model.sections.first, first.title.isEmpty else { return false }
        return first.source == MarkdownFormat.untitled || (first.source == nil && !first.rows.isEmpty)
    }

    /// What the editor and `listedit apply` say when a title is given to the untitled first
    /// section and the save could not write it: what opens the file (front matter) cannot
    /// follow a heading (`titleRefused`).
    public static let untitledTitleRefusal = "the front matter opens the file: the rows before the first heading cannot have a title"

    /// Whether giving section `s` the title `title` would make the list one the save refuses
    /// because of the title alone: `s` is the untitled first section opening with a passage
    /// (front matter), the list saves as it is and no longer with the title. The editor's
    /// rename and `apply`'s `reloadSections` both ask this, so they refuse exactly what the
    /// save would (`untitledTitleRefusal`).
    ///
    ///     // "---\ntitle: Plan\n---\n\n# Week\n- a\n": section 0 holds only the front matter
    ///     document.titleRefused(0, "Notes")    // true: `# Notes` above `---` is no front matter
    ///
    /// - Complexity: O(file) when `s` is such a section (two trial writes), else O(1).
    public func titleRefused(_ s: Int, _ title: String) -> Bool {
        guard s == 0, !title.isEmpty, format == .markdown, let first = model.sections.first, first.title.isEmpty,
              first.rows.count > 0, first.rows.attributes(at: 0).isPassage else { return false }
        guard (try? serialized()) != nil else { return false }
        var trial = self
        trial.model.sections[0].title = title
        return (try? trial.serialized()) == nil
    }
}
