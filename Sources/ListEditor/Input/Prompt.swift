import KeyBindings
import TerminalUI

/// A question in the status line: yes/no, or letters (`r` reload, `k` keep mine…). What an
/// answer does is its kind's (`PromptKind`), done by `ListEditor.answered(_:_:)` when the
/// `.answered(kind, reply)` message comes: the prompt holds no code.
struct Prompt: Equatable {
    /// What is asked about, e.g. `list.md changed on disk`; cut with `…` when the line is narrow.
    var question: String
    /// The answers as shown, e.g. `r reload · k keep mine · m merge` or `(y/n)`; always shown
    /// whole (see `line(note:width:widths:ellipsis:)`).
    var options: String
    /// What is asked, with what the answers need.
    var kind: PromptKind

    /// The letter answers offered (their keys are the key table's, `KeyAction.answer`): when
    /// there are any, the prompt takes only these and Esc, and `y`/`n` leave it showing.
    var letters: [PromptAnswer] { kind.letters }

    /// The whole prompt as one sentence (what a key changed is compared on it).
    var text: String { question.isEmpty ? options : question + ": " + options }

    /// The status line for the prompt in `width` columns, with `note` (what the last key got)
    /// after it in parentheses: `question: options  (note)`. When it does not fit, the question
    /// is cut first (with `ellipsis`, down to 16 columns: it was read before the key), then the
    /// note; the options are never cut, so every answer stays visible.
    func line(note: String?, width: Int, widths: WidthProfile, ellipsis: String) -> String {
        let noteText = note.map { "  (\($0))" } ?? ""
        if widths.width(of: text + noteText) <= width { return text + noteText }
        let tail = question.isEmpty ? options : ": " + options
        var room = width - widths.width(of: tail)          // for the question and the note
        var keptNote = ""
        if let note {
            let noteRoom = room - min(widths.width(of: question), 16)
            if noteRoom >= widths.width(of: noteText) {
                keptNote = noteText
            } else if noteRoom >= 10 {
                keptNote = "  (" + widths.truncate(note, to: noteRoom - 4, ellipsis: ellipsis) + ")"
            }
            room -= widths.width(of: keptNote)
        }
        let cut = room > 0 ? widths.truncate(question, to: room, ellipsis: ellipsis) : ""
        return (cut.isEmpty ? options : cut + tail) + keptNote
    }
}
