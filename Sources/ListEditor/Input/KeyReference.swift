import KeyBindings
import TerminalUI

/// The key tables of docs/keys.md, the man page (docs/listedit.1) and the README, written from
/// the key table (`KeyAction.table`): the keys come from the table, only the words are written
/// here. `KeyDocsTests` fail when a committed table differs from what this writes (and
/// `LISTEDIT_RECORD=1` rewrites them), and when a binding of the table is in no entry.
///
///     KeyReference().markdown(.normal)      // "| key | action |\n|---|---|\n| `↑` `↓`, `k` `j` | move …"
public struct KeyReference: Sendable {
    /// Which keys an entry lists: one action's, two actions' side by side (`↑` `↓`, `k` `j`), or
    /// several actions' one after the other.
    public enum Keys: Sendable {
        case one(KeyAction)
        case pair(KeyAction, KeyAction)
        case all([KeyAction])

        /// The actions whose keys are listed.
        public var actions: [KeyAction] {
            switch self {
            case .one(let a): return [a]
            case .pair(let a, let b): return [a, b]
            case .all(let list): return list
            }
        }
    }

    /// One line of a key table: keys and what they do, in docs/keys.md's words. The man page and
    /// the README use the actions' own short words (their records', as the help screen does).
    public struct Entry: Sendable {
        public var keys: Keys
        public var text: String

        init(_ keys: Keys, _ text: String) {
            self.keys = keys
            self.text = text
        }
    }

    /// The short words of `entry` in `mode`: its actions' help words (`KeyAction.words`).
    func short(_ entry: Entry, in mode: KeyMode) -> String {
        let words = KeyAction.words(entry.keys.actions, in: mode)
        return words.isEmpty ? entry.text : words
    }

    /// The table the keys are read from.
    public var keymap: KeyAction.Bindings

    /// The reference of `keymap` (listedit's own table unless given).
    public init(keymap: KeyAction.Bindings = KeyAction.table) {
        self.keymap = keymap
    }

    /// The modes docs/keys.md has a table for, in its order.
    public static let modes: [KeyMode] = [.normal, .edit, .dragging, .deleteButton, .swiped, .entry, .prompt]

    /// The entries of `mode`'s table.
    public func entries(_ mode: KeyMode) -> [Entry] {
        switch mode {
        case .normal:
            return [
                Entry(.pair(.up, .down), "move the cursor over section headers and rows"),
                Entry(.pair(.pageUp, .pageDown), "a screen up or down"),
                Entry(.pair(.halfPageUp, .halfPageDown), "half a screen up or down"),
                Entry(.pair(.first, .last), "first header, last row"),
                Entry(.pair(.firstItem, .lastItem), "the first, the last item (never a passage or a header; `No items` when there is none)"),
                Entry(.one(.edit), "enter edit mode (`Edit` becomes `Done`)"),
                Entry(.one(.add), "add a row after the cursor (on a header: at the top of its section), at the cursor row's level (as its first nested row when it has expanded nested rows; after the rows a collapsed row hides); a modal asks for the text, and a leading `[ ] ` or `[x] ` typed there is the row's checkbox, as in a rename"),
                Entry(.one(.addAbove), "add a row above the cursor row, at its level, as `a` adds one below (on a header: at the top of its section); nothing goes above front matter"),
                Entry(.one(.addSection), "add a section after the current one; the modal asks for its title (not in plain text, which holds no sections: help does not list it there)"),
                Entry(.one(.rename), "rename the row or section under the cursor (modal, prefilled; a task's text starts with its checkbox, `[ ] ` or `[x] `, so it can be removed or added there; an item of several lines shows its whole first paragraph, each line break as ` ⏎ `, see \"Renaming a multi-line item\")"),
                Entry(.pair(.moveUp, .moveDown), "move the row with its nested rows one step up or down (see Nested rows; with rows hidden, see Filter)"),
                Entry(.pair(.indent, .outdent), "indent or outdent the row with its nested rows (see Outline)"),
                Entry(.pair(.collapse, .expand), "collapse or expand the row's nested rows, or on a header its section's rows (see Outline)"),
                Entry(.one(.board), "the board view on or off: sections side by side as lanes, top-level rows as cards (see The board view)"),
                Entry(.pair(.previousLane, .nextLane), "in the board view: the cursor to the previous, the next lane, at the same card (the list view collapses and expands with these keys)"),
                Entry(.pair(.moveLeft, .moveRight), "move the card the cursor is in (a top-level row with its nested rows) to the previous, the next lane, at the same index among its cards (or the lane's end), after the passages that open the lane; sections that are not lanes are passed over; one undo step (see The board view)"),
                Entry(.one(.filter), "filter: a line at the bottom narrows the list as you type; Enter keeps it, Esc clears it (see Filter)"),
                Entry(.one(.command), "a command line, as in vim: `:w` saves (`:w NAME` saves as NAME, asking before overwriting), `:q` quits (asking about unsaved changes), `:q!` quits dropping them without a question, `:wq` and `:x` save and quit (`:x` writes only when there are changes), `:e!` reads the file again dropping unsaved changes (undo brings them back), `:N` goes to item N; an unknown command is named in an error"),
                Entry(.pair(.nextMatch, .previousMatch), "go to the next, the previous row containing the last filter text, also after Esc cleared the filter; past the last match it wraps around and says so"),
                Entry(.one(.cancel), "clears the filter"),
                Entry(.one(.toggle), "check or uncheck a task's checkbox (`[ ]` ↔ `[x]`: in a Markdown file only that character changes); one undo step. On a row without a checkbox it changes nothing and says `Not a task: c adds a checkbox` (in plain text every row is a task). A passage has none"),
                Entry(.one(.check), "check or uncheck the row's checkbox; a row without one becomes a checked task (`[x] `). Config name `check`"),
                Entry(.one(.copy), "copy the row with its nested rows into the register (see Copy and paste)"),
                Entry(.pair(.pasteAfter, .pasteBefore), "paste the register after the cursor row (as a terminal paste goes) / before it; a delete puts what it removed in the register"),
                Entry(.one(.swipe), "swipe-to-delete: the row shows its `Delete` button (see Swiped row). The editor stays in normal mode: its header still says `Edit`. On a row with nested rows it asks `Delete \"Trip\" and 2 nested rows? (y/n)` instead; `y` deletes the row with them (see Nested rows)"),
                Entry(.one(.undo), "undo (a drag, a section move, an add, a rename, a toggle, a delete is one step)"),
                Entry(.one(.redo), "redo"),
                Entry(.one(.save), "save (asks for a name when the list has none; asks before overwriting a file changed on disk)"),
                Entry(.one(.saveAs), "save as: asks for a file name (prefilled with the current one). A format that cannot hold the whole list says so first, in one line (`list.txt cannot hold 2 section titles, 3 nested rows: save anyway? (y/n)`; see docs/file-formats.md, \"Saving under another format\"); then a file that exists is replaced only after `keep.md exists: overwrite? (y/n)`. `y` goes on, `n` returns to the name prompt; nothing is written before the answers. The editor then edits the new file, holding the list as written (undo gives back what the format dropped)"),
                Entry(.one(.quit), "quit; with unsaved changes: `Save changes? (y/n/Esc)`"),
                Entry(.one(.help), "help for the current mode (`↑ ↓` scroll a help taller than the screen, any other key closes it)"),
                Entry(.one(.suspend), "suspend; `fg` resumes and redraws"),
            ]
        case .edit:
            return [
                Entry(.pair(.up, .down), "move over rows and section headers"),
                Entry(.all([.pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .firstItem, .lastItem]), "a screen or half a screen up or down, first header, last row, first item, last item, as in normal mode"),
                Entry(.one(.pickUp), "pick up the row (one with `≡`) or the section header under the cursor; see Dragging"),
                Entry(.pair(.moveUp, .moveDown), "move the row (with its nested rows) or section one step at once"),
                Entry(.one(.deleteControl), "press the row's delete control: its `Delete` button shows (see Delete button); on a row with nested rows it asks `Delete \"Trip\" and 2 nested rows? (y/n)` instead (see Nested rows). On a section header: asks `Delete section \"Veg\": 2 rows, 1 passage? (y/n)`; `y` deletes the section with everything in it (one undo step, also after a save: it comes back with its passages and lines as they were; its rows go into the register)"),
                Entry(.one(.insertControl), "press the insert control of the section's `Add item` row (the table commits the insert for that row only): a modal asks for the new row's text; in an empty list (no `Add item` row yet) the add modal opens as in normal mode"),
                Entry(.one(.rename), "rename"),
                Entry(.one(.check), "check or uncheck the row's checkbox (Space picks rows up here), adding one to a row without; with rows selected, check them all if any is unchecked or not a task, else uncheck them all"),
                Entry(.one(.select), "select or deselect the row: selected rows show `●`, the others `○`; with rows selected, `-` `x` Delete, Space, `H` `L`, `K` `J`, `c` and `y` act on all of them, each one undo step (see Selecting rows)"),
                Entry(.all([.copy, .pasteAfter, .pasteBefore]), "copy, paste after, paste before, as in normal mode (`y` copies the selection when rows are selected)"),
                Entry(.all([.indent, .outdent, .collapse, .expand, .filter, .nextMatch, .previousMatch, .command]), "indent, outdent, collapse, expand, filter, next and previous match, command line, as in normal mode"),
                Entry(.all([.previousLane, .nextLane, .moveLeft, .moveRight]), "in the board view: lanes, and a card to the previous or next lane, as in normal mode"),
                Entry(.all([.undo, .redo, .save, .saveAs, .quit, .help, .suspend]), "undo, redo, save, save as, quit, help, suspend, as in normal mode"),
                Entry(.all([.edit, .cancel]), "`Done`: back to normal mode. Esc cancels the innermost thing in progress: a prompt, then a drag, then a `Delete` button, then a selection, then the filter; with none of these, `Done`"),
            ]
        case .dragging:
            return [
                Entry(.pair(.up, .down), "propose the next slot up or down (the delegate may retarget it; the rows around slide, a section moves past its neighbours)"),
                Entry(.pair(.moveUp, .moveDown), "the same, one slot"),
                Entry(.pair(.previousLane, .nextLane), "in the board view: propose the same index in the previous, the next lane (the lane's end when it has fewer cards)"),
                Entry(.one(.pickUp), "drop (one `moveRow` call, none if it is back where it started)"),
                Entry(.one(.cancel), "put it back: nothing has moved"),
                Entry(.one(.suspend), "suspend"),
            ]
        case .deleteButton:
            return [
                Entry(.one(.confirm), "delete the row"),
                Entry(.one(.cancel), "keep it; any other key also dismisses the button, then acts as in edit mode"),
                Entry(.one(.suspend), "suspend"),
            ]
        case .swiped:
            return [
                Entry(.pair(.chooseLeft, .chooseRight), "choose among the row's buttons"),
                Entry(.one(.confirm), "press the chosen button (`Delete` deletes the row)"),
                Entry(.one(.swipe), "swipe all the way: the first button's action (delete)"),
                Entry(.one(.cancel), "close the row; any other key also closes it, then acts as in normal mode"),
                Entry(.one(.suspend), "suspend"),
            ]
        case .entry:
            return [
                Entry(.one(.confirm), "save the text"),
                Entry(.one(.cancel), "cancel"),
                Entry(.pair(.line(.moveLeft), .line(.moveRight)), "move over the text (a wide or combined character is one)"),
                Entry(.pair(.line(.moveToStart), .line(.moveToEnd)), "go to the start, the end"),
                Entry(.pair(.line(.deleteBackward), .line(.deleteForward)), "erase before, after the cursor"),
                Entry(.one(.line(.deleteToStart)), "erase to the start"),
                Entry(.one(.line(.deleteToEnd)), "erase to the end"),
                Entry(.one(.line(.deleteWordBackward)), "erase the word before the cursor"),
                Entry(.one(.suspend), "suspend"),
            ]
        case .prompt:
            return [
                Entry(.one(.yes), "yes"),
                Entry(.one(.no), "no"),
                Entry(.one(.cancel), "cancel (`later`, for offered recovery files)"),
                Entry(.one(.answer(.reload)), "the file changed on disk: reload it (drops my edits; undo brings them back)"),
                Entry(.one(.answer(.keep)), "keep my edits (saving asks before overwriting the file)"),
                Entry(.one(.answer(.merge)), "merge the file on disk, or offered recovery edits, with mine, row by row"),
                Entry(.one(.answer(.restore)), "restore the unsaved edits an ended listedit left"),
                Entry(.one(.answer(.discard)), "discard them"),
                Entry(.one(.answer(.readOnly)), "the file is open in another listedit: open it read-only"),
                Entry(.one(.answer(.editAnyway)), "edit anyway"),
                Entry(.one(.answer(.quit)), "quit"),
                Entry(.one(.suspend), "suspend"),
            ]
        }
    }

    /// The keys of `action` in `mode` as the table binds them.
    func keys(_ action: KeyAction, _ mode: KeyMode) -> [Key] { keymap.keys(for: action, in: mode) }

    /// The keys an entry lists, each written by `name`: pairs side by side (`↑ ↓, k j`), lists
    /// joined with commas.
    func keyText(_ keys: Keys, in mode: KeyMode, _ name: (Key) -> String) -> String {
        switch keys {
        case .one(let a):
            return self.keys(a, mode).map(name).joined(separator: ", ")
        case .pair(let a, let b):
            return zip(self.keys(a, mode), self.keys(b, mode)).map { "\(name($0)) \(name($1))" }.joined(separator: ", ")
        case .all(let list):
            return list.flatMap { self.keys($0, mode) }.map(name).joined(separator: ", ")
        }
    }

    /// A key as Markdown writes it: typed characters in backticks, named keys as words (`Ctrl-R`).
    static func markdownName(_ key: Key) -> String {
        switch key {
        case .char(" "): return "Space"
        case .char(let c): return "`\(c)`"
        case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
        case .up, .down, .left, .right: return "`\(key.label)`"
        default: return key.label
        }
    }

    /// A key as the man page writes it (roff, bold by the caller).
    static func roffName(_ key: Key) -> String {
        switch key {
        case .char(" "): return "Space"
        case .ctrl(let c): return "Ctrl\\-" + String(c).uppercased()
        default: return roff(key.label)
        }
    }

    /// `text` escaped for roff: backslashes, hyphens, arrows; backticks dropped.
    static func roff(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "↑": out += "\\(ua"
            case "↓": out += "\\(da"
            case "←": out += "\\(<-"
            case "→": out += "\\(->"
            case "↔": out += "\\(<>"
            case "`": break
            default: out.append(c)
            }
        }
        if out.first == "." || out.first == "'" { out = "\\&" + out }
        return out
    }

    /// docs/keys.md's table for `mode`.
    public func markdown(_ mode: KeyMode) -> String {
        var lines = ["| key | action |", "|---|---|"]
        for e in entries(mode) {
            let keys = keyText(e.keys, in: mode, Self.markdownName)
            if keys.isEmpty { continue }
            lines.append("| \(keys) | \(e.text) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The man page's KEYS section body: a subsection per mode.
    public func manPage() -> String {
        var lines: [String] = []
        for mode in [KeyMode.normal, .edit, .dragging, .entry, .prompt] {
            lines.append(".SS " + mode.title)
            for e in entries(mode) {
                let keys = keyText(e.keys, in: mode, Self.roffName)
                if keys.isEmpty { continue }
                lines += [".TP", ".B " + keys.replacingOccurrences(of: ", ", with: " "), Self.roff(short(e, in: mode))]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The README's key table: normal and edit mode side by side, in short words.
    public func readme() -> String {
        let normal = entries(.normal).map { (keyText($0.keys, in: .normal, Self.markdownName), short($0, in: .normal)) }
        let edit = entries(.edit).map { (keyText($0.keys, in: .edit, Self.markdownName), short($0, in: .edit)) }
        var lines = ["| normal mode | | edit mode (\(keyText(.one(.edit), in: .normal, Self.markdownName))) | |", "|---|---|---|---|"]
        for i in 0..<max(normal.count, edit.count) {
            let n = i < normal.count ? normal[i] : ("", ""), e = i < edit.count ? edit[i] : ("", "")
            lines.append("| \(n.0) | \(n.1) | \(e.0) | \(e.1) |")
        }
        return lines.joined(separator: "\n")
    }
}
