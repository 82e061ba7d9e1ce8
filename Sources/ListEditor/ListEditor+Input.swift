import ListDocument
import TableKit
import TableView

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
            tableView.finishAnimations()
            handleMouse(m)
        case .key(let key):
            tableView.finishAnimations()
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
        let editing = tableView.isEditing
        switch key {
        case .char("a") where !editing, .char("+") where !editing:
            addRow()
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
        case .wheelUp: tableView.scroll(by: -3)
        case .wheelDown: tableView.scroll(by: 3)
        case .press: press(m.x, m.y)
        case .drag:
            if mouseDragging, let slot = tableView.displayedSlot(atScreenLine: m.y - 1) { controller.propose(slot) }
        case .release:
            if mouseDragging { mouseDragging = false; controller.drop() }
        }
    }

    func press(_ x: Int, _ y: Int) {
        if prompt != nil || controller.entry != nil { return }
        if let button = buttons.first(where: { $0.y == y && $0.x.contains(x) }) {
            switch button.action {
            case .toggleEditing: tableView.setEditing(!tableView.isEditing, animated: true)
            case .add: if !tableView.isEditing { addRow() }
            }
            return
        }
        guard let item = tableView.item(atScreenLine: y - 1) else { return }
        let (x0, x1) = tableView.insets(width: size.width)
        guard case .row(let p) = item else { tableView.focus = item; return }
        if tableView.deleteConfirmation == p, x >= x1 - 9 {
            controller.handle(.char("y"))
            return
        }
        tableView.deleteConfirmation = nil
        tableView.focus = item
        guard tableView.isEditing else { return }
        let info = tableView.editingInfo(for: p)
        let controlEnd = x0 + 1 + widths.width(of: tableView.theme.deleteControl)
        if info.canEdit, info.style != .none, x >= x0, x < controlEnd {
            if info.style == .delete { tableView.deleteConfirmation = p } else { controller.handle(.char("+")) }
        } else if info.canMove, x >= x1 - 3, controller.beginDrag(at: p) {
            mouseDragging = true
        }
    }
}
