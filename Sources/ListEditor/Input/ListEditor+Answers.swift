import ListDocument
import TableKit
import ListStorage
import KeyBindings

/// What an answer to a prompt or the text of an entry does: the `.answered(kind, reply)` and
/// `.entered(kind, text)` messages, each handled in one switch over the kind. The prompt or
/// entry has closed before (the mode is idle), so what is done here may ask again.
extension ListEditor {
    /// An answer to the question of `kind`.
    ///
    ///     answered(.deleteSection(1), .yes)        // section 1 is deleted, one undo step
    ///     answered(.quitWithChanges, .no)          // the recovery file goes, then quit
    func answered(_ kind: PromptKind, _ reply: PromptReply) {
        let undo = keymap.hint(.undo, in: .normal)
        switch (kind, reply) {
        case (.diskChanged(let version, _), .letter(.reload)):
            reload(version, message: "Reloaded: your edits were dropped (\(undo) brings them back)")
        case (.diskChanged(let version, _), .letter(.merge)): merge(version)
        case (.diskChanged, _): keepMine()
        case (.openElsewhere(let pending, let said), .letter(.editAnyway)):
            beginRecovery()
            offerNext(pending, said: said)
        case (.openElsewhere, .letter(.quit)): effects.append(.quit)
        case (.openElsewhere, _): openReadOnly()
        case (.recoveredEdits(let file, let rest, let said), _):
            switch reply {
            case .letter(.restore): restore(file)
            case .letter(.merge): mergeRecovered(file)
            case .letter(.discard):
                effects.append(.discardRecovery(file))
                say("Discarded the unsaved edits from \(file.writtenTimeOfDay)")
            default: say("Left for later: \(FileAccess.fileName(file.path)) is offered again next time")
            }
            // Goes on to the next file, keeping what this answer said.
            offerNext(rest, said: said + (message.map { [$0.text] } ?? []))
        case (.overwrite(let path, let acceptingLosses, let then), .yes):
            write(to: path, overwrite: true, acceptingLosses: acceptingLosses, then: then)
        case (.losses(let path, let overwrite, let then), .yes):
            write(to: path, overwrite: overwrite, acceptingLosses: true, then: then)
        case (.overwrite(let path?, _, let then), .no), (.losses(let path?, _, let then), .no):
            saveAs(path, then: then)   // another name
        case (.overwrite, _), (.losses, _): say("Not saved")
        case (.quitWithChanges, .yes): save(then: .quit)
        case (.quitWithChanges, .no):
            closeRecovery()
            effects.append(.quit)
        case (.deleteSelection(let rows), .yes): deleteRows(rows)
        case (.deleteSection(let s), .yes):
            if s < document.model.sections.count { deleteSection(s) }
        case (.deleteNested(let p, let id), .yes):
            // The row the question named, where it still is (nothing edits while a prompt shows).
            if p.section < document.model.sections.count, p.row < realCount(p.section), document.model[p].id == id {
                deleteWithNestedRows(p)
            }
        case (.quitWithChanges, _), (.deleteSelection, _), (.deleteSection, _), (.deleteNested, _): break
        }
    }

    /// The text entry of `kind` closed with `text` (nil: Esc).
    ///
    ///     entered(.renameSection(0, old: "Groceries"), "Food")   // section 0 retitled, one undo step
    ///     entered(.filter, nil)                                  // the filter is cleared
    func entered(_ kind: EntryKind, _ text: String?) {
        switch kind {
        case .add(let target, let base):
            guard let text, !text.isEmpty else { return }
            if document.model.sections.isEmpty {   // into a new untitled section, with the row
                insertRows([typedRow(text, at: IndexPath(row: 0, section: 0), base: 0)], at: IndexPath(row: 0, section: 0))
                return
            }
            perform(.insertRow(typedRow(text, at: target, base: base), at: target))
            controller.perform(.reveal(target))   // added into a collapsed section: it opens
            controller.perform(.moveCursor(.to(.row(target))))
        case .addAtEnd(let section):
            guard let text, !text.isEmpty else { return }
            let target = IndexPath(row: addEnd(section), section: section)
            perform(.insertRow(typedRow(text, at: target, base: 0), at: target))
        case .addSection(let index):
            guard let title = text.map(document.heldTitle) else { return }
            var section = document.model.makeSection(title)
            // A new section takes the level of the section it follows.
            if index > 0 { section.level = document.model.sections[index - 1].level }
            perform(.insertSection(section, at: index))
            controller.perform(.moveCursor(.to(.header(index))))
        case .renameRow(let p, let row, let old):
            guard let text, text != old else { return }
            let paragraph = document.paragraph(of: row)
            let renamed = Self.renamedText(text, lines: paragraph)
            guard !renamed.isEmpty else {
                // An empty row cannot be written as an item: say what removes one instead.
                let delete = keymap.hint(inEditMode ? .deleteControl : .swipe, in: inEditMode ? .edit : .normal)
                say("Empty text: \(delete) deletes the row")
                return
            }
            // The row as undo puts it back: with its whole first paragraph and its identity, so
            // that an undo after a save (the row then names the saved file's lines) restores
            // every line's bytes (`.changeRow`).
            var was = row
            if paragraph.count > 1 { was.text = paragraph.joined(separator: "\n") }
            var new = row
            (new.checkbox, new.text) = Self.splitCheckbox(renamed)
            if new.checkbox == row.checkbox && paragraph.count == 1 {
                perform(.renameRow(at: p, from: was.text, to: new.text))
            } else {
                perform(.changeRow(at: p, from: was, to: new))
            }
        case .renameSection(let s, let old):
            // (As the file will hold it: a Markdown heading's text is trimmed.)
            guard let title = text.map(document.heldTitle), title != old else { return }
            if document.titleRefused(s, title) {
                // What opens the file (front matter) cannot follow a heading: a title the
                // file cannot hold is refused here rather than by the save (O(file), rare).
                say(Self.sentence(ListDocument.untitledTitleRefusal))
                return
            }
            perform(.renameSection(s, from: old, to: title))
        case .saveAs(let then):
            guard let name = text, !name.isEmpty else { say("Not saved"); return }
            write(to: name, overwrite: false, then: then)
        case .filter:
            // Esc clears the filter; Enter keeps what the line says.
            applyFilter(text ?? "")
        case .command:
            if let text { runCommand(text) }
        }
    }

    /// Rows pasted into an entry that adds them (`EntryKind.takesRows`): they go where its row
    /// would have gone.
    func enteredRows(_ kind: EntryKind, _ rows: [PastedRow]) {
        switch kind {
        case .add(let target, let base): insertPasted(rows, at: target, base: base, typed: true)
        case .addAtEnd(let section): insertPasted(rows, at: IndexPath(row: addEnd(section), section: section), base: 0, typed: true)
        default: break
        }
    }
}
