import Testing
import TestSupport
import Foundation
import SystemPackage
@testable import ListDocument
import TableKit
import ListStorage

/// Files listedit writes next to a list on a machine shared with other accounts
/// (docs/reliability.md, "Shared machines"): recovery files keep the list's secrecy, save
/// temporaries start owner-only, nothing foreign at a recovery path is trusted, written through
/// or removed, and what killed saves left goes on the next open. The tests run as root, so
/// another user's file is made with `chown` (uid 65534, nobody).
@Suite struct SharedMachineTests {
    static let groceries = "# Groceries\n- Milk\n- Eggs\n"
    static let nobody: UInt32 = 65534

    /// The names in `dir`, sorted.
    static func names(_ dir: TempFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    /// A list with one more row than `doc`'s.
    static func edited(_ doc: ListDocument) -> ListDocument {
        var doc = doc
        doc.model.insertRow("Tea", at: IndexPath(row: 0, section: 0))
        return doc
    }

    /// The recovery file takes the list's read access and no more: 0600 for an owner-only list
    /// from the first write (the one `begin` makes) and after edits; no write, execute or
    /// special bits for anyone else.
    @Test(arguments: [(0o600, 0o600), (0o640, 0o640), (0o644, 0o644), (0o604, 0o604), (0o664, 0o644), (0o2750, 0o640), (0o400, 0o600)])
    func theRecoveryFileIsReadableAsTheListIs(list: Int, recovery: Int) throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("secret.md", Self.groceries)
        chmod(path, mode_t(list))
        let doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        defer { session.close() }
        #expect(fileMode(session.path) == recovery)
        try session.record(Self.edited(doc))
        #expect(fileMode(session.path) == recovery)
        #expect(fileMode(path) == list)
    }

    /// A list without a file yet gets an owner-only recovery file; a list made private while it
    /// is open makes the next write private.
    @Test func aNewListsRecoveryFileIsOwnerOnlyAndFollowsTheList() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let fresh = dir.path + "/new.md"
        let session = try RecoverySession.begin(for: fresh, stamp: nil)
        #expect(fileMode(session.path) == 0o600)
        session.close()

        let path = dir.file("g.md", Self.groceries)
        chmod(path, 0o644)
        let doc = try ListDocument.open(path)
        var open = try RecoverySession.begin(for: path, stamp: doc.stamp)
        defer { open.close() }
        #expect(fileMode(open.path) == 0o644)
        chmod(path, 0o600)
        try open.record(Self.edited(doc))
        #expect(fileMode(open.path) == 0o600)
    }

    /// Every mode a list can have: the recovery file's owner reads and writes it, nobody else
    /// writes or runs it, and others (and a group that is not the list's) read it only where
    /// they could read the list.
    @Test func ownFilePermissionsNeverGrantMoreThanTheList() {
        for list in mode_t(0)...0o7777 {
            for sameGroup in [true, false] {
                let mode = FileAccess.ownFilePermissions(documentMode: list, sameGroup: sameGroup)
                #expect(mode & 0o600 == 0o600 && mode & 0o7133 == 0)
                #expect((mode & 0o004 != 0) == (list & 0o004 != 0))
                #expect((mode & 0o040 != 0) == (list & (sameGroup ? 0o040 : 0o004) != 0))
            }
        }
        #expect(FileAccess.ownFilePermissions(documentMode: nil, sameGroup: false) == 0o600)
    }

    /// A save keeps the original's mode; where the saved file cannot have the original's group,
    /// that group's access becomes the others' (and set-group-ID goes): nobody gains access.
    @Test func aSaveThatCannotKeepTheGroupGivesItNoMoreThanOthers() {
        for list in mode_t(0)...0o7777 {
            #expect(FileAccess.keptPermissions(list, sameGroup: true) == list)
            let kept = FileAccess.keptPermissions(list, sameGroup: false)
            #expect(kept & 0o7707 == list & 0o5707)
            #expect((kept & 0o070) >> 3 == list & 0o007)
        }
    }

    /// Save temporaries (and so the first write of a recovery file) start owner-only, not as
    /// the umask would have them, and a name that exists (a dangling symbolic link included) is
    /// never opened.
    @Test func temporariesStartOwnerOnlyAndExclusively() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let target = FilePath(dir.path + "/g.md")
        let (fd, temporary) = try FileAccess.createTemporaryFile(next: target, path: target.string)
        #expect(try fd.stat().permissions.rawValue == 0o600)
        #expect(FileAccess.temporaryBase(of: temporary.lastComponent!.string) == "g.md")
        try fd.close()
        unlink(temporary.string)

        // A recovery path held by a dangling link: creation fails there, nothing is made where
        // the link points.
        symlink(dir.path + "/elsewhere", dir.path + "/.g.md.listedit-recovery")
        #expect(try FileAccess.createExclusively(Array("x".utf8), at: dir.path + "/.g.md.listedit-recovery", besides: target.string) == false)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/elsewhere"))
        #expect(try Self.names(dir) == [".g.md.listedit-recovery"])
    }

    /// A symbolic link at the recovery path, to an unrelated text file that reads as a list: not
    /// offered, named, not written through; the session takes the next number.
    @Test func aSymbolicLinkAtTheRecoveryPathIsIgnored() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let notes = dir.file("notes.md", "- call the bank\n")
        symlink(notes, dir.path + "/.list.md.listedit-recovery")
        symlink(dir.path + "/nowhere", dir.path + "/.list.md.listedit-recovery-2")
        let (files, ignored) = Recovery.scan(for: path)
        #expect(files.isEmpty)
        #expect(ignored.map(\.number) == [1, 2] && ignored.map(\.reason) == [.symbolicLink, .symbolicLink])
        #expect(ignored.first?.message == "ignored .list.md.listedit-recovery: not a recovery file (a symbolic link)")
        #expect(throws: DocumentError(.io, file: dir.path + "/.list.md.listedit-recovery", "is not a recovery file (a symbolic link)")) {
            try RecoveryFile.read(dir.path + "/.list.md.listedit-recovery")
        }

        let doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(session.number == 3)
        try session.record(Self.edited(doc))
        session.close()
        #expect(dir.text("notes.md") == "- call the bank\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/.list.md.listedit-recovery") == notes)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/nowhere"))
        #expect(try Self.names(dir) == [".list.md.listedit-recovery", ".list.md.listedit-recovery-2", "list.md", "notes.md"])
    }

    /// This user's files that are not in the format: prose (which Markdown reads as passages, and
    /// a list of an earlier listedit never held), a damaged header, content shorter than the
    /// header says, JSON that is not. Not offered, named without a reason class, left as they are.
    @Test func aFileThatDoesNotParseIsIgnored() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let prose = "Dear diary,\nnothing to see here.\n"
        let damaged = "listedit recovery file\npid: many\n\n- Milk\n"
        let short = "listedit recovery file\npid: 1\nprocess: listedit\nhost: h\nwritten: 0\nstamp: none\nedits: yes\ncontent: json 500\n\n{}"
        _ = dir.file(".list.md.listedit-recovery", prose)
        _ = dir.file(".list.md.listedit-recovery-2", damaged)
        _ = dir.file(".list.md.listedit-recovery-3", short)
        _ = dir.file(".list.md.listedit-recovery-4", "{ \"sections\": ")
        let (files, ignored) = Recovery.scan(for: path)
        #expect(files.isEmpty && ignored.map(\.number) == [1, 2, 3, 4])
        #expect(ignored.allSatisfy { $0.reason == .notRecoveryFormat })
        #expect(ignored.first?.message == "ignored .list.md.listedit-recovery: not a recovery file")

        let doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(session.number == 5)
        try session.record(Self.edited(doc))
        session.close()
        #expect(dir.text(".list.md.listedit-recovery") == prose && dir.text(".list.md.listedit-recovery-2") == damaged)
        #expect(dir.text(".list.md.listedit-recovery-3") == short)
    }

    /// A directory squatting on the path: ignored, named, kept; the session goes on with the
    /// next number.
    @Test func aDirectoryAtTheRecoveryPathIsIgnored() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        mkdir(dir.path + "/.list.md.listedit-recovery", 0o755)
        #expect(Recovery.scan(for: path).ignored.map(\.message) == ["ignored .list.md.listedit-recovery: not a recovery file (a directory)"])
        let doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(session.number == 2)
        try session.record(Self.edited(doc))
        #expect(try Recovery.pending(for: path).first?.edits().contents.map(\.rows) == [["Tea", "Milk", "Eggs"]])
        session.close()
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.path + "/.list.md.listedit-recovery", isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Another user's recovery file, in the format, with edits (and a stale one of theirs): not
    /// offered, named, neither removed nor written. The owner compared is the effective user:
    /// root trusts root's own files (every other test here), not another user's.
    @Test func anotherUsersFileIsIgnoredEvenByRoot() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let doc = try ListDocument.open(path)
        let dead = try RecoveryFileTests.deadOwner()
        try RecoveryFileTests.leave(doc, number: 1, owner: dead, edits: ListModel(sections: [("Groceries", ["Theirs"])]))
        try RecoveryFileTests.leave(doc, number: 2, owner: dead, edits: nil)
        #expect(Recovery.pending(for: path).map(\.status) == [.unsavedEdits, .stale])      // while they are mine
        let before = [dir.bytes(".list.md.listedit-recovery"), dir.bytes(".list.md.listedit-recovery-2")]
        for name in [".list.md.listedit-recovery", ".list.md.listedit-recovery-2"] {
            #expect(chown(dir.path + "/" + name, Self.nobody, Self.nobody) == 0, "chown needs root")
        }
        #expect(geteuid() != Self.nobody)
        let (files, ignored) = Recovery.scan(for: path)
        #expect(files.isEmpty && ignored.map(\.reason) == [.otherOwner, .otherOwner])
        #expect(ignored.first?.message == "ignored .list.md.listedit-recovery: not a recovery file (owned by another user)")

        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(session.number == 3)
        try session.record(Self.edited(doc))
        session.close()
        #expect([dir.bytes(".list.md.listedit-recovery"), dir.bytes(".list.md.listedit-recovery-2")] == before)
    }

    /// What a killed save or recovery write left (this user's regular files named exactly
    /// `.NAME.listedit-XXXXXX`) goes when the next session begins; a temporary still held (a
    /// write in progress here, or a lock of another live process), another user's, a link, a
    /// directory, and every other name stay.
    @Test func leftoverTemporariesGoOnOpenAndNothingElse() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let leftovers = [".list.md.listedit-Ab12Cd", "..list.md.listedit-recovery.listedit-zz99ZZ",
                         "..list.md.listedit-recovery-2.listedit-000000"]
        let kept = [".list.md.listedit-Ab12C", ".list.md.listedit-Ab12Cde", ".list.md.listedit-Ab_2Cd",
                    ".other.md.listedit-Ab12Cd", "list.md.listedit-Ab12Cd", "..list.md.listedit-recovery-02.listedit-Ab12Cd",
                    ".list.md.listedit-recovery", "notes.md"]
        for name in leftovers + kept { _ = dir.file(name, "- Milk\n") }
        _ = dir.file(".list.md.listedit-Theirs", "- theirs\n")
        #expect(chown(dir.path + "/.list.md.listedit-Theirs", Self.nobody, Self.nobody) == 0, "chown needs root")
        symlink(dir.path + "/notes.md", dir.path + "/.list.md.listedit-Link00")
        mkdir(dir.path + "/.list.md.listedit-Dir000", 0o700)

        // A save in progress in this process: its temporary is locked while open.
        let (writing, inProgress) = try FileAccess.createTemporaryFile(next: FilePath(path), path: path)
        // Another live process holds one locked (flock(1), as a listedit writing would): it says
        // `locked` once it holds the lock, and `cat` keeps it until the test closes its input.
        let held = dir.file(".list.md.listedit-Held00", "- held\n")
        let holder = Process()
        let input = Pipe(), output = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "exec 9<\"$0\" && flock 9 && echo locked && exec cat", held]
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        #expect(Self.firstLine(output) == "locked", "flock(1) did not take the lock")

        let doc = try ListDocument.open(path)
        let session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        let expected = (kept + [".list.md.listedit-Theirs", ".list.md.listedit-Link00", ".list.md.listedit-Dir000",
                                ".list.md.listedit-Held00", inProgress.lastComponent!.string, "list.md", ".list.md.listedit-recovery-2"]).sorted()
        #expect(try Self.names(dir) == expected)
        #expect(dir.text("notes.md") == "- Milk\n" && dir.text(".list.md.listedit-Theirs") == "- theirs\n")
        session.close()

        // Once the save and the other process are done, their temporaries go too.
        try writing.close()
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(Set(Recovery.removeLeftoverTemporaries(of: path).map { FileAccess.fileName($0) })
                == [inProgress.lastComponent!.string, ".list.md.listedit-Held00"])
    }

    /// While another listedit has the list open (one that may not lock its temporaries: an
    /// earlier version), nothing that looks left over is removed; the next open without it
    /// removes it.
    @Test func aRunningListeditsTemporariesAreLeftAlone() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let doc = try ListDocument.open(path)
        let comm = try #require(RecoveryOwner.processName(1))
        try RecoveryFileTests.leave(doc, number: 1, owner: RecoveryOwner(pid: 1, process: comm, host: RecoveryOwner.current.host), edits: nil)
        #expect(Recovery.pending(for: path).map(\.isOpenElsewhere) == [true])
        _ = dir.file(".list.md.listedit-Ab12Cd", "- Milk\n")
        let session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        session.close()
        #expect(dir.text(".list.md.listedit-Ab12Cd") == "- Milk\n")
        unlink(dir.path + "/.list.md.listedit-recovery")           // it ended and closed
        try RecoverySession.begin(for: path, stamp: doc.stamp).close()
        #expect(try Self.names(dir) == ["list.md"])
    }

    /// A save's temporary that a cleanup removed between its creation and its lock has no name
    /// left: the writer takes another name instead of writing to it.
    @Test func aTemporaryRemovedBeforeItsLockIsNotWritten() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("t", "")
        let fd = try FileDescriptor.open(FilePath(path), .writeOnly)
        defer { try? fd.close() }
        unlink(path)
        #expect(FileAccess.lockWhileWriting(fd) == false)
        let kept = try FileDescriptor.open(FilePath(dir.file("u", "")), .writeOnly)
        defer { try? kept.close() }
        #expect(FileAccess.lockWhileWriting(kept) == true)
    }

    /// When a cleanup removes a new temporary before it is locked, the writer locks another
    /// name and writes that one; the removed one is not recreated.
    @Test func aTemporaryRemovedBeforeItsLockMakesTheWriterTakeAnotherName() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let target = FilePath(dir.path + "/g.md")
        var removed: [FilePath] = []
        let (fd, temporary) = try FileAccess.createTemporaryFile(next: target, path: target.string) { candidate in
            if removed.isEmpty, unlink(candidate.string) == 0 { removed.append(candidate) }
        }
        defer { try? fd.close() }
        #expect(removed.count == 1 && removed.first != temporary)
        #expect(try fd.stat().linkCount == 1 && Self.isLocked(temporary.string))
        #expect(try Self.names(dir) == [temporary.lastComponent!.string])
    }

    /// A save's temporary stays locked until after its rename, so a cleanup in another process
    /// (which takes the lock first) never removes it before the rename: at the folder's flush,
    /// after the rename, the saved file is still held. A list and a recovery file alike.
    @Test(arguments: [false, true])
    func aSavesTemporaryIsLockedUntilAfterItsRename(recoveryFile: Bool) throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let saved = recoveryFile ? dir.path + "/.list.md.listedit-recovery" : path
        var lockedAtFolderFlush: Bool?
        try FileAccess.writeAtomically(Array("- Tea\n".utf8), to: saved, as: recoveryFile ? .beside(document: path) : .document) {
            (_: FileDescriptor, what: FileAccess.FlushTarget) throws(Errno) in
            if what == .folder { lockedAtFolderFlush = Self.isLocked(saved) }
        }
        #expect(lockedAtFolderFlush == true)
        #expect(dir.text(FileAccess.fileName(saved)) == "- Tea\n" && !Self.isLocked(saved))
        #expect(try Self.names(dir) == Set([FileAccess.fileName(saved), "list.md"]).sorted())
    }

    /// A hard link at the recovery path to one of the user's own files (a list, which an
    /// earlier listedit's recovery file would be; or a recovery file in the format): never
    /// offered or read as edits, named, left as it is with the file it shares; the session
    /// takes the next number.
    @Test func aHardLinkAtTheRecoveryPathIsIgnored() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        let notes = dir.file("notes.md", "- call the bank\n")
        let doc = try ListDocument.open(path)
        try RecoveryFileTests.leave(doc, number: 2, owner: try RecoveryFileTests.deadOwner(),
                                    edits: ListModel(sections: [("Groceries", ["Theirs"])]))
        #expect(link(notes, dir.path + "/.list.md.listedit-recovery") == 0)
        #expect(link(dir.path + "/.list.md.listedit-recovery-2", dir.path + "/kept.md") == 0)
        let kept = dir.bytes("kept.md")
        let (files, ignored) = Recovery.scan(for: path)
        #expect(files.isEmpty && ignored.map(\.reason) == [.hardLink, .hardLink])
        #expect(ignored.first?.message == "ignored .list.md.listedit-recovery: not a recovery file (a hard link)")
        #expect(throws: DocumentError(.io, file: dir.path + "/.list.md.listedit-recovery", "is not a recovery file (a hard link)")) {
            try RecoveryFile.read(dir.path + "/.list.md.listedit-recovery")
        }

        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        #expect(session.number == 3)
        try session.record(Self.edited(doc))
        session.close()
        #expect(dir.text("notes.md") == "- call the bank\n" && dir.bytes("kept.md") == kept)
        #expect(try Self.names(dir) == [".list.md.listedit-recovery", ".list.md.listedit-recovery-2", "kept.md", "list.md", "notes.md"])
    }

    /// A save over a symbolic link through the recovery placement replaces the link, never the
    /// file it names (a link put at this session's own path meanwhile).
    @Test func aRecoveryWriteReplacesALinkAtItsPath() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("list.md", Self.groceries)
        chmod(path, 0o644)
        let doc = try ListDocument.open(path)
        var session = try RecoverySession.begin(for: path, stamp: doc.stamp)
        defer { session.close() }
        let other = dir.file("other.md", "- mine alone\n")
        unlink(session.path)
        symlink(other, session.path)
        try session.record(Self.edited(doc))
        #expect(dir.text("other.md") == "- mine alone\n")
        #expect(try FilePath(session.path).stat(followTargetSymlink: false).type == .regular)
        #expect(fileMode(session.path) == 0o644)
    }

    /// Whether another open file description holds `path` locked.
    static func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0
    }

    /// The first line a process writes to `pipe` (read until the newline, or the end when it
    /// ends first), without the newline.
    static func firstLine(_ pipe: Pipe) -> String {
        var line: [UInt8] = []
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
