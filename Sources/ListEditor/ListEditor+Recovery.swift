import ListDocument
import TableKit
import TerminalUI

/// Recovery files: unsaved changes are written next to the document a few seconds after each
/// change and on SIGTERM/SIGHUP, offered back when the document is opened again, and removed by a
/// clean save or quit. (For now the session's file exists only while there are unsaved edits;
/// the editor's restore / discard / later and read-only prompts will use `RecoverySession` whole.)
extension ListEditor {
    /// Seconds of quiet after a change before the recovery file is written.
    public static let recoveryDelay = 2.0

    /// Asks whether to restore the first recovery file that holds edits, if there is one.
    func offerRecovery() {
        guard let path = document.path, let offer = Recovery.pending(for: path).first(where: \.hasEdits),
              let recovered = try? offer.edits() else { return }
        prompt = Prompt(question: "Unsaved changes found. Restore them? (y/n)") { [weak self] answer in
            guard let self else { return }
            if answer == true {
                self.document.model = self.document.reusingRows(recovered)
                self.undoStack.removeAll()
                self.redoStack.removeAll()
                self.distanceFromSave = nil
                self.tableView.reloadData()
                // Kept in this editor's own recovery file before the offered one goes.
                self.writeRecoveryIfDue(force: true, pending: true)
                FileAccess.remove(offer.path)
                self.say("Restored unsaved changes")
            } else if answer == false {
                FileAccess.remove(offer.path)
            }
        }
    }

    /// Notes a change for the next recovery write.
    func changed() {
        lastChange = renderer.clock.now
        recoveryPending = true
    }

    /// Writes the recovery file when changes have been quiet long enough (called on ticks).
    func writeRecoveryIfDue(force: Bool = false, pending: Bool = false) {
        if pending { recoveryPending = true }
        guard recoveryPending, document.path != nil else { return }
        guard force || renderer.clock.now - lastChange >= Self.recoveryDelay else { return }
        recoveryPending = false
        if isModified {
            writeRecovery()
        } else {
            discardRecovery()
        }
    }

    /// Writes the unsaved edits to this editor's recovery file (created on the first write).
    func writeRecovery() {
        guard let path = document.path else { return }
        if recovery == nil { recovery = try? RecoverySession.begin(for: path, stamp: document.stamp) }
        try? recovery?.record(document, hasEdits: true)
    }

    /// The document is saved or abandoned on purpose: no recovery file is left.
    func discardRecovery() {
        recoveryPending = false
        recovery?.close()
        recovery = nil
    }

    /// SIGTERM, SIGHUP or SIGINT: keep unsaved changes in the recovery file, now.
    public func terminate(signal: Int32) {
        if isModified { writeRecovery() }
    }
}
