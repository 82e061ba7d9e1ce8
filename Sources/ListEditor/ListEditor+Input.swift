import ListDocument
import TableKit
import TableRendering

/// Input: the edit controller gets every key first (modal, drag, edit mode, cursor); the keys it
/// does not use are the editor's own (add, rename, undo, save, quit, help).
extension ListEditor {
    public func handle(_ event: InputEvent) {
        switch event {
        case .resize(let w, let h):
            size = (w, h)
        case .tick:
            writeRecoveryIfDue()
        case .mouse(let m):
            renderer.finishAnimations()
            handleMouse(m)
        case .key(let key):
            renderer.finishAnimations()
            message = nil
            handleKey(key)
        }
    }

    func handleKey(_ pressed: Key) {
        if showsHelp { showsHelp = false; return }
        // Remapped keys act as their target, except while typing text.
        let key = controller.entry == nil ? keyMap[pressed] ?? pressed : pressed
        if let prompt {
            switch key {
            case .char("y"), .char("Y"): self.prompt = nil; prompt.answer(true)
            case .char("n"), .char("N"): self.prompt = nil; prompt.answer(false)
            case .escape: self.prompt = nil; prompt.answer(nil)
            default: break
            }
            return
        }
        if controller.handle(key) { return }
        let editing = inEditMode
        switch key {
        case .char("a") where !editing, .char("+") where !editing:
            addRow()
        case .char("+") where editing, .char("i") where editing:
            pressAddItem()
        case .char("A") where !editing:
            addSection()
        case .enter where !editing, .char("r"):
            rename()
        case .char("u"):
            undo()
        case .ctrl("r"):
            redo()
        case .char("s"), .ctrl("s"):
            save()
        case .char("q"), .ctrl("c"), .ctrl("q"):
            quit()
        case .char("?"), .function(1):
            showsHelp = true
        default:
            break
        }
    }

    // MARK: Adding and renaming

    /// Adds a row after the cursor (at the top of a section when on its header).
    func addRow() {
        var target: IndexPath
        switch tableView.focus {
        case .row(let p)?: target = IndexPath(row: min(p.row + 1, realCount(p.section)), section: p.section)
        case .header(let s)?: target = IndexPath(row: 0, section: s)
        case nil: target = IndexPath(row: 0, section: 0)
        }
        controller.presentEntry(TextEntry(title: "New item") { [weak self] text in
            guard let self, let text, !text.isEmpty else { return }
            if self.document.model.sections.isEmpty {
                self.perform(.insertSection(self.document.model.makeSection(""), at: 0))
                target = IndexPath(row: 0, section: 0)
            }
            self.insertRow(text, at: target)
            self.tableView.focus = .row(target)
        })
    }

    /// `+` in edit mode presses the insert control of the `Add item` row of the cursor's section:
    /// the editor decides which row that is, and the table commits the insert for that row.
    func pressAddItem() {
        guard showsPlaceholders, let section = tableView.focus?.section, section < document.model.sections.count else { return }
        controller.pressEditingControl(at: IndexPath(row: realCount(section), section: section))
    }

    /// Adds a section after the current one; the modal asks for its title.
    func addSection() {
        let index = tableView.focus.map { $0.section + 1 } ?? document.model.sections.count
        controller.presentEntry(TextEntry(title: "New section") { [weak self] title in
            guard let self, let title else { return }
            self.perform(.insertSection(self.document.model.makeSection(title), at: index))
            self.tableView.focus = .header(index)
        })
    }

    /// Renames the row or section under the cursor (modal, prefilled).
    func rename() {
        switch tableView.focus {
        case .row(let p)? where !isPlaceholder(p):
            let old = document.model[p].text
            controller.presentEntry(TextEntry(title: "Rename", initial: old) { [weak self] text in
                guard let self, let text, text != old, !text.isEmpty else { return }
                self.perform(.renameRow(at: p, from: old, to: text))
            })
        case .header(let s)?:
            let old = document.model.sections[s].title
            controller.presentEntry(TextEntry(title: "Section title", initial: old) { [weak self] title in
                guard let self, let title, title != old else { return }
                self.perform(.renameSection(s, from: old, to: title))
            })
        default:
            break
        }
    }

    // MARK: Saving and quitting

    /// Saves atomically; asks for a name when there is none and before overwriting a file that
    /// changed on disk. On failure the document stays in memory, modified.
    public func save(then next: (@MainActor () -> Void)? = nil) {
        guard document.path != nil else {
            controller.presentEntry(TextEntry(title: "Save as") { [weak self] name in
                guard let self, let name, !name.isEmpty else { return }
                self.write(to: name, overwrite: false, then: next)
            })
            return
        }
        write(to: nil, overwrite: false, then: next)
    }

    func write(to path: String?, overwrite: Bool, then next: (@MainActor () -> Void)?) {
        do {
            try document.save(to: path, overwrite: overwrite)
            if let path { displayName = FileAccess.fileName(path) }
            distanceFromSave = 0
            discardRecovery()
            say("Saved \(displayName)")
            next?()
        } catch {
            if error.kind == .changedOnDisk || error.kind == .fileExists {
                let question = error.kind == .fileExists ? "\(FileAccess.fileName(error.file)) exists: overwrite? (y/n)"
                                                         : "\(displayName) changed on disk. Overwrite it? (y/n)"
                prompt = Prompt(question: question) { [weak self] yes in
                    if yes == true { self?.write(to: path, overwrite: true, then: next) } else { self?.say("Not saved") }
                }
            } else {
                say("\(displayName): \(error.message)", error: true)
            }
        }
    }

    /// Points the document at another file (the next save writes there).
    public func setPath(_ path: String) {
        document.retarget(to: path)
        displayName = FileAccess.fileName(path)
    }

    /// Quits, asking first when there are unsaved changes.
    public func quit() {
        guard isModified else { discardRecovery(); wantsQuit = true; return }
        prompt = Prompt(question: "Save changes? (y/n/Esc)") { [weak self] answer in
            guard let self else { return }
            switch answer {
            case true?: self.save { self.wantsQuit = true }
            case false?: self.discardRecovery(); self.wantsQuit = true
            case nil: break
            }
        }
    }


    // MARK: Mouse

    func handleMouse(_ m: MouseEvent) {
        switch m.kind {
        case .wheelUp: renderer.scroll(by: -3)
        case .wheelDown: renderer.scroll(by: 3)
        case .press: press(m.x, m.y)
        case .drag:
            if mouseDragging, let slot = renderer.displayedSlot(atScreenLine: m.y - 1) { controller.propose(slot) }
        case .release:
            if mouseDragging { mouseDragging = false; controller.drop() }
        }
    }

    func press(_ x: Int, _ y: Int) {
        if prompt != nil || controller.entry != nil { return }
        if let button = buttons.first(where: { $0.y == y && $0.x.contains(x) }) {
            switch button.action {
            case .toggleEditing: tableView.setEditing(!inEditMode, animated: true)
            case .add: if !inEditMode { addRow() }
            }
            return
        }
        let hit = renderer.hit(x: x, y: y)
        // A click anywhere but on its buttons closes a row swiped open.
        var onSwipeButton = false
        if case .swipeAction? = hit { onSwipeButton = true }
        if tableView.swipedRow != nil && !onSwipeButton { controller.handle(.escape) }
        guard let hit else { return }
        switch hit {
        case .header(let s):
            tableView.focus = .header(s)
        case .swipeAction(_, let i):
            controller.performSwipeAction(at: i)
        case .deleteConfirmationButton:
            controller.handle(.char("y"))
        case .row(let p), .accessory(let p):
            tableView.deleteConfirmation = nil
            tableView.focus = .row(p)
        case .editingControl(let p):
            tableView.deleteConfirmation = nil
            tableView.focus = .row(p)
            controller.pressEditingControl(at: p)
        case .reorderControl(let p):
            tableView.deleteConfirmation = nil
            tableView.focus = .row(p)
            if controller.beginDrag(at: p) { mouseDragging = true }
        }
    }
}
