import TerminalUI

/// listedit's one key table: the only place keys are named. The editor's key handling, prompts,
/// help screen, hint line and configuration remaps read it, and table hosts read their subset of
/// it (`tableHostKeys`; `TableHost` adds the app's keys after it). The key tables of docs/keys.md, the man
/// page and the README are written from it (`KeyReference`, checked by `KeyDocsTests`).
extension KeyAction {
    /// A key map of listedit's actions by mode: the type of ``table``.
    public typealias Bindings = Keymap<KeyMode, KeyAction>

    /// Every binding, in the order help lists keys (the first keys of an action are its hints).
    public static let table = Bindings([
        .init([.up, .char("k")], .up, in: [.normal, .edit, .dragging]),
        .init([.down, .char("j")], .down, in: [.normal, .edit, .dragging]),
        .init([.pageUp, .ctrl("b")], .pageUp, in: [.normal, .edit]),
        .init([.pageDown, .ctrl("f")], .pageDown, in: [.normal, .edit]),
        .init([.ctrl("u")], .halfPageUp, in: [.normal, .edit]),
        .init([.ctrl("d")], .halfPageDown, in: [.normal, .edit]),
        .init([.home], .first, in: [.normal, .edit]),
        .init([.end], .last, in: [.normal, .edit]),
        .init([.char("g")], .firstItem, in: [.normal, .edit]),
        .init([.char("G")], .lastItem, in: [.normal, .edit]),
        .init([.char("e")], .edit, in: [.normal, .edit]),
        .init([.char("a"), .char("+"), .char("o")], .add, in: [.normal]),
        .init([.char("O")], .addAbove, in: [.normal]),
        .init([.char("A")], .addSection, in: [.normal]),
        .init([.enter], .rename, in: [.normal]),
        .init([.char("r")], .rename, in: [.normal, .edit]),
        .init([.char(" ")], .toggle, in: [.normal]),
        .init([.char("c")], .check, in: [.normal, .edit]),
        // A host without rename (`tableHostKeys`) lets Enter select, as a tap does.
        .init([.enter], .select, in: [.normal]),
        .init([.char("v")], .select, in: [.edit]),
        .init([.char("d")], .swipe, in: [.normal, .swiped]),
        .init([.char("-"), .char("x"), .delete], .deleteControl, in: [.edit]),
        .init([.char("+"), .char("i")], .insertControl, in: [.edit]),
        .init([.char(" "), .enter], .pickUp, in: [.edit, .dragging]),
        .init([.char("K"), .shiftUp], .moveUp, in: [.normal, .edit, .dragging]),
        .init([.char("J"), .shiftDown], .moveDown, in: [.normal, .edit, .dragging]),
        .init([.left, .char("h")], .chooseLeft, in: [.swiped]),
        .init([.right, .char("l")], .chooseRight, in: [.swiped]),
        // `y` confirms while a Delete button or a yes/no prompt shows (those modes come first).
        .init([.char("y")], .copy, in: [.normal, .edit]),
        .init([.char("p")], .pasteAfter, in: [.normal, .edit]),
        .init([.char("P")], .pasteBefore, in: [.normal, .edit]),
        .init([.char("/")], .filter, in: [.normal, .edit]),
        .init([.char("n")], .nextMatch, in: [.normal, .edit]),
        .init([.char(":")], .command, in: [.normal, .edit]),
        .init([.char("N")], .previousMatch, in: [.normal, .edit]),
        // Esc in normal mode clears the filter (in edit mode, after what is in progress).
        .init([.escape], .cancel, in: [.normal]),
        .init([.tab, .char(">")], .indent, in: [.normal, .edit]),
        .init([.backTab, .char("<")], .outdent, in: [.normal, .edit]),
        .init([.left, .char("h")], .collapse, in: [.normal, .edit]),
        .init([.right, .char("l")], .expand, in: [.normal, .edit]),
        // The board's: the editor offers these instead of collapse and expand there.
        .init([.left, .char("h")], .previousLane, in: [.normal, .edit, .dragging]),
        .init([.right, .char("l")], .nextLane, in: [.normal, .edit, .dragging]),
        .init([.char("H"), .shiftLeft], .moveLeft, in: [.normal, .edit]),
        .init([.char("L"), .shiftRight], .moveRight, in: [.normal, .edit]),
        .init([.char("B")], .board, in: [.normal]),
        .init([.char("u")], .undo, in: [.normal, .edit]),
        .init([.ctrl("r")], .redo, in: [.normal, .edit]),
        .init([.char("s"), .ctrl("s")], .save, in: [.normal, .edit]),
        .init([.char("S")], .saveAs, in: [.normal, .edit]),
        .init([.char("q"), .ctrl("c"), .ctrl("q")], .quit, in: [.normal, .edit]),
        .init([.char("?"), .function(1)], .help, in: [.normal, .edit]),
        .init([.ctrl("z")], .suspend, in: Set(KeyMode.allCases)),
        .init([.enter, .char("y")], .confirm, in: [.deleteButton, .swiped]),
        .init([.enter], .confirm, in: [.entry]),
        .init([.escape], .cancel, in: [.edit, .dragging, .deleteButton, .swiped, .entry, .prompt]),
        .init([.char("y"), .char("Y")], .yes, in: [.prompt]),
        .init([.char("n"), .char("N")], .no, in: [.prompt]),
        // Letter answers: a prompt offers some of them (a letter answers as the prompt offers).
        .init([.char("r")], .answer(.reload), in: [.prompt]),
        .init([.char("k")], .answer(.keep), in: [.prompt]),
        .init([.char("m")], .answer(.merge), in: [.prompt]),
        .init([.char("r")], .answer(.restore), in: [.prompt]),
        .init([.char("d")], .answer(.discard), in: [.prompt]),
        .init([.char("r")], .answer(.readOnly), in: [.prompt]),
        .init([.char("e")], .answer(.editAnyway), in: [.prompt]),
        .init([.char("q")], .answer(.quit), in: [.prompt]),
        .init([.left, .ctrl("b")], .line(.moveLeft), in: [.entry]),
        .init([.right, .ctrl("f")], .line(.moveRight), in: [.entry]),
        .init([.home, .ctrl("a")], .line(.moveToStart), in: [.entry]),
        .init([.end, .ctrl("e")], .line(.moveToEnd), in: [.entry]),
        .init([.backspace, .ctrl("h")], .line(.deleteBackward), in: [.entry]),
        .init([.delete, .ctrl("d")], .line(.deleteForward), in: [.entry]),
        .init([.ctrl("u")], .line(.deleteToStart), in: [.entry]),
        .init([.ctrl("k")], .line(.deleteToEnd), in: [.entry]),
        .init([.ctrl("w")], .line(.deleteWordBackward), in: [.entry]),
    ])
}

extension KeyAction {
    /// The part of ``table`` any table host performs: the bindings whose action is a table intent
    /// in some mode (`intent(in:)`), and quit and suspend. The editor's own actions (rename, add,
    /// save, undo…) are left out, so no key resolves to an action a table host cannot do: Enter
    /// selects the row in normal mode (in ``table`` it renames first).
    ///
    ///     KeyAction.tableHostKeys.action(for: .enter, in: .normal)   // .select
    ///     KeyAction.table.action(for: .enter, in: .normal)           // .rename: the editor's
    public static let tableHostKeys: Bindings = table.filter { action in
        action == .quit || action == .suspend || KeyMode.allCases.contains { action.intent(in: $0) != nil }
    }
}

extension KeyMode {
    /// Where a key not bound here is looked up next: a Delete button or a swiped row is dismissed
    /// by any other key, which then acts as in edit or normal mode.
    public var fallback: KeyMode? {
        switch self {
        case .deleteButton: return .edit
        case .swiped: return .normal
        default: return nil
        }
    }

    /// How help and docs name the mode.
    public var title: String {
        switch self {
        case .normal: return "Normal mode"
        case .edit: return "Edit mode"
        case .dragging: return "Dragging"
        case .deleteButton: return "Delete button"
        case .swiped: return "Swiped row"
        case .entry: return "Text entry"
        case .prompt: return "Prompts"
        }
    }
}

extension Keymap where Mode == KeyMode {
    /// The action `key` performs in `mode`, or in its fallback mode (see `KeyMode.fallback`),
    /// among those `offered`; with the mode it was found in.
    public func resolve(_ key: Key, in mode: KeyMode, offered: (Action) -> Bool = { _ in true }) -> (action: Action, mode: KeyMode)? {
        if let action = action(for: key, in: mode, offered: offered) { return (action, mode) }
        if let next = mode.fallback, let action = action(for: key, in: next, offered: offered) { return (action, next) }
        return nil
    }
}

extension Keymap where Mode == KeyMode, Action == KeyAction {
    /// The hint-line labels of the keys bound to `action` in `mode` (remapped keys first), at
    /// most `limit` of the table's own, joined by `separator`; empty when none is bound.
    /// With `typed`, only keys that type a character are taken from the table (a hint for
    /// rename shows `r`, not Enter).
    public func hint(_ action: KeyAction, in mode: KeyMode, limit: Int = 1, separator: String = "/", typed: Bool = false) -> String {
        keys(for: action, in: mode, limit: limit) { key in
            guard typed else { return true }
            if case .char = key { return true }
            return false
        }.map(\.hintLabel).joined(separator: separator)
    }

    /// The help-screen labels of the keys bound to `action` in `mode`, space-separated.
    public func help(_ action: KeyAction, in mode: KeyMode, limit: Int? = nil) -> String {
        keys(for: action, in: mode, limit: limit).map(\.label).joined(separator: " ")
    }

    /// Binds keys to actions as a configuration file asks (`map w = save`): in every mode where
    /// the action exists, except text entry and prompts.
    public mutating func apply(_ remaps: [KeyRemap]) {
        for r in remaps { remap(r.key, to: r.action, except: KeyMode.notRemapped) }
    }
}

/// One `map KEY = ACTION` line of a configuration file.
public struct KeyRemap: Equatable, Sendable {
    /// The key the line names.
    public var key: Key
    /// What it performs from now on (in addition to the table's own keys of that action).
    public var action: KeyAction

    /// `map key = action`.
    public init(_ key: Key, _ action: KeyAction) {
        self.key = key
        self.action = action
    }
}

/// A hint line: items `keys label` joined by ` · `, skipping items whose keys are all unbound.
public func hintLine(_ items: [(keys: String, label: String)]) -> String {
    items.filter { !$0.keys.isEmpty }.map { "\($0.keys) \($0.label)" }.joined(separator: " · ")
}

/// A hint line that fits `width` columns with whole hints only: items `keys label` in the order
/// given, joined by ` · `, skipping items whose keys are all unbound; while the line is too wide,
/// the least important item left (the highest `rank`; the later one on a tie) is dropped, so a
/// hint is never cut mid-word. Empty when not even the most important item fits.
///
///     hintLine([("↑↓", "move", 8), ("e", "edit", 1), ("?", "help", 0)], fitting: 16, widths: .unicode)
///     // "e edit · ? help"
public func hintLine(_ items: [(keys: String, label: String, rank: Int)], fitting width: Int, widths: WidthProfile) -> String {
    var shown = items.filter { !$0.keys.isEmpty }
    while !shown.isEmpty {
        let line = hintLine(shown.map { ($0.keys, $0.label) })
        if widths.width(of: line) <= width { return line }
        let least = shown.indices.max { a, b in shown[a].rank != shown[b].rank ? shown[a].rank < shown[b].rank : a < b }!
        shown.remove(at: least)
    }
    return ""
}
