import ListDocument
import TableKit
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Recovery files (docs/file-formats.md, "Recovery files"; docs/reliability.md): while a file is
/// open, this editor's `RecoverySession` file exists next to it and names the process; the
/// unsaved edits are written there a few seconds after each change and on SIGTERM/SIGHUP; a save
/// leaves it without edits; quitting removes it. On open, what other sessions left is offered:
/// a running listedit's file as `open in another listedit: r read-only · e edit anyway · q quit`,
/// an ended one's edits as `r restore · d discard · Esc later` (and `m merge` when the file
/// changed since). An offered file is removed only by the user's choice (restore, merge,
/// discard); after `later` it stays, and this session's edits go to its own next-numbered file.
extension ListEditor {
    /// Seconds of quiet after a change before the recovery file is written.
    public static let recoveryDelay = 2.0

    /// At open: the recovery files next to the file are read (the `.read(.recoveryFiles)` effect,
    /// which `start()` returns); `offerRecovery(_:ignored:)` offers what it found.
    func scanRecovery() {
        guard let path = document.path else { return }
        effects.append(.read(.recoveryFiles(document: path)))
    }

    /// What the scan at open found: a listedit that has the file open is said first; then this
    /// session's recovery file is created and the edits other sessions left are offered one by
    /// one. What is at a
    /// recovery path but is not this user's recovery file (a symbolic link, another user's
    /// file, a directory, a file not in the format) is never offered: the status line names it,
    /// beside the first offer and again after the last.
    func offerRecovery(_ pending: [RecoveryFile], ignored: [IgnoredRecoveryFile]) {
        let said = ignored.map(\.message)
        if !said.isEmpty { say(said.joined(separator: " · "), error: true) }
        if let other = pending.first(where: \.isOpenElsewhere), case .openElsewhere(let pid, let host) = other.status {
            let owner = host == RecoveryOwner.current.host ? "pid \(pid)" : "pid \(pid) on \(host)"
            let options = answerOptions([.answer(.readOnly), .answer(.editAnyway), .answer(.quit)])
            ask(.openElsewhere(pending: pending, said: said), question: "\(displayName) is open in another listedit (\(owner))",
                options: options)
            return
        }
        beginRecovery()
        offerNext(pending, said: said)
    }

    /// Starts this editor's own recovery file (the first free number), unless read-only: the
    /// `.beginRecovery` effect, whose `.recoveryBegan` sets `recovery`.
    func beginRecovery() {
        guard !readOnly, recovery == nil, let path = document.path else { return }
        effects.append(.beginRecovery(document: path, stamp: document.stamp))
    }

    /// Read-only: the file is shown and follows changes on disk; nothing can be edited or saved
    /// over it (save as writes a copy, which is then edited).
    func openReadOnly() {
        readOnly = true
        say("Read-only: \(keymap.hint(.saveAs, in: .normal)) saves a copy under another name")
    }

    /// Offers the first of `files` that holds edits of an ended listedit; each answer goes on to
    /// the next one. `said` holds what the earlier answers got ("Merged: 2 conflicts…"): shown
    /// beside the next offer when there is room, and all of it again after the last offer, so no
    /// result is hidden by the next question.
    func offerNext(_ files: [RecoveryFile], said: [String] = []) {
        guard let index = files.firstIndex(where: { $0.hasEdits && !$0.isOpenElsewhere && $0.path != recovery?.path }) else {
            if said.count > 1, let last = message, !last.isError { say(said.joined(separator: " · ")) }
            return
        }
        let file = files[index]
        let rest = Array(files[(index + 1)...])
        let changed = file.documentChanged
        let question = "Unsaved edits from \(file.writtenTimeOfDay)" + (changed ? " (file changed since)" : "")
        let options = answerOptions([.answer(.restore), .answer(.discard)] + (changed ? [.answer(.merge)] : []) + [.cancel],
                                    instead: [.cancel: "later"])
        ask(.recoveredEdits(file, rest: rest, said: said), question: question, options: options)
    }

    /// Restores `file`'s edits (one undo step back to the file as read); they are in this
    /// session's recovery file before `file` goes (`.takeOverRecovery`).
    func restore(_ file: RecoveryFile) {
        let before = document.model
        do {
            document.model = try RecoverySession.restored(file, into: document)
            try document.keepLines(recordedIn: file)
        } catch {
            say("Cannot restore: \(error.message)", error: true)
            return
        }
        replaceList(from: before, to: document.model)
        if let recovery { effects.append(.takeOverRecovery(recovery, document, from: file)) }
        say("Restored the unsaved edits from \(file.writtenTimeOfDay)")
    }

    /// Merges `file`'s edits with the file as it is now (the list-aware merge, docs/merging.md):
    /// a conflict keeps both versions as adjacent rows, the edits first; the cursor goes to the
    /// first.
    func mergeRecovered(_ file: RecoveryFile) {
        guard let recovery else { restore(file); return }
        let before = document.model
        let conflicts: Int
        let first: IndexPath?
        do {
            let merged = try RecoverySession.merged(file, into: document)
            document.adoptMerged(merged.model, merged.sources)
            (conflicts, first) = (merged.conflicts, merged.firstConflict)
            try document.keepLines(recordedIn: file)
        } catch {
            say("Cannot merge: \(error.message)", error: true)
            return
        }
        replaceList(from: before, to: document.model)
        if let first { placeCursor(.row(first)) }
        effects.append(.takeOverRecovery(recovery, document, from: file))
        say(conflicts == 0 ? "Merged the unsaved edits with the file"
                           : "Merged: \(conflicts) conflict\(conflicts == 1 ? "" : "s") (both versions kept, the unsaved edits first)")
    }

    /// Writes the recovery file when changes have been quiet long enough (called on ticks).
    func writeRecoveryIfDue(force: Bool = false) {
        guard recoveryPending, let recovery else { return }
        // While the file loads (or after its load stopped early) the edits are of its first part:
        // the file says how many bytes (`ListDocument.recoveryBase`), and a restore keeps the
        // rest of the file after them.
        guard force || renderer.clock.now - lastChange >= Self.recoveryDelay else { return }
        recoveryPending = false
        effects.append(.writeRecovery(recovery, document, hasEdits: isModified))
    }

    /// Writes the unsaved edits to this editor's recovery file.
    func writeRecovery() {
        recoveryPending = false
        if let recovery { effects.append(.writeRecovery(recovery, document, hasEdits: true)) }
    }

    /// After a save: the recovery file stays (it names this process) without edits; after save
    /// as, it follows the document to its new name.
    func savedRecovery(movedTo path: String?) {
        recoveryPending = false
        if let path, recovery == nil || recovery?.document != path {
            // A new file for the new name (written without edits), then the old one goes.
            let old = recovery
            recovery = nil
            beginRecovery()
            if let old { effects.append(.removeRecovery(old)) }
            return
        }
        if let recovery { effects.append(.writeRecovery(recovery, document, hasEdits: false)) }
    }

    /// The document is closed (quit): this session's file goes; offered files stay.
    func closeRecovery() {
        recoveryPending = false
        if let recovery { effects.append(.removeRecovery(recovery)) }
        recovery = nil
    }

    /// SIGTERM, SIGHUP or SIGINT: keep unsaved changes in the recovery file, now (the run loop
    /// performs the effects returned before the process ends); with none, the file goes, as on
    /// quit. A file still loading keeps its edits too: of the part read so far, which a restore
    /// completes with the rest of the file.
    public func terminate(signal: Int32) -> [EditorEffect] {
        if let background { effects.append(.work(.stopLoading(background))) }
        if isModified { writeRecovery() } else { closeRecovery() }
        return takeEffects()
    }
}
