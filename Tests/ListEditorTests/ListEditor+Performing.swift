import ListDocument
import ListEditor
import TerminalUI

/// The tests' stand-in for the run loop's side of the editor: every effect the update step returns
/// is performed at once on the real file system (`EditorEffectPerformer`), as `listedit` does.
/// Tests of the update step itself (`EditorUpdateTests`) call `update` and perform or fail the
/// effects themselves; `EditorRunLoopTests` run the editor in `TerminalRunLoop`.
@MainActor
extension ListEditor {
    /// An editor on `document` whose opening effects (this session's recovery file) are performed.
    static func started(document: ListDocument, displayName: String? = nil, animations: Bool = true) -> ListEditor {
        let editor = ListEditor(document: document, displayName: displayName, animations: animations)
        EditorEffectPerformer().performAll(editor.start(), for: editor)
        return editor
    }

    /// Runs `event` through the update step and performs the effects it returns.
    func send(_ event: InputEvent) {
        EditorEffectPerformer().performAll(handle(event), for: self)
    }

    /// A termination signal as the run loop handles one: `terminate`, its effects performed.
    func end(bySignal signal: Int32) {
        EditorEffectPerformer().performAll(terminate(signal: signal), for: self)
    }
}
