import ListDocument
import TableKit
import TerminalUI
import KeyBindings

/// A large file while it loads (docs/file-formats.md, "While a file loads"): the first screen
/// shows at once, the rest arrives as appends (`.loaded` messages, from `BackgroundLoad`), the
/// header's count says it is still growing (`12/9400+`), and a key that needs the whole list
/// (`G`, save, quit with changes, a move or drag past the last row read, a move, drop or re-level
/// of a block whose nested rows may go on past the rows read, deleting the section still
/// loading) waits with a progress
/// line (`Reading list.md… 43%`) and acts when the load ends. Everything else works on the rows
/// read so far. The header's `+` is `headerStatus`'s (ListEditor+Filter).
extension ListEditor {
    /// Starts reading the rest of the document's file in the background (after
    /// `ListDocument.openProgressively`).
    package func startLoading(_ load: sending ProgressiveLoad, from source: ProgressiveLoad.Source,
                              piece: Int = BackgroundLoad.piece) {
        let background = BackgroundLoad()
        background.start(load, from: source, piece: piece)
        self.background = background
    }

    /// The pipe the background load wakes the run loop with.
    public var wakeDescriptor: Int32? { background?.readEnd }

    /// Whether the file is still being read.
    public var isLoading: Bool { document.isLoading }

    /// Waits (off the main actor's run loop: tests and benchmarks) until the background load has
    /// sent everything, then takes it; returns the effects its updates ask for, for the caller
    /// to perform.
    public func finishLoadingForTesting() async -> [EditorEffect] {
        guard let background else { return [] }
        await background.wait()
        var out: [EditorEffect] = []
        for report in background.take() { out += update(.loaded(report)) }
        return out
    }

    /// One report of the background load.
    func loaded(_ report: LoadReport) {
        switch report.event {
        case .progress(let delivery):
            append(delivery)
        case .finished(let delivery, let file, let stamp):
            append(delivery)
            document.finishLoading(.init(), file: file, stamp: stamp)
            // A recovery file written while loading holds the edits of the part read: it is
            // written again now, of the whole file.
            if isModified && recovery != nil { recoveryPending = true; writeRecoveryIfDue(force: true) }
            loadEnded()
        case .changedOnDisk(let file, let stamp):
            document.stopLoading(file: file, stamp: stamp)
            loadEnded(performing: false)
            say("\(displayName) changed on disk while it was read: the part read is shown", error: true)
            lastDiskCheck = -.infinity    // the next tick asks: reload, keep mine or merge
        case .invalid(let error, let file, let stamp), .failed(let error, let file, let stamp):
            document.stopLoading(file: file, stamp: stamp)
            loadEnded(performing: false)
            let place = displayName + (error.line.map { ":\($0)" } ?? "")
            savingOff = "Saving is off: \(place): \(error.message)"
            say("\(place): \(error.message); showing the part before it, saving is off", error: true)
        }
    }

    /// Appends the rows and sections of `delivery` to the list and tells the table.
    func append(_ delivery: ProgressiveLoad.Delivery) {
        let (rows, sections) = document.appendLoaded(delivery)
        if let rows { tableView.rowsDidArrive(count: rows.count, at: rows.at) }
        if !sections.isEmpty {
            tableView.sectionsDidArrive(rows: sections.map { realCount($0) + (showsPlaceholders ? 1 : 0) })
        }
        // New link definitions: rows on screen may show `[text][label]` links they define.
        if delivery.linkReferences != nil { tableView.reconfigureRows(at: tableView.indexPathsForVisibleRows ?? []) }
        // A progress line said (`↓` or the wheel at the end of what was read) follows the load.
        if showsProgressMessage { say(progressLine) }
    }

    /// Whether the status line's message is the progress line.
    var showsProgressMessage: Bool { message.map { !$0.isError && $0.text.hasPrefix(progressPrefix) } ?? false }

    /// The load is over: the waiting key acts (if the editor is still where it was pressed).
    func loadEnded(performing: Bool = true) {
        background = nil
        if showsProgressMessage { message = nil }   // no stale `Reading list.md… 43%`
        guard let waiting = self.mode.pendingKey else { return }
        endMode()
        if performing && keyMode == waiting.current {
            message = nil
            tell(perform(waiting.action, in: waiting.mode, from: waiting.current))
        } else if !performing {
            say("\(waiting.action.name ?? "The key") was not done: the file was not read to its end")
        }
    }

    /// `Reading list.md… 43%`.
    var progressLine: String {
        "\(progressPrefix) \(document.loading?.percent ?? 100)%"
    }

    /// The progress line without its figure (`Reading list.md…`).
    var progressPrefix: String { "Reading \(displayName)…" }

    /// Whether `action` (found in `mode`) needs the whole list while it loads: it then waits.
    func needsWholeList(_ action: KeyAction, in mode: KeyMode) -> Bool {
        guard document.isLoading else { return false }
        // The record says which actions always wait (the filter and the outline hide rows by what
        // they hold and nest: rows that arrive later would not be in what they hide; a save
        // writes every row) and which never do; the rest depend on the state, decided here.
        switch action.record.loading {
        case .acts: return false
        case .waits: return true
        case .depends: break
        }
        switch action {
        case .quit: return isModified
        case .deleteControl:
            // Deleting the section the file still loads into: its count would be wrong, and its
            // rows still to come would have no section to go to.
            guard inEditMode, !hasSelection, case .header(let s)? = tableView.focus else { return false }
            return s == document.growingSection
        case .moveUp where mode != .dragging, .moveDown where mode != .dragging:
            // A block (a row and its nested rows) that may go on past the rows read: moved now,
            // the rows nested under it that arrive later would stay behind. `J` at the end of
            // what was read would also stop short of rows (or a section) not read yet.
            if hasSelection { return selectedPaths.contains(where: blockMayContinue) }
            if action == .moveDown && atLoadedEnd { return true }
            // A section moved in normal mode: the section the file still loads into (and the
            // ones after it, not read yet) would be reordered under the load.
            if !inEditMode, case .header? = tableView.focus { return true }
            if case .row(let p)? = tableView.focus { return blockMayContinue(p) }
            return false
        case .indent, .outdent:
            // The row's nested rows are re-levelled with it: those not read yet would not be.
            if case .row(let p)? = tableView.focus { return blockMayContinue(p) }
            return false
        case .pickUp where mode == .dragging:
            // The drop moves the held row's block as it is then: it waits for the whole block.
            guard let drag = tableView.rowDrag else { return false }
            if dragCarriesSelection(drag) { return selectedPaths.contains(where: blockMayContinue) }
            return blockMayContinue(drag.source)
        case .moveDown, .down, .pageDown, .halfPageDown:
            // Past the last row read: a drag would stop short of rows not read yet.
            guard mode == .dragging else { return false }
            return atLoadedEnd
        default: return false
        }
    }

    /// Whether row `p` (current space) starts a block that may go on past the rows read: it is
    /// in the section the file still loads into and its nested rows reach that section's last
    /// row read, so rows nested under it may still arrive. Such a block waits for the load
    /// before it moves or changes level.
    ///
    /// - Complexity: O(rows nested under `p`) (O(sections) to find the growing section).
    func blockMayContinue(_ p: IndexPath) -> Bool {
        guard document.isLoading, p.section == document.growingSection, !isPlaceholder(p) else { return false }
        let count = realCount(p.section)
        return p.row < count && nestedRows(of: p).upperBound >= count
    }

    /// Whether the cursor (or the dragged row or section) is at the end of what was read.
    var atLoadedEnd: Bool {
        let last = document.model.sections.count - 1
        if let drag = tableView.sectionDrag { return drag.destination >= last }
        let place = tableView.rowDrag.map { TableFocus.row($0.destination) } ?? tableView.focus
        switch place {
        case .row(let p)?: return p.section == last && p.row >= realCount(last) - 1
        case .header(let s)?: return s == last
        case nil: return true
        }
    }

    /// Makes `action` wait for the load, saying so.
    func wait(for action: KeyAction, in mode: KeyMode, from current: KeyMode) {
        wait(for: EditorMode.PendingKey(action: action, mode: mode, current: current))
        say(progressLine)
    }
}
