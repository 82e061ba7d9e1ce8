import TerminalUI

extension KeyAction {
    /// This action's record: its configuration name, help words, hints, whether it edits and
    /// what it does while a file is read. The one place these facts are written (see
    /// ``ActionRecord``).
    public var record: ActionRecord {
        switch self {
        case .up:
            return ActionRecord(name: "up", help: "move", helpByMode: [.dragging: "drag"],
                                hints: [.normal: .init("move", 8), .edit: .init("move", 6), .rowDrag: .init("drag", 2), .sectionDrag: .init("move section", 2)])
        case .down:
            return ActionRecord(name: "down", loading: .depends, help: "move", helpByMode: [.dragging: "drag"],
                                hints: [.normal: .init("move", 8), .edit: .init("move", 6), .rowDrag: .init("drag", 2), .sectionDrag: .init("move section", 2)])
        case .pageUp: return ActionRecord(name: "page-up", help: "page")
        case .pageDown: return ActionRecord(name: "page-down", loading: .depends, help: "page")
        case .halfPageUp: return ActionRecord(name: "half-page-up", help: "half a page")
        case .halfPageDown: return ActionRecord(name: "half-page-down", loading: .depends, help: "half a page")
        case .first: return ActionRecord(name: "first", help: "first header")
        case .last: return ActionRecord(name: "last", loading: .waits, help: "last row")
        case .firstItem: return ActionRecord(name: "first-item", help: "first item")
        case .lastItem: return ActionRecord(name: "last-item", loading: .waits, help: "last item")
        case .edit:
            return ActionRecord(name: "edit", edits: true, helpByMode: [.normal: "edit mode", .edit: "done"],
                                hints: [.normal: .init("edit", 1), .edit: .init("done", 1)])
        case .add: return ActionRecord(name: "add", edits: true, help: "add a row", hints: [.normal: .init("add", 2)])
        case .addAbove: return ActionRecord(name: "add-above", edits: true, help: "add a row above")
        case .addSection: return ActionRecord(name: "add-section", edits: true, help: "add a section")
        case .rename: return ActionRecord(name: "rename", edits: true, help: "rename", hints: [.normal: .init("rename", 6)])
        case .toggle: return ActionRecord(name: "toggle", edits: true, help: "check, uncheck a task")
        case .check:
            return ActionRecord(name: "check", edits: true, help: "check, uncheck any row", hints: [.selection: .init("check", 5)])
        case .swipe:
            return ActionRecord(name: "delete", edits: true, help: "delete", hints: [.normal: .init("delete", 5)])
        case .deleteControl:
            return ActionRecord(name: "delete-control", edits: true, loading: .depends, help: "delete",
                                hints: [.edit: .init("delete", 3), .selection: .init("delete", 2)])
        case .insertControl:
            return ActionRecord(name: "insert-control", edits: true, help: "add an item", hints: [.edit: .init("add", 4)])
        case .pickUp:
            return ActionRecord(name: "pick-up", edits: true, loading: .depends, help: "pick up, drop", helpByMode: [.dragging: "drop"],
                                hints: [.edit: .init("pick up", 2), .selection: .init("move", 3), .rowDrag: .init("drop", 0), .sectionDrag: .init("drop", 0)])
        case .moveUp:
            return ActionRecord(name: "move-up", edits: true, loading: .depends, help: "move one step", helpByMode: [.dragging: "drag"],
                                hints: [.edit: .init("move", 5), .selection: .init("step", 6)])
        case .moveDown:
            return ActionRecord(name: "move-down", edits: true, loading: .depends, help: "move one step", helpByMode: [.dragging: "drag"],
                                hints: [.edit: .init("move", 5), .selection: .init("step", 6)])
        case .chooseLeft, .chooseRight: return ActionRecord(name: nil, help: "choose a button")
        case .select: return ActionRecord(name: "select", help: "select: keys act on all")
        case .copy:
            return ActionRecord(name: "copy", help: "copy (with nested rows)", hints: [.selection: .init("copy", 4)])
        case .pasteAfter: return ActionRecord(name: "paste-after", edits: true, help: "paste after")
        case .pasteBefore: return ActionRecord(name: "paste-before", edits: true, help: "paste before")
        case .undo: return ActionRecord(name: "undo", edits: true, help: "undo", hints: [.normal: .init("undo", 7)])
        case .redo: return ActionRecord(name: "redo", edits: true, help: "redo")
        case .save:
            return ActionRecord(name: "save", edits: true, loading: .waits, help: "save", hints: [.normal: .init("save", 3)])
        case .saveAs: return ActionRecord(name: "save-as", loading: .waits, help: "save as")
        case .quit: return ActionRecord(name: "quit", loading: .depends, help: "quit (asks to save changes)", hints: [.normal: .init("quit", 4)])
        case .help: return ActionRecord(name: "help", help: "help", hints: [.normal: .init("help", 0), .edit: .init("help", 0)])
        case .suspend: return ActionRecord(name: nil, help: "suspend")
        case .cancel:
            return ActionRecord(name: "cancel", help: "cancel",
                                helpByMode: [.normal: "clear the filter", .edit: "done", .dragging: "put it back", .deleteButton: "keep it", .swiped: "close"],
                                hints: [.selection: .init("clear", 1), .rowDrag: .init("put back", 1), .sectionDrag: .init("put back", 1),
                                        .deleteButton: .init("cancel", 1), .swiped: .init("cancel", 1), .entry: .init("cancel", 1)])
        case .confirm:
            return ActionRecord(name: "confirm", helpByMode: [.deleteButton: "delete", .swiped: "press it", .entry: "save"],
                                hints: [.deleteButton: .init("delete", 0), .swiped: .init("delete", 0), .entry: .init("save", 0)])
        case .yes: return ActionRecord(name: nil, help: "yes")
        case .no: return ActionRecord(name: nil, help: "no")
        case .answer(let answer): return ActionRecord(name: nil, help: answer.words)
        case .line(let edit): return ActionRecord(name: nil, help: edit.words, hints: [.entry: .init("edit", 2)])
        case .filter: return ActionRecord(name: "filter", loading: .waits, help: "filter")
        case .command: return ActionRecord(name: "command", help: "command line (:w :q :wq :x :q! :e! :N)")
        case .nextMatch: return ActionRecord(name: "next-match", loading: .waits, help: "next match")
        case .previousMatch: return ActionRecord(name: "previous-match", loading: .waits, help: "previous match")
        case .indent: return ActionRecord(name: "indent", edits: true, loading: .depends, help: "indent")
        case .outdent: return ActionRecord(name: "outdent", edits: true, loading: .depends, help: "outdent")
        case .collapse: return ActionRecord(name: "collapse", loading: .waits, help: "collapse")
        case .expand: return ActionRecord(name: "expand", loading: .waits, help: "expand")
        case .board: return ActionRecord(name: "board", help: "board view on, off")
        case .previousLane: return ActionRecord(name: "previous-lane", help: "previous lane (board)", helpByMode: [.dragging: "drag"])
        case .nextLane: return ActionRecord(name: "next-lane", loading: .depends, help: "next lane (board)", helpByMode: [.dragging: "drag"])
        case .moveLeft:
            return ActionRecord(name: "move-left", edits: true, loading: .depends, help: "card to the previous lane", hints: [.normal: .init("lane", 7)])
        case .moveRight:
            return ActionRecord(name: "move-right", edits: true, loading: .depends, help: "card to the next lane")
        }
    }
}

extension KeyAction {
    /// The help words of `actions` in `mode`, each once, joined by commas: `undo, redo` for a
    /// line of the help screen or the docs that lists both actions' keys.
    public static func words(_ actions: [KeyAction], in mode: KeyMode) -> String {
        var words: [String] = []
        for action in actions {
            if let w = action.record.help(in: mode), !words.contains(w) { words.append(w) }
        }
        return words.joined(separator: ", ")
    }
}
