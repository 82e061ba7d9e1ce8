import ListDocument
import TableKit
import TerminalUI
import TableRendering

/// Input: the edit controller gets every key first (modal, drag, edit mode, cursor); the keys it
/// does not use are the editor's own (add, rename, undo, save, quit, help).
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
            renderer.finishAnimations()
            message = nil
            paste(text)
        case .mouse(let m):
            renderer.finishAnimations()
            handleMouse(m)
        case .key(let key):
            renderer.finishAnimations()
            message = nil
            handleKey(key)
        }
    }

    /// Which keys apply now: a prompt, then the text entry, then the table's interaction.
    public var keyMode: KeyMode { KeyMode(tableView.interaction, entry: entry != nil, prompt: prompt != nil) }

    /// The actions the editor performs (the library's `select` is not bound here).
    nonisolated static func offers(_ action: KeyAction) -> Bool { action != .select }

    /// Handles a key; one that changed nothing and said nothing gets a line saying why.
    func handleKey(_ key: Key) {
        let mode = keyMode, before = keyEffect
        handleKeyOnly(key)
        if message == nil, keyEffect == before { say(whyNothing(key, in: mode)) }
    }

    /// What a key can change (see `KeyEffect`).
    var keyEffect: KeyEffect {
        KeyEffect(interaction: tableView.interaction, focus: tableView.focus, editing: tableView.isEditing,
                  selection: tableView.indexPathsForSelectedRows, swipeAction: tableView.focusedSwipeAction,
                  topLine: renderer.topLine, changes: changeCount, line: entry?.line, prompt: prompt?.text,
                  help: showsHelp, quit: wantsQuit, effectsAsked: effects.count, path: document.path, readOnly: readOnly)
    }

    /// Why `key`, pressed in `mode`, did nothing, with the keys that do something there as bound.
    func whyNothing(_ key: Key, in mode: KeyMode) -> String {
        func k(_ action: KeyAction, _ m: KeyMode, _ limit: Int = 1) -> String { keymap.hint(action, in: m, limit: limit) }
        switch mode {
        case .prompt:
            let answers = prompt.map { $0.choices.isEmpty ? [k(.yes, .prompt), k(.no, .prompt)] : $0.choices.keys.sorted().map { String($0) } } ?? []
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
    func handleKeyOnly(_ key: Key) {
        if showsHelp { showsHelp = false; return }
        if let prompt, !prompt.choices.isEmpty, case .char(let c) = key, let choice = prompt.choices[c] {
            self.prompt = nil
            choice()
            return
        }
        let mode = keyMode
        guard let (action, found) = keymap.resolve(key, in: mode, offered: Self.offers) else {
            switch (mode, key) {
            case (.entry, .char(let c)): entry?.line.apply(.insert(c))
            case (.entry, _), (.prompt, _): break
            case (.dragging, _): say(tableView.rowDrag != nil ? "Drop the row or put it back first" : "Drop the section or put it back first")
            default: say("\(key.label) does nothing in \(mode.title.lowercased())")
            }
            return
        }
        perform(action, in: found, from: mode)
    }

    /// Performs one action of the key table; `mode` is where it was found, `current` the mode the
    /// key was pressed in (a Delete button or swiped row falls back to edit or normal mode).
    func perform(_ action: KeyAction, in mode: KeyMode, from current: KeyMode) {
        if readOnly && Self.edits(action) { refuseReadOnly(); return }
        switch (action, mode) {
        case (.yes, _): answerPrompt(true)
        case (.no, _): answerPrompt(false)
        case (.cancel, .prompt): answerPrompt(nil)
        case (.line(let edit), _):
            let before = entry?.line
            entry?.line.apply(edit)
            if let line = entry?.line, line == before { say(Self.whyLineUnchanged(edit, line)) }
        case (.confirm, .entry): finishEntry(entry?.line.string)
        case (.cancel, .entry): finishEntry(nil)
        default:
            if let intent = action.intent(in: mode), action != .insertControl {
                report(performIntent(intent))
                return
            }
            // The editor's own actions first dismiss a Delete button or a swiped row.
            if current != mode { controller.perform(.cancel) }
            switch action {
            case .add: addRow()
            case .insertControl: pressAddItem()
            case .addSection: addSection()
            case .rename: rename()
            case .toggle: toggle()
            case .undo: undo()
            case .redo: redo()
            case .save: save()
            case .saveAs: saveAs(document.path ?? "")
            case .quit: quit()
            case .help: showsHelp = true
            case .suspend: wantsSuspend = true
            default: say("\(action.name ?? "That") does nothing here")
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

    /// Whether `action` changes the list or the file (refused while read-only).
    nonisolated static func edits(_ action: KeyAction) -> Bool {
        switch action {
        case .edit, .add, .addSection, .rename, .swipe, .deleteControl, .insertControl, .pickUp, .moveUp, .moveDown,
             .undo, .redo, .save:
            return true
        default:
            return false
        }
    }

    func refuseReadOnly() {
        say("Read-only: \(displayName) is open in another listedit (S saves a copy)", error: true)
    }

    /// Shows why an intent did nothing.
    func report(_ outcome: TableOutcome) {
        if case .refused(let why) = outcome { say(why.description) }
    }

    func answerPrompt(_ answer: Bool?) {
        guard let prompt else { return }
        if !prompt.choices.isEmpty && answer != nil { return }
        self.prompt = nil
        prompt.answer(answer)
    }

    /// Opens the modal text entry for a prompt the controller holds (the data source's insert
    /// presents one too). `rows` takes a paste of several lines (an add modal); without it the
    /// entry refuses one.
    func ask(_ title: String, initial: String = "", rows: (@MainActor ([PastedRow]) -> Void)? = nil,
             then completion: @escaping @MainActor (String?) -> Void) {
        controller.present(TextPrompt(title: title, initialText: initial, completion: completion))
        entry = TextEntry(title: title, text: initial)
        entryRows = rows
    }

    /// Closes the text entry with its text (nil: cancelled) and runs the prompt's completion.
    func finishEntry(_ text: String?) {
        entry = nil
        entryRows = nil
        controller.finishPrompt(with: text)
    }

    // MARK: Adding and renaming

    /// Where a row added after the cursor goes (the top of a section when on its header).
    var addTarget: IndexPath {
        switch tableView.focus {
        case .row(let p)?: return IndexPath(row: min(p.row + 1, realCount(p.section)), section: p.section)
        case .header(let s)?: return IndexPath(row: 0, section: s)
        case nil: return IndexPath(row: 0, section: 0)
        }
    }

    /// Adds a row after the cursor (at the top of a section when on its header), at the level a
    /// paste there takes (`levelAfterCursor`); a leading `[ ] ` or `[x] ` typed in the modal is
    /// the row's checkbox, as in a rename.
    func addRow() {
        var target = addTarget
        let base = levelAfterCursor
        ask("New item", rows: { [weak self] rows in self?.insertPasted(rows, at: target, base: base) }) { [weak self] text in
            guard let self, let text, !text.isEmpty else { return }
            if self.document.model.sections.isEmpty {
                self.perform(.insertSection(self.document.model.makeSection(""), at: 0))
                target = IndexPath(row: 0, section: 0)
            }
            self.perform(.insertRow(self.typedRow(text, at: target, base: base), at: target))
            self.controller.perform(.moveCursor(.to(.row(target))))
        }
    }

    /// The new row for text typed into an add modal, landing at `target` (final space) as a
    /// one-line paste would: a leading `[ ] ` or `[x] ` is its checkbox.
    func typedRow(_ text: String, at target: IndexPath, base: Int) -> ListModel.Row {
        let (checked, rest) = Self.splitCheckbox(text)
        let row = rest.isEmpty ? PastedRow(text: text) : PastedRow(text: rest, checked: checked)
        return rowsForPaste([row], at: target, base: base).rows[0]
    }

    /// `+` in edit mode presses the insert control of the `Add item` row of the cursor's section:
    /// the editor decides which row that is, and the table commits the insert for that row.
    func pressAddItem() {
        guard showsPlaceholders, let section = tableView.focus?.section, section < document.model.sections.count else {
            addRow()   // an empty list has no Add item row: the add modal, as `a` opens it
            return
        }
        report(controller.perform(.pressEditingControl(at: IndexPath(row: realCount(section), section: section))))
    }

    /// Plain text holds one untitled list: a section or a section title is refused at once.
    func refusePlainTextSection() {
        say("\(displayName) is plain text, which holds one list: save as .md (\(keymap.hint(.saveAs, in: .normal))) to add sections", error: true)
    }

    /// Adds a section after the current one; the modal asks for its title. Plain text holds one
    /// list: there it says why not, before anything is typed.
    func addSection() {
        // Plain text holds one list, new or not: say so before anything is typed (an empty .txt
        // would take the section and refuse it only at save).
        if document.format == .plainText { refusePlainTextSection(); return }
        let index = tableView.focus.map { $0.section + 1 } ?? document.model.sections.count
        ask("New section") { [weak self] title in
            guard let self, let title else { return }
            var section = self.document.model.makeSection(title)
            // A new section takes the level of the section it follows.
            if index > 0 { section.level = self.document.model.sections[index - 1].level }
            self.perform(.insertSection(section, at: index))
            self.controller.perform(.moveCursor(.to(.header(index))))
        }
    }

    /// Renames the row or section under the cursor (modal, prefilled).
    func rename() {
        switch tableView.focus {
        case .row(let p)? where !isPlaceholder(p):
            let row = document.model[p]
            guard !row.isPassage else { say("A passage is kept as the file has it: it cannot be renamed"); return }
            // A task's checkbox is part of what is edited, so it can be removed or added here.
            let old = Self.checkboxPrefix(row.checkbox) + row.text
            ask("Rename", initial: old) { [weak self] text in
                guard let self, let text, text != old, !text.isEmpty else { return }
                var new = row
                (new.checkbox, new.text) = Self.splitCheckbox(text)
                if new.checkbox == row.checkbox {
                    self.perform(.renameRow(at: p, from: row.text, to: new.text))
                } else {
                    self.perform(.changeRow(at: p, from: row, to: new))
                }
            }
        case .row?:
            say("\(placeholderText) is not a row: \(keymap.hint(.insertControl, in: .edit)) adds one")
        case nil:
            say("Nothing to rename: the list is empty")
        case .header(let s)?:
            if document.format == .plainText { refusePlainTextSection(); return }
            let old = document.model.sections[s].title
            ask("Section title", initial: old) { [weak self] title in
                guard let self, let title, title != old else { return }
                self.perform(.renameSection(s, from: old, to: title))
            }
        }
    }

    /// `[ ] ` or `[x] ` for a checkbox, nothing without one.
    nonisolated static func checkboxPrefix(_ checkbox: Bool?) -> String {
        checkbox.map { $0 ? "[x] " : "[ ] " } ?? ""
    }

    /// A leading `[ ] `, `[x] ` or `[X] ` typed in a rename as the checkbox, and the rest.
    nonisolated static func splitCheckbox(_ text: String) -> (Bool?, String) {
        for (prefix, checked) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where text.hasPrefix(prefix) {
            return (checked, String(text.dropFirst(prefix.count)))
        }
        return (nil, text)
    }

    /// Checks or unchecks the cursor row's checkbox (one undo step); a row without one gets a
    /// checked one. Passages have none.
    func toggle() {
        guard case .row(let p)? = tableView.focus, !isPlaceholder(p) else { say("No row to check"); return }
        let row = document.model[p]
        guard !row.isPassage else { say("A passage has no checkbox"); return }
        var new = row
        // Plain text knows checked rows (todo.txt's `x `) and rows without a box.
        new.checkbox = document.format == .plainText ? (row.checkbox == true ? nil : true) : row.checkbox.map { !$0 } ?? true
        perform(.changeRow(at: p, from: row, to: new))
    }

    // MARK: Saving and quitting

    /// Saves atomically; asks for a name when there is none and before overwriting a file that
    /// changed on disk. On failure the document stays in memory, modified.
    func save(then next: (@MainActor () -> Void)? = nil) {
        guard document.path != nil else { saveAs(then: next); return }
        write(to: nil, overwrite: false, then: next)
    }

    /// Save as (`S`, and `s` on a list without a file): asks for a file name, prefilled with
    /// `name`; a file that exists is overwritten only after `y`, and `n` comes back here.
    func saveAs(_ name: String = "", then next: (@MainActor () -> Void)? = nil) {
        ask("Save as", initial: name) { [weak self] name in
            guard let self else { return }
            guard let name, !name.isEmpty else { self.say("Not saved"); return }
            self.write(to: name, overwrite: false, then: next)
        }
    }

    /// Saves to `path` (nil: the document's file). What the file's format cannot hold is said
    /// first, in one line, and written only after `y` (dropped or flattened; `n` goes back to
    /// the name prompt on a save as); a file that exists or changed on disk is overwritten only
    /// after `y` too. Nothing is written before the answers. The write is the `.save` effect;
    /// `saved` goes on when its result comes back.
    func write(to path: String?, overwrite: Bool, acceptingLosses: Bool = false, then next: (@MainActor () -> Void)?) {
        let format = path.map(ListFormat.init(path:)) ?? document.format
        let lossy = document.limitations(savingAs: format)
        if !acceptingLosses, !lossy.isEmpty, !lossy.contains(where: \.preventsSaving) {
            askAboutLosses(lossy, path: path, overwrite: overwrite, then: next)
            return
        }
        do {
            let request = try document.prepareSave(to: path, overwrite: overwrite, acceptingLosses: acceptingLosses)
            pendingSave = PendingSave(request: request, newPath: path, losses: acceptingLosses ? lossy : [],
                                      before: document.model, place: cursorPlace(), then: next)
            effects.append(.save(request))
        } catch {
            saveFailed(error, to: path, acceptingLosses: acceptingLosses, then: next)
        }
    }

    /// The `.save` effect's result: the document takes the written file as saved (and the `*`
    /// goes), or the error is shown and the changes stay unsaved.
    func saved(_ result: Result<FileAccess.Stamp, DocumentError>) {
        guard let pending = pendingSave else { return }
        pendingSave = nil
        let path = pending.newPath
        switch result {
        case .success(let stamp):
            document.finishSave(pending.request, stamp: stamp)
            if let path { displayName = FileAccess.fileName(path) }
            if !pending.losses.isEmpty {
                // The list is now what the file holds; undo gives back what was dropped.
                replaceList(from: pending.before, to: document.model)
                restoreCursor(pending.place)
            }
            history.distanceFromSave = 0
            if path != nil { readOnly = false }
            savedRecovery(movedTo: document.path)
            say(pending.losses.isEmpty ? "Saved \(displayName)" : "Saved \(displayName) without what it cannot hold (u brings it back)")
            pending.then?()
        case .failure(let error):
            saveFailed(error, to: path, acceptingLosses: !pending.losses.isEmpty, then: pending.then)
        }
    }

    /// A save refused or failed: a file changed on disk or in the way is a question, anything
    /// else an error in the status line.
    func saveFailed(_ error: DocumentError, to path: String?, acceptingLosses: Bool, then next: (@MainActor () -> Void)?) {
        if error.kind == .changedOnDisk || error.kind == .fileExists {
            let question = error.kind == .fileExists ? "\(FileAccess.fileName(error.file)) exists"
                                                     : "\(displayName) changed on disk"
            prompt = Prompt(question: question, options: "overwrite? (y/n)") { [weak self] yes in
                guard let self else { return }
                switch (yes, path) {
                case (true?, _): self.write(to: path, overwrite: true, acceptingLosses: acceptingLosses, then: next)
                case (false?, let path?): self.saveAs(path, then: next)   // another name
                default: self.say("Not saved")
                }
            }
        } else {
            say("\(displayName): \(error.message)", error: true)
        }
    }

    /// `list.txt cannot hold 2 section titles, 3 nested rows: save anyway? (y/n)`, the list cut
    /// to the status line's width with `…` so the question always shows.
    func askAboutLosses(_ lossy: [FormatLimitation], path: String?, overwrite: Bool, then next: (@MainActor () -> Void)?) {
        let name = path.map(FileAccess.fileName) ?? displayName
        let options = "save anyway? (y/n)", question = ": " + options
        var items = lossy.map(\.description)
        var sentence = FormatLimitation.sentence(lossy, name: name)
        while items.count > 1, widths.width(of: sentence + question) > size.width - 2 {
            items.removeLast()
            sentence = "\(name) cannot hold " + items.joined(separator: ", ") + ", …"
        }
        prompt = Prompt(question: sentence, options: options) { [weak self] yes in
            guard let self else { return }
            switch (yes, path) {
            case (true?, _): self.write(to: path, overwrite: overwrite, acceptingLosses: true, then: next)
            case (false?, let path?): self.saveAs(path, then: next)   // another name
            default: self.say("Not saved")
            }
        }
    }

    /// Points the document at another file (the next save writes there).
    public func setPath(_ path: String) {
        document.retarget(to: path)
        displayName = FileAccess.fileName(path)
    }

    /// Quits, asking first when there are unsaved changes.
    func quit() {
        guard isModified else { closeRecovery(); effects.append(.quit); return }
        prompt = Prompt(question: "", options: "Save changes? (y/n/Esc)") { [weak self] answer in
            guard let self else { return }
            switch answer {
            case true?: self.save { self.effects.append(.quit) }
            case false?: self.closeRecovery(); self.effects.append(.quit)
            case nil: break
            }
        }
    }


    // MARK: Mouse

    /// The mouse asks what the last frame drew where (the header bar's buttons, the renderer's
    /// hit regions) and goes through the controller's intents.
    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp: renderer.scroll(by: -3)
        case .wheelDown: renderer.scroll(by: 3)
        case .press: press(m.x, m.y)
        case .drag: dragMouse(toScreenLine: m.y)
        case .release:
            dragEdge = 0
            if mouseDragging {
                mouseDragging = false
                if tableView.rowDrag != nil { report(performIntent(.drop)) }
            }
        }
    }

    /// The pointer moved with the button held on a picked-up handle: the row goes to the slot
    /// under it (through the delegate's retarget, as a key drag), the rows sliding under the
    /// pointer. At or past the table's top or bottom line the drag steps one row beyond it, and
    /// keeps stepping on ticks while the pointer stays there, so the table scrolls.
    func dragMouse(toScreenLine y: Int) {
        guard mouseDragging, tableView.rowDrag != nil else { mouseDragging = false; dragEdge = 0; return }
        let line = y - 1, height = renderer.viewportHeight
        guard height > 0 else { return }
        let top = renderer.topLine
        if line < 0 || (line == 0 && top > 0) {
            dragEdge = -1
        } else if line >= height || (line == height - 1 && top + height < renderer.contentLines) {
            dragEdge = 1
        } else {
            dragEdge = 0
        }
        if dragEdge != 0 {
            stepDragPastEdge()
        } else if let slot = renderer.displayedSlot(atScreenLine: line) {
            performIntent(.propose(slot))
        }
    }

    /// One drag step beyond the edge the pointer holds (see `dragMouse`).
    func stepDragPastEdge() {
        guard mouseDragging, dragEdge != 0, tableView.rowDrag != nil else { return }
        performIntent(.step(dragEdge < 0 ? .up : .down))
    }

    func press(_ x: Int, _ y: Int) {
        if prompt != nil || entry != nil { return }
        if readOnly {
            // Clicks move the cursor only.
            switch renderer.hit(x: x, y: y) {
            case .header(let s)?: controller.perform(.moveCursor(.to(.header(s))))
            case .row(let p)?, .accessory(let p)?: controller.perform(.moveCursor(.to(.row(p))))
            case nil: if bar.item(atX: x, y: y) != nil { refuseReadOnly() }
            default: refuseReadOnly()
            }
            return
        }
        if let item = bar.item(atX: x, y: y) {
            // The bar's right items: `Done`/`Edit`, then `+`.
            if item == 0 { report(controller.perform(.toggleEditing)) } else if !inEditMode { addRow() }
            return
        }
        let hit = renderer.hit(x: x, y: y)
        // A click anywhere but on its buttons closes a row swiped open.
        if case .swipeAction? = hit {} else if tableView.swipedRow != nil { controller.perform(.cancel) }
        guard let hit else { return }
        switch hit {
        case .header(let s): controller.perform(.moveCursor(.to(.header(s))))
        case .swipeAction(_, let i): report(controller.perform(.performSwipeAction(i)))
        case .deleteConfirmationButton: controller.perform(.confirm)
        case .row(let p), .accessory(let p): controller.perform(.moveCursor(.to(.row(p))))
        case .editingControl(let p):
            controller.perform(.moveCursor(.to(.row(p))))
            report(controller.perform(.pressEditingControl(at: p)))
        case .reorderControl(let p):
            let outcome = performIntent(.beginDrag(at: p))
            mouseDragging = outcome.isPerformed
            report(outcome)
        }
    }
}
