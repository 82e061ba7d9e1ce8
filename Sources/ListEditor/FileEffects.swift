import ListDocument

/// Performs the editor's effects on the file system: the only place in ListEditor where a save or
/// a recovery file write happens. Called by `ListEditor.handle` (the run loop's side of the
/// editor); tests perform effects themselves, or replace these with failures.
enum FileEffects {
    /// Performs `effect`; returns the message its result is, for those that report one. `.quit`
    /// is the caller's.
    static func perform(_ effect: EditorEffect) -> EditorMessage? {
        switch effect {
        case .save(let request):
            do {
                return .saved(.success(try FileAccess.writeAtomically(request.bytes, to: request.path)))
            } catch {
                return .saved(.failure(error))
            }
        case .writeRecovery(var session, let document, let hasEdits):
            // A recovery file that cannot be written costs only the recovery: nothing to report.
            try? session.record(document, hasEdits: hasEdits)
            return nil
        case .removeRecovery(let session):
            session.close()
            return nil
        case .beginRecovery(let document, let stamp):
            do {
                return .recoveryBegan(.success(try RecoverySession.begin(for: document, stamp: stamp)))
            } catch {
                return .recoveryBegan(.failure(error))
            }
        case .takeOverRecovery(var session, let document, let file):
            do {
                try session.takeOver(file, with: document)
                return nil
            } catch {
                return .recoveryFailed(error)
            }
        case .discardRecovery(let file):
            FileAccess.remove(file.path)
            return nil
        case .quit:
            return nil
        }
    }
}
