import ListDocument
import TableKit
import TerminalUI

/// Saving and quitting: save, save as (with the format-loss question), the result of a write,
/// and quit's unsaved-changes prompt.
extension ListEditor {
    /// Saves atomically; asks for a name when there is none and before overwriting a file that
    /// changed on disk. On failure the document stays in memory, modified.
    @discardableResult
    func save(then next: AfterSave = .nothing) -> KeyOutcome {
        guard document.path != nil else { return saveAs(then: next) }
        return write(to: nil, overwrite: false, then: next)
    }

    /// Save as (`S`, and `s` on a list without a file): asks for a file name, prefilled with
    /// `name`; a file that exists is overwritten only after `y`, and `n` comes back here.
    @discardableResult
    func saveAs(_ name: String = "", then next: AfterSave = .nothing) -> KeyOutcome {
        openEntry(.saveAs(then: next), initial: name)
        return .changed
    }

    /// Saves to `path` (nil: the document's file). What the file's format cannot hold is said
    /// first, in one line, and written only after `y` (dropped or flattened; `n` goes back to
    /// the name prompt on a save as); a file that exists or changed on disk is overwritten only
    /// after `y` too. Nothing is written before the answers. The write is the `.save` effect;
    /// `saved` goes on when its result comes back.
    /// A save to the document's file while it holds only the part read (the load stopped when
    /// the file changed) first reads the file (`fileRead(.partialSave…)`): `partReadChecked`
    /// once it is known to be gone.
    @discardableResult
    func write(to path: String?, overwrite: Bool, acceptingLosses: Bool = false, then next: AfterSave, partReadChecked: Bool = false) -> KeyOutcome {
        if let savingOff { say(savingOff, error: true); return .failed }
        if path == nil || path == document.path, document.holdsPartOfFile, !partReadChecked, let file = document.path {
            effects.append(.read(.file(file, for: .partialSave(path: path, overwrite: overwrite, acceptingLosses: acceptingLosses, then: next))))
            return .changed
        }
        let format = path.map(ListFormat.init(path:)) ?? document.format
        let lossy = document.limitations(savingAs: format)
        if !acceptingLosses, !lossy.isEmpty, !lossy.contains(where: \.preventsSaving) {
            askAboutLosses(lossy, path: path, overwrite: overwrite, then: next)
            return .changed
        }
        do {
            let request = try document.prepareSave(to: path, overwrite: overwrite, acceptingLosses: acceptingLosses)
            pendingSave = PendingSave(request: request, newPath: path, losses: acceptingLosses ? lossy : [],
                                      before: document.model, place: cursorPlace(), then: next)
            effects.append(.save(request))
        } catch {
            saveFailed(error, to: path, acceptingLosses: acceptingLosses, then: next)
        }
        return .changed
    }

    /// The `.save` effect's result: the document takes the written file as saved (and the `*`
    /// goes), or the error is shown and the changes stay unsaved.
    func saved(_ result: Result<FileAccess.Stamp, DocumentError>) {
        guard let pending = pendingSave else { return }
        pendingSave = nil
        let path = pending.newPath
        switch result {
        case .success(let stamp):
            // Versions of the file past the budget go: the rows undo and redo can bring back from
            // them keep their other lines (the text is never lost, only byte-exact sections):
            // those the history holds, and the list before the save (an undo step below when the
            // file reads back otherwise).
            document.finishSave(pending.request, stamp: stamp, undoable: { [history] in
                history.rowIDs + UndoHistory.rowIDs(of: pending.before)
            })
            if let path { displayName = FileAccess.fileName(path) }
            // The list is now what the file holds; undo gives back what was dropped. (Also
            // without losses, the file can read back with fewer sections: an untitled first
            // section emptied of its rows is no heading, so nothing, in the file.)
            if !pending.losses.isEmpty || document.model.rowCounts != pending.before.rowCounts {
                replaceList(from: pending.before, to: document.model)
                restoreCursor(pending.place)
            }
            history.distanceFromSave = 0
            if path != nil { readOnly = false }
            savedRecovery(movedTo: document.path)
            say(pending.losses.isEmpty ? "Saved \(displayName)"
                                       : "Saved \(displayName) without what it cannot hold (\(keymap.hint(.undo, in: .normal)) brings it back)")
            if pending.then == .quit { effects.append(.quit) }
        case .failure(let error):
            saveFailed(error, to: path, acceptingLosses: !pending.losses.isEmpty, then: pending.then)
        }
    }

    /// A save refused or failed: a file changed on disk or in the way is a question, anything
    /// else an error in the status line.
    func saveFailed(_ error: DocumentError, to path: String?, acceptingLosses: Bool, then next: AfterSave) {
        if error.kind == .changedOnDisk || error.kind == .fileExists {
            let question = error.kind == .fileExists ? "\(FileAccess.fileName(error.file)) exists"
                                                     : "\(displayName) changed on disk"
            ask(.overwrite(path: path, acceptingLosses: acceptingLosses, then: next), question: question,
                options: "overwrite? \(yesNo())")
        } else {
            say("\(displayName): \(error.message)", error: true)
        }
    }

    /// `list.txt cannot hold 2 section titles, 3 nested rows: save anyway? (y/n)`, the list cut
    /// to the status line's width with `…` so the question always shows.
    func askAboutLosses(_ lossy: [FormatLimitation], path: String?, overwrite: Bool, then next: AfterSave) {
        let name = path.map(FileAccess.fileName) ?? displayName
        let options = "save anyway? \(yesNo())", question = ": " + options
        var items = lossy.map(\.description)
        var sentence = FormatLimitation.sentence(lossy, name: name)
        while items.count > 1, widths.width(of: sentence + question) > size.width - 2 {
            items.removeLast()
            sentence = "\(name) cannot hold " + items.joined(separator: ", ") + ", …"
        }
        ask(.losses(path: path, overwrite: overwrite, then: next), question: sentence, options: options)
    }

    /// Points the document at another file (the next save writes there).
    public func setPath(_ path: String) {
        document.retarget(to: path)
        displayName = FileAccess.fileName(path)
    }

    /// Quits, asking first when there are unsaved changes.
    func quit() -> KeyOutcome {
        guard isModified else { closeRecovery(); effects.append(.quit); return .changed }   // (the load stops first: takeEffects)
        ask(.quitWithChanges, options: "Save changes? \(yesNo(cancel: true))")
        return .changed
    }
}
