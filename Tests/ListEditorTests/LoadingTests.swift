import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A large file while it loads (docs/file-formats.md, "While a file loads"): the first rows show,
/// the rest arrives as appends, keys that need the whole list wait with a progress line, and a
/// change on disk or a line that is not UTF-8 stops the load. The background task's reports are
/// collected first (`ProgressiveLoad.readRest` run here) and given to the editor one at a time,
/// as its run loop would.
@MainActor
@Suite struct LoadingTests {
    /// `sections` sections of `rows` items each.
    static func list(sections: Int = 4, rows: Int = 40) -> String {
        (0..<sections).map { s in "# Section \(s)\n\n" + (0..<rows).map { "- item \(s).\($0)\n" }.joined() }.joined(separator: "\n")
    }

    @MainActor final class Loading {
        let folder = TempFolder()
        let path: String
        let editor: ListEditor
        var reports: [LoadReport] = []
        let width = 50, height = 16
        let clock = ManualClock(100)

        /// Opens `contents` progressively (a first piece of about `first` bytes), then reads the
        /// rest in pieces of `piece` bytes, keeping the reports; `between` runs after the first
        /// piece (a change on disk).
        /// `started`: the opening's effects are performed (this session's recovery file), and the
        /// editor runs on `clock`.
        init(_ contents: [UInt8], first: Int = 100, piece: Int = 300, started: Bool = false,
             between: (String) -> Void = { _ in }) throws {
            path = folder.path + "/list.md"
            try Data(contents).write(to: URL(fileURLWithPath: path))
            let (doc, load, source) = try ListDocument.openProgressively(path, threshold: 0, firstPiece: first, minimumRows: 3)
            editor = started ? ListEditor.started(document: doc, animations: false) : ListEditor(document: doc, animations: false)
            editor.renderer.clock = clock
            editor.send(.resize(width: width, height: height))
            between(path)
            var collected: [LoadReport] = []
            if let load, let source {
                ProgressiveLoad.readRest(load, from: source, piece: piece) { collected.append(LoadReport($0)) }
            }
            reports = collected
        }

        deinit { folder.remove() }

        /// Gives the editor the next `n` reports (all by default), performing the effects they
        /// let go on (a save that waited for the load, the recovery file written again).
        func deliver(_ n: Int = .max) {
            let k = min(n, reports.count)
            for report in reports.prefix(k) {
                EditorEffectPerformer().performAll(editor.update(.loaded(report)), for: editor)
            }
            reports.removeFirst(k)
        }

        func press(_ keys: Key...) { for k in keys { editor.send(.key(k)) } }
        /// Lets the recovery delay pass: the next tick writes the recovery file.
        func quietMoment() {
            clock.now += ListEditor.recoveryDelay
            editor.send(.tick)
        }
        /// This session's recovery file, with edits.
        var recovered: RecoveryFile? { Recovery.pending(for: path).first { $0.hasEdits } }
        /// The next listedit on the file after this one was killed (its recovery file left as it
        /// was; a file this process wrote counts as an ended listedit's): the file read whole, as
        /// `listedit` opens one that recovery files wait for.
        func reopen() throws -> ListEditor {
            let next = ListEditor.started(document: try ListDocument.open(path), animations: false)
            next.send(.resize(width: 120, height: height))
            return next
        }
        var screen: String { editor.render(width: width, height: height).screenshot }
        var file: [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
    }

    @Test func theFirstRowsShowThenTheRestArrivesAsAppends() throws {
        let bytes = Array(Self.list().utf8)
        let l = try Loading(bytes)
        let whole = try ListDocument.open(l.path).model
        #expect(l.editor.isLoading)
        let first = l.editor.model.sections.reduce(0) { $0 + $1.rows.count }
        #expect(first >= 3 && first < 160)
        #expect(l.screen.contains("0/\(first)+") || l.screen.contains("/\(first)+"))
        #expect(l.reports.count > 3)
        var shown = first
        while !l.reports.isEmpty {
            l.deliver(1)
            let now = l.editor.model.sections.reduce(0) { $0 + $1.rows.count }
            #expect(now >= shown)
            shown = now
            #expect(l.editor.tableView.numberOfSections == l.editor.model.sections.count)
        }
        #expect(!l.editor.isLoading)
        #expect(l.editor.model == whole)
        #expect(l.screen.range(of: #"\d+/\d+\+"#, options: .regularExpression) == nil)
        #expect(!l.editor.isModified)
    }

    @Test func gWaitsWithAProgressLineThenGoesToTheEnd() throws {
        let l = try Loading(Array(Self.list().utf8))
        l.press(.char("G"))
        #expect(l.screen.contains("Reading list.md…"))
        #expect(l.editor.tableView.focus == .row(IndexPath(row: 0, section: 0)))
        l.deliver(2)
        #expect(l.screen.contains("Reading list.md…"))   // still waiting, still saying so
        l.deliver()
        #expect(l.editor.tableView.focus == .row(IndexPath(row: 39, section: 3)))
        #expect(!l.screen.contains("Reading"))
    }

    /// The filter keeps rows by what they hold: it waits for every row, then opens.
    @Test func theFilterWaitsForTheWholeList() throws {
        let l = try Loading(Array(Self.list().utf8))
        l.press(.char("/"))
        #expect(l.screen.contains("Reading list.md…"))
        #expect(l.editor.keyMode != .entry)
        l.deliver()
        #expect(l.editor.keyMode == .entry)
        l.press(.char("3"), .char("."), .char("3"), .char("9"), .enter)
        #expect(l.screen.contains("item 3.39"))
        #expect(l.screen.contains("1 of 160"))
    }

    @Test func escStopsWaiting() throws {
        let l = try Loading(Array(Self.list().utf8))
        l.press(.char("G"), .escape)
        l.deliver()
        #expect(l.editor.tableView.focus == .row(IndexPath(row: 0, section: 0)))
    }

    /// An edit made while the rest loads is kept, and the save waits for the load: the file
    /// written is the whole file with that one change.
    @Test func anEditWhileLoadingIsSavedWithTheWholeFile() throws {
        let text = Self.list()
        let l = try Loading(Array(text.utf8))
        l.press(.down, .char("c"))                     // item 0.1 checked
        #expect(l.editor.isModified)
        l.press(.char("s"))
        #expect(l.screen.contains("Reading list.md…"))
        #expect(l.file == Array(text.utf8))            // nothing written yet
        l.deliver()
        let expected = text.replacingOccurrences(of: "- item 0.1\n", with: "- [x] item 0.1\n")
        #expect(String(decoding: l.file, as: UTF8.self) == expected)
        #expect(!l.editor.isModified)
    }

    /// In edit mode each section ends with `Add item`: rows that arrive go before it, and the
    /// cursor on it stays on it.
    @Test func rowsArriveBeforeTheAddItemPlaceholder() throws {
        let l = try Loading(Array(Self.list(sections: 1, rows: 60).utf8))
        l.press(.char("e"))
        let count = l.editor.model.sections[0].rows.count
        for _ in 0..<count { l.press(.down) }
        #expect(l.editor.tableView.focus == .row(IndexPath(row: count, section: 0)))   // Add item
        l.deliver()
        #expect(l.editor.tableView.numberOfRows(inSection: 0) == 61)
        #expect(l.editor.tableView.focus == .row(IndexPath(row: 60, section: 0)))
    }

    /// The file changes on disk while it is read: the load stops, the part read is the base,
    /// and the next check asks (edits) or reloads (none).
    @Test func aChangeOnDiskDuringTheLoadStopsItAndAsks() throws {
        let l = try Loading(Array(Self.list().utf8)) { path in
            try? Data("# Other\n- new\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        let clock = l.clock
        l.press(.char("c"))                            // an edit to a loaded row
        l.deliver()
        #expect(!l.editor.isLoading)
        #expect(l.screen.contains("changed on disk while it was read"))
        clock.now += ListEditor.diskCheckInterval
        l.editor.send(.tick)
        #expect(l.screen.contains("r reload"))
        l.press(.char("r"))
        #expect(l.editor.model.contents.map(\.rows) == [["new"]])
    }

    /// A line that is not UTF-8 past the first screen: the editor stays open, names the line,
    /// saving is off (and says why), and nothing is written.
    @Test func invalidUTF8LateTurnsSavingOff() throws {
        var bytes = Array(Self.list(sections: 2, rows: 30).utf8)
        bytes += [0x2D, 0x20, 0xC3, 0x28, 0x0A]            // line 66: not UTF-8
        bytes += Array("- after\n".utf8)
        let l = try Loading(bytes)
        l.press(.char("c"))
        l.deliver()
        #expect(!l.editor.isLoading)
        #expect(l.screen.contains("list.md:66: not valid UTF-8"))
        #expect(l.editor.model.sections.count == 2)
        l.press(.char("s"))
        #expect(l.screen.contains("Saving is off"))
        #expect(l.file == bytes)
        #expect(l.editor.isModified)
    }

    /// A `[text][label]` link whose definition comes at the end of the file shows as its text
    /// once the load reaches it.
    @Test func aLinkDefinedLaterIsRedrawn() throws {
        let text = "# A\n\n- see [docs][ref] now\n" + (0..<80).map { "- item \($0)\n" }.joined() + "\n[ref]: https://example.com\n"
        let l = try Loading(Array(text.utf8))
        #expect(l.screen.contains("see [docs][ref] now"))
        l.deliver()
        #expect(l.screen.contains("see docs now"))
    }

    /// The background task for real: its reports wake the run loop's wait (the pipe becomes
    /// readable), and taking them all gives the whole file.
    @Test func theBackgroundLoadWakesTheRunLoopAndEndsWithTheWholeFile() async throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("big.md", Self.list(sections: 20, rows: 500))
        let whole = try ListDocument.open(path).model
        let (doc, load, source) = try ListDocument.openProgressively(path, threshold: 0, firstPiece: 256, minimumRows: 3)
        let editor = ListEditor(document: doc, animations: false)
        editor.startLoading(load!, from: source!, piece: 4096)
        let fd = try #require(editor.wakeDescriptor)
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 10_000) == 1)             // woken, not polled: at most 10 s
        EditorEffectPerformer().performAll(await editor.finishLoadingForTesting(), for: editor)
        #expect(!editor.isLoading)
        #expect(editor.wakeDescriptor == nil)
        #expect(editor.model == whole)
    }

    /// A Kanban file large enough to load in the background opens as a board, as a small one
    /// does: the check reads the front matter from the piece read first (it was made before any
    /// byte was scanned, so a board of 10^5 cards opened in the list view).
    @Test func aLargeKanbanFileOpensAsABoard() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let cards = (0..<2_000).map { "- [ ] Card \($0)\n" }.joined()
        for ending in ["\n", "\r\n"] {
            let text = "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n\(cards)\n## Done\n\n**Complete**\n- [x] Old\n"
                .replacingOccurrences(of: "\n", with: ending)
            let path = folder.file("board.md", text)
            let (doc, load, _) = try ListDocument.openProgressively(path, threshold: 0, firstPiece: 256, minimumRows: 3)
            #expect(load != nil && doc.loading != nil, "the load goes on in the background")
            #expect(EditorView.opening(doc, asked: nil) == .board)
            #expect(EditorView.opening(try ListDocument.open(path), asked: nil) == .board)
        }
        let plain = folder.file("plain.md", "---\ntitle: x\n---\n\n## To do\n\n" + (0..<2_000).map { "- Card \($0)\n" }.joined())
        let (doc, _, _) = try ListDocument.openProgressively(plain, threshold: 0, firstPiece: 256, minimumRows: 3)
        #expect(doc.loading != nil && EditorView.opening(doc, asked: nil) == .list)
    }

    // MARK: Recovery while loading

    /// Edits made before the load ends go to the recovery file after the usual quiet moment, as
    /// edits of the part read (`read:` in its header). Killed there, the next open offers them,
    /// and restoring gives the whole file with the edits: nothing past the part read is lost.
    @Test func editsWhileLoadingGoToTheRecoveryFileAndARestoreKeepsTheRest() throws {
        let text = Self.list()
        let l = try Loading(Array(text.utf8), started: true)
        l.press(.down, .char("c"))                     // item 0.1 checked
        l.deliver(1)                                   // more rows arrive; still loading
        #expect(l.editor.isLoading)
        #expect(l.recovered == nil)                    // not before the quiet moment
        l.quietMoment()
        #expect(l.editor.isLoading)
        let file = try #require(l.recovered)
        let prefix = try #require(file.readPrefix)
        #expect(prefix > 0 && prefix < text.utf8.count)
        #expect(!file.documentChanged)
        let edits = try file.edits()
        #expect(edits.sections[0].rows[1].attributes.checkbox == true)
        #expect(edits.rowCounts.reduce(0, +) < 160)    // the part read only

        let next = try l.reopen()                      // killed while loading: reopened
        let screen = next.render(width: 120, height: l.height).text
        #expect(screen.contains("Unsaved edits from ") && screen.contains("r restore"))
        #expect(!screen.contains("m merge"))
        next.send(.key(.char("r")))
        #expect(next.model.rowCounts.reduce(0, +) == 160)
        next.send(.key(.char("s")))
        #expect(String(decoding: l.file, as: UTF8.self) == text.replacingOccurrences(of: "- item 0.1\n", with: "- [x] item 0.1\n"))
    }

    /// The load ends after the edits were written: the recovery file is written again at once,
    /// of the whole file, and restores as any other.
    @Test func theRecoveryFileIsOfTheWholeFileOnceTheLoadEnds() throws {
        let text = Self.list()
        let l = try Loading(Array(text.utf8), started: true)
        l.press(.down, .char("d"), .enter)             // item 0.1 deleted
        l.quietMoment()
        #expect(l.recovered?.readPrefix != nil)
        l.deliver()
        #expect(!l.editor.isLoading)
        let file = try #require(l.recovered)
        #expect(file.readPrefix == nil)
        #expect(try file.edits().rowCounts.reduce(0, +) == 159)

        let next = try l.reopen()
        next.send(.key(.char("r")))
        next.send(.key(.char("s")))
        #expect(String(decoding: l.file, as: UTF8.self) == text.replacingOccurrences(of: "- item 0.1\n", with: ""))
    }

    /// Killed by SIGTERM while loading: the edits are written at once (no quiet moment), and
    /// the file the load stopped reading is left alone.
    @Test func aSignalWhileLoadingKeepsTheEdits() throws {
        let text = Self.list()
        let l = try Loading(Array(text.utf8), started: true)
        l.press(.char("c"))                            // item 0.0 checked
        l.editor.end(bySignal: SIGTERM)
        let file = try #require(l.recovered)
        #expect(file.readPrefix != nil)
        #expect(l.file == Array(text.utf8))
        let next = try l.reopen()
        next.send(.key(.char("r")))
        #expect(next.model.rowCounts.reduce(0, +) == 160)
        #expect(next.model.sections[0].rows[0].attributes.checkbox == true)
    }

    /// Not UTF-8 past the first screen: the edits stay in the recovery file (of the part before
    /// the bad line), nothing is written to the list file. Once the line is mended (by another
    /// program), the next open restores the edits with the rest of the file.
    @Test func invalidUTF8LateKeepsTheEditsInTheRecoveryFileOnly() throws {
        let good = Self.list(sections: 2, rows: 30)
        var bytes = Array(good.utf8)
        bytes += [0x2D, 0x20, 0xC3, 0x28, 0x0A]            // line 66: not UTF-8
        bytes += Array("- after\n".utf8)
        let l = try Loading(bytes, started: true)
        l.press(.char("d"), .enter)                    // item 0.0 deleted
        l.deliver()
        #expect(l.screen.contains("list.md:66: not valid UTF-8"))
        l.quietMoment()
        // Of the part handed over: the rows before the bad line that the scanner had closed.
        let prefix = try #require(l.recovered?.readPrefix)
        #expect(prefix > 0 && prefix <= good.utf8.count)
        l.press(.char("s"))
        #expect(l.screen.contains("Saving is off"))
        l.editor.end(bySignal: SIGHUP)
        #expect(l.file == bytes)                       // nothing written
        #expect(l.recovered?.readPrefix == prefix)

        let mended = good + "- fixed\n- after\n"
        try Data(mended.utf8).write(to: URL(fileURLWithPath: l.path))
        let next = try l.reopen()
        #expect(!next.render(width: 120, height: l.height).text.contains("file changed since"))
        next.send(.key(.char("r")))
        next.send(.key(.char("s")))
        #expect(String(decoding: l.file, as: UTF8.self) == mended.replacingOccurrences(of: "- item 0.0\n", with: ""))
    }

    /// The part read changed on disk after the kill: the file is offered with merge, and even a
    /// restore merges (the edits cover only the part read, so the rest must come from the file).
    @Test func aPartialRecoveryFileOfAChangedFileMerges() throws {
        let text = Self.list()
        let l = try Loading(Array(text.utf8), started: true)
        l.press(.down, .char("c"))                     // item 0.1 checked
        l.quietMoment()
        let changed = text.replacingOccurrences(of: "- item 0.0\n", with: "- item zero\n")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: l.path))
        let next = try l.reopen()
        #expect(next.render(width: 120, height: l.height).text.contains("m merge"))
        next.send(.key(.char("r")))
        next.send(.key(.char("s")))
        #expect(String(decoding: l.file, as: UTF8.self)
                == changed.replacingOccurrences(of: "- item 0.1\n", with: "- [x] item 0.1\n"))
    }

    // MARK: The mouse while loading

    /// Sends a mouse event and draws a frame, as the run loop does.
    func mouse(_ l: Loading, _ kind: MouseEvent.Kind, _ x: Int, _ y: Int) {
        l.editor.send(.mouse(MouseEvent(kind, x: x, y: y)))
        _ = l.screen
    }

    func line(of text: String, in l: Loading) -> Int? {
        l.screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    /// A mouse drag held past the bottom edge while the file loads steps to the last row read,
    /// says the progress line there and waits (the ticks that scroll it keep trying, ten a
    /// second), goes on as rows arrive, and drops where it shows, with the whole count.
    @Test func aMouseDragPastTheRowsReadWaitsForThem() throws {
        let l = try Loading(Array(Self.list(sections: 1, rows: 200).utf8))
        l.press(.char("e"))
        let read = l.editor.model.sections[0].rows.count
        let handle = l.width - 4
        mouse(l, .press, handle, try #require(line(of: "item 0.0 ", in: l)))
        #expect(l.editor.keyMode == .dragging)
        mouse(l, .drag, handle, l.height - 1)
        for _ in 0..<(read + 5) { l.editor.send(.tick); _ = l.screen }
        #expect(l.editor.tableView.rowDrag?.destination == IndexPath(row: read - 1, section: 0))
        #expect(l.screen.contains("Reading list.md…"))
        #expect(l.editor.frameInterval != nil)             // ticks at the edge, not a busy loop
        #expect(!l.screen.contains("/\(read) ") && !l.screen.contains("/\(read)\n"))  // never a count without `+`
        l.deliver(1)
        let more = l.editor.model.sections[0].rows.count
        #expect(more > read)
        for _ in 0..<5 { l.editor.send(.tick); _ = l.screen }
        let destination = try #require(l.editor.tableView.rowDrag?.destination)
        #expect(destination.row > read - 1)
        l.deliver()
        mouse(l, .release, handle, l.height - 1)
        #expect(l.editor.keyMode == .edit)
        #expect(l.editor.model.sections[0].rows.count == 200)
        #expect(l.editor.model.sections[0].rows.firstIndex { $0.text == "item 0.0" } == destination.row)
        #expect(l.screen.contains("/200"))
    }

    /// The wheel scrolls what was read; at its end while the file loads, it says the progress
    /// line (as `↓` does there) instead of doing nothing silently.
    @Test func theWheelAtTheEndOfWhatWasReadSaysTheProgressLine() throws {
        let l = try Loading(Array(Self.list(sections: 1, rows: 200).utf8))
        for _ in 0..<100 { mouse(l, .wheelDown, 5, 5) }
        #expect(l.screen.contains("Reading list.md… 3%"))
        l.deliver(2)
        #expect(l.screen.contains("Reading list.md… 27%"))   // the figure follows the load
        let top = l.editor.renderer.topLine
        l.deliver()
        _ = l.screen
        mouse(l, .wheelDown, 5, 5)
        #expect(l.editor.renderer.topLine > top)
        #expect(!l.screen.contains("Reading list.md…"))  // the load ended: no stale progress line
    }

    // MARK: Counts while loading

    /// The footer of the section the file still loads into says its count is growing, as the
    /// header does; the sections before it are whole, and the `+` goes when the load ends.
    @Test func theFooterOfTheSectionStillLoadingSaysPlus() throws {
        let l = try Loading(Array(Self.list(sections: 2, rows: 5).utf8), first: 60, piece: 40)
        let read = l.editor.model.sections[0].rows.count
        #expect(read < 5)
        #expect(l.screen.contains("\(read)+ items"))
        while l.editor.model.sections.count < 2 { l.deliver(1) }
        #expect(l.screen.contains("5 items"))          // section 0 is whole now
        #expect(l.editor.isLoading)
        #expect(l.screen.contains("+ items"))          // section 1 still loads
        l.deliver()
        #expect(!l.screen.contains("+ items"))
        #expect(l.screen.contains("5 items"))
    }

    /// Deleting the section the file still loads into waits for the load: its question then
    /// names every row, and no row that arrives later is left without its section.
    @Test func deletingTheSectionStillLoadingWaits() throws {
        let l = try Loading(Array(Self.list(sections: 2, rows: 40).utf8))
        l.press(.char("e"), .up)
        #expect(l.editor.tableView.focus == .header(0))
        l.press(.char("-"))
        #expect(l.screen.contains("Reading list.md…"))
        #expect(!l.screen.contains("Delete section"))
        l.deliver()
        #expect(l.screen.contains("Delete section \"Section 0\": 40 rows? (y/n)"))
        l.press(.char("y"))
        #expect(l.editor.model.contents.map(\.title) == ["Section 1"])
        #expect(l.editor.model.sections[0].rows.count == 40)
    }

    /// A change on disk during the load, with edits: merge takes the part read as the base, so
    /// the edits and the other program's change (past the part read) both stay, no conflict.
    @Test func aChangeOnDiskDuringTheLoadMergesWithThePartReadAsTheBase() throws {
        let text = Self.list()
        let theirs = text.replacingOccurrences(of: "- item 3.39\n", with: "- item 3.39, changed elsewhere\n")
        let l = try Loading(Array(text.utf8)) { path in
            try? Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        }
        l.press(.down, .char("c"))                     // item 0.1 checked
        l.deliver()
        #expect(!l.editor.isLoading)
        l.clock.now += ListEditor.diskCheckInterval
        l.editor.send(.tick)
        #expect(l.screen.contains("m merge"))
        l.press(.char("m"))
        #expect(l.editor.statusMessage?.contains("conflict") != true)
        l.press(.char("s"))
        #expect(String(decoding: l.file, as: UTF8.self) == theirs.replacingOccurrences(of: "- item 0.1\n", with: "- [x] item 0.1\n"))
    }
}
