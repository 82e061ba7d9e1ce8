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
    /// A title given to the untitled first section that the save could not write (it opens with
    /// front matter, which no heading can go above), and in a Kanban board a row inserted or
    /// moved into the front matter's section, are refused before anything changes, with the
    /// editor's words (`refusal(of:)`).
    ///
    /// In a Kanban board (`isKanbanBoard`), a row a `moveRows` takes into a done lane at the top
    /// level (a card) is checked, and one it takes out of one unchecked, as the editor's moves
    /// do (`completingMovedCards`); a later batch's `reloadRows` may set it otherwise.
    ///
    /// The result keeps the level rule (BatchScript+Levels); a debug build traps when it does
    /// not (`ListModel._checkLevels`), as the editor does after each of its steps.
    ///
    /// - Complexity: the script's, plus O(rows) in debug builds.
    public mutating func apply(_ script: BatchScript) throws(BatchScript.Failure) {
        let frontMatter = format == .markdown ? frontMatterID : nil
        let kanban = isKanbanBoard
        var trial = self
        for (i, batch) in script.batches.enumerated() {
            let before = trial.model
            if let refusal = trial.refusal(of: batch) { throw BatchScript.Failure(batch: i, error: refusal) }
            do {
                try batch.apply(to: &trial.model, newRowsFollowTasks: format == .markdown)
            } catch {
                throw BatchScript.Failure(batch: i, error: error)
            }
            if kanban { Self.completingMovedCards(batch, before: before, after: &trial.model) }
        }
        model = trial.model
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

    /// What `batch` may not do, refused up front with the editor's words: a title given to the
    /// untitled first section that opens with the front matter (`titleRefused`: the save would
    /// refuse it), and, in a Kanban board, a row inserted or moved into the section that holds
    /// only the front matter (no lane: the plugin would not show the card).
    /// `{"reloadSections": [{"at": 0, "title": "Notes"}]}` on a file opening with `---` front
    /// matter is refused naming `reloadSections` and section 0.
    ///
    /// - Complexity: O(1), or O(file) when the batch titles such a section.
    func refusal(of batch: BatchScript.Batch) -> BatchScript.Refusal? {
        // (Deleting the front matter in the same batch, the title can be written.)
        if case let title?? = batch.renamedSections[0], !batch.update.deletedRows.contains(IndexPath(row: 0, section: 0)),
           titleRefused(0, heldTitle(title)) {
            return .untitledTitle(section: 0, title: title)
        }
        // A Kanban board's front matter takes no cards, as in the editor (`ListModel.takesNoRows`).
        let update = batch.update
        guard model.takesNoRows(0, kanbanBoard: isKanbanBoard), !update.deletedSections.contains(0),
              !update.insertedSections.contains(0), !update.movedSections.contains(where: { $0.to == 0 || $0.from == 0 }) else { return nil }
        if let move = update.movedRows.filter({ $0.to.section == 0 && $0.from.section != 0 }).min(by: { $0.to < $1.to }) {
            return .frontMatterTakesNoRows(move.to, from: move.from)
        }
        if let p = update.insertedRows.filter({ $0.section == 0 }).min() {
            return .frontMatterTakesNoRows(p, from: nil)
        }
        return nil
    }

    /// The checkboxes of the cards `batch` moved (from `before`, its original space, to `after`,
    /// its final space) into a done lane (`ListModel.isCompleteLane`) checked and out of one
    /// unchecked: rows landing at level 0 with a checkbox (a batch cannot also reload a row it
    /// moves). `{"moveRows": [{"from": [1, 0], "to": [3, 1]}]}` taking `- [ ] Call Ann` into
    /// `## Done` after `**Complete**` writes `- [x] Call Ann`.
    ///
    /// - Complexity: O(moves).
    static func completingMovedCards(_ batch: BatchScript.Batch, before: ListModel, after: inout ListModel) {
        for move in batch.update.movedRows {
            let wasDone = before.isCompleteLane(move.from.section), isDone = after.isCompleteLane(move.to.section)
            guard wasDone != isDone else { continue }
            var row = after[move.to]
            guard !row.isPassage, row.level == 0, let box = row.checkbox, box != isDone else { continue }
            row.checkbox = isDone
            after[move.to] = row
        }
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
