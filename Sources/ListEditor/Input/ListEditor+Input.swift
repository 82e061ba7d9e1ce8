import ListDocument
import TableKit
import TerminalUI
import TableRendering
import KeyBindings

/// Input: every key is looked up in the key table (`keymap`) for the mode the innermost thing in
/// progress sets (`keyMode`); table actions go to the edit controller as intents, the editor's own
/// (add, rename, undo, save, quit, help) are performed here. A key that does nothing says why in
/// the status line.
extension ListEditor {
    /// One input event: the input half of the update step (`update(.input(event))`).
    func handleInput(_ event: InputEvent) {
        switch event {
        case .resize(let w, let h):
            size = (w, h)
        case .tick:
            stepDragPastEdge()
            checkDiskIfDue()
            writeRecoveryIfDue()
        case .paste(let text):
            finishViewAnimations()
            message = nil
            paste(text)
        case .mouse(let m):
            finishViewAnimations()
            handleMouse(m)
        case .key(let key):
            finishViewAnimations()
            message = nil
            handleKey(key)
        }
    }

    /// Which keys apply now: a prompt, then the text entry, then the table's interaction.
    public var keyMode: KeyMode { KeyMode(tableView.interaction, entry: self.mode.entry != nil, prompt: self.mode.prompt != nil) }

    /// The actions the editor performs: all of the table's (Enter in normal mode renames: its
    /// binding comes before the demos' select).
    nonisolated static func offers(_ action: KeyAction) -> Bool { true }

    /// Handles a key; one that changed nothing and said nothing gets a line saying why: the
    /// action's own reason (`KeyOutcome.refused`), else why nothing happens in the mode it was
    /// pressed in (`whyNothing`).
    func handleKey(_ key: Key) {
        let mode = keyMode
        let outcome = handleKeyOnly(key)
        if outcome == .unchanged { say(whyNothing(key, in: mode)) } else { tell(outcome) }
    }

    /// Shows why an action did nothing when it says (`.refused`); the other outcomes show nothing.
    func tell(_ outcome: KeyOutcome) {
        if case .refused(let why, let error) = outcome { say(why, error: error) }
    }

    /// Why `key`, pressed in `mode`, did nothing, with the keys that do something there as bound.
    func whyNothing(_ key: Key, in mode: KeyMode) -> String {
        func k(_ action: KeyAction, _ m: KeyMode, _ limit: Int = 1) -> String { keymap.hint(action, in: m, limit: limit) }
        switch mode {
        case .prompt:
            let answers = self.mode.prompt.map { $0.letters.isEmpty ? [k(.yes, .prompt), k(.no, .prompt)] : $0.letters.map { k(.answer($0), .prompt) }.sorted() } ?? []
            return "answer " + answers.joined(separator: ", ") + " or " + k(.cancel, .prompt)
        case .entry:
            return "\(key.label) does nothing in the text entry: \(k(.confirm, .entry)) saves, \(k(.cancel, .entry)) cancels"
        case .deleteButton:
            let name = tableView.deleteConfirmation.map { controller.name(of: $0) } ?? "The row"
            return "\(name) shows its Delete button: \(k(.confirm, .deleteButton, 2)) deletes, \(k(.cancel, .deleteButton)) keeps it"
        case .swiped:
            return "No other button that way: \(k(.confirm, .swiped)) presses it, \(k(.cancel, .swiped)) closes"
        default:
            return "\(key.label) does nothing here"
        }
    }

    /// Looks `key` up in the key table for the innermost thing in progress and performs it.
    func handleKeyOnly(_ key: Key) -> KeyOutcome {
        if self.mode.showsHelp { return handleHelpKey(key) }
        if self.mode.pendingKey != nil, keymap.resolve(key, in: keyMode)?.action == .cancel {
            endMode()
            return .refused("Stopped waiting: the file is still being read")
        }
        let mode = keyMode
        // A letter answer is looked up among those the prompt showing offers.
        let letters = self.mode.prompt?.letters ?? []
        let offered = { (action: KeyAction) -> Bool in
            if case .answer(let answer) = action { return letters.contains(answer) }
            return self.offers(action)
        }
        guard let (action, found) = keymap.resolve(key, in: mode, offered: offered) else {
            switch (mode, key) {
            case (.entry, .char(let c)):
                editEntry { $0.apply(.insert(c)) }
                entryLineChanged()
                return .changed
            case (.entry, _), (.prompt, _): return .unchanged
            case (.dragging, _): return .refused(tableView.rowDrag != nil ? "Drop the row or put it back first" : "Drop the section or put it back first")
            default: return .refused("\(key.label) does nothing in \(mode.title.lowercased())")
            }
        }
        return perform(action, in: found, from: mode)
    }

    /// Performs one action of the key table and returns what it did; `mode` is where it was
    /// found, `current` the mode the key was pressed in (a Delete button or swiped row falls back
    /// to edit or normal mode).
    @discardableResult
    func perform(_ action: KeyAction, in mode: KeyMode, from current: KeyMode) -> KeyOutcome {
        if readOnly && Self.edits(action) { return readOnlyRefusal }
        if document.isLoading {
            if needsWholeList(action, in: mode) { wait(for: action, in: mode, from: current); return .changed }
            if (action == .down || action == .pageDown || action == .halfPageDown) && atLoadedEnd { say(progressLine) }
        }
        switch (action, mode) {
        case (.answer(let answer), _): return answerPrompt(.letter(answer))
        case (.yes, _): return answerPrompt(.yes)
        case (.no, _): return answerPrompt(.no)
        case (.cancel, .prompt): return answerPrompt(.cancel)
        case (.line(let edit), _):
            let before = self.mode.entry?.text.line
            editEntry { $0.apply(edit) }
            if let line = self.mode.entry?.text.line, line == before { return .refused(Self.whyLineUnchanged(edit, line)) }
            entryLineChanged()
            return .changed
        case (.confirm, .entry): return finishEntry(self.mode.entry?.text.line.string)
        case (.cancel, .entry): return finishEntry(nil)
        case (.cancel, .normal) where isFiltering && current == .normal,
             (.cancel, .edit) where isFiltering && current == .edit && tableView.indexPathsForSelectedRows == nil:
            // Esc: the filter goes after what is in progress (a drag, a Delete button, a selection).
            return clearFilter()
        case (.firstItem, _), (.lastItem, _):
            let dismissed = current != mode
            if dismissed { controller.dismissButtons() }
            let outcome = goToItem(last: action == .lastItem)
            return dismissed && outcome == .unchanged ? .changed : outcome
        default:
            if let intent = action.intent(in: mode), action != .insertControl {
                return KeyOutcome(performIntent(intent))
            }
            // The editor's own actions first dismiss a Delete button or a swiped row.
            if current != mode { controller.dismissButtons() }
            switch action {
            case .add: return addRow()
            case .addAbove: return addRow(above: true)
            case .insertControl: return pressAddItem()
            case .addSection: return addSection()
            case .rename: return rename()
            case .toggle: return hasSelection ? toggleSelected() : toggle(tasksOnly: true)
            case .check: return hasSelection ? toggleSelected() : toggle(tasksOnly: false)
            case .copy: return copyRows()
            case .pasteAfter: return pasteRegister(before: false)
            case .pasteBefore: return pasteRegister(before: true)
            case .undo: return undo()
            case .redo: return redo()
            case .save: return save()
            case .saveAs: return saveAs(document.path ?? "")
            case .quit: return quit()
            case .help: showHelp(); return .changed
            case .suspend: wantsSuspend = true; return .changed
            case .filter: return beginFilter()
            case .command: beginCommand(); return .changed
            case .nextMatch: return goToMatch(forward: true)
            case .previousMatch: return goToMatch(forward: false)
            case .indent: return indent(by: 1)
            case .outdent: return indent(by: -1)
            case .board: toggleView(); return .changed
            case .previousLane: return KeyOutcome(performIntent(mode == .dragging ? .stepAcross(.left) : .moveCursorAcross(.left)))
            case .nextLane: return KeyOutcome(performIntent(mode == .dragging ? .stepAcross(.right) : .moveCursorAcross(.right)))
            case .moveLeft: return KeyOutcome(moveCardToLane(-1))
            case .moveRight: return KeyOutcome(moveCardToLane(1))
            default: return .refused("\(action.name ?? "That") does nothing here")
            }
        }
    }

    /// Why a line edit changed nothing: the line is empty, or the cursor is at the end it goes to.
    nonisolated static func whyLineUnchanged(_ edit: LineEdit, _ line: LineEditor) -> String {
        if line.text.isEmpty { return "The line is empty" }
        switch edit {
        case .moveLeft, .moveToStart, .deleteBackward, .deleteToStart, .deleteWordBackward: return "At the start of the line"
        default: return "At the end of the line"
        }
    }

    /// Whether `action` changes the list or the file (refused while read-only): its record says.
    nonisolated static func edits(_ action: KeyAction) -> Bool { action.record.edits }

    var readOnlyRefusal: KeyOutcome {
        .refused("Read-only: \(displayName) is open in another listedit (\(keymap.hint(.saveAs, in: .normal)) saves a copy)", error: true)
    }

    /// The key of a prompt's answer as the key table binds it in prompts, as help names it: `r`,
    /// `y`, `Esc`. Prompts are never remapped, but their keys still come from the table.
    func answerKey(_ action: KeyAction) -> String {
        keymap.keys(for: action, in: .prompt, limit: 1).first?.label ?? "?"
    }

    /// A prompt's letter answers with their keys: `r restore · d discard · Esc later`.
    /// Each answer's words are its record's (`KeyAction.record`), with what `notes` adds to them
    /// in this prompt (`reload (drop my edits)`), or what `instead` says instead (`Esc later`).
    func answerOptions(_ answers: [KeyAction], notes: [KeyAction: String] = [:], instead: [KeyAction: String] = [:]) -> String {
        answers.map { action in
            let words = instead[action] ?? ((action.record.help(in: .prompt) ?? "") + (notes[action].map { " (\($0))" } ?? ""))
            return "\(answerKey(action)) \(words)"
        }.joined(separator: " · ")
    }

    /// A yes/no prompt's keys: `(y/n)`, or `(y/n/Esc)` when `cancel` is offered too.
    func yesNo(cancel: Bool = false) -> String {
        "(" + ([answerKey(.yes), answerKey(.no)] + (cancel ? [answerKey(.cancel)] : [])).joined(separator: "/") + ")"
    }

    /// Shows why an intent did nothing.
    func report(_ outcome: TableOutcome) {
        if case .refused(let why) = outcome { say(why.description) }
    }

    /// Answers the prompt showing: a letter it offers, or `y`, `n` or Esc (a prompt of letters
    /// takes only Esc besides them). The answer is a message (`.answered`), which closes it.
    @discardableResult
    func answerPrompt(_ reply: PromptReply) -> KeyOutcome {
        guard let prompt = self.mode.prompt else { return .unchanged }
        switch reply {
        case .letter(let letter): guard prompt.letters.contains(letter) else { return .unchanged }
        case .yes, .no: guard prompt.letters.isEmpty else { return .unchanged }
        case .cancel: break
        }
        receive(.answered(prompt.kind, reply))
        return .changed
    }

    /// Closes the text entry with its text (nil: cancelled): a message (`.entered`) with what
    /// the entry was for.
    @discardableResult
    func finishEntry(_ text: String?) -> KeyOutcome {
        guard let entry = self.mode.entry else { return .unchanged }
        receive(.entered(entry.kind, text))
        return .changed
    }
}
