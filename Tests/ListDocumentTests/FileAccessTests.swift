import Testing
import TestSupport
import Foundation
import SystemPackage
@testable import ListDocument
import TableKit

/// The file layer: atomic save (permissions, owner, flushes, links, failures), reading, stamps.
@Suite struct FileAccessTests {
    /// The path an open descriptor refers to (Linux's /proc/self/fd).
    static func path(of fd: FileDescriptor) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd.rawValue)")) ?? "?"
    }

    /// The temporary file is flushed while the target still holds the old bytes, then the folder
    /// after the rename, when the target holds the new ones: a power cut leaves old or new.
    @Test func theFileThenTheFolderAreFlushedAroundTheRename() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("p.md", "- old\n")
        var flushed: [(FileAccess.FlushTarget, String, String?)] = []
        try FileAccess.writeAtomically(Array("- new\n".utf8), to: path, as: .document) { (fd: FileDescriptor, target: FileAccess.FlushTarget) throws(Errno) in
            flushed.append((target, Self.path(of: fd), dir.text("p.md")))
            try FileAccess.sync(fd)
        }
        #expect(flushed.map(\.0) == [.temporaryFile, .folder])
        let folder = URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path
        #expect(flushed[0].1.hasPrefix(folder + "/.p.md.listedit-"))
        #expect(flushed[0].2 == "- old\n")
        #expect(flushed[1].1 == folder)
        #expect(flushed[1].2 == "- new\n")
        #expect(dir.text("p.md") == "- new\n")
    }

    /// A failure before the rename (here the flush) leaves the original as it was and no
    /// temporary file.
    @Test func aFailedSaveLeavesTheOriginalAndNoTemporaryFile() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("p.md", "- old\n")
        #expect(throws: DocumentError(.io, file: path, "cannot save: \(Errno.noSpace)")) {
            try FileAccess.writeAtomically(Array("- new\n".utf8), to: path, as: .document) { (_: FileDescriptor, _: FileAccess.FlushTarget) throws(Errno) in
                throw Errno.noSpace
            }
        }
        #expect(dir.text("p.md") == "- old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.md"])
    }

    /// Permissions (set-group-ID included) and owner are those of the file replaced; a new file
    /// gets 0666 less the umask.
    @Test func permissionsAndOwnerAreKept() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.file("p.md", "- a\n")
        chmod(path, 0o2640)
        let other: UInt32 = 65534   // nobody; only root may give a file away
        if getuid() == 0 { chown(path, other, other) }
        try FileAccess.writeAtomically(Array("- b\n".utf8), to: path)
        let info = try FilePath(path).stat()
        #expect(info.permissions.rawValue == 0o2640)
        if getuid() == 0 { #expect(info.userID.rawValue == other && info.groupID.rawValue == other) }

        let fresh = dir.path + "/new.md"
        try FileAccess.writeAtomically(Array("- c\n".utf8), to: fresh)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(UInt16(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces), radix: 8))
        #expect(try FilePath(fresh).stat().permissions.rawValue == 0o666 & ~mask)
    }

    /// Saving through a symbolic link replaces the file it points to; the link stays a link.
    @Test func aSymbolicLinkStaysALink() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        _ = dir.file("real.md", "- a\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.md", withDestinationPath: "real.md")
        try FileAccess.writeAtomically(Array("- b\n".utf8), to: dir.path + "/link.md")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.md") == "real.md")
        #expect(dir.text("real.md") == "- b\n")
    }

    /// The stamp a save returns is the stamp of what is on disk, as a read gives it.
    @Test func theStampOfASaveIsTheStampOfTheFile() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let path = dir.path + "/s.md"
        let written = try FileAccess.writeAtomically(Array("- a\n".utf8), to: path)
        let read = try FileAccess.read(path)
        #expect(written == read.stamp)
        #expect(written.metadata == (try FileAccess.metadata(of: path)))
        #expect(FileAccess.Stamp(Substring(written.description)) == written)
    }

    @Test func readErrorsNameTheFileAndTheReason() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        #expect(throws: DocumentError(.io, file: dir.path + "/none.md", "cannot open: No such file or directory")) {
            try FileAccess.read(dir.path + "/none.md")
        }
        symlink("loop.md", dir.path + "/loop.md")
        #expect(throws: DocumentError(.io, file: dir.path + "/loop.md", "cannot open: Too many levels of symbolic links")) {
            try FileAccess.read(dir.path + "/loop.md")
        }
        #expect(FileAccess.exists(dir.path + "/loop.md"))
    }

    /// The content hash: one bit anywhere changes it; lengths 0...40 of one buffer all differ
    /// (the 8-byte words and the tail both count); it does not depend on the process (the value
    /// of one input is pinned, so a recovery file written by one version is read right by the
    /// next).
    @Test func contentHash() {
        var g = SplitMix64(seed: 3)
        for _ in 0..<200 {
            var bytes = (0..<Int.random(in: 1...300, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }
            let h = ContentHash.of(bytes)
            let i = Int.random(in: 0..<bytes.count, using: &g)
            bytes[i] ^= 1 << UInt8.random(in: 0...7, using: &g)
            #expect(ContentHash.of(bytes) != h)
        }
        let buffer = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCD".utf8)
        let prefixes = Set((0...40).map { ContentHash.of(Array(buffer.prefix($0))) })
        #expect(prefixes.count == 41)
        #expect(ContentHash.of(Array("- Milk\n".utf8)) == 0x2f60_cb06_3493_cb9c)
    }
}
