/// The letter answers of listedit's prompts, bound in the key table's prompt mode
/// (`KeyAction.answer`). A prompt offers some of them; the same letter can answer differently in
/// different prompts (`r` reloads, restores, or opens read-only), and only the answers the prompt
/// showing offers are looked up. Prompts build their options from the table, so what they show is
/// what the keys do. Never remapped (`KeyMode.notRemapped`).
public enum PromptAnswer: Hashable, Sendable, CaseIterable {
    /// The file changed on disk: reload it (dropping the edits), keep the edits, or merge.
    case reload, keep, merge
    /// Unsaved edits of an ended listedit: restore them, or discard them.
    case restore, discard
    /// The file is open in another listedit: open it read-only, edit anyway, or quit.
    case readOnly, editAnyway, quit

}

extension PromptAnswer {
    /// The answer's words in a prompt's options and in help (`r reload`).
    var words: String {
        switch self {
        case .reload: return "reload"
        case .keep: return "keep mine"
        case .merge: return "merge"
        case .restore: return "restore"
        case .discard: return "discard"
        case .readOnly: return "read-only"
        case .editAnyway: return "edit anyway"
        case .quit: return "quit"
        }
    }
}
