import ListDocument

/// Which view the editor shows the document in: the list (sections one under another) or the
/// board (sections side by side as lanes, top-level rows as cards; docs/keys.md, "The board
/// view"). Both show the same table, model, undo and selection; `B` switches, `--board` or
/// `view = board` in the configuration file opens in the board, and so does a file of
/// Obsidian's Kanban plugin (`ListDocument.isKanbanBoard`).
public enum EditorView: String, CaseIterable, Equatable, Sendable {
    /// Sections one under another, rows in them.
    case list
    /// Lanes side by side.
    case board

    /// The view `document` opens in: the board when `asked` (`--board`, `view = board`) or when
    /// it is a Kanban board (`ListDocument.isKanbanBoard`), else the list.
    public static func opening(_ document: ListDocument, asked: EditorView?) -> EditorView {
        asked == .board || document.isKanbanBoard ? .board : .list
    }

    /// The other view.
    var toggled: EditorView { self == .list ? .board : .list }

    /// How the status line names it after `B`.
    var name: String { self == .list ? "List view" : "Board view" }
}
