import Testing
import TestSupport
import Foundation
@testable import ListDocument
import TableKit
import ListStorage

/// Recovery files as swap files: sessions, owners, what is offered, and what removes a file.
@Suite struct RecoveryFileTests {
    /// The pid of a process that has ended (spawned and reaped here).
    static func deadPid() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    /// A listedit that ended, on this host.
    static func deadOwner() throws -> RecoveryOwner {
        RecoveryOwner(pid: try deadPid(), process: "listedit", host: RecoveryOwner.current.host)
    }

    /// Writes recovery file `number` of `document` as `owner` would have, with `edits` when given.
    static func leave(_ document: ListDocument, number: Int, owner: RecoveryOwner, edits: ListModel?) throws {
        var session = RecoverySession(document: document.path!, path: Recovery.path(for: document.path!, number: number),
                                      number: number, header: RecoveryHeader(owner: owner, written: 0, documentStamp: nil,
                                                                             hasEdits: false, content: nil, base: nil))
        session.owner = owner
        var edited = document
        if let edits { edited.model = edits }
        try session.record(edited, hasEdits: edits != nil)
    }

    static let groceries = "# Groceries\n- Milk\n- Eggs\n"

    /// Created at open with no edits, naming this process; edits recorded; a save's record
    /// empties it but keeps it; close removes it.
    @Test func aSessionFileLivesWhileTheDocumentIsOpen() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        var session = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        #expect(session.path == dir.path + "/.g.md.listedit-recovery" && session.number == 1)
        let text = try #require(dir.text(".g.md.listedit-recovery"))
        #expect(text.hasPrefix("listedit recovery file\npid: \(getpid())\n"))
        #expect(text.contains("\nhost: \(RecoveryOwner.current.host)\n") && text.hasSuffix("\nedits: no\n\n"))

        doc.model.insertRow("Tea", at: IndexPath(row: 2, section: 0))
        try session.record(doc)
        let file = try #require(Recovery.pending(for: doc.path!).first)
        #expect(file.hasEdits && file.owner?.pid == getpid() && file.ownerRunning == true)
        #expect(try file.edits().contents.map(\.rows) == [["Milk", "Eggs", "Tea"]])
        #expect(try file.base()?.contents.map(\.rows) == [["Milk", "Eggs"]])
        #expect(!file.documentChanged)

        try doc.save()
        try session.record(doc)
        #expect(Recovery.pending(for: doc.path!).map(\.hasEdits) == [false])
        session.close()
        #expect(Recovery.pending(for: doc.path!).isEmpty)
    }

    /// A crash after a paste of whole items loses none of their lines: the recovery file keeps
    /// the other lines the pasted rows carry, and a restore gives them back (also through a
    /// later write of the restoring session's own file).
    @Test func pastedItemsKeepTheirOtherLinesThroughARecovery() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "# Log\n\n- Added\n  a second line\n\n  A paragraph.\n- Other\n"
        var doc = try ListDocument.open(dir.file("log.md", text))
        let added = doc.model.sections[0].rows[0]
        let lines = try #require(doc.otherLines(of: added.id))
        let copy = doc.model.makeRow(added.text, attributes: added.attributes)
        doc.model.insert(copy, at: IndexPath(row: 2, section: 0))
        doc.carry(lines, to: copy.id)
        try Self.leave(doc, number: 1, owner: try Self.deadOwner(), edits: doc.model)

        var again = try ListDocument.open(doc.path!)
        var session = try RecoverySession.begin(for: doc.path!, stamp: again.stamp)
        defer { session.close() }
        let file = try #require(Recovery.pending(for: doc.path!).first { $0.hasEdits })
        #expect(try file.carriedLines().map(\.path) == [IndexPath(row: 2, section: 0)])
        try session.restore(file, into: &again)
        try again.save()
        #expect(dir.text("log.md") == "# Log\n\n- Added\n  a second line\n\n  A paragraph.\n- Other\n\n- Added\n  a second line\n\n  A paragraph.\n")
        // The session's own file, written by the restore, keeps them too.
        let own = try #require(Recovery.pending(for: doc.path!).first { $0.path == session.path })
        #expect(try own.carriedLines().map(\.lines) == [lines])
    }

    /// Two pasted copies with the same text and different lines, moved by a merge (a row added
    /// on disk above them): each gets its own lines back. (Found by place alone, the first copy
    /// got the second's lines and the second none.)
    @Test func aMergeGivesEachPastedCopyItsOwnLines() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = "# Log\n- x\n  first x lines\n- y\n- x\n  second x lines\n"
        var doc = try ListDocument.open(dir.file("log.md", text))
        for (at, source) in [(3, 0), (4, 2)] {
            let row = doc.model.sections[0].rows[source]
            let lines = try #require(doc.otherLines(of: row.id))
            let copy = doc.model.makeRow(row.text, attributes: row.attributes)
            doc.model.insert(copy, at: IndexPath(row: at, section: 0))
            doc.carry(lines, to: copy.id)
        }
        try Self.leave(doc, number: 1, owner: try Self.deadOwner(), edits: doc.model)
        // Meanwhile a row was added on disk above them.
        _ = dir.file("log.md", "# Log\n- z\n- x\n  first x lines\n- y\n- x\n  second x lines\n")

        var again = try ListDocument.open(doc.path!)
        var session = try RecoverySession.begin(for: doc.path!, stamp: again.stamp)
        defer { session.close() }
        let file = try #require(Recovery.pending(for: doc.path!).first { $0.hasEdits })
        #expect(try session.merge(file, into: &again) == 0)
        #expect(again.model.sections[0].rows.map(\.text) == ["z", "x", "y", "x", "x", "x"])
        try again.save()
        #expect(dir.text("log.md") == "# Log\n- z\n- x\n  first x lines\n- y\n- x\n  second x lines\n- x\n  first x lines\n- x\n  second x lines\n")
    }

    /// The test's own pid is a live owner: the document is open in another listedit.
    @Test func aLiveOwnerIsOpenElsewhere() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        let session = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        defer { session.close() }
        #expect(Recovery.pending(for: doc.path!).map(\.status) == [.openElsewhere(pid: getpid(), host: RecoveryOwner.current.host)])
        #expect(session.others().isEmpty)
        // A second session on the same document takes the next number and sees the first.
        let second = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        defer { second.close() }
        #expect(second.number == 2 && second.path.hasSuffix("/.g.md.listedit-recovery-2"))
        #expect(second.others().map(\.number) == [1])
    }

    /// A pid that does not exist, or exists as another program (pid 1), is not the owner; a
    /// host elsewhere cannot be checked and counts as open there.
    @Test func ownersThatEnded() throws {
        #expect(try Self.deadOwner().isRunning == false)
        #expect(RecoveryOwner(pid: 1, process: "listedit", host: RecoveryOwner.current.host).isRunning == false)
        #expect(RecoveryOwner.current.isRunning == true)
        #expect(RecoveryOwner(pid: getpid(), process: "listedit", host: "elsewhere.example").isRunning == nil)
    }

    /// A stale file (owner ended, no edits) is listed but not removed by reading, and removed
    /// silently by the next session, which takes its number.
    @Test func aStaleFileIsRemovedSilentlyByTheNextSession() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        try Self.leave(doc, number: 1, owner: try Self.deadOwner(), edits: nil)
        #expect(Recovery.pending(for: doc.path!).map(\.status) == [.stale])
        #expect(Recovery.pending(for: doc.path!).count == 1)     // reading removed nothing
        let session = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        defer { session.close() }
        #expect(session.number == 1 && session.others().isEmpty)
    }

    /// A stale file rewritten by another listedit between listing and removal is put back.
    @Test func aStaleFileThatComesAliveIsNotRemoved() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        try Self.leave(doc, number: 1, owner: try Self.deadOwner(), edits: nil)
        let listed = try #require(Recovery.pending(for: doc.path!).first)
        try Self.leave(doc, number: 1, owner: .current, edits: nil)      // taken meanwhile
        #expect(!RecoverySession.removeStale(listed))
        #expect(Recovery.pending(for: doc.path!).map(\.status) == [.openElsewhere(pid: getpid(), host: RecoveryOwner.current.host)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".g.md.listedit-recovery", "g.md"])
    }

    /// Edits left by a listedit that ended are offered with their time; after "later", this
    /// session's edits go to a second file, and both are offered next time.
    @Test func twoRecoveryFilesAreOfferedTogether() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        let dead = try Self.deadOwner()
        try Self.leave(doc, number: 1, owner: dead, edits: ListModel(sections: [("Groceries", ["Milk"])]))
        let offered = try #require(Recovery.pending(for: doc.path!).first)
        #expect(offered.status == .unsavedEdits && offered.hasEdits && !offered.documentChanged)
        #expect(offered.writtenTimeOfDay.count == 5 && offered.writtenTimeOfDay.dropFirst(2).first == ":")

        // Later: this session writes its own edits to file 2, then ends without closing.
        var session = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        #expect(session.number == 2)
        doc.model.insertRow("Bread", at: IndexPath(row: 2, section: 0))
        session.owner = dead           // as if this listedit had been killed after the write
        try session.record(doc)

        let next = Recovery.pending(for: doc.path!)
        #expect(next.map(\.number) == [1, 2] && next.map(\.status) == [.unsavedEdits, .unsavedEdits])
        #expect(try next.map { try $0.edits().contents.map(\.rows) } == [[["Milk"]], [["Milk", "Eggs", "Bread"]]])
    }

    /// The document changed on disk since the edits were made: said, by content (a touch is not
    /// a change); restore, merge and discard each remove the offered file, restore and merge only
    /// after the edits are in this session's own file.
    @Test func restoreMergeAndDiscard() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("g.md", Self.groceries)
        let original = try ListDocument.open(path)
        let dead = try Self.deadOwner()
        try Self.leave(original, number: 1, owner: dead, edits: ListModel(sections: [("Groceries", ["Milk", "Eggs", "Tea"])]))
        utimes(path, [timeval(tv_sec: 1_000, tv_usec: 0), timeval(tv_sec: 1_000, tv_usec: 0)])
        #expect(Recovery.pending(for: path).first?.documentChanged == false)

        // Restore.
        var doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        try session.restore(try #require(session.others().first), into: &doc)
        #expect(doc.model.contents.map(\.rows) == [["Milk", "Eggs", "Tea"]] && doc.isModified)
        #expect(Recovery.pending(for: path).map(\.number) == [2])
        #expect(try Recovery.pending(for: path).first?.edits().contents.map(\.rows) == [["Milk", "Eggs", "Tea"]])
        session.close()

        // Merge, after someone else changed the file.
        try Self.leave(original, number: 1, owner: dead, edits: ListModel(sections: [("Groceries", ["Milk", "Eggs", "Tea"])]))
        _ = dir.file("g.md", "# Groceries\n- Oat milk\n- Eggs\n")
        let offered = try #require(Recovery.pending(for: path).first)
        #expect(offered.documentChanged)
        doc = try ListDocument.open(path)
        session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(try session.merge(offered, into: &doc) == 0)
        #expect(doc.model.contents.map(\.rows) == [["Oat milk", "Eggs", "Tea"]])
        #expect(session.others().isEmpty)

        // Discard.
        try Self.leave(original, number: 3, owner: dead, edits: ListModel(sections: [("X", [])]))
        session.discard(try #require(session.others().first))
        #expect(session.others().isEmpty)
        session.close()
        #expect(Recovery.pending(for: path).isEmpty)
    }

    /// A restore gives sections the heading levels the edits had, also in a file that has no
    /// headings (plain text: sections undo brought back after a save as `.txt`), where no
    /// section of the file gives one (CHANGELOG.md's `## [Unreleased]` came back at level 1;
    /// `EditorSessionRegressionTests.aRestoreInPlainTextKeepsHeadingLevels`).
    @Test func aRestoreKeepsTheEditsHeadingLevelsInPlainText() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.txt", "Milk\nEggs\n")
        let original = try ListDocument.open(path)
        var edits = ListModel(sections: [("Changelog", []), ("[Unreleased]", ["Milk"]), ("[1.0.0]", ["Eggs"])])
        edits.sections[1].level = 2
        edits.sections[2].level = 3
        try Self.leave(original, number: 1, owner: try Self.deadOwner(), edits: edits)
        var doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        try session.restore(try #require(session.others().first), into: &doc)
        #expect(doc.model.sections.map(\.level) == [1, 2, 3])
        #expect(doc.model.contents.map(\.rows) == [[], ["Milk"], ["Eggs"]])
        session.close()
    }

    /// Save as: the session follows the document to its new name.
    @Test func theSessionFollowsASaveAs() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let doc = try ListDocument.open(dir.file("g.md", Self.groceries))
        var session = try RecoverySession.begin(for: doc.path!, stamp: doc.stamp)
        try session.move(to: dir.path + "/h.md", stamp: nil)
        #expect(Recovery.pending(for: doc.path!).isEmpty)
        #expect(Recovery.pending(for: dir.path + "/h.md").map(\.number) == [1])
        session.close()
    }

    /// A recovery file of an earlier listedit (no header) is still offered and read.
    @Test func aFileWithoutAHeaderIsStillOffered() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("g.md", Self.groceries)
        _ = dir.file(".g.md.listedit-recovery", "# Groceries\n- Milk\n")
        let file = try #require(Recovery.pending(for: path).first)
        #expect(file.owner == nil && file.status == .unsavedEdits)
        #expect(try file.edits().contents.map(\.rows) == [["Milk"]])
        #expect(try file.base() == nil)
    }

    /// Taking a number is exclusive: a name that exists is never overwritten.
    @Test func creationIsExclusive() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let taken = dir.file("taken", "theirs")
        #expect(try FileAccess.createExclusively(Array("mine".utf8), at: taken, besides: taken) == false)
        #expect(dir.text("taken") == "theirs")
        #expect(try FileAccess.createExclusively(Array("mine".utf8), at: dir.path + "/free", besides: taken) == true)
        #expect(dir.text("free") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["free", "taken"])
    }

    /// Names: the first file, then numbered ones; other names in the folder are not taken for
    /// recovery files.
    @Test func names() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        #expect(Recovery.path(for: "/home/me/g.md") == "/home/me/.g.md.listedit-recovery")
        #expect(Recovery.path(for: "g.md", number: 3) == "./.g.md.listedit-recovery-3")
        for name in [".g.md.listedit-recovery-2", ".g.md.listedit-recovery-x", ".g.md.listedit-recovery-02", ".g.md.listedit-recovery-1"] {
            _ = dir.file(name, "- a\n")
        }
        #expect(Recovery.numbers(for: dir.path + "/g.md") == [2])
    }
}
