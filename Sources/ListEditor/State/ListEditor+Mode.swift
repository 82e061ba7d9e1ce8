import TerminalUI
import KeyBindings

/// The transitions of the editor's modal state (`EditorMode`): each opens or closes one thing, and
/// each goes through `setMode(_:)`, which checks the invariants. A prompt or an entry that
/// closes hands its kind back as a message (`.answered`, `.entered`), which the update step
/// handles in one switch (ListEditor+Answers).
extension ListEditor {
    /// Asks a question in the status line (replacing what was modal).
    func ask(_ kind: PromptKind, question: String = "", options: String) {
        setMode(.prompt(Prompt(question: question, options: options, kind: kind)))
    }

    /// Opens the text entry for `kind`, its line prefilled with `initial`.
    func openEntry(_ kind: EntryKind, initial: String = "") {
        setMode(.entry(EditorMode.Entry(kind: kind, text: TextEntry(title: kind.title, text: initial))))
    }

    /// Edits the text entry's line (nothing when no entry shows).
    func editEntry(_ change: (inout LineEditor) -> Void) {
        guard var entry = mode.entry else { return }
        change(&entry.text.line)
        setMode(.entry(entry))
    }

    /// Shows the help, scrolled to its top.
    func showHelp() { setMode(.help(scroll: 0)) }

    /// Scrolls the help to `scroll` lines off its top.
    func scrollHelp(to scroll: Int) {
        guard mode.showsHelp else { return }
        setMode(.help(scroll: scroll))
    }

    /// Makes a key wait for the load to end (`loadEnded` performs it).
    func wait(for key: EditorMode.PendingKey) { setMode(.waiting(key)) }

    /// The mouse picked up a row's handle.
    func beginMouseDrag() { setMode(.mouseDrag(edge: 0)) }

    /// The pointer of a mouse drag holds the top (-1) or bottom (1) edge, the board's left (-2)
    /// or right (2) edge, or none (0).
    func holdDragEdge(_ edge: Int) {
        guard mode.isMouseDrag else { return }
        setMode(.mouseDrag(edge: edge))
    }

    /// Nothing is modal any more: the prompt, entry, help, wait or mouse drag ended.
    func endMode() { setMode(.idle) }

    /// Checks that the modal state agrees with the rest of the editor (debug builds; after each
    /// change of `mode`): a key waits only while the file loads, a drag edge is -2 to 2, the
    /// help is not scrolled above its top, an entry's title is its kind's and a read-only list
    /// opens no entry that edits, a question about deleting names what exists.
    public func _checkInvariants() {
        #if DEBUG
        switch mode {
        case .idle: break
        case .waiting(let key):
            precondition(document.isLoading, "\(key.action) waits, but the file is not loading")
        case .mouseDrag(let edge):
            precondition((-2...2).contains(edge), "drag edge \(edge)")
        case .help(let scroll):
            precondition(scroll >= 0, "help scrolled to \(scroll)")
        case .entry(let entry):
            precondition(entry.text.title == entry.kind.title, "entry titled \(entry.text.title) for \(entry.kind)")
            precondition(!readOnly || !entry.kind.edits, "read-only, but the entry \(entry.kind) edits")
        case .prompt(let prompt):
            switch prompt.kind {
            case .deleteSection(let s):
                precondition(s < document.model.sections.count, "asks to delete section \(s) of \(document.model.sections.count)")
            case .deleteSelection(let rows):
                precondition(!rows.isEmpty, "asks to delete no rows")
            case .quitWithChanges:
                precondition(isModified, "asks to save changes, but there are none")
            default: break
            }
        }
        #endif
    }
}
