import TerminalUI
import TestSupport

/// One action of a random editor session, as the keys a user presses for it. Its `description`
/// is Swift source (`.add("Milk")`), so a shrunk failing session prints as a regression test.
enum SessionStep: Hashable, CustomStringConvertible {
    case down(Int), up(Int), top, bottom
    /// `K` / `J`: the row with its nested rows one step up / down.
    case moveUp, moveDown
    case indent, outdent
    /// Space: check or uncheck.
    case toggle
    /// `a`, the text, Enter.
    case add(String)
    /// `A`, the title, Enter.
    case addSection(String)
    /// `r`, the text appended to the row's, Enter.
    case rename(String)
    /// `r`, End, Backspace `count` times, the text, Enter: on an item of several lines, the end
    /// of its first paragraph edited (its last line changed, or lines joined where a ` ⏎ ` was
    /// erased; issue 28).
    case renameErasing(Int, String)
    /// `d`, `y`: the row (a parent with its nested rows, after its question).
    case delete
    /// `e`, `x`, `y`, `e`: the row's delete control, or on a header the section.
    case editDelete
    /// `e`, `v` on `count` rows going down, `x`, `y`, `e`: a selection.
    case deleteSelection(Int)
    case copy, paste, pasteBefore
    /// A bracketed paste of `SessionStep.outlines[n]`.
    case pasteOutline(Int)
    case undo, redo
    /// `/`, the text, Enter.
    case filter(String)
    /// Esc: clears the filter (and closes whatever else is open).
    case escape
    case collapse, expand
    /// `e`, Space, one arrow per step (true: down), Space, `e`: a drag in edit mode.
    case drag([Bool])
    /// `e`, Space, arrows, Esc, `e`: a drag put back.
    case dragCancelled([Bool])
    /// Esc three times (closes what is open), then `s`.
    case save
    /// `o`, `O`, the text, Enter: a row added below, above the cursor row.
    case addBelow(String), addAbove(String)
    /// `B`: the board view on or off.
    case board
    /// `H` (false) / `L` (true): the card to the previous, the next lane.
    case laneMove(Bool)
    /// `e`, `v` on `count` rows going down, `K` (up: true) or `J`, `e`: a selection moved.
    case selectionMove(Int, up: Bool)
    /// `e`, `v` on `count` rows going down, `H` (false) or `L` (true), `e`.
    case selectionLaneMove(Int, right: Bool)
    /// `e`, `v` on `count` rows going down, Space, one arrow per step (true: down), Space, `e`:
    /// a selection dragged.
    case selectionDrag(Int, [Bool])
    /// `e`, `v` on `count` rows going down, `y`, `e`: a selection copied (the paste steps paste it).
    case copySelection(Int)
    /// `e`, the cursor row's handle pressed with the mouse, dragged `lines` screen lines down (up
    /// when negative) a line at a time, released, `e` (`EditorSession.mouseDrag`).
    case mouseDrag(Int)
    /// `S`, the name typed over the prefilled one, Enter, `y` to each question (what the format
    /// cannot hold, overwriting): the editor goes on in the new file (`EditorSession.saveAs`).
    case saveAs(String)
    /// The editor killed (SIGTERM: its recovery file written as the run loop writes it), a new
    /// editor opened on the file, and `r` restoring the edits it offers (`EditorSession.crash`).
    case crash

    /// Outlines as terminals paste them: a nested first line, tasks, numbers, plain lines.
    static let outlines = [
        "  - child A\n- Parent B\n  - child of B\n",
        "- [ ] pasted task\n  - [x] its sub-task\n",
        "1. first pasted\n2. second pasted\n",
        "plain pasted line\nanother pasted line\n",
        "\t- tabbed child\n- tabbed parent\n",
    ]

    var description: String {
        switch self {
        case .down(let n): ".down(\(n))"
        case .up(let n): ".up(\(n))"
        case .add(let s): ".add(\(s.debugDescription))"
        case .addSection(let s): ".addSection(\(s.debugDescription))"
        case .rename(let s): ".rename(\(s.debugDescription))"
        case .renameErasing(let n, let s): ".renameErasing(\(n), \(s.debugDescription))"
        case .filter(let s): ".filter(\(s.debugDescription))"
        case .deleteSelection(let n): ".deleteSelection(\(n))"
        case .pasteOutline(let n): ".pasteOutline(\(n))"
        case .drag(let d): ".drag(\(d))"
        case .dragCancelled(let d): ".dragCancelled(\(d))"
        case .top: ".top"
        case .bottom: ".bottom"
        case .moveUp: ".moveUp"
        case .moveDown: ".moveDown"
        case .indent: ".indent"
        case .outdent: ".outdent"
        case .toggle: ".toggle"
        case .delete: ".delete"
        case .editDelete: ".editDelete"
        case .copy: ".copy"
        case .paste: ".paste"
        case .pasteBefore: ".pasteBefore"
        case .undo: ".undo"
        case .redo: ".redo"
        case .escape: ".escape"
        case .collapse: ".collapse"
        case .expand: ".expand"
        case .save: ".save"
        case .crash: ".crash"
        case .addBelow(let s): ".addBelow(\(s.debugDescription))"
        case .addAbove(let s): ".addAbove(\(s.debugDescription))"
        case .board: ".board"
        case .laneMove(let right): ".laneMove(\(right))"
        case .selectionMove(let n, let up): ".selectionMove(\(n), up: \(up))"
        case .selectionLaneMove(let n, let right): ".selectionLaneMove(\(n), right: \(right))"
        case .selectionDrag(let n, let d): ".selectionDrag(\(n), \(d))"
        case .copySelection(let n): ".copySelection(\(n))"
        case .mouseDrag(let lines): ".mouseDrag(\(lines))"
        case .saveAs(let name): ".saveAs(\(name.debugDescription))"
        }
    }

    /// The events the step sends.
    var events: [InputEvent] {
        func keys(_ k: Key...) -> [InputEvent] { k.map { .key($0) } }
        func typed(_ s: String) -> [InputEvent] { s.map { .key(.char($0)) } }
        func arrows(_ d: [Bool]) -> [InputEvent] { d.map { .key($0 ? .down : .up) } }
        func selecting(_ n: Int) -> [InputEvent] {
            var e = keys(.char("e"))
            for i in 0..<n { e += keys(.char("v")); if i < n - 1 { e += keys(.down) } }
            return e
        }
        switch self {
        case .down(let n): return Array(repeating: .key(.down), count: n)
        case .up(let n): return Array(repeating: .key(.up), count: n)
        case .top: return keys(.char("g"))
        case .bottom: return keys(.char("G"))
        case .moveUp: return keys(.char("K"))
        case .moveDown: return keys(.char("J"))
        case .indent: return keys(.tab)
        case .outdent: return keys(.backTab)
        case .toggle: return keys(.char(" "))
        case .add(let s): return keys(.char("a")) + typed(s) + keys(.enter)
        case .addSection(let s): return keys(.char("A")) + typed(s) + keys(.enter)
        case .rename(let s): return keys(.char("r"), .end) + typed(s) + keys(.enter)
        case .renameErasing(let n, let s):
            return keys(.char("r"), .end) + Array(repeating: .key(.backspace), count: n) + typed(s) + keys(.enter)
        case .delete: return keys(.char("d"), .char("y"))
        case .editDelete: return keys(.char("e"), .char("x"), .char("y"), .char("e"))
        case .deleteSelection(let n): return selecting(n) + keys(.char("x"), .char("y"), .char("e"))
        case .copy: return keys(.char("y"))
        case .paste: return keys(.char("p"))
        case .pasteBefore: return keys(.char("P"))
        case .pasteOutline(let n): return [.paste(Self.outlines[n % Self.outlines.count])]
        case .undo: return keys(.char("u"))
        case .redo: return keys(.ctrl("r"))
        case .filter(let s): return keys(.char("/")) + typed(s) + keys(.enter)
        case .escape: return keys(.escape)
        case .collapse: return keys(.left)
        case .expand: return keys(.right)
        case .drag(let d): return keys(.char("e"), .char(" ")) + arrows(d) + keys(.char(" "), .char("e"))
        case .dragCancelled(let d): return keys(.char("e"), .char(" ")) + arrows(d) + keys(.escape, .char("e"))
        case .save: return keys(.escape, .escape, .escape, .char("s"))
        case .crash: return []   // `EditorSession.crash` ends the editor and opens another
        case .addBelow(let s): return keys(.char("o")) + typed(s) + keys(.enter)
        case .addAbove(let s): return keys(.char("O")) + typed(s) + keys(.enter)
        case .board: return keys(.char("B"))
        case .laneMove(let right): return keys(.char(right ? "L" : "H"))
        case .selectionMove(let n, let up): return selecting(n) + keys(.char(up ? "K" : "J"), .char("e"))
        case .selectionLaneMove(let n, let right): return selecting(n) + keys(.char(right ? "L" : "H"), .char("e"))
        case .selectionDrag(let n, let d): return selecting(n) + keys(.char(" ")) + arrows(d) + keys(.char(" "), .char("e"))
        case .copySelection(let n): return selecting(n) + keys(.char("y"), .char("e"))
        case .mouseDrag, .saveAs: return []   // `EditorSession` sends them: they read the screen, the prompts
        }
    }

    /// Whether the step moves rows (a done lane's rule applies: `EditorSession.checkboxChange`).
    var moves: Bool {
        switch self {
        case .moveUp, .moveDown, .drag, .laneMove, .selectionMove, .selectionLaneMove, .selectionDrag, .mouseDrag: true
        default: false
        }
    }

    /// A random step, the kinds weighted as people use them (moves and edits often, saves now
    /// and then): every edit that writes the file, in the list and on the board.
    static func random(using g: inout SplitMix64) -> SessionStep {
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        let words = ["Milk", "[ ] new task", "[x] done", "Ölkanne", "*emph* text", "1. not a number", "x"]
        let roll = int(0...119)
        switch roll {
        case 0..<10: return .down(int(1...4))
        case 10..<15: return .up(int(1...3))
        case 15..<17: return int(0...1) == 0 ? .top : .bottom
        case 17..<24: return .moveUp
        case 24..<31: return .moveDown
        case 31..<36: return .indent
        case 36..<40: return .outdent
        case 40..<44: return .toggle
        case 44..<48: return .add(words[int(0...words.count - 1)])
        case 48..<49: return .addSection("Section \(int(1...9))")
        case 49..<51: return .rename(" \(words[int(0...words.count - 1)])")
        case 51..<52: return .renameErasing(int(1...12), [" x", "", " ⏎ next line", "end"][int(0...3)])
        case 52..<56: return .delete
        case 56..<58: return .editDelete
        case 58..<60: return .deleteSelection(int(1...3))
        case 60..<63: return .copy
        case 63..<67: return int(0...1) == 0 ? .paste : .pasteBefore
        case 67..<70: return .pasteOutline(int(0...outlines.count - 1))
        case 70..<78: return .undo
        case 78..<82: return .redo
        case 82..<84: return .filter(["a", "e", "py", "t"][int(0...3)])
        case 84..<85: return .escape
        case 85..<86: return .crash
        case 86..<88: return .collapse
        case 88..<90: return .expand
        case 90..<93: return .drag((0..<int(1...5)).map { _ in int(0...2) > 0 })
        case 93..<94: return .dragCancelled((0..<int(1...3)).map { _ in int(0...1) > 0 })
        case 94..<96: return .board
        case 96..<99: return .laneMove(int(0...1) == 0)
        case 99..<102: return .selectionMove(int(1...3), up: int(0...1) == 0)
        case 102..<103: return .selectionLaneMove(int(1...3), right: int(0...1) == 0)
        case 103..<105: return .selectionDrag(int(1...3), (0..<int(1...4)).map { _ in int(0...2) > 0 })
        case 105..<107: return .copySelection(int(1...3))
        case 107..<108: return .addBelow(words[int(0...words.count - 1)])
        case 108..<110: return .addAbove(words[int(0...words.count - 1)])
        case 110..<112: return .mouseDrag(int(0...1) == 0 ? -int(1...4) : int(1...6))
        case 112..<113: return .saveAs(["other.md", "list.txt", "todo.md"][int(0...2)])
        default: return .save
        }
    }
}
