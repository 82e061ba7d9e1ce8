import ListDocument

/// Performs the editor's effects: the only place where a save, a recovery file write or a removal
/// happens, where the editor's files are read (the file checked on ticks, `:e!`, the recovery
/// files at open), and where `.quit` ends the editor. The `listedit` command owns one and gives it to the
/// run loop, which calls it for every effect `ListEditor`'s update step returns; tests use it, or
/// perform (or fail) the effects themselves.
///
///     let performer = EditorEffectPerformer()
///     TerminalRunLoop(backend: terminal).run(editor) { performer.perform($0, for: editor) }
@MainActor
public struct EditorEffectPerformer {
    /// A performer on the real file system.
    public init() {}

    /// Performs `effect` for `editor`, sends its result back as a message (`.saved`, say), and
    /// returns the effects the editor asked for on getting it (the run loop performs them next).
    public func perform(_ effect: EditorEffect, for editor: ListEditor) -> [EditorEffect] {
        if case .quit = effect {
            editor.wantsQuit = true
            return []
        }
        guard let reply = Self.result(of: effect) else { return [] }
        return editor.update(reply)
    }

    /// Performs `effects` in order, and the ones their results ask for after them (what the run
    /// loop does; for callers without one: a benchmark, a test).
    public func performAll(_ effects: [EditorEffect], for editor: ListEditor) {
        var queue = effects[...]
        while let effect = queue.popFirst() { queue.append(contentsOf: perform(effect, for: editor)) }
    }

    /// Performs a file effect; returns the message its result is, for those that report one (every
    /// read does).
    static func result(of effect: EditorEffect) -> EditorMessage? {
        switch effect {
        case .save(let request):
            do {
                return .saved(.success(try request.write()))
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
        case .read(.disk(let document)):
            return document.lookAtDisk().map(EditorMessage.diskLooked)
        case .read(.file(let path, let purpose)):
            return .fileRead(purpose, Result { () throws(DocumentError) in try FileAccess.read(path) })
        case .work(.buildFilterIndex(let build, let workers)):
            build.start(workers: workers)
            return nil
        case .work(.joinFilterIndex(let build, let workers, let need)):
            build.start(workers: workers)
            return .filterIndexBuilt(build.finish(), for: need)
        case .work(.stopLoading(let load)):
            load.cancel()
            return nil
        case .read(.recoveryFiles(let document)):
            let (files, ignored) = Recovery.scan(for: document)
            return .recoveryScanned(files: files, ignored: ignored)
        case .quit:
            return nil
        }
    }
}
