import TableKit
import ListStorage

extension ListDocument {
    /// Applies `script` to the model (all or nothing, as `BatchScript.apply(to:)`), with the
    /// rules of this document's format: in Markdown, a row inserted without `checked` next to a
    /// task in its list is an open task (docs/file-formats.md, "Saving").
    ///
    /// In Markdown, the untitled first section is what stands before the first heading: a batch
    /// that leaves it empty (its rows deleted) drops it, as the file written reads back without
    /// it (`{"deleteRows": [[0, 0]]}` on a file whose only row above `# Week` is its front matter
    /// leaves the sections from `# Week` on; on a file with no heading, `{"deleteRows": [[0, 0]]}`
    /// on its only row leaves no section, as the empty file written reads back). When the front
    /// matter was moved out of it instead, it stays, and the save refuses the move, naming where
    /// the front matter went.
    ///
    /// The result keeps the level rule (BatchScript+Levels); a debug build traps when it does
    /// not (`ListModel._checkLevels`), as the editor does after each of its steps.
    ///
    /// - Complexity: the script's, plus O(rows) in debug builds.
    public mutating func apply(_ script: BatchScript) throws(BatchScript.Failure) {
        let frontMatter = format == .markdown ? frontMatterID : nil
        try script.apply(to: &model, newRowsFollowTasks: format == .markdown)
        defer { model._checkLevels() }
        guard format == .markdown, let first = model.sections.first,
              first.source == MarkdownFormat.untitled, first.title.isEmpty, first.rows.isEmpty else { return }
        if let frontMatter {
            var moved = false
            for section in model.sections.dropFirst() where !moved {
                section.rows.forEachRow(undecodedIn: markdown?.buffer) { id, _, _ in moved = moved || id == frontMatter }
            }
            if moved { return }
        }
        model.sections.removeFirst()
    }

    /// The identity of the front matter's row, when the Markdown file read or last saved has
    /// front matter.
    private var frontMatterID: ListModel.RowID? {
        guard let file = markdown, let block = file.scan.blocks.first, block.kind == .passage, block.passageKind == .frontMatter,
              let first = model.sections.first, first.source == MarkdownFormat.untitled else { return nil }
        var id: ListModel.RowID?
        first.rows.forEachRow(undecodedIn: file.buffer) { rowID, _, _ in
            if id == nil, file.buffer.offset(of: rowID) == Int(block.start) { id = rowID }
        }
        return id
    }
}
