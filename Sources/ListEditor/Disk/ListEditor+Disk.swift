import ListDocument
import TableKit
import ListStorage
import TerminalUI
import TableRendering
import KeyBindings

/// The open file changing on disk (docs/reliability.md): checked on the run loop's ticks, at most
/// once a second and never on a key press (`ListDocument.checkDisk`: one `stat` when nothing
/// changed, a content hash when the metadata did, so a `touch` is not a change). With no unsaved
/// edits the editor reloads and keeps the cursor on the same row; with unsaved edits it asks
/// `reload / keep mine / merge`. A reload or a merge is one undo step.
extension ListEditor {
    /// Checks the file when the last check is `diskCheckInterval` old (called on ticks). Waits
    /// while a prompt, the text entry, the help, a drag, a Delete button or a swiped row is in
    /// progress:
    /// the change is then reported at the first tick after it.
    func checkDiskIfDue() {
        // While loading, the load watches the file; once saving is off (not UTF-8), nothing is.
        guard document.path != nil, case .idle = mode, !document.isLoading, savingOff == nil else { return }
        switch tableView.interaction {
        case .browsing, .editing: break
        default: return
        }
        let now = renderer.clock.now
        guard now - lastDiskCheck >= Self.diskCheckInterval else { return }
        lastDiskCheck = now
        effects.append(.read(.disk(document)))   // `.diskLooked` comes back: `diskChecked`
    }

    /// What the check on the tick found: a change reloads (no unsaved edits) or asks.
    func diskChecked(_ check: DiskCheck) {
        switch check {
        case .unchanged, .touched:
            break
        case .changed(let version):
            if isModified { askAboutDiskChange(version) } else { reload(version, message: "Reloaded: changed on disk") }
        case .deleted:
            say("\(displayName) was deleted on disk: \(keymap.hint(.save, in: .normal)) saves it again", error: true)
        case .unreadable(let error):
            say(error.description, error: true)
        }
    }

    /// `list.md changed on disk: r reload (drop my edits) · k keep mine · m merge`. When the
    /// document holds only the part of the file read before it changed (`holdsPartOfFile`),
    /// keep mine is not offered: saving it would cut the file to that part. Merge keeps both
    /// (the edits, and the file as it is now past them), reload takes theirs.
    func askAboutDiskChange(_ version: DiskVersion) {
        let partial = document.holdsPartOfFile
        var answers: [KeyAction] = [.answer(.reload)]
        if !partial { answers.append(.answer(.keep)) }
        answers.append(.answer(.merge))
        let question = partial ? "\(displayName) changed on disk while it was read (keep mine would cut it)"
                               : "\(displayName) changed on disk"
        ask(.diskChanged(version, partial: partial), question: question,
            options: answerOptions(answers, notes: [.answer(.reload): "drop my edits"]))
    }

    /// What a read the editor asked for (`EditorRead.file`) brought: `:e!`'s file, or the file a
    /// save of the part read would overwrite. A save over a file of which the document holds
    /// only the part read (the load stopped when it changed on disk) is refused, and the
    /// question asked again without keep mine; when the file is gone, writing it cuts nothing,
    /// and the save goes on.
    func fileRead(_ purpose: EditorRead.Purpose, _ result: Result<DiskVersion, DocumentError>) {
        switch (purpose, result) {
        case (.readAgain, .success(let version)):
            reload(version, message: "Read \(displayName) again" + (isModified ? ": unsaved changes dropped (\(keymap.hint(.undo, in: .normal)) brings them back)" : ""))
        case (.readAgain, .failure(let error)):
            say("\(displayName): \(error.message)", error: true)
        case (.partialSave, .success(let version)):
            askAboutDiskChange(version)
        case (.partialSave(let path, let overwrite, let acceptingLosses, let then), .failure):
            write(to: path, overwrite: overwrite, acceptingLosses: acceptingLosses, then: then, partReadChecked: true)
        }
    }

    func keepMine() {
        if document.holdsPartOfFile {
            say("Kept your edits of the part read: saving asks again to merge or reload (the file was read only in part)")
        } else {
            say("Kept your edits: saving will ask before overwriting the file")
        }
    }

    /// Replaces the list with `version` (one undo step); the cursor stays on the same row.
    func reload(_ version: DiskVersion, message: String) {
        let before = document.model
        let place = cursorPlace()
        do {
            try document.reload(version)
        } catch {
            say("\(displayName): \(error.message)", error: true)
            return
        }
        replaceList(from: before, to: document.model)
        history.distanceFromSave = 0
        restoreCursor(place)
        say(message)
    }

    /// Merges `version` into the unsaved edits with the list-aware merge (the file as read, as
    /// on disk, as edited; docs/merging.md): a conflict keeps both versions as adjacent rows,
    /// the edits first, and the cursor goes to the first. One undo step.
    func merge(_ version: DiskVersion) {
        let before = document.model
        let place = cursorPlace()
        let conflicts: Int
        do {
            conflicts = try document.merge(version)
        } catch {
            say("\(displayName): \(error.message)", error: true)
            return
        }
        replaceList(from: before, to: document.model)
        history.distanceFromSave = document.isModified ? nil : 0
        if let first = document.firstConflict { placeCursor(.row(first)) } else { restoreCursor(place) }
        switch conflicts {
        case 0: say("Merged the changes on disk with yours")
        case 1: say("Merged: 1 conflict (both versions kept, yours first)")
        default: say("Merged: \(conflicts) conflicts (both versions kept, yours first)")
        }
    }

    /// Records the whole list going from `old` to `new` (the document holds `new`) as one step.
    func replaceList(from old: ListModel, to new: ListModel) {
        document.model = old
        perform(.replaceList(from: old, to: new))
    }

    /// The row under the cursor, by place and text, to find it again after the list changed.
    func cursorPlace() -> (focus: TableFocus, text: String?)? {
        guard let focus = tableView.focus else { return nil }
        if case .row(let p) = focus, !isPlaceholder(p), p.section < document.model.sections.count, p.row < realCount(p.section) {
            return (focus, document.model[p].text)
        }
        return (focus, nil)
    }

    /// Puts the cursor back on the row it was on: the row with the same text nearest to its old
    /// place (in its section first), else the same place, clamped to the list.
    func restoreCursor(_ place: (focus: TableFocus, text: String?)?) {
        guard let place else { return }
        let sections = document.model.sections
        guard !sections.isEmpty else { return }
        var target = place.focus
        if case .row(let p) = place.focus {
            let s = min(p.section, sections.count - 1)
            if let text = place.text {
                let rows = sections[s].rows
                let near = rows.indices.filter { rows[$0].text == text }.min { abs($0 - p.row) < abs($1 - p.row) }
                if let near {
                    target = .row(IndexPath(row: near, section: s))
                } else if let other = sections.indices.first(where: { sections[$0].rows.contains { $0.text == text } }),
                          let row = sections[other].rows.firstIndex(where: { $0.text == text }) {
                    target = .row(IndexPath(row: row, section: other))
                } else {
                    target = .row(IndexPath(row: p.row, section: s))
                }
            } else {
                target = .row(IndexPath(row: p.row, section: s))
            }
        } else if case .header(let s) = place.focus {
            target = .header(min(s, sections.count - 1))
        }
        placeCursor(target)
    }
}
