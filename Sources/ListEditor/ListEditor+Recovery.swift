import ListDocument
import TableKit

/// Recovery files: unsaved changes are written next to the document a few seconds after each
/// change and on SIGTERM/SIGHUP, offered back when the document is opened again, and removed by a
/// clean save or quit.
extension ListEditor {
    /// Seconds of quiet after a change before the recovery file is written.
    public static let recoveryDelay = 2.0

    /// Asks whether to restore a recovery file newer than the document, if there is one.
    func offerRecovery() {
        guard let path = document.path, let recovered = Recovery.pending(for: path) else { return }
        prompt = Prompt(question: "Unsaved changes found. Restore them? (y/n)") { [weak self] answer in
            guard let self else { return }
            if answer == true {
                self.document.model = ListModel(sections: recovered.sections.map { ($0.title, $0.rows) })
                self.undoStack.removeAll()
                self.redoStack.removeAll()
                self.distanceFromSave = nil
                self.tableView.reloadData()
                self.say("Restored unsaved changes")
            } else if answer == false {
                Recovery.remove(for: path)
            }
        }
    }

    /// Notes a change for the next recovery write.
    func changed() {
        lastChange = renderer.clock.now
        recoveryPending = true
    }

    /// Writes the recovery file when changes have been quiet long enough (called on ticks).
    func writeRecoveryIfDue(force: Bool = false) {
        guard recoveryPending, let path = document.path else { return }
        guard force || renderer.clock.now - lastChange >= Self.recoveryDelay else { return }
        recoveryPending = false
        if isModified {
            try? Recovery.write(document.model, lineEnding: document.lineEnding, for: path)
        } else {
            Recovery.remove(for: path)
        }
    }

    /// The document is saved or abandoned on purpose: no recovery file is left.
    func discardRecovery() {
        recoveryPending = false
        if let path = document.path { Recovery.remove(for: path) }
    }

    /// SIGTERM, SIGHUP or SIGINT: keep unsaved changes in the recovery file, now.
    public func terminate(signal: Int32) {
        if isModified, let path = document.path { try? Recovery.write(document.model, lineEnding: document.lineEnding, for: path) }
    }
}
