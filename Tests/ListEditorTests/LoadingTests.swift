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

        /// Opens `contents` progressively (a first piece of about `first` bytes), then reads the
        /// rest in pieces of `piece` bytes, keeping the reports; `between` runs after the first
        /// piece (a change on disk).
        init(_ contents: [UInt8], first: Int = 100, piece: Int = 300, between: (String) -> Void = { _ in }) throws {
            path = folder.path + "/list.md"
            try Data(contents).write(to: URL(fileURLWithPath: path))
            let (doc, load, source) = try ListDocument.openProgressively(path, threshold: 0, firstPiece: first, minimumRows: 3)
            editor = ListEditor(document: doc, animations: false)
            editor.send(.resize(width: width, height: height))
            between(path)
            var collected: [LoadReport] = []
            if let load, let source {
                ProgressiveLoad.readRest(load, from: source, piece: piece) { collected.append(LoadReport($0)) }
            }
            reports = collected
        }

        deinit { folder.remove() }

        /// Gives the editor the next `n` reports (all by default), performing the saves they
        /// let go on (a save that waited for the load).
        func deliver(_ n: Int = .max) {
            let k = min(n, reports.count)
            for report in reports.prefix(k) {
                var effects = editor.update(.loaded(report))
                while !effects.isEmpty {
                    let effect = effects.removeFirst()
                    if case .save(let request) = effect {
                        let result = Result { () throws(DocumentError) in try FileAccess.writeAtomically(request.bytes, to: request.path) }
                        effects += editor.update(.saved(result))
                    }
                }
            }
            reports.removeFirst(k)
        }

        func press(_ keys: Key...) { for k in keys { editor.send(.key(k)) } }
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
        l.press(.down, .char(" "))                     // item 0.1 checked
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
        let clock = ManualClock(100)
        let l = try Loading(Array(Self.list().utf8)) { path in
            try? Data("# Other\n- new\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        l.editor.renderer.clock = clock
        l.press(.char(" "))                            // an edit to a loaded row
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
        l.press(.char(" "))
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
}
